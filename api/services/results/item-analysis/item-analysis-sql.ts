import { sql } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import { attemptsOfClass, type ClassFilter } from "../../classes/class-filter";
import { DISTRIBUTION_BIN_WIDTH, TOP_WRONG_ANSWERS } from "./thresholds";

/**
 * Item analysis's statements (docs/decisions/0042-item-analysis.md, 0072). Each is one GROUP BY
 * over the quiz's finished attempts, never a statement per question or per attempt
 * (bench/results.ts measures it at 20,000 attempts of one quiz).
 *
 * The answers are grouped as stored: per question, per distinct choice answer (the JSON list
 * of chosen option ids), per stored fraction and status, with how many attempts gave it and
 * the sums of those attempts' totals and squared totals. A question has only a handful of such
 * groups (one per option for a radio question, one per credit level for the other types), so
 * SQLite does no JSON work per answer. The covering index attempt_answers_item_analysis_idx
 * (migration 0017) holds exactly these columns in this order: each question's answers are read
 * from the index alone, already grouped (no sort), and only the attempt is looked up.
 */

/** An attempt's total, in marks (its stored score), or its correct count for attempts graded before marks (every mark was 1 then). */
const TOTAL = sql.raw("coalesce(z.score_e7 / 1e7, z.correct_answered)");

/** One group of answers to one question: how many finished attempts gave it, and the sums of their totals. */
export interface AnswerRow {
  questionId: number;
  /** The saved JSON list of chosen option ids ("[]" for the other types). */
  selected: string;
  /** The stored fraction in 10⁻⁷ (papers with the new types, and every grader's mark); null where the close stores none (choice-only papers) or a person has yet to mark. */
  fractionE7: number | null;
  status: string;
  chosen: number;
  totalSum: number;
  totalSquaredSum: number;
}
export interface PaperRow {
  questionId: number;
  questionText: string;
  optionType: string;
  markHundredths: number;
  /** JSON [[optionId, optionText, isCorrect 0|1], …] in the author's order. */
  options: string;
  pendingFeedback: number;
  /** Null for the quiz's own question; JSON of the draws that may draw it (ADR 0077). */
  inDraws: string | null;
}
export interface ScoreRow {
  kind: "summary" | "bin" | "day";
  label: string;
  count: number;
  average: number;
  /** Summary only: Σ and Σ² of the attempts' totals. */
  sumTotal: number;
  sumTotalSquared: number;
  /** Summary only: what changes whenever the analysis of the answers would ("" on the other rows). */
  fingerprint: string;
}

/** The quiz's finished attempts, of the class's members only when filtered (ADR 0080): every statement below reads through it. */
const finishedOf = (businessId: number, quizId: number, inClass?: ClassFilter) =>
  sql`z.business_id = ${businessId} and z.quiz_id = ${quizId} and z.submitted_at is not null${inClass ? sql` and ${attemptsOfClass(inClass, sql`z.student_id`)}` : sql``}`;

/**
 * The questions in quiz order, and the scores: the summary (with the sums of the attempts'
 * totals the discrimination needs, and a fingerprint of the finished attempts: their count, ids,
 * answers' versions and last submission, which every new finished attempt and every grade
 * changes, grading bumping the version), the distribution's bins and the days, as one list of
 * labelled rows over one materialised scan of the quiz's finished attempts.
 */
export function paperAndScoreStatements(db: Db, businessId: number, quizId: number, inClass?: ClassFilter) {
  const finished = finishedOf(businessId, quizId, inClass);
  const paper = db.all<PaperRow>(sql`
    select q.id as questionId, q.question_text as questionText, q.option_type as optionType, q.default_mark_hundredths as markHundredths,
      (select json_group_array(json_array(o.id, o.option_text, o.is_correct)) from (select * from question_options where question_id = q.id order by position) o) as options,
      (select count(*) from question_feedback f where f.question_id = q.id and f.business_id = ${businessId} and f.status = 'Pending') as pendingFeedback,
      qq.in_draws as inDraws
    from quiz_questions qq join questions q on q.id = qq.question_id
    where qq.quiz_id = ${quizId} and q.business_id = ${businessId}
    order by qq.position`);
  const scores = db.all<ScoreRow>(sql`
    with fin as materialized (
      select id, answers_version, percentage, submitted_at, ${TOTAL} as t from quiz_attempts z where ${finished})
    select 'summary' as kind, '' as label, count(*) as count, coalesce(avg(percentage), 0) as average, coalesce(sum(t), 0) as sumTotal, coalesce(sum(t * t), 0) as sumTotalSquared,
      count(*) || ':' || coalesce(sum(id), 0) || ':' || coalesce(sum(answers_version), 0) || ':' || coalesce(max(submitted_at), 0) as fingerprint from fin
    union all
    select 'bin', cast(min(cast(percentage / ${DISTRIBUTION_BIN_WIDTH} as integer), ${100 / DISTRIBUTION_BIN_WIDTH - 1}) as text) as bin, count(*), avg(percentage), 0, 0, '' from fin group by bin
    union all
    select 'day', date(submitted_at / 1000, 'unixepoch') as day, count(*), avg(percentage), 0, 0, '' from fin group by day`);
  // Side by side, not in db.batch(): on D1 drizzle's batch binds only builder queries, not raw
  // SQL with parameters (db/client-d1.ts); on libSQL and Turso the two still overlap.
  return Promise.all([paper, scores]);
}

/**
 * The answers grouped per question, distinct choice answer, stored fraction and status. The
 * answers first (in the index's order: `cross join` keeps SQLite from starting at the attempts,
 * which needs a sort of every answer), then each one's attempt by its id.
 */
export function answerGroupStatement(db: Db, businessId: number, quizId: number, inClass?: ClassFilter) {
  return db.all<AnswerRow>(sql`
    select a.question_id as questionId, a.selected_option_ids as selected, a.fraction_e7 as fractionE7, a.answer_status as status,
      count(*) as chosen, sum(${TOTAL}) as totalSum, sum(${TOTAL} * ${TOTAL}) as totalSquaredSum
    from attempt_answers a indexed by attempt_answers_item_analysis_idx cross join quiz_attempts z on z.id = a.attempt_id
    where a.question_id in (select question_id from quiz_questions where quiz_id = ${quizId}) and ${finishedOf(businessId, quizId, inClass)}
    group by a.question_id, a.selected_option_ids, a.fraction_e7, a.answer_status`);
}

/** How many finished attempts drew a question (it is on their paper), with the sums of their totals. */
export interface DrawnRow {
  questionId: number;
  drawn: number;
  sumTotal: number;
  sumTotalSquared: number;
}

/**
 * Per question, the finished attempts whose paper holds it (ADR 0077), for a quiz with draws:
 * one pass over the attempts' stored papers, grouped by question.
 */
export function drawnStatement(db: Db, businessId: number, quizId: number, inClass?: ClassFilter) {
  return db.all<DrawnRow>(sql`
    select cast(p.value as integer) as questionId, count(*) as drawn, coalesce(sum(${TOTAL}), 0) as sumTotal, coalesce(sum(${TOTAL} * ${TOTAL}), 0) as sumTotalSquared
    from quiz_attempts z, json_each(z.paper) p
    where ${finishedOf(businessId, quizId, inClass)} and z.paper is not null
    group by p.value`);
}

/** One typed answer (short answer, number) that earned less than the full mark, and how many finished attempts gave it. */
export interface WrongAnswerRow {
  questionId: number;
  /** As typed, trimmed; a number with its unit after a space. */
  typed: string;
  count: number;
}
/** One finished attempt's answer to a question whose parts it names by its own ids (matching, ordering, cloze). */
export interface PartAnswerRow {
  questionId: number;
  attemptId: number;
  answer: string;
}

/**
 * The response analysis's two reads, only for a paper that has such questions: the most
 * frequent wrong typed answers per question (top TOP_WRONG_ANSWERS, by count), and the stored
 * answers of the questions whose parts need the attempt's own ids to be read (part-ids.ts),
 * which the service reads one by one: they cannot be grouped in SQL.
 */
export function responseStatements(db: Db, businessId: number, quizId: number, typedIds: number[], partIds: number[], inClass?: ClassFilter) {
  const finished = finishedOf(businessId, quizId, inClass);
  const none = Promise.resolve([]);
  const wrong =
    typedIds.length === 0
      ? (none as Promise<WrongAnswerRow[]>)
      : db.all<WrongAnswerRow>(sql`
    with typed as (
      select a.question_id as questionId,
        trim(coalesce(a.answer ->> '$.text', trim(coalesce(a.answer ->> '$.value', '')) || ' ' || trim(coalesce(a.answer ->> '$.unit', '')))) as typed
      from attempt_answers a indexed by attempt_answers_item_analysis_idx cross join quiz_attempts z on z.id = a.attempt_id
      where a.question_id in (${sql.join(typedIds.map((id) => sql`${id}`), sql`, `)}) and ${finished}
        and a.answer is not null and coalesce(a.fraction_e7, 0) < 10000000),
    counted as (
      select questionId, typed, count(*) as count, row_number() over (partition by questionId order by count(*) desc, typed) as rank
      from typed where typed <> '' group by questionId, typed)
    select questionId, typed, count from counted where rank <= ${TOP_WRONG_ANSWERS} order by questionId, rank`);
  const parts =
    partIds.length === 0
      ? (none as Promise<PartAnswerRow[]>)
      : db.all<PartAnswerRow>(sql`
    select a.question_id as questionId, a.attempt_id as attemptId, a.answer as answer
    from attempt_answers a indexed by attempt_answers_item_analysis_idx cross join quiz_attempts z on z.id = a.attempt_id
    where a.question_id in (${sql.join(partIds.map((id) => sql`${id}`), sql`, `)}) and ${finished} and a.answer is not null`);
  return Promise.all([wrong, parts]);
}
