import { ComingSoon } from "../../components/layout/ComingSoon";
import { requireUserType } from "../../utils/guards.server";
import type { Route } from "./+types/quiz-pool";

/** Spec 2.4: the student's quiz pool (arrives with the quiz-taking issue). */
export function loader({ context, request }: Route.LoaderArgs) {
  requireUserType(context, request, "Student");
  return null;
}

export default function StudentQuizPool() {
  return <ComingSoon titleKey="pages.quizPool" />;
}
