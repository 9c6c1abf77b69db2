import { LeaderBoardView } from "../../components/board/LeaderBoardView";
import { keepBoardUnderDialog } from "../../components/board/board-dialogs";
import { loadLeaderBoard } from "../../components/board/load-leader-board.server";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import boardCss from "../../styles/board.css?url";
import type { Route } from "./+types/leader-board";

/** Spec 2.3, 2.7 /leaderBoard: every signed-in user's leader board (row actions for the owner only). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: boardCss }];
export const shouldRevalidate = keepBoardUnderDialog;

export function loader({ context, request }: Route.LoaderArgs) {
  return loadLeaderBoard(context, request);
}

export default function LeaderBoard({ loaderData }: Route.ComponentProps) {
  return <LeaderBoardView data={loaderData} basePath="/leaderBoard" />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
