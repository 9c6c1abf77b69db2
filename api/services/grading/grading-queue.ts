import { and, count, eq, sql } from "drizzle-orm";
import { attemptAnswers, questions, quizAttempts, quizQuestions, users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { assertAuthor, assertMayGradeQuiz } from "../core/permissions";
import { rateLimit } from "../auth/rate-limit";
import { orderBy, pageWindow } from "../listing/list-query";
import { loadQuiz } from "../quizzes/quiz-queries";
import { GradingQueueQuery } from "./schemas";
import { waitingForGrader } from "./waiting";

const MINUTE_MS = 60_000;
/**
 * A grader reads a page of the queue after each mark or two, a few hundred an hour at most; a
 * script looping over the queue (to copy every essay with its writer's name) is stopped.
 */
export const GRADING_QUEUE_LIMITS = { perTenMinutes: 1200 } as const;

export interface WaitingAnswer {
  takenQuizId: number;
  questionId: number;
  /** Absent when the queue is read anonymously. */
  studentName?: string;
  /** The answer given (an essay's `{ html }`), as saved. */
  answer: unknown;
  /** Epoch ms the attempt was handed in. */
  submittedAt: number;
}

/**
 * decisions.md "Manual grading": POST /api/takenQuiz/gradingQueue { quizId, questionId?,
 * anonymous?, queryParams }: the answers of the quiz's finished attempts that wait for a
 * person (answer_status `pending`, an essay nobody has marked yet), oldest first by default,
 * one question's only with `questionId`. `anonymous: true` leaves the students' names out of
 * the answer, so a grader marks the work and not the pupil. The quiz's graders only
 * (permissions.ts mayGradeQuiz); another business's quiz, or a question not on the quiz, is 404.
 */
export async function listGradingQueue(services: AppServices, caller: Caller, input: unknown): Promise<{ totalCount: number; entities: WaitingAnswer[] }> {
  assertAuthor(caller);
  const { quizId, questionId, anonymous, queryParams } = GradingQueueQuery.parse(input);
  const quiz = await loadQuiz(services, caller, quizId);
  assertMayGradeQuiz(caller, quiz.row);
  // After the role check, so refused callers fill no counter.
  await rateLimit(services, [{ key: `grading-queue:10m:${caller.userId}`, limit: GRADING_QUEUE_LIMITS.perTenMinutes, windowMs: 10 * MINUTE_MS }]);
  const db = services.db;
  if (questionId !== undefined) {
    const [onQuiz] = await db.select({ id: quizQuestions.questionId }).from(quizQuestions).where(and(eq(quizQuestions.quizId, quizId), eq(quizQuestions.questionId, questionId))).limit(1);
    if (!onQuiz) throw new NotFound("question");
  }
  const where = and(
    eq(quizAttempts.businessId, caller.businessId),
    eq(quizAttempts.quizId, quizId),
    waitingForGrader(),
    questionId === undefined ? undefined : eq(attemptAnswers.questionId, questionId),
  );
  const { limit, offset } = pageWindow(queryParams);
  const sortColumns = { submittedAt: quizAttempts.submittedAt, questionId: sql`${attemptAnswers.questionId}` };
  const [[{ total }], page] = await db.batch([
    db
      .select({ total: count() })
      .from(attemptAnswers)
      .innerJoin(quizAttempts, eq(quizAttempts.id, attemptAnswers.attemptId))
      .innerJoin(questions, eq(questions.id, attemptAnswers.questionId))
      .where(where),
    db
      .select({ takenQuizId: quizAttempts.id, questionId: attemptAnswers.questionId, studentName: users.fullname, answer: attemptAnswers.answer, submittedAt: quizAttempts.submittedAt })
      .from(attemptAnswers)
      .innerJoin(quizAttempts, eq(quizAttempts.id, attemptAnswers.attemptId))
      .innerJoin(questions, eq(questions.id, attemptAnswers.questionId))
      .innerJoin(users, eq(users.id, quizAttempts.studentId))
      .where(where)
      .orderBy(...orderBy(queryParams, sortColumns, attemptAnswers.id))
      .limit(limit)
      .offset(offset),
  ]);
  const entities = page.map(({ studentName, submittedAt, ...row }) => ({ ...row, ...(anonymous ? {} : { studentName }), submittedAt: submittedAt?.getTime() ?? 0 }));
  return { totalCount: total, entities };
}
