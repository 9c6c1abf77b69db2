import { and, count, eq, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { questionFeedback, questions, users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor, ownRowsUnlessOwner } from "../core/permissions";
import { orderBy, pageWindow } from "../listing/list-query";
import { type FeedbackEntity, feedbackColumns, toFeedbackEntity } from "./feedback-entity";
import { FeedbackListQuery } from "./schemas";

/** `%` and `_` typed in the search box are letters, not wildcards. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Spec 7 POST /api/feedback/getAllQuestionFeedback { queryParams }: feedback on the caller's
 * own questions (the owner: every question of the business), the rule of
 * mayReadQuestionFeedback put as a query. One search box over the feedback, the student's
 * name and e-mail and the question's text; optional questionId (the item analysis links one
 * question's feedback) and status; newest first unless sorted by date, status or student.
 */
export async function listQuestionFeedback(services: AppServices, caller: Caller, input: unknown): Promise<{ totalCount: number; entities: FeedbackEntity[] }> {
  assertAuthor(caller);
  const { queryParams } = FeedbackListQuery.parse(input);
  const { search, questionId, status } = queryParams.filter;
  const conditions: SQL[] = [eq(questionFeedback.businessId, caller.businessId)];
  // mayReadQuestionFeedback: the question's author, or the owner.
  const own = ownRowsUnlessOwner.where(caller, questions.teacherId);
  if (own) conditions.push(own);
  if (questionId) conditions.push(eq(questionFeedback.questionId, questionId));
  if (status) conditions.push(eq(questionFeedback.status, status));
  if (search) {
    const pattern = `%${literal(search)}%`;
    const like = (column: SQLiteColumn) => sql`${column} like ${pattern} escape '\\'`;
    conditions.push(or(like(questionFeedback.feedbackText), like(users.fullname), like(users.email), like(questions.questionText)) as SQL);
  }
  const where = and(...conditions);
  const { limit, offset } = pageWindow(queryParams);
  const db = services.db;
  const [[{ total }], rows] = await db.batch([
    db
      .select({ total: count() })
      .from(questionFeedback)
      .innerJoin(users, eq(users.id, questionFeedback.studentId))
      .innerJoin(questions, eq(questions.id, questionFeedback.questionId))
      .where(where),
    db
      .select(feedbackColumns)
      .from(questionFeedback)
      .innerJoin(users, eq(users.id, questionFeedback.studentId))
      .innerJoin(questions, eq(questions.id, questionFeedback.questionId))
      .where(where)
      .orderBy(...orderBy(queryParams, { date: questionFeedback.createdAt, status: questionFeedback.status, studentName: users.fullname }, questionFeedback.id))
      .limit(limit)
      .offset(offset),
  ]);
  return { totalCount: total, entities: rows.map(toFeedbackEntity) };
}
