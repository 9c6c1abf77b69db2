import { redirect } from "react-router";
import { requireTeacherArea } from "../../utils/guards.server";
import type { Route } from "./+types/unknown";

/** Unknown paths of the teacher area go to the error page (spec 2.4-2.6). */
export function loader({ context, request }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  throw redirect("/error");
}

export default function TeacherUnknown() {
  return null;
}
