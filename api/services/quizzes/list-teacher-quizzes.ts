import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor } from "../core/permissions";
import type { QuizEntity } from "./boundary";
import { listQuizzes, ownScope } from "./list-quizzes";

/**
 * Spec 7 POST /api/quiz/allByTeacher: the caller's own quizzes. The spec's body also
 * carries a user id; the caller is always the session's user, so it is ignored.
 */
export async function listTeacherQuizzes(services: AppServices, caller: Caller, input: unknown): Promise<{ totalCount: number; entities: QuizEntity[] }> {
  assertAuthor(caller);
  return listQuizzes(services, caller, ownScope(caller), input);
}
