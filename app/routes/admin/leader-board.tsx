import { ComingSoon } from "../../components/layout/ComingSoon";
import { requireOwner } from "../../utils/guards.server";
import type { Route } from "./+types/leader-board";

/** Spec 2.6, 2.7: the admin leader board (arrives with the leader board issue). */
export function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  return null;
}

export default function AdminLeaderBoard() {
  return <ComingSoon titleKey="pages.leaderBoard" />;
}
