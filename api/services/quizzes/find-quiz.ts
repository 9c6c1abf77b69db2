import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor } from "../core/permissions";
import { loadQuiz } from "./quiz-queries";
import { type QuizDetail, readQuizDetail } from "./read-quiz-detail";
import { QuizIdInput } from "./schemas";

/** Spec 7 findOne (the wizard's edit mode, the quiz view): any author of the business may read a quiz of it. */
export async function findQuiz(services: AppServices, caller: Caller, input: unknown): Promise<{ entity: QuizDetail }> {
  assertAuthor(caller);
  const { quizId } = QuizIdInput.parse(input);
  return { entity: await readQuizDetail(services, caller, await loadQuiz(services, caller, quizId)) };
}
