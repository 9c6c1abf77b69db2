import { and, count, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { attemptAnswers, questions, quizAttempts, quizQuestions, users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { assertAuthor, assertMayGradeQuiz } from "../core/permissions";
import { orderBy, pageWindow } from "../listing/list-query";
import { loadQuiz } from "../quizzes/quiz-queries";
import { GradingQueueQuery } from "./schemas";

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
  const db = services.db;
  if (questionId !== undefined) {
    const [onQuiz] = await db.select({ id: quizQuestions.questionId }).from(quizQuestions).where(and(eq(quizQuestions.quizId, quizId), eq(quizQuestions.questionId, questionId))).limit(1);
    if (!onQuiz) throw new NotFound("question");
  }
  const where = and(
    eq(quizAttempts.businessId, caller.businessId),
    eq(quizAttempts.quizId, quizId),
    isNotNull(quizAttempts.submittedAt),
    // Worked out from what the close itself stores (the answer, its question's type, no grader
    // yet), not from the `pending` status written just after the close (store-markings.ts):
    // a process stopped between the two must not hide an essay from its graders for good.
    eq(questions.optionType, "essay"),
    inArray(attemptAnswers.answerStatus, ["yes", "pending"]),
    isNull(attemptAnswers.gradedBy),
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
