import { redirect } from "react-router";
import { requireOwner } from "../../utils/guards.server";
import type { Route } from "./+types/index";

/** /admin redirects to /admin/leaderBoard. */
export function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  throw redirect("/admin/leaderBoard");
}

export default function AdminIndex() {
  return null;
}
