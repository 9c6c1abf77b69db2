import { redirect } from "react-router";
import { requireUserType } from "../../utils/guards.server";
import type { Route } from "./+types/index";

/** /student redirects to /student/quizPool. */
export function loader({ context, request }: Route.LoaderArgs) {
  requireUserType(context, request, "Student");
  throw redirect("/student/quizPool");
}

export default function StudentIndex() {
  return null;
}
