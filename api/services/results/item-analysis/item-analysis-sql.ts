import { sql } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import { DISTRIBUTION_BIN_WIDTH } from "./thresholds";

/**
 * Item analysis's three statements, sent side by side. Each is one GROUP BY
 * over the quiz's finished attempts, never a statement per question or per attempt
 * (bench/results.ts measures it at 20,000 attempts of one quiz).
 *
 * The answers are grouped as stored: per question and per distinct answer (the JSON list of
 * chosen option ids, as saved), with how many attempts gave it and the sum of those
 * attempts' totals. A question has only a handful of distinct answers (one per option for a
 * radio question), so SQLite does no JSON work per answer and the service reads each
 * distinct answer once: which options it holds, and whether it is exactly the correct set.
 * Saved answers hold stored option ids (the shown ids of ADR 0031 are mapped back before
 * saving), so they compare with question_options directly. Grading stores each attempt's
 * total (its correct count), which the discrimination correlates against.
 */

/** One distinct answer to one question: how many finished attempts gave it, and the sum of their totals. */
export interface AnswerRow {
  questionId: number;
  /** The saved JSON list of chosen option ids. */
  selected: string;
  chosen: number;
  totalSum: number;
}
export interface PaperRow {
  questionId: number;
  questionText: string;
  /** JSON [[optionId, optionText, isCorrect 0|1], …] in the author's order. */
  options: string;
  pendingFeedback: number;
}
export interface ScoreRow {
  kind: "summary" | "bin" | "day";
  label: string;
  count: number;
  average: number;
  /** Summary only: Σ and Σ² of the attempts' totals. */
  sumTotal: number;
  sumTotalSquared: number;
}

export function itemAnalysisStatements(db: Db, businessId: number, quizId: number) {
  const finished = sql`z.business_id = ${businessId} and z.quiz_id = ${quizId} and z.submitted_at is not null`;
  const answers = db.all<AnswerRow>(sql`
    select a.question_id as questionId, a.selected_option_ids as selected, count(*) as chosen, sum(z.correct_answered) as totalSum
    from quiz_attempts z join attempt_answers a on a.attempt_id = z.id
    where ${finished}
    group by a.question_id, a.selected_option_ids`);
  const paper = db.all<PaperRow>(sql`
    select q.id as questionId, q.question_text as questionText,
      (select json_group_array(json_array(o.id, o.option_text, o.is_correct)) from (select * from question_options where question_id = q.id order by position) o) as options,
      (select count(*) from question_feedback f where f.question_id = q.id and f.business_id = ${businessId} and f.status = 'Pending') as pendingFeedback
    from quiz_questions qq join questions q on q.id = qq.question_id
    where qq.quiz_id = ${quizId} and q.business_id = ${businessId}
    order by qq.position`);
  // The summary (with the sums of the attempts' totals the discrimination needs), the
  // distribution's bins and the days, as one list of labelled rows.
  const scores = db.all<ScoreRow>(sql`
    with fin as materialized (
      select percentage, submitted_at, correct_answered as t from quiz_attempts z where ${finished})
    select 'summary' as kind, '' as label, count(*) as count, coalesce(avg(percentage), 0) as average, coalesce(sum(t), 0) as sumTotal, coalesce(sum(t * t), 0) as sumTotalSquared from fin
    union all
    select 'bin', cast(min(cast(percentage / ${DISTRIBUTION_BIN_WIDTH} as integer), ${100 / DISTRIBUTION_BIN_WIDTH - 1}) as text) as bin, count(*), avg(percentage), 0, 0 from fin group by bin
    union all
    select 'day', date(submitted_at / 1000, 'unixepoch') as day, count(*), avg(percentage), 0, 0 from fin group by day`);
  // Side by side, not in db.batch(): on D1 drizzle's batch binds only builder queries, not raw
  // SQL with parameters (db/client-d1.ts); on libSQL and Turso the three still overlap.
  return Promise.all([answers, paper, scores]);
}
