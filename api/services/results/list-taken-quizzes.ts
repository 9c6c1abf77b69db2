import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { quizAttempts, quizzes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { closeExpiredAttempts } from "../attempts/close-expired";
import { orderBy, pageWindow } from "../listing/list-query";
import { TakenQuizListQuery } from "./schemas";
import { selectTakenQuizRows, type TakenQuizRow, toTakenQuizRow } from "./taken-quiz-row";
import { assertStudent } from "../core/permissions";

/**
 * Spec 7 POST /api/takenQuiz/fetchAllByStudentId { queryParams }: one page of the caller's own
 * finished attempts (a row per attempt), newest first by default. Students only; the student
 * is the session's user whatever the body says. The caller's attempts left open past their
 * deadline are graded first, so one the student walked away from is listed with its grade.
 * A count query and a page query in one batch; names, rating and attempt counts come in the
 * page query (no query per row). The name filter matches a part literally (instr, not LIKE).
 */
export async function listStudentTakenQuizzes(services: AppServices, caller: Caller, input: unknown): Promise<{ totalCount: number; entities: TakenQuizRow[] }> {
  assertStudent(caller);
  const { queryParams } = TakenQuizListQuery.parse(input);
  await closeExpiredAttempts(services, { studentId: caller.userId });

  const { quizName } = queryParams.filter;
  const where = and(
    eq(quizAttempts.businessId, caller.businessId),
    eq(quizAttempts.studentId, caller.userId),
    isNotNull(quizAttempts.submittedAt),
    quizName ? sql`instr(lower(${quizzes.quizName}), lower(${quizName})) > 0` : undefined,
  );
  const { limit, offset } = pageWindow(queryParams);
  const db = services.db;
  const [[{ total }], page] = await db.batch([
    db.select({ total: count() }).from(quizAttempts).innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId)).where(where),
    selectTakenQuizRows(db)
      .where(where)
      .orderBy(...orderBy(queryParams, { attemptDate: quizAttempts.startedAt, percentage: quizAttempts.percentage, quizName: sql`lower(${quizzes.quizName})` }, quizAttempts.id))
      .limit(limit)
      .offset(offset),
  ]);
  return { totalCount: total, entities: page.map(toTakenQuizRow) };
}
