import { getTableColumns, sql } from "drizzle-orm";
import { jsonRowOf } from "../../../db/json-row";
import { qualified } from "../../../db/qualified";
import { quizAttempts, quizzes } from "../../../db/schema";
import type { QuizAttempt } from "../../../db/schema/attempts";
import type { Quiz } from "../../../db/schema/quizzes";
import { NO_TIME_LIMIT } from "../../../db/schema/quizzes";
import { DEADLINE_GRACE_MS } from "./schemas";

/**
 * When an attempt's own time runs out (decisions.md "Deadlines"): time -1 has none (the exam
 * counts up); a quiz timed per question has time × questions in all, enforced as a total; an
 * extra-time factor (1 = none) stretches either. Stored as the attempt's `deadlineAt`.
 */
export function deadlineFor(quiz: Pick<Quiz, "time" | "quizTimeType">, questionCount: number, startedAt: Date, factor = 1): Date | null {
  if (quiz.time === NO_TIME_LIMIT) return null;
  const minutes = quiz.quizTimeType === "Question" ? quiz.time * questionCount : quiz.time;
  return new Date(startedAt.getTime() + Math.round(minutes * 60_000 * factor));
}

/**
 * An attempt as the deadline rules see it: its own time limit (stored) and the end date of
 * its quiz as the quiz says *now* (ADR 0031: a teacher who moves the end date moves the end
 * of every open attempt with it, so it is read with the attempt, never copied into it).
 */
export type Deadlined = Pick<QuizAttempt, "deadlineAt"> & {
  /** A DateRange quiz's end (epoch ms), or null for a quiz without one. */
  quizEndsAt: Date | null;
};

/** A DateRange quiz's end (its end date is stored in epoch seconds), or null. */
export function quizEndOf(quiz: Pick<Quiz, "status" | "endTimestamp">): Date | null {
  return quiz.status === "DateRange" && quiz.endTimestamp !== null ? new Date(quiz.endTimestamp * 1000) : null;
}

/**
 * For a select over quiz_attempts: the end of the attempt's quiz (epoch ms) or null, as
 * `quizEndsAt`. One primary-key lookup beside the attempt's row; none when the attempt keeps
 * the student's own end (ends_at, ADR 0079: their classes or override moved it).
 */
export function quizEndsAtColumn() {
  return attemptEndsAtSql().mapWith(dateOrNull);
}

/** The student's own end kept on the attempt (ADR 0079), else the quiz's end as the quiz says now. */
const attemptEndsAtSql = () => sql<number | null>`coalesce(${qualified(quizAttempts.endsAt)}, ${quizEndsAtSql()})`;
const quizEndsAtSql = () =>
  sql<number | null>`(select case when ${qualified(quizzes.status)} = 'DateRange' then ${qualified(quizzes.endTimestamp)} * 1000 end
    from ${quizzes} where ${qualified(quizzes.id)} = ${qualified(quizAttempts.quizId)})`;
const dateOrNull = (value: number | null) => (value === null ? null : new Date(Number(value)));

/**
 * For a select over quiz_attempts: whether the attempt's quiz closes its questions one by one
 * (question-window.ts), as the quiz says now, as `quizTimedPerQuestion`: every autosave asks,
 * and a lookup beside the attempt's row costs far less than a statement of its own.
 */
export function quizTimedPerQuestionColumn() {
  return quizTimedPerQuestionSql().mapWith((value: number | null) => value === 1);
}

const quizTimedPerQuestionSql = () => sql<number | null>`(select ${qualified(quizzes.quizTimeType)} = 'Question' from ${quizzes} where ${qualified(quizzes.id)} = ${qualified(quizAttempts.quizId)})`;

/** An attempt row with its quiz's end as the quiz says now: what the deadline rules read. */
export type AttemptWithEnd = QuizAttempt & Deadlined;

/**
 * An attempt as answering reads it (attemptColumns): with its quiz's end and whether the quiz
 * is timed per question, both as the quiz says now. The one place autosave and Check learn
 * the timing from: the flag is never read another way.
 */
export type AttemptToAnswer = AttemptWithEnd & { quizTimedPerQuestion: boolean };

const attemptRow = jsonRowOf(quizAttempts);

/**
 * What attemptColumns() reads, as two columns instead of 23 (db/json-row.ts): `attemptJson`, the
 * row with its quiz's end and timing as one JSON array, and the real `percentage`. For the reads
 * every exam request makes; read back with attemptRead.
 */
export function attemptAsJson() {
  return { attemptJson: attemptRow.json(attemptEndsAtSql(), quizTimedPerQuestionSql()), ...attemptRow.apart };
}

/** The attempt of a row selected with attemptAsJson(): the same object as attemptColumns() gives. */
export function attemptRead(selected: { attemptJson: string }): AttemptToAnswer {
  const values = JSON.parse(selected.attemptJson) as unknown[];
  const endsAt = values[attemptRow.width] as number | null;
  return { ...attemptRow.read(values, selected), quizEndsAt: dateOrNull(endsAt), quizTimedPerQuestion: values[attemptRow.width + 1] === 1 };
}

/** Every column of quiz_attempts, `quizEndsAt` and `quizTimedPerQuestion`: what the deadline and answer rules read (select(attemptColumns())). */
export function attemptColumns() {
  return { ...getTableColumns(quizAttempts), quizEndsAt: quizEndsAtColumn(), quizTimedPerQuestion: quizTimedPerQuestionColumn() };
}

/** The attempt's deadline: the earlier of its time limit and its quiz's end date; null when it has neither. */
export function closesAt(attempt: Deadlined): Date | null {
  const { deadlineAt, quizEndsAt } = attempt;
  if (!deadlineAt || !quizEndsAt) return deadlineAt ?? quizEndsAt;
  return deadlineAt < quizEndsAt ? deadlineAt : quizEndsAt;
}

/** Past its deadline and the network grace: nothing more is accepted, it is graded on what it saved. */
export function isPastDeadline(attempt: Deadlined, now: Date): boolean {
  const deadline = closesAt(attempt);
  return deadline !== null && now.getTime() > deadline.getTime() + DEADLINE_GRACE_MS;
}

/** Seconds the attempt took by the server's clock, never beyond its deadline. */
export function secondsTaken(attempt: Pick<QuizAttempt, "startedAt"> & Deadlined, end: Date): number {
  const deadline = closesAt(attempt);
  const until = deadline && end > deadline ? deadline : end;
  return Math.max(0, Math.round((until.getTime() - attempt.startedAt.getTime()) / 1000));
}
