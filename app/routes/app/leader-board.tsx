import { ComingSoon } from "../../components/layout/ComingSoon";
import { requireUser } from "../../utils/guards.server";
import type { Route } from "./+types/leader-board";

/** Spec 2.7: the leader board of every user (arrives with the leader board issue). */
export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

export default function LeaderBoard() {
  return <ComingSoon titleKey="pages.leaderBoard" />;
}
