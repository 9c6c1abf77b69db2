import { sql } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import { DISTRIBUTION_BIN_WIDTH } from "./thresholds";

/**
 * Item analysis's four statements, sent in one batch (one round trip). Each is one GROUP BY
 * over the quiz's finished attempts, never a statement per question or per attempt, so the
 * cost grows with the answers once, not with the number of questions (bench/results.ts).
 *
 * Correctness is computed here, not read: grading stores the attempt's totals, not a verdict
 * per answer (scoring.ts). An answer is right when it holds exactly the question's correct
 * option set, as grading says: as many distinct chosen ids as correct options, all of them
 * correct options of this question. Saved answers hold stored option ids (the shown ids of
 * ADR 0031 are mapped back before saving), so they join question_options directly.
 */

/** Per question: attempts right and the sum of their totals; with the sums over all attempts. */
export interface ItemRow {
  questionId: number;
  right: number;
  totalWhenRight: number;
  sumTotal: number;
  sumTotalSquared: number;
}
export interface ChoiceRow {
  questionId: number;
  optionId: number;
  chosen: number;
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
}

export function itemAnalysisStatements(db: Db, businessId: number, quizId: number) {
  const finished = sql`select id from quiz_attempts where business_id = ${businessId} and quiz_id = ${quizId} and submitted_at is not null`;
  const items = db.all<ItemRow>(sql`
    with fin as materialized (${finished}),
    keys as materialized (
      select o.question_id, sum(o.is_correct) as n_correct
      from quiz_questions qq join question_options o on o.question_id = qq.question_id
      where qq.quiz_id = ${quizId} group by o.question_id),
    scored as materialized (
      select a.attempt_id, a.question_id,
        coalesce((select count(distinct j.value) = k.n_correct and count(distinct case when o.is_correct = 1 then o.id end) = k.n_correct
                  from json_each(a.selected_option_ids) j
                  left join question_options o on o.id = j.value and o.question_id = a.question_id), 0) as x
      from fin join attempt_answers a on a.attempt_id = fin.id join keys k on k.question_id = a.question_id),
    totals as materialized (select attempt_id, sum(x) as t from scored group by attempt_id)
    select s.question_id as questionId, sum(s.x) as "right", sum(s.x * t.t) as totalWhenRight,
      (select coalesce(sum(t), 0) from totals) as sumTotal, (select coalesce(sum(t * t), 0) from totals) as sumTotalSquared
    from scored s join totals t on t.attempt_id = s.attempt_id
    group by s.question_id`);
  const choices = db.all<ChoiceRow>(sql`
    select a.question_id as questionId, j.value as optionId, count(distinct a.attempt_id) as chosen
    from quiz_attempts z join attempt_answers a on a.attempt_id = z.id, json_each(a.selected_option_ids) j
    where z.business_id = ${businessId} and z.quiz_id = ${quizId} and z.submitted_at is not null
    group by a.question_id, j.value`);
  const paper = db.all<PaperRow>(sql`
    select q.id as questionId, q.question_text as questionText,
      (select json_group_array(json_array(o.id, o.option_text, o.is_correct)) from (select * from question_options where question_id = q.id order by position) o) as options,
      (select count(*) from question_feedback f where f.question_id = q.id and f.business_id = ${businessId} and f.status = 'Pending') as pendingFeedback
    from quiz_questions qq join questions q on q.id = qq.question_id
    where qq.quiz_id = ${quizId} and q.business_id = ${businessId}
    order by qq.position`);
  // The summary, the distribution's bins and the days, as one list of labelled counts.
  const scores = db.all<ScoreRow>(sql`
    with fin as materialized (
      select percentage, submitted_at from quiz_attempts
      where business_id = ${businessId} and quiz_id = ${quizId} and submitted_at is not null)
    select 'summary' as kind, '' as label, count(*) as count, coalesce(avg(percentage), 0) as average from fin
    union all
    select 'bin', cast(min(cast(percentage / ${DISTRIBUTION_BIN_WIDTH} as integer), ${100 / DISTRIBUTION_BIN_WIDTH - 1}) as text) as bin, count(*), avg(percentage) from fin group by bin
    union all
    select 'day', date(submitted_at / 1000, 'unixepoch') as day, count(*), avg(percentage) from fin group by day`);
  return db.batch([items, choices, paper, scores]);
}
