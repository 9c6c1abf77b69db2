import { sql } from "drizzle-orm";
import type { LeaderBoardForStudents } from "../../../db/schema/admin-settings";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Invalid } from "../core/errors";
import { assertLeaderBoardOpen, leaderBoardViewOf, mayActOnLeaderBoardRows } from "../core/permissions";
import { adminSettingRow } from "../admin-settings/get-admin-setting";
import { say } from "../message-codes";
import { pageWindow } from "../listing/list-query";
import { type BoardRecord, boardRowsSql, boardTotalsSql } from "./board-query";
import { anonymised, type ShownBoardRow, toLeaderBoardRow } from "./board-row";
import { type LeaderBoardParams, LeaderBoardQuery } from "./schemas";
import { attemptsOfClass, classFilterOf } from "../classes/class-filter";

export interface LeaderBoardPage {
  totalCount: number;
  /** Different students among the rows the filter keeps (the page's "students who took quizzes"). */
  studentCount: number;
  entities: ShownBoardRow[];
  /** ADR 0076: how this caller sees the board: Full, or Anonymous (only their own rows named). */
  view: "Full" | "Anonymous";
}

/** How the caller sees the board (ADR 0076), unrefused: the page says "off" instead of failing. */
export async function boardViewOf(services: AppServices, caller: Caller): Promise<LeaderBoardForStudents> {
  return leaderBoardViewOf(caller, (await adminSettingRow(services, caller.businessId)).leaderBoardForStudents);
}

/**
 * What the caller sees of the board (ADR 0076): refused when the owner turned it off for
 * students (403 LEADER_BOARD_OFF); on an anonymous board a student may neither search nor sort
 * by name (400 LEADER_BOARD_NAMES_HIDDEN), which would tell whose each anonymous row is.
 */
export async function boardViewFor(services: AppServices, caller: Caller, params?: Pick<LeaderBoardParams, "filter" | "sortField">): Promise<"Full" | "Anonymous"> {
  const view = await boardViewOf(services, caller);
  assertLeaderBoardOpen(view);
  const byName = params && (params.filter.studentName !== undefined || params.sortField === "studentName" || params.sortField === "fullname");
  if (view === "Anonymous" && byName) throw new Invalid(say("LEADER_BOARD_NAMES_HIDDEN"));
  return view;
}

/**
 * Spec 7 POST /api/takenQuiz/fetchAllTakenQuiz { queryParams }: the business's leader board,
 * a page at a time, percentage descending by default. Every signed-in user of the business
 * may read it (spec 2.3) as the owner's `leaderBoardForStudents` lets them (ADR 0076: teachers
 * and the owner whole; students whole, anonymous or not at all); only another business's
 * attempts are never in it. Two queries side by side (totals and the page), whatever the page size.
 * `classId` (ADR 0080) keeps the class's members: a class the caller manages, else 404, so a
 * student's board never takes one.
 */
export async function listLeaderBoard(services: AppServices, caller: Caller, input: unknown): Promise<LeaderBoardPage> {
  const { queryParams, classId } = LeaderBoardQuery.parse(input);
  const [view, inClass] = await Promise.all([boardViewFor(services, caller, queryParams), classFilterOf(services, caller, classId)]);
  const ofClass = inClass && attemptsOfClass(inClass, sql`a.student_id`);
  const { filter } = queryParams;
  const db = services.db;
  const window = pageWindow(queryParams);
  // Raw reads go side by side, not in db.batch(): on D1 drizzle's batch binds only builder
  // queries (db/client-d1.ts); on libSQL and Turso the two still overlap.
  const [totals, page] = await Promise.all([
    db.all<{ total_count: number; student_count: number }>(boardTotalsSql(caller.businessId, filter, ofClass)),
    db.all<BoardRecord>(boardRowsSql(caller.businessId, filter, queryParams, window, ofClass)),
  ]);
  const withEmail = mayActOnLeaderBoardRows(caller);
  const rows = page.map((record) => toLeaderBoardRow(record, withEmail));
  return {
    totalCount: Number(totals[0]?.total_count ?? 0),
    studentCount: Number(totals[0]?.student_count ?? 0),
    entities: view === "Anonymous" ? rows.map((row, index) => anonymised(row, Number(page[index].student_id), caller.userId, window.offset + index + 1)) : rows,
    view,
  };
}
