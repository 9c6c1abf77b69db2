import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { categories, courses, quizAttempts, quizQuestions, quizSources, quizzes } from "../../../db/schema";
import { chunkRows, rowsPerStatement } from "../../../db/statement-limits";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import type { QuizCounts, QuizNames } from "./boundary";

/**
 * Queries every quiz verb shares. Counts are correlated subqueries inside the one query
 * that reads the quizzes, so a page of quizzes costs one query, not one per quiz; both use
 * an index (quiz_questions' primary key, quiz_attempts_business_quiz_idx).
 */

export const questionsCount = sql<number>`(select count(*) from ${quizQuestions} where ${quizQuestions.quizId} = ${quizzes.id} and ${quizQuestions.inDraws} is null)`.mapWith(Number);
export const takenCount = sql<number>`(select count(*) from ${quizAttempts} where ${quizAttempts.businessId} = ${quizzes.businessId} and ${quizAttempts.quizId} = ${quizzes.id})`.mapWith(Number);

/** A quiz with its category and course names and its counts. */
export const quizWithNames = { quiz: quizzes, category: categories.name, course: courses.name, questionsCount, takenCount };

export function selectQuizzes(db: Db) {
  return db
    .select(quizWithNames)
    .from(quizzes)
    .innerJoin(categories, eq(categories.id, quizzes.categoryId))
    .innerJoin(courses, eq(courses.id, quizzes.courseId));
}

/**
 * `column IN (the ids)`, with the ids bound as one JSON parameter: D1 binds at most 100
 * parameters per statement (db/statement-limits.ts), and a quiz may hold 100 questions.
 */
export function inIds(column: SQLiteColumn, ids: readonly number[]): SQL {
  return sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
}

export interface LoadedQuiz {
  row: typeof quizzes.$inferSelect;
  names: QuizNames;
  counts: QuizCounts;
}

/** The quiz of the caller's business, or the spec's 404 (another business's id is never confirmed). */
export async function loadQuiz(services: AppServices, caller: Caller, quizId: number): Promise<LoadedQuiz> {
  const [found] = await selectQuizzes(services.db)
    .where(and(eq(quizzes.businessId, caller.businessId), eq(quizzes.id, quizId)))
    .limit(1);
  if (!found) throw new NotFound("quiz");
  return { row: found.quiz, names: { category: found.category, course: found.course }, counts: { questionsCount: found.questionsCount, takenCount: found.takenCount } };
}

/** The quiz's own question ids in quiz order (not those its draws may draw: ADR 0077), and its source quizzes (quiz-based). */
export async function loadLinks(services: AppServices, quizId: number): Promise<{ selectedQuestions: number[]; selectedQuizes: number[] }> {
  const [questionRows, sourceRows] = await services.db.batch([
    services.db.select({ id: quizQuestions.questionId }).from(quizQuestions).where(and(eq(quizQuestions.quizId, quizId), isNull(quizQuestions.inDraws))).orderBy(asc(quizQuestions.position)),
    services.db.select({ id: quizSources.sourceQuizId }).from(quizSources).where(eq(quizSources.quizId, quizId)).orderBy(asc(quizSources.sourceQuizId)),
  ]);
  return { selectedQuestions: questionRows.map((r) => r.id), selectedQuizes: sourceRows.map((r) => r.id) };
}

/**
 * Statements that store a quiz's questions (in order), the questions its draws may draw (after
 * them, each with its draws: ADR 0077) and its sources; several rows per statement within D1's limits.
 */
export function linkInserts(db: Db, quizId: number, links: { selectedQuestions: number[]; selectedQuizes: number[]; drawPool?: ReadonlyMap<number, number[]> }) {
  const fixed = links.selectedQuestions.map((questionId, position) => ({ quizId, questionId, position, inDraws: null }));
  const drawable = [...(links.drawPool ?? [])].map(([questionId, inDraws], index) => ({ quizId, questionId, position: fixed.length + index, inDraws }));
  const questionRows = [...fixed, ...drawable];
  const sourceRows = links.selectedQuizes.map((sourceQuizId) => ({ quizId, sourceQuizId }));
  return [
    ...chunkRows(questionRows, rowsPerStatement(quizQuestions)).map((rows) => db.insert(quizQuestions).values(rows)),
    ...chunkRows(sourceRows, rowsPerStatement(quizSources)).map((rows) => db.insert(quizSources).values(rows)),
  ];
}
