import { ComingSoon } from "../../components/layout/ComingSoon";
import { requireUserType } from "../../utils/guards.server";
import type { Route } from "./+types/quiz-pool";

/** Spec 2.5: the teacher's quiz list (arrives with the quiz authoring issue). */
export function loader({ context, request }: Route.LoaderArgs) {
  requireUserType(context, request, "Teacher");
  return null;
}

export default function TeacherQuizPool() {
  return <ComingSoon titleKey="pages.quizPool" />;
}
