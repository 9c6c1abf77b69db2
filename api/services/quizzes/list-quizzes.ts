import { and, count, eq, sql, type SQL } from "drizzle-orm";
import { categories, courses, quizzes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { orderBy, pageWindow } from "../listing/list-query";
import { type QuizEntity, toQuizEntity } from "./boundary";
import { selectQuizzes, takenCount } from "./quiz-queries";
import { QuizListQuery } from "./schemas";

/** Level sorts by difficulty, not alphabetically. */
const levelRank = sql`case ${quizzes.level} when 'Easy' then 0 when 'Moderate' then 1 else 2 end`;

/**
 * One page of quizzes matching `scope` (the business, or the caller's own) and the list's
 * filter: a count query and a page query in one batch; category and course names come by
 * join, the question and attempt counts by subqueries in the same query (no query per
 * quiz). The name filter matches a part of the name literally (instr, not LIKE).
 */
export async function listQuizzes(services: AppServices, caller: Caller, scope: SQL, input: unknown): Promise<{ totalCount: number; entities: QuizEntity[] }> {
  const { queryParams } = QuizListQuery.parse(input);
  const { quizName, category, course, status } = queryParams.filter;
  const where = and(
    scope,
    quizName ? sql`instr(lower(${quizzes.quizName}), lower(${quizName})) > 0` : undefined,
    category ? eq(categories.name, category) : undefined,
    course ? eq(courses.name, course) : undefined,
    status ? eq(quizzes.status, status) : undefined,
  );
  const { limit, offset } = pageWindow(queryParams);
  const db = services.db;
  const [[{ total }], page] = await db.batch([
    db
      .select({ total: count() })
      .from(quizzes)
      .innerJoin(categories, eq(categories.id, quizzes.categoryId))
      .innerJoin(courses, eq(courses.id, quizzes.courseId))
      .where(where),
    selectQuizzes(db)
      .where(where)
      .orderBy(
        ...orderBy(
          queryParams,
          { quizName: sql`lower(${quizzes.quizName})`, createdAt: quizzes.createdAt, level: levelRank, status: quizzes.status, takenCount },
          quizzes.id,
        ),
      )
      .limit(limit)
      .offset(offset),
  ]);
  return {
    totalCount: total,
    entities: page.map((r) => toQuizEntity(r.quiz, { category: r.category, course: r.course }, { questionsCount: r.questionsCount, takenCount: r.takenCount }, caller)),
  };
}

/** The caller's business. */
export const businessScope = (caller: Caller) => eq(quizzes.businessId, caller.businessId);
/** The caller's own quizzes in their business. */
export const ownScope = (caller: Caller) => and(eq(quizzes.businessId, caller.businessId), eq(quizzes.teacherId, caller.userId))!;
