import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { SelectedFields } from "drizzle-orm/sqlite-core";
import { categories, quizAttempts, quizRatings, quizzes } from "../../../db/schema";
import type { QuizAttempt, ResultStatus } from "../../../db/schema/attempts";
import { remainingAttempts } from "../attempts/counting-attempt";
import { passedOf } from "../pass-mark/passed";

/**
 * One finished attempt as the student's results list and result pages carry it (spec 3
 * "Taken quiz"; decisions.md boundary names: `id` and `takenQuizId`, dates epoch ms).
 */
export interface TakenQuizRow {
  id: number;
  takenQuizId: number;
  quizId: number;
  quizName: string;
  quizCategory: string;
  /** 1, 2, 3…: which of the student's attempts at this quiz it is. */
  attemptNumber: number;
  percentage: number;
  correctAnswered: number;
  negativePoints: number;
  /** Seconds, by the server's clock. */
  timeTaken: number;
  /** Epoch ms of the start. */
  attemptDate: number;
  status: ResultStatus;
  /** decisions.md: `NeedsGrading` while an essay awaits a person (the percentage is provisional), else `Graded`. */
  gradingStatus: QuizAttempt["gradingStatus"];
  /** The student's current 1–5 rating of the quiz; 0 when not rated. The same on every attempt of the quiz. */
  rating: number;
  /** max(0, attemptsAllowed − totalAttempts). */
  remainingAttempts: number;
  /** Attempts the student has started at this quiz, this one and any open one included. */
  totalAttempts: number;
  attemptsAllowed: number;
  /** ADR 0076: the quiz's pass mark (null: none), and whether this result reaches it (null: no pass mark, or marking pending). */
  passPercentage: number | null;
  passed: boolean | null;
}

/**
 * The student's attempts at the attempt's quiz, counted inside the query that reads the page
 * (no query per row); it uses the (quiz, student, attemptNumber) unique index.
 */
const sibling = (column: { name: string }) => sql`sibling.${sql.identifier(column.name)}`;
const attemptsAtQuiz = sql<number>`(select count(*) from ${quizAttempts} as sibling where ${sibling(quizAttempts.quizId)} = ${quizAttempts.quizId} and ${sibling(quizAttempts.studentId)} = ${quizAttempts.studentId})`.mapWith(Number);

/**
 * Attempts with their quiz's name and category, the student's rating and attempt count, and
 * any `extra` columns of the same joined rows (the result page adds its quiz's settings).
 */
export function selectTakenQuizRows<Extra extends SelectedFields = Record<never, never>>(db: Db, extra?: Extra) {
  return db
    .select({
      attempt: quizAttempts,
      quizName: quizzes.quizName,
      quizCategory: categories.name,
      attemptsAllowed: quizzes.attemptsAllowed,
      rating: quizRatings.rating,
      totalAttempts: attemptsAtQuiz,
      passPercentage: quizzes.passPercentage,
      ...(extra as Extra),
    })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .innerJoin(categories, eq(categories.id, quizzes.categoryId))
    .leftJoin(quizRatings, and(eq(quizRatings.quizId, quizAttempts.quizId), eq(quizRatings.studentId, quizAttempts.studentId)));
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectTakenQuizRows<Record<never, never>>>["where"]>>[number];

export function toTakenQuizRow(row: SelectedRow): TakenQuizRow {
  const { attempt } = row;
  return {
    id: attempt.id,
    takenQuizId: attempt.id,
    quizId: attempt.quizId,
    quizName: row.quizName,
    quizCategory: row.quizCategory,
    attemptNumber: attempt.attemptNumber,
    percentage: attempt.percentage,
    correctAnswered: attempt.correctAnswered,
    negativePoints: attempt.negativePoints,
    timeTaken: attempt.timeTaken,
    attemptDate: attempt.startedAt.getTime(),
    status: attempt.status,
    gradingStatus: attempt.gradingStatus,
    rating: row.rating ?? 0,
    remainingAttempts: remainingAttempts(row.attemptsAllowed, row.totalAttempts),
    totalAttempts: row.totalAttempts,
    attemptsAllowed: row.attemptsAllowed,
    passPercentage: row.passPercentage,
    passed: passedOf(attempt, row.passPercentage),
  };
}
