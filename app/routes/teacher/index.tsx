import { redirect } from "react-router";
import { requireTeacherArea } from "../../utils/guards.server";
import type { Route } from "./+types/index";

/** /teacher redirects to /teacher/quizPool. */
export function loader({ context, request }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  throw redirect("/teacher/quizPool");
}

export default function TeacherIndex() {
  return null;
}
