import { type SQL, sql } from "drizzle-orm";
import type { ResultStatus } from "../../../db/schema/attempts";
import type { LeaderBoardFilter, LeaderBoardParams } from "./schemas";

/**
 * The leader board's SQL (decisions.md "Results lists", docs/decisions/0041): one row per
 * student and quiz, the attempt that counts by the quiz's `takeBestScore`, with the
 * student's finished attempts at the quiz counted in the same pass. Never a query per row.
 *
 * One grouped pass over the business's finished attempts, in the order of the unique index
 * (quiz_id, student_id, attempt_number), so grouping needs no sort. Which attempt counts is
 * pickCountingAttempt's rule (api/services/attempts/counting-attempt.ts) as one key whose
 * maximum is that attempt: best score, the earliest attempt on a tie, is
 * `percentage × 10^6 − attemptNumber`; the latest attempt is `attemptNumber`. SQLite takes
 * the other ("bare") columns of a group from the row where its single max() is reached (a
 * documented rule of SQLite, so of libSQL, Turso and D1 alike): the row's id, score, time
 * and status are the counting attempt's. Two different percentages of a quiz differ by far
 * more than 10^-6 × any attempt number, so the key never mixes the two orders. About four
 * times quicker than ranking every attempt with row_number() on 20,000 attempts.
 */

/** A board row as the database gives it (snake_case aliases, numbers). */
export interface BoardRecord {
  id: number;
  quiz_id: number;
  student_id: number;
  fullname: string;
  email: string;
  quiz_name: string;
  quiz_category: string;
  percentage: number;
  correct_answered: number;
  time_taken: number;
  status: ResultStatus;
  started_at: number;
  total_attempts: number;
  /** The quiz's pass mark (ADR 0076), null without one. */
  pass_percentage: number | null;
}

/**
 * `counted`: one row per (quiz, student) pair of the business that passes the filter,
 * carrying its counting attempt and its number of finished attempts. Every filter is the
 * same for all attempts of a pair, so filtering before grouping never changes which attempt
 * counts. Names are looked up only for what a filter needs here; the page joins them after.
 */
function countedPairs(businessId: number, filter: LeaderBoardFilter, onlyRows?: SQL): SQL {
  // decisions.md: an attempt awaiting a grader (an essay not yet marked) has no place until it is graded.
  const where: SQL[] = [sql`a.business_id = ${businessId}`, sql`a.submitted_at is not null`, sql`a.grading_status = 'Graded'`];
  // A student's export: only their own pairs (permissions.ts boardExportRowsOf); a class's
  // members (ADR 0080). Both are the same for every attempt of a pair, as the filters are, and
  // both name students: their attempts are read by the student index (above), not every
  // attempt of the business (without ANALYZE statistics SQLite would take the business index).
  if (onlyRows) where.push(onlyRows);
  // The quiz filters become a list of quiz ids, so the index (business_id, quiz_id, …) reads
  // only those quizzes' attempts (quizzes_business_name_idx, categories_business_name_uq).
  const quizzesWhere: SQL[] = [sql`fq.business_id = ${businessId}`];
  if (filter.quizName !== undefined) quizzesWhere.push(sql`fq.quiz_name = ${filter.quizName}`);
  if (filter.quizCategory !== undefined) quizzesWhere.push(sql`fq.category_id in (select id from categories where business_id = ${businessId} and name = ${filter.quizCategory})`);
  if (quizzesWhere.length > 1) where.push(sql`a.quiz_id in (select fq.id from quizzes fq where ${sql.join(quizzesWhere, sql` and `)})`);
  // A literal part of the name (instr, not LIKE: % and _ are plain characters here).
  if (filter.studentName !== undefined) where.push(sql`a.student_id in (select id from users where business_id = ${businessId} and instr(lower(fullname), lower(${filter.studentName})) > 0)`);
  return sql`with counted as (
    select a.id, a.quiz_id, a.student_id, a.percentage, a.correct_answered, a.time_taken, a.status, a.started_at,
      max(case when q.take_best_score = 1 then a.percentage * 1000000 - a.attempt_number else a.attempt_number end) as counting_key,
      count(*) as total_attempts
    from quiz_attempts a ${onlyRows ? sql`indexed by quiz_attempts_student_idx` : sql``}
    join quizzes q on q.id = a.quiz_id
    where ${sql.join(where, sql` and `)}
    group by a.quiz_id, a.student_id
  )`;
}

const SORT_COLUMNS: Record<LeaderBoardParams["sortField"], SQL> = {
  percentage: sql`counted.percentage`,
  id: sql`counted.id`,
  takenQuizId: sql`counted.id`,
  studentName: sql`u.fullname collate nocase`,
  fullname: sql`u.fullname collate nocase`,
};

/**
 * ORDER BY of the board: the chosen column, then (for the score) the quicker attempt first,
 * as a leader board ranks a tie, then the id, so pages never repeat or skip a row.
 */
function boardOrder(params: Pick<LeaderBoardParams, "sortField" | "sortOrder">): SQL {
  const direction = params.sortOrder === "desc" ? sql`desc` : sql`asc`;
  const quicker = params.sortField === "percentage" ? sql`, counted.time_taken asc` : sql``;
  return sql`order by ${SORT_COLUMNS[params.sortField]} ${direction}${quicker}, counted.id asc`;
}

const ROW_COLUMNS = sql`counted.id, counted.quiz_id, counted.student_id, u.fullname, u.email, q.quiz_name, c.name as quiz_category,
  counted.percentage, counted.correct_answered, counted.time_taken, counted.status, counted.started_at, counted.total_attempts, q.pass_percentage`;
const NAMES = sql`join users u on u.id = counted.student_id
  join quizzes q on q.id = counted.quiz_id
  join categories c on c.id = q.category_id`;

/**
 * The board's rows in order, one window of them (the CSV export asks for all, capped). By
 * score or id the window is cut from the grouped pairs first and only its rows get their
 * names; by name every pair needs its name to be ordered.
 */
export function boardRowsSql(businessId: number, filter: LeaderBoardFilter, params: Pick<LeaderBoardParams, "sortField" | "sortOrder">, window: { limit: number; offset: number }, onlyRows?: SQL): SQL {
  const byName = params.sortField === "studentName" || params.sortField === "fullname";
  if (byName) {
    return sql`${countedPairs(businessId, filter, onlyRows)}
      select ${ROW_COLUMNS} from counted ${NAMES}
      ${boardOrder(params)}
      limit ${window.limit} offset ${window.offset}`;
  }
  return sql`${countedPairs(businessId, filter, onlyRows)}, windowed as (
      select * from counted ${boardOrder(params)} limit ${window.limit} offset ${window.offset}
    )
    select ${ROW_COLUMNS} from windowed as counted ${NAMES}
    ${boardOrder(params)}`;
}

/** How many rows the board has under the filter, and how many different students they are. */
export function boardTotalsSql(businessId: number, filter: LeaderBoardFilter, onlyRows?: SQL): SQL {
  return sql`${countedPairs(businessId, filter, onlyRows)}
    select count(*) as total_count, count(distinct student_id) as student_count from counted`;
}
