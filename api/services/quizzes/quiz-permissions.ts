import { OWNER_PROFILE } from "../../../db/schema/businesses";
import type { Quiz } from "../../../db/schema/quizzes";
import type { Caller } from "../../env";
import { Forbidden } from "../../errors";

/**
 * Spec 6: a quiz is changed (edited, deleted) by the teacher who made it or by the owner
 * (profile 2); other authors of the business may view it. Callers load the quiz of the
 * caller's business first, so another business's quiz is a 404 before this runs.
 */
export function assertMayChangeQuiz(caller: Caller, quiz: Pick<Quiz, "teacherId">): void {
  if (!mayChangeQuiz(caller, quiz)) throw new Forbidden();
}

/** The same rule, asked by a page deciding whether to offer a change. */
export function mayChangeQuiz(caller: Caller, quiz: Pick<Quiz, "teacherId">): boolean {
  return quiz.teacherId === caller.userId || caller.profile === OWNER_PROFILE;
}
