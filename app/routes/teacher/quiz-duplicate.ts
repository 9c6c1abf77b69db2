import { redirect } from "react-router";
import { duplicateQuiz } from "../../../api/services/quizzes/duplicate-quiz";
import { servicesContext } from "../../context";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import type { Route } from "./+types/quiz-duplicate";

/**
 * POST /teacher/quiz/{id}/duplicate: the quiz page's "Duplicate" (issue 27 point 5, ADR 0081),
 * the same verb as POST /api/quiz/duplicate; the copy opens in the editor. A quiz the caller
 * cannot see is the 404 page, as every address with an unknown id.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  requireTeacherArea(context, request);
  try {
    const copy = await duplicateQuiz(context.get(servicesContext), callerOf(context, request), { quizId: params.id });
    return redirect(`/teacher/quizPool/${copy.entity.id}/edit`);
  } catch (error) {
    throw loaderFailure(error);
  }
}
