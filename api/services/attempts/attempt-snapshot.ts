import { eq, sql } from "drizzle-orm";
import { prepared } from "../../../db/prepared";
import { qualified } from "../../../db/qualified";
import { attemptAnswers, quizAttempts } from "../../../db/schema";
import type { AnswerStatus } from "../../../db/schema/attempts";
import type { AppServices } from "../core/app-services";
import { type AttemptWithEnd, quizEndsAtColumn } from "./deadline";

export interface StoredAnswer {
  questionId: number;
  /** The chosen option ids (stored ids) of a choice question; [] for the other types. */
  answer: number[];
  /** The answer of a type without options (decisions.md "Answers", with the attempt's part ids); null for choice questions. */
  response: unknown;
  answerStatus: AnswerStatus;
  /** Checked in one-by-one mode (answerOne): final, and its answerStatus is the verdict. */
  final: boolean;
}

/** An attempt and its stored answers as of one moment (grading compares answersVersion against it). */
export interface AttemptSnapshot {
  attempt: AttemptWithEnd;
  answers: StoredAnswer[];
}

/**
 * The attempt row and its answers in one statement, so the answers are exactly those its
 * `answersVersion` counts (closeAttempt's compare-and-set relies on that). The answers come
 * folded into one JSON array: a submit reads 50 answers as one row, not 50 (the exam-burst
 * benchmark, docs/performance.md).
 */
export async function readAttemptSnapshot(services: AppServices, attemptId: number): Promise<AttemptSnapshot | null> {
  const query = prepared(services.db, "readAttemptSnapshot", (db) =>
    db
      .select({
        attempt: quizAttempts,
        quizEndsAt: quizEndsAtColumn(),
        answers: sql<string>`(select json_group_array(json_array(${qualified(attemptAnswers.questionId)}, json(${qualified(attemptAnswers.selectedOptionIds)}), ${qualified(attemptAnswers.answerStatus)}, ${qualified(attemptAnswers.isCorrect)} is not null, json(${qualified(attemptAnswers.answer)})))
          from ${attemptAnswers} where ${qualified(attemptAnswers.attemptId)} = ${sql.placeholder("attemptId")})`,
      })
      .from(quizAttempts)
      .where(eq(quizAttempts.id, sql.placeholder("attemptId")))
      .prepare(),
  );
  const [found] = await query.all({ attemptId });
  if (!found) return null;
  const answers = (JSON.parse(found.answers) as [number, number[], AnswerStatus, 0 | 1, unknown][]).map(([questionId, answer, answerStatus, final, response]) => ({
    questionId,
    answer,
    response: response ?? null,
    answerStatus,
    final: final === 1,
  }));
  return { attempt: { ...found.attempt, quizEndsAt: found.quizEndsAt }, answers };
}

/** The attempt's stored answers (a resumed exam's), read as its snapshot is. */
export async function storedAnswersOf(services: AppServices, attemptId: number): Promise<StoredAnswer[]> {
  return (await readAttemptSnapshot(services, attemptId))?.answers ?? [];
}
