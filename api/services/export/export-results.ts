import { and, type SQL, sql } from "drizzle-orm";
import type { QuizAttempt, ResultStatus } from "../../../db/schema/attempts";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Invalid } from "../core/errors";
import { assertAuthor, assertMayReadQuizResults, boardExportRowsOf, mayActOnLeaderBoardRows } from "../core/permissions";
import { boardViewFor } from "../leader-board/list-leader-board";
import { toLeaderBoardRow } from "../leader-board/board-row";
import { type BoardRecord, boardRowsSql } from "../leader-board/board-query";
import { LeaderBoardQuery } from "../leader-board/schemas";
import { loadQuiz } from "../quizzes/quiz-queries";
import { MARKING_CELL, passedCell, percentCell as percent, utcCell as utc } from "./cells";
import { attemptsOfClass, type ClassFilter, classFilterOf } from "../classes/class-filter";
import { fileSlug, toCsv } from "./csv";
import { passedOf } from "../pass-mark/passed";
import { EXPORT_MESSAGES, ExportTarget, MAX_EXPORT_ROWS, QuizStatsExportQuery, type QuizStatsExportParams } from "./schemas";

/** A CSV file ready to send: text/csv; charset=utf-8, as an attachment named `fileName`. */
export interface CsvFile {
  fileName: string;
  csv: string;
}

/**
 * POST /api/takenQuiz/export and the pages' CSV links (decisions.md "Export", docs/decisions/
 * 0041): with `quizId` the quiz's stats, one row per finished attempt (its teacher and the
 * owner only: assertMayReadQuizResults); without it the leader board under the same filter
 * and sort (every user of the business, e-mails only for the owner, as on the board). Paging
 * is ignored; more than MAX_EXPORT_ROWS rows is a 400 that asks for a narrower filter.
 * `classId` keeps either list to the class's members, as the list itself does (ADR 0080).
 */
export async function exportResults(services: AppServices, caller: Caller, input: unknown): Promise<CsvFile> {
  const { quizId, classId } = ExportTarget.parse(input);
  return quizId === undefined ? exportLeaderBoard(services, caller, classId, input) : exportQuizStats(services, caller, quizId, classId, input);
}


function assertFits(rows: readonly unknown[]): void {
  if (rows.length > MAX_EXPORT_ROWS) throw new Invalid(EXPORT_MESSAGES.tooManyRows(MAX_EXPORT_ROWS));
}

async function exportLeaderBoard(services: AppServices, caller: Caller, classId: number | undefined, input: unknown): Promise<CsvFile> {
  const { queryParams } = LeaderBoardQuery.parse(input);
  // ADR 0076: refused as the board is (Off; names on an anonymous board), and a student's file
  // holds only their own rows: a student never exports other students' data.
  const [, inClass] = await Promise.all([boardViewFor(services, caller, queryParams), classFilterOf(services, caller, classId)]);
  const rowsKept = and(boardExportRowsOf(caller, sql`a.student_id`), inClass && attemptsOfClass(inClass, sql`a.student_id`));
  const records = await services.db.all<BoardRecord>(boardRowsSql(caller.businessId, queryParams.filter, queryParams, { limit: MAX_EXPORT_ROWS + 1, offset: 0 }, rowsKept));
  assertFits(records);
  const withEmail = mayActOnLeaderBoardRows(caller);
  const header = ["ID", "Student name", ...(withEmail ? ["E-mail"] : []), "Quiz name", "Category", "Percentage", "Total attempts", "Time taken (seconds)", "Status", "Date (UTC)", "Passed"];
  const rows = records.map((r) => [
    r.id,
    r.fullname,
    ...(withEmail ? [r.email] : []),
    r.quiz_name,
    r.quiz_category,
    percent(r.percentage),
    r.total_attempts,
    r.time_taken,
    r.status,
    utc(r.started_at),
    passedCell(toLeaderBoardRow(r, false).passed),
  ]);
  const day = services.now().toISOString().slice(0, 10);
  return { fileName: `leader-board-${day}.csv`, csv: toCsv(header, rows) };
}

interface StatsRecord {
  id: number;
  fullname: string;
  email: string;
  attempt_number: number;
  percentage: number;
  correct_answered: number;
  time_taken: number;
  submitted_at: number;
  status: ResultStatus;
  grading_status: QuizAttempt["gradingStatus"];
}


const STATS_ORDER: Record<QuizStatsExportParams["sortField"], SQL> = {
  studentName: sql`u.fullname collate nocase`,
  studentEmail: sql`u.email`,
  percentage: sql`a.percentage`,
  attemptDate: sql`a.started_at`,
  timeTaken: sql`a.time_taken`,
  status: sql`a.status`,
  id: sql`a.id`,
  attemptNumber: sql`a.attempt_number`,
};

/** The stats search: a literal part of the name or the e-mail (either, when both are given: one search box sends both). */
function statsSearch(filter: QuizStatsExportParams["filter"]): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.studentName !== undefined) parts.push(sql`instr(lower(u.fullname), lower(${filter.studentName})) > 0`);
  if (filter.studentEmail !== undefined) parts.push(sql`instr(u.email, lower(${filter.studentEmail})) > 0`);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : undefined;
}

const ofClassMembers = (inClass: ClassFilter) => attemptsOfClass(inClass, sql`a.student_id`);

async function exportQuizStats(services: AppServices, caller: Caller, quizId: number, classId: number | undefined, input: unknown): Promise<CsvFile> {
  // A student is refused for the role before any lookup, the class's included (no student reads a quiz's results).
  assertAuthor(caller);
  const [quiz, inClass] = await Promise.all([loadQuiz(services, caller, quizId), classFilterOf(services, caller, classId)]);
  assertMayReadQuizResults(caller, quiz.row);
  const { queryParams } = QuizStatsExportQuery.parse(input);
  const search = and(statsSearch(queryParams.filter), inClass && ofClassMembers(inClass));
  const direction = queryParams.sortOrder === "desc" ? sql`desc` : sql`asc`;
  const records = await services.db.all<StatsRecord>(sql`
    select a.id, u.fullname, u.email, a.attempt_number, a.percentage, a.correct_answered, a.time_taken, a.submitted_at, a.status, a.grading_status
    from quiz_attempts a
    join users u on u.id = a.student_id
    where a.business_id = ${caller.businessId} and a.quiz_id = ${quizId} and a.submitted_at is not null
      ${search ? sql`and ${search}` : sql``}
    order by ${STATS_ORDER[queryParams.sortField]} ${direction}, a.attempt_number asc, a.id asc
    limit ${MAX_EXPORT_ROWS + 1}`);
  assertFits(records);
  const header = ["ID", "Student name", "E-mail", "Attempt", "Percentage", "Correct answers", "Time taken (seconds)", "Date (UTC)", "Status", "Marking", "Passed"];
  const passMark = quiz.row.passPercentage;
  const rows = records.map((r) => [
    r.id,
    r.fullname,
    r.email,
    r.attempt_number,
    percent(r.percentage),
    r.correct_answered,
    r.time_taken,
    utc(r.submitted_at),
    r.status,
    MARKING_CELL[r.grading_status],
    passedCell(passedOf({ percentage: r.percentage, gradingStatus: r.grading_status }, passMark)),
  ]);
  const slug = fileSlug(quiz.row.quizName);
  return { fileName: `quiz-stats-${slug ? `${slug}-` : ""}${quizId}.csv`, csv: toCsv(header, rows) };
}
