import { eq, sql } from "drizzle-orm";
import { quizzes } from "../../../db/schema";
import { rateLimit } from "../auth/rate-limit";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertMayDuplicateQuiz, maySeeQuizPassword } from "../core/permissions";
import { say } from "../message-codes";
import { DUPLICATE_LIMITS, DuplicateQuizInput } from "../reports/schemas";
import { loadQuiz } from "./quiz-queries";
import { type QuizDetail, readQuizDetail } from "./read-quiz-detail";
import { TEXT_LIMITS } from "./schemas";

/** "Optics" → "Optics (2)", "Optics (2)" → "Optics (3)": titles are data, so no translated "copy" (ADR 0081); within the name's limit. */
export function copyName(name: string): string {
  const numbered = /^(.*) \(([2-9]|[1-9]\d)\)$/.exec(name);
  const [base, next] = numbered ? [numbered[1], Number(numbered[2]) + 1] : [name, 2];
  const suffix = ` (${next})`;
  return `${base.slice(0, TEXT_LIMITS.max - suffix.length).trimEnd()}${suffix}`;
}

/**
 * POST /api/quiz/duplicate { quizId } (issue 27 point 5, docs/decisions/0081): a copy of a quiz
 * of the caller's business, to set it again for another class: every setting, its own questions
 * in order, the questions its draws may draw and the draws, its source quizzes, its pass mark;
 * not its attempts, extra time or anything said per student. The copy is the caller's, a Draft
 * (so students see nothing until the teacher has set its dates and publishes it), named by
 * copyName. The password is copied only for those who may see it. Another business's quiz, or
 * one never made, is 404.
 *
 * The row is copied whole (every column but its id, teacher, name, status and dates of the row),
 * so a setting added to quizzes later is copied without touching this verb. The row comes first
 * (its id is needed), then its questions and sources in one batch, as createQuiz does; if that
 * fails the copy is deleted again.
 */
export async function duplicateQuiz(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; code: "QUIZ_DUPLICATED"; entity: QuizDetail }> {
  assertMayDuplicateQuiz(caller);
  const { quizId } = DuplicateQuizInput.parse(input);
  const { row } = await loadQuiz(services, caller, quizId);
  await rateLimit(services, [{ key: `quiz-duplicate:1h:${caller.userId}`, limit: DUPLICATE_LIMITS.perHour, windowMs: 60 * 60_000 }]);
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...settings } = row;
  const db = services.db;
  const [copy] = await db
    .insert(quizzes)
    .values({ ...settings, teacherId: caller.userId, quizName: copyName(row.quizName), status: "Draft", password: maySeeQuizPassword(caller, row) ? row.password : "" })
    .returning({ id: quizzes.id });
  try {
    await db.batch([
      db.run(sql`insert into quiz_questions (quiz_id, question_id, position, in_draws) select ${copy.id}, question_id, position, in_draws from quiz_questions where quiz_id = ${quizId}`),
      db.run(sql`insert into quiz_sources (quiz_id, source_quiz_id) select ${copy.id}, source_quiz_id from quiz_sources where quiz_id = ${quizId}`),
    ]);
  } catch (error) {
    await db.delete(quizzes).where(eq(quizzes.id, copy.id));
    throw error;
  }
  return { ...say("QUIZ_DUPLICATED"), entity: await readQuizDetail(services, caller, await loadQuiz(services, caller, copy.id)) };
}
