import { redirect } from "react-router";
import { requireOwner } from "../../utils/guards.server";
import type { Route } from "./+types/unknown";

/** Unknown paths of the admin area go to the error page (spec 2.4-2.6). */
export function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  throw redirect("/error");
}

export default function AdminUnknown() {
  return null;
}
