import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { prepared } from "../../../db/prepared";
import { qualified } from "../../../db/qualified";
import { attemptAnswers, quizAttempts, quizzes } from "../../../db/schema";
import type { AnswerStatus } from "../../../db/schema/attempts";
import type { AppServices } from "../core/app-services";
import { type AttemptWithEnd, attemptAsJson, attemptRead } from "./deadline";
import type { NegativeMarkingRule } from "./scoring";

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
  /** The quiz's negative marking as it is now (it stays editable on a taken quiz), for grading. */
  rule: NegativeMarkingRule;
  /** The quiz's pass mark (ADR 0076), read in the same lookup: the submit's answer says whether it passed. */
  passPercentage: number | null;
}

/**
 * The attempt row, its answers and its quiz's marking rule in one statement, so the answers are exactly those its
 * `answersVersion` counts (closeAttempt's compare-and-set relies on that). The answers come
 * folded into one JSON array: a submit reads 50 answers as one row, not 50 (the exam-burst
 * benchmark, docs/performance.md).
 */
export async function readAttemptSnapshot(services: AppServices, attemptId: number): Promise<AttemptSnapshot | null> {
  const query = prepared(services.db, "readAttemptSnapshot", (db) => selectSnapshot(db).where(eq(quizAttempts.id, sql.placeholder("attemptId"))).prepare());
  const [found] = await query.all({ attemptId });
  return found ? snapshotOf(found) : null;
}

/**
 * The snapshot of an attempt only when it is the caller's own (the student's, of their
 * business), else null: a submit's ownership check and its read of what is stored in one
 * statement (issue 25 point 8: a class submitting at once sent the attempt's row twice).
 */
export async function readOwnAttemptSnapshot(services: AppServices, owner: { businessId: number; userId: number }, takenQuizId: number): Promise<AttemptSnapshot | null> {
  const query = prepared(services.db, "readOwnAttemptSnapshot", (db) =>
    selectSnapshot(db)
      .where(
        and(
          eq(quizAttempts.id, sql.placeholder("attemptId")),
          eq(quizAttempts.businessId, sql.placeholder("businessId")),
          eq(quizAttempts.studentId, sql.placeholder("studentId")),
        ),
      )
      .prepare(),
  );
  const [found] = await query.all({ attemptId: takenQuizId, businessId: owner.businessId, studentId: owner.userId });
  return found ? snapshotOf(found) : null;
}

function selectSnapshot(db: Db) {
  return db
    .select({
      // The row and its quiz's end as one JSON array (deadline.ts attemptAsJson: the client built 23 columns a submit).
      ...attemptAsJson(),
      // [negativeMarking 1/0, consecutiveWrongAnswersForNegativeMarking, passPercentage]: the close
      // grades with it, and a lookup beside the row costs far less than a statement of its own.
      rule: sql<string>`(select json_array(${qualified(quizzes.negativeMarking)}, ${qualified(quizzes.consecutiveWrongAnswersForNegativeMarking)}, ${qualified(quizzes.passPercentage)}) from ${quizzes} where ${qualified(quizzes.id)} = ${qualified(quizAttempts.quizId)})`,
      answers: sql<string>`(select json_group_array(json_array(${qualified(attemptAnswers.questionId)}, json(${qualified(attemptAnswers.selectedOptionIds)}), ${qualified(attemptAnswers.answerStatus)}, ${qualified(attemptAnswers.isCorrect)} is not null, json(${qualified(attemptAnswers.answer)})))
        from ${attemptAnswers} where ${qualified(attemptAnswers.attemptId)} = ${qualified(quizAttempts.id)})`,
    })
    .from(quizAttempts);
}

type SnapshotRow = Awaited<ReturnType<ReturnType<typeof selectSnapshot>["all"]>>[number];

function snapshotOf(found: SnapshotRow): AttemptSnapshot {
  const answers = (JSON.parse(found.answers) as [number, number[], AnswerStatus, 0 | 1, unknown][]).map(([questionId, answer, answerStatus, final, response]) => ({
    questionId,
    answer,
    response: response ?? null,
    answerStatus,
    final: final === 1,
  }));
  const [negativeMarking, consecutiveWrongAnswersForNegativeMarking, passPercentage] = JSON.parse(found.rule) as [0 | 1, number, number | null];
  return { attempt: attemptRead(found), answers, rule: { negativeMarking: negativeMarking === 1, consecutiveWrongAnswersForNegativeMarking }, passPercentage };
}

/** The attempt's stored answers (a resumed exam's), read as its snapshot is. */
export async function storedAnswersOf(services: AppServices, attemptId: number): Promise<StoredAnswer[]> {
  return (await readAttemptSnapshot(services, attemptId))?.answers ?? [];
}
