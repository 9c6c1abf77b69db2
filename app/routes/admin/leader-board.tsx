import { LeaderBoardView } from "../../components/board/LeaderBoardView";
import { keepBoardUnderDialog } from "../../components/board/board-dialogs";
import { loadLeaderBoard } from "../../components/board/load-leader-board.server";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import boardCss from "../../styles/board.css?url";
import { requireOwner } from "../../utils/guards.server";
import type { Route } from "./+types/leader-board";

/** Spec 2.6, 2.7 /admin/leaderBoard: the owner's home, the same board as /leaderBoard. */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: boardCss }];
export const shouldRevalidate = keepBoardUnderDialog;

export function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  return loadLeaderBoard(context, request);
}

export default function AdminLeaderBoard({ loaderData }: Route.ComponentProps) {
  return <LeaderBoardView data={loaderData} basePath="/admin/leaderBoard" />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
