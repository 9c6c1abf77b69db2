import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor } from "../core/permissions";
import type { QuizEntity } from "./boundary";
import { businessScope, listQuizzes } from "./list-quizzes";

/** Spec 7 POST /api/quiz/all: every quiz of the business (the teacher quiz pool). */
export async function listAllQuizzes(services: AppServices, caller: Caller, input: unknown): Promise<{ totalCount: number; entities: QuizEntity[] }> {
  assertAuthor(caller);
  return listQuizzes(services, caller, businessScope(caller), input);
}
