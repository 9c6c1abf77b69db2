import { asc, eq } from "drizzle-orm";
import { questionOptions, questions, quizQuestions } from "../../../db/schema";
import type { OptionType } from "../../../db/schema/questions";
import type { AppServices } from "../../context";
import { signFileUrl } from "../files/signed-url";
import { inIds } from "../quizzes/quiz-queries";
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

interface PaperRow {
  id: number;
  questionText: string;
  questionImage: string | null;
  optionType: OptionType;
  options: { id: number; optionText: string; isCorrect: boolean }[];
}

/** The quiz's questions in quiz order with their options: two reads in one batch. */
async function loadPaperRows(services: AppServices, quizId: number): Promise<PaperRow[]> {
  const db = services.db;
  const questionRows = await db
    .select({ id: questions.id, questionText: questions.questionText, questionImage: questions.questionImage, optionType: questions.optionType })
    .from(quizQuestions)
    .innerJoin(questions, eq(questions.id, quizQuestions.questionId))
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.position));
  const optionRows = questionRows.length
    ? await db
        .select({ id: questionOptions.id, questionId: questionOptions.questionId, optionText: questionOptions.optionText, isCorrect: questionOptions.isCorrect })
        .from(questionOptions)
        .where(inIds(questionOptions.questionId, questionRows.map((q) => q.id)))
        .orderBy(asc(questionOptions.questionId), asc(questionOptions.position))
    : [];
  return questionRows.map((q) => ({ ...q, options: optionRows.filter((o) => o.questionId === q.id) }));
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

/** What the student sees (startQuiz): text, signed image, options without their status. */
export async function loadExamPaper(services: AppServices, quizId: number, attemptId: number): Promise<PaperQuestion[]> {
  const rows = await loadPaperRows(services, quizId);
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

/** What grading needs (server only): each question's correct option ids, in quiz order. */
export async function loadAnswerKey(services: AppServices, quizId: number): Promise<{ keys: QuestionKey[]; optionsOf: Map<number, Set<number>> }> {
  const rows = await loadPaperRows(services, quizId);
  return {
    keys: rows.map((row) => ({ id: row.id, optionType: row.optionType, correctOptionIds: row.options.filter((o) => o.isCorrect).map((o) => o.id) })),
    optionsOf: new Map(rows.map((row) => [row.id, new Set(row.options.map((o) => o.id))])),
  };
}
