import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { prepared } from "../../../db/prepared";
import { questionOptions, questions, quizQuestions, quizzes } from "../../../db/schema";
import type { OptionType } from "../../../db/schema/questions";
import type { AppServices } from "../../context";
import { signFileUrl } from "../files/signed-url";
import type { QuestionKey } from "./scoring";

/** A question as a student receives it before any answer is final: never which option is right. */
export interface PaperQuestion {
  id: number;
  questionId: number;
  questionText: string;
  /** A signed URL (3600 s) or null. */
  questionImage: string | null;
  optionType: OptionType;
  options: { id: number; optionText: string }[];
}

/** The quiz's questions as stored, before an attempt's option order (loadPaperRows). */
export interface PaperRow {
  id: number;
  questionText: string;
  questionImage: string | null;
  optionType: OptionType;
  options: { id: number; optionText: string }[];
}

/**
 * The quiz's questions in quiz order with their options, for the paper: one query, one row
 * per question with its options folded into JSON by SQLite (50 rows for 50 questions, not
 * 200 repeating each question's text: the exam-burst benchmark, docs/performance.md). Never
 * the options' status, and their stored order does not matter (shuffledFor decides it).
 */
export async function loadPaperRows(services: AppServices, quizId: number): Promise<PaperRow[]> {
  // Every start asks this: built once (db/prepared.ts).
  const query = prepared(services.db, "loadPaperRows", (db) =>
    db
      .select({
        id: questions.id,
        questionText: questions.questionText,
        questionImage: questions.questionImage,
        optionType: questions.optionType,
        options: sql<string>`json_group_array(json_object('id', ${questionOptions.id}, 'optionText', ${questionOptions.optionText}))`,
      })
      .from(quizQuestions)
      .innerJoin(questions, eq(questions.id, quizQuestions.questionId))
      .leftJoin(questionOptions, eq(questionOptions.questionId, questions.id))
      .where(eq(quizQuestions.quizId, sql.placeholder("quizId")))
      .groupBy(quizQuestions.questionId)
      .orderBy(asc(quizQuestions.position))
      .prepare(),
  );
  const rows = await query.all({ quizId });
  return rows.map((row) => ({
    ...row,
    // A question without options (left join) folds into one object of nulls.
    options: (JSON.parse(row.options) as { id: number | null; optionText: string }[]).filter((option): option is PaperRow["options"][number] => option.id !== null),
  }));
}

/**
 * The options of one question in an order of their own for this attempt: authors tend to
 * write the right answer first, so the stored order would hint at it. The order depends
 * only on the attempt and the option ids, so a resumed attempt sees the same order.
 */
export function shuffledFor<T extends { id: number }>(attemptId: number, options: T[]): T[] {
  const weight = (optionId: number) => Math.imul(optionId ^ Math.imul(attemptId, 0x9e3779b1), 0x85ebca6b) >>> 0;
  return [...options].sort((a, b) => weight(a.id) - weight(b.id) || a.id - b.id);
}

/** What the student sees (startQuiz): text, signed image, options without their status, in the attempt's order. */
export async function examPaperOf(services: AppServices, rows: PaperRow[], attemptId: number): Promise<PaperQuestion[]> {
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      questionId: row.id,
      questionText: row.questionText,
      questionImage: row.questionImage ? await signFileUrl(services, row.questionImage) : null,
      optionType: row.optionType,
      options: shuffledFor(attemptId, row.options).map(({ id, optionText }) => ({ id, optionText })),
    })),
  );
}

/**
 * What grading needs (server only): each question's correct option ids, in quiz order.
 * With `questionIds` (checking answers to those questions), only those that are in the quiz.
 * Its own narrow query, one row per question with the option ids folded in by SQLite: a
 * submit grades 50 questions from 50 small rows, not 200 rows repeating each question's
 * text (the exam-burst benchmark, docs/performance.md).
 */
export async function loadAnswerKey(
  services: AppServices,
  quizId: number,
  questionIds?: number[],
): Promise<{ keys: QuestionKey[]; optionsOf: Map<number, Set<number>>; positionOf: Map<number, number>; timedPerQuestion: boolean }> {
  // Every autosave and submit asks this: built once per form (db/prepared.ts).
  const query = questionIds
    ? prepared(services.db, "loadAnswerKey:some", (db) => answerKeyQuery(db, sql`${quizQuestions.questionId} in (select value from json_each(${sql.placeholder("questionIds")}))`).prepare())
    : prepared(services.db, "loadAnswerKey:all", (db) => answerKeyQuery(db).prepare());
  // The ids as one JSON parameter (as inIds does): 100 answers would pass D1's 100 bound parameters.
  const rows = await query.all({ quizId, questionIds: JSON.stringify(questionIds ?? []) });
  const ids = (list: string | null) => (list ? list.split(",").map(Number).sort((a, b) => a - b) : []);
  return {
    keys: rows.map((row) => ({ id: row.id, optionType: row.optionType, correctOptionIds: ids(row.correctIds) })),
    optionsOf: new Map(rows.map((row) => [row.id, new Set(ids(row.optionIds))])),
    positionOf: new Map(rows.map((row) => [row.id, row.position])),
    timedPerQuestion: rows[0]?.quizTimeType === "Question",
  };
}

function answerKeyQuery(db: Db, onlyQuestions?: SQL) {
  const ofQuiz = eq(quizQuestions.quizId, sql.placeholder("quizId"));
  return db
    .select({
      id: questions.id,
      position: quizQuestions.position,
      // The quiz's, the same on every row: whether its questions close one by one (question-window.ts).
      quizTimeType: quizzes.quizTimeType,
      optionType: questions.optionType,
      optionIds: sql<string | null>`group_concat(${questionOptions.id})`,
      correctIds: sql<string | null>`group_concat(case when ${questionOptions.isCorrect} then ${questionOptions.id} end)`,
    })
    .from(quizQuestions)
    .innerJoin(questions, eq(questions.id, quizQuestions.questionId))
    .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
    .leftJoin(questionOptions, eq(questionOptions.questionId, questions.id))
    .where(onlyQuestions ? and(ofQuiz, onlyQuestions) : ofQuiz)
    .groupBy(quizQuestions.questionId)
    .orderBy(asc(quizQuestions.position));
}
