import { eq } from "drizzle-orm";
import { quizzes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { mayGradeQuiz } from "../core/permissions";
import { fetchTakenQuizResult } from "./read-result";
import type { TakenQuizResult } from "./present-result";

/**
 * The teacher's attempt view (ADR 0071): the attempt as fetchById gives it to an author, only
 * when it is of the quiz `quizId` names, and whether the caller may mark it (permissions.ts
 * mayGradeQuiz: the quiz's teacher and the owner; another author reads it without the links to
 * a grade page that would refuse them). Read by someone other than an author (the student who
 * took it) or of another quiz: 404, as a missing id.
 */
export async function readAttemptForAuthor(services: AppServices, caller: Caller, input: { takenQuizId: unknown; quizId: unknown }): Promise<{ result: TakenQuizResult; mayGrade: boolean }> {
  const result = await fetchTakenQuizResult(services, caller, { takenQuizId: input.takenQuizId });
  if (!result.student || String(result.quizId) !== String(input.quizId)) throw new NotFound("taken quiz");
  const [quiz] = await services.db.select({ teacherId: quizzes.teacherId }).from(quizzes).where(eq(quizzes.id, result.quizId)).limit(1);
  if (!quiz) throw new NotFound("taken quiz");
  return { result, mayGrade: mayGradeQuiz(caller, quiz) };
}
