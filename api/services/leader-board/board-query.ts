import { type SQL, sql } from "drizzle-orm";
import type { ResultStatus } from "../../../db/schema/attempts";
import type { LeaderBoardFilter, LeaderBoardParams } from "./schemas";

/**
 * The leader board's SQL (decisions.md "Results lists", docs/decisions/0041): one row per
 * student and quiz, the attempt that counts by the quiz's `takeBestScore` (the rule of
 * api/services/attempts/counting-attempt.ts, in SQL: best = highest percentage, the earliest
 * attempt on a tie; otherwise the latest attempt), with the student's finished attempts of
 * the quiz counted in the same pass. One window query over the business's finished attempts
 * (index quiz_attempts_business_quiz_idx), never a query per row.
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
}

/**
 * `ranked`: every finished attempt of the business that passes the filter, with its rank
 * among the same student's attempts at the same quiz (1 = the one that counts) and their
 * count. Every filter is the same for all attempts of a (quiz, student) pair, so filtering
 * before ranking never changes which attempt counts.
 */
export function rankedAttempts(businessId: number, filter: LeaderBoardFilter): SQL {
  const where: SQL[] = [sql`a.business_id = ${businessId}`, sql`a.submitted_at is not null`];
  if (filter.quizName !== undefined) where.push(sql`q.quiz_name = ${filter.quizName}`);
  if (filter.quizCategory !== undefined) where.push(sql`c.name = ${filter.quizCategory}`);
  // A literal part of the name (instr, not LIKE: % and _ are plain characters here).
  if (filter.studentName !== undefined) where.push(sql`instr(lower(u.fullname), lower(${filter.studentName})) > 0`);
  return sql`with ranked as (
    select a.id, a.quiz_id, a.student_id, u.fullname, u.email, q.quiz_name, c.name as quiz_category,
      a.percentage, a.correct_answered, a.time_taken, a.status, a.started_at,
      row_number() over (
        partition by a.quiz_id, a.student_id
        order by case when q.take_best_score = 1 then a.percentage end desc,
                 case when q.take_best_score = 1 then a.attempt_number else -a.attempt_number end
      ) as rank_in_pair,
      count(*) over (partition by a.quiz_id, a.student_id) as total_attempts
    from quiz_attempts a
    join quizzes q on q.id = a.quiz_id
    join categories c on c.id = q.category_id
    join users u on u.id = a.student_id
    where ${sql.join(where, sql` and `)}
  )`;
}

const SORT_COLUMNS: Record<LeaderBoardParams["sortField"], SQL> = {
  percentage: sql`percentage`,
  id: sql`id`,
  takenQuizId: sql`id`,
  studentName: sql`fullname collate nocase`,
  fullname: sql`fullname collate nocase`,
};

/**
 * ORDER BY of the board: the chosen column, then (for the score) the quicker attempt first,
 * as a leader board ranks a tie, then the id, so pages never repeat or skip a row.
 */
export function boardOrder(params: Pick<LeaderBoardParams, "sortField" | "sortOrder">): SQL {
  const direction = params.sortOrder === "desc" ? sql`desc` : sql`asc`;
  const quicker = params.sortField === "percentage" ? sql`, time_taken asc` : sql``;
  return sql`order by ${SORT_COLUMNS[params.sortField]} ${direction}${quicker}, id asc`;
}

/** The board's rows in order; `limit` null = all of them (the CSV export caps it itself). */
export function boardRowsSql(businessId: number, filter: LeaderBoardFilter, params: Pick<LeaderBoardParams, "sortField" | "sortOrder">, window: { limit: number; offset: number }): SQL {
  return sql`${rankedAttempts(businessId, filter)}
    select id, quiz_id, student_id, fullname, email, quiz_name, quiz_category, percentage, correct_answered,
      time_taken, status, started_at, total_attempts
    from ranked where rank_in_pair = 1
    ${boardOrder(params)}
    limit ${window.limit} offset ${window.offset}`;
}

/** How many rows the board has under the filter, and how many different students they are. */
export function boardTotalsSql(businessId: number, filter: LeaderBoardFilter): SQL {
  return sql`${rankedAttempts(businessId, filter)}
    select count(*) as total_count, count(distinct student_id) as student_count
    from ranked where rank_in_pair = 1`;
}
