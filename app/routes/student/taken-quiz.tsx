import { ComingSoon } from "../../components/layout/ComingSoon";
import { requireUserType } from "../../utils/guards.server";
import type { Route } from "./+types/taken-quiz";

/** Spec 2.4: the student's taken quizzes (arrives with the results issue). */
export function loader({ context, request }: Route.LoaderArgs) {
  requireUserType(context, request, "Student");
  return null;
}

export default function TakenQuiz() {
  return <ComingSoon titleKey="pages.takenQuiz" />;
}
