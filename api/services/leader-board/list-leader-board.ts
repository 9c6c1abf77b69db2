import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { mayActOnLeaderBoardRows } from "../core/permissions";
import { pageWindow } from "../listing/list-query";
import { type BoardRecord, boardRowsSql, boardTotalsSql } from "./board-query";
import { type LeaderBoardRow, toLeaderBoardRow } from "./board-row";
import { LeaderBoardQuery } from "./schemas";

export interface LeaderBoardPage {
  totalCount: number;
  /** Different students among the rows the filter keeps (the page's "students who took quizzes"). */
  studentCount: number;
  entities: LeaderBoardRow[];
}

/**
 * Spec 7 POST /api/takenQuiz/fetchAllTakenQuiz { queryParams }: the business's leader board,
 * a page at a time, percentage descending by default. Every signed-in user of the business
 * may read it (spec 2.3); only another business's attempts are never in it. Two queries side
 * by side (totals and the page), whatever the page size.
 */
export async function listLeaderBoard(services: AppServices, caller: Caller, input: unknown): Promise<LeaderBoardPage> {
  const { queryParams } = LeaderBoardQuery.parse(input);
  const { filter } = queryParams;
  const db = services.db;
  // Raw reads go side by side, not in db.batch(): on D1 drizzle's batch binds only builder
  // queries (db/client-d1.ts); on libSQL and Turso the two still overlap.
  const [totals, page] = await Promise.all([
    db.all<{ total_count: number; student_count: number }>(boardTotalsSql(caller.businessId, filter)),
    db.all<BoardRecord>(boardRowsSql(caller.businessId, filter, queryParams, pageWindow(queryParams))),
  ]);
  const withEmail = mayActOnLeaderBoardRows(caller);
  return {
    totalCount: Number(totals[0]?.total_count ?? 0),
    studentCount: Number(totals[0]?.student_count ?? 0),
    entities: page.map((record) => toLeaderBoardRow(record, withEmail)),
  };
}
