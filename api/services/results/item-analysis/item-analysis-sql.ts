import { sql } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import { attemptsOfClass, type ClassFilter } from "../../classes/class-filter";
import { TOP_WRONG_ANSWERS } from "./thresholds";

/**
 * Item analysis's statements (docs/decisions/0042-item-analysis.md, 0072 and its addendum).
 * Each is one statement over the quiz's finished attempts, never one per question or per
 * attempt (bench/results.ts measures them at 20,000 attempts of one quiz). A page read is the
 * paper and a fingerprint of the attempts; the attempts and their grouped answers are read once
 * per process and then only the attempts that changed (kept-attempts.ts). Lists of attempts come
 * as one JSON value: handing 20,000 rows over one by one costs more than the query.
 *
 * The answers are grouped as stored: per question, per distinct choice answer (the JSON list
 * of chosen option ids), per stored fraction, and per status only where a fraction is missing
 * and nothing was chosen (`GROUP_STATUS`). A question has only a handful of such groups (one per
 * option for a radio question, one per credit level for the other types), so SQLite does no JSON
 * work per answer. The covering index attempt_answers_item_analysis_idx (migrations 0017, 0027)
 * holds the first three in this order and the attempt: each question's answers are read from the
 * index alone, already grouped (no sort), and only rows without a fraction or a choice (an essay
 * waiting for its grader, an unanswered question) are looked up for their status.
 */

/**
 * The one status the figures read (statistics.ts `tallyAnswers`: an essay without a fraction is
 * waiting unless it is empty); every other answer's group carries ''. The status is not in the
 * covering index (ADR 0093: the close writes it, and an index entry moved per typed answer made
 * the mixed paper's submit slow), so only these rows are looked up, and the first read and the
 * read of changed attempts group alike.
 */
const GROUP_STATUS = sql.raw("case when a.fraction_e7 is null and a.selected_option_ids = '[]' then a.answer_status else '' end");

/** An attempt's total, in marks (its stored score), or its correct count for attempts graded before marks (every mark was 1 then). */
const TOTAL = sql.raw("coalesce(z.score_e7 / 1e7, z.correct_answered)");

/** One group of answers to one question: how many finished attempts gave it, and the sums of their totals. */
export interface AnswerRow {
  questionId: number;
  /** The saved JSON list of chosen option ids ("[]" for the other types). */
  selected: string;
  /** The stored fraction in 10⁻⁷ (keyed types, and every grader's mark); null where the close stores none (choice answers) or a person has yet to mark. */
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

/** The quiz's finished attempts, of the class's members only when filtered (ADR 0080): every statement below reads through it. */
const finishedOf = (businessId: number, quizId: number, inClass?: ClassFilter) =>
  sql`z.business_id = ${businessId} and z.quiz_id = ${quizId} and z.submitted_at is not null${inClass ? sql` and ${attemptsOfClass(inClass, sql`z.student_id`)}` : sql``}`;
const questionsOf = (quizId: number) => sql`(select question_id from quiz_questions where quiz_id = ${quizId})`;

/** The quiz's finished attempts as the page reads them every time: their fingerprint, and which ones at which version. */
export interface FinishedAttempts {
  /** Count, Σ ids, Σ answers' versions and last submission (attempt-records.ts computes the same of the kept attempts). */
  fingerprint: string;
  /** Ids and versions in the same order, parsed only when the fingerprint differs from the kept one. */
  versions: () => [number[], number[]];
  /** The school's zone (ADR 0082), null before the owner chose one: read in the same statement, for the days of the scores over time. */
  schoolTimeZone: string | null;
}

/**
 * The questions in quiz order, and the quiz's finished attempts: their fingerprint (count, Σ ids,
 * Σ answers' versions and last submission, which every new finished attempt and every grade
 * changes, grading bumping the version) and their ids and versions (a close is final and sets
 * the time once, so a version tells every change of a finished attempt). One pass over the
 * attempts without a sort; the lists come as two JSON arrays of numbers, one value each for
 * 20,000 attempts (a row each costs ten times more to hand over), and are parsed only when the
 * fingerprint is not the kept attempts' (kept-attempts.ts): a page read after a grade needs no
 * further round trip to find what changed.
 */
export function paperAndFinishedStatements(db: Db, businessId: number, quizId: number, inClass?: ClassFilter): Promise<[PaperRow[], FinishedAttempts]> {
  const paper = db.all<PaperRow>(sql`
    select q.id as questionId, q.question_text as questionText, q.option_type as optionType, q.default_mark_hundredths as markHundredths,
      (select json_group_array(json_array(o.id, o.option_text, o.is_correct)) from (select * from question_options where question_id = q.id order by position) o) as options,
      (select count(*) from question_feedback f where f.question_id = q.id and f.business_id = ${businessId} and f.status = 'Pending') as pendingFeedback,
      qq.in_draws as inDraws
    from quiz_questions qq join questions q on q.id = qq.question_id
    where qq.quiz_id = ${quizId} and q.business_id = ${businessId}
    order by qq.position`);
  const finished = db.all<{ fingerprint: string; ids: string; versions: string; timeZone: string | null }>(sql`
    select count(*) || ':' || coalesce(sum(id), 0) || ':' || coalesce(sum(answers_version), 0) || ':' || coalesce(max(submitted_at), 0) as fingerprint,
      json_group_array(id) as ids, json_group_array(answers_version) as versions,
      (select time_zone from admin_settings where business_id = ${businessId}) as timeZone
    from quiz_attempts z where ${finishedOf(businessId, quizId, inClass)}`);
  // Side by side, not in db.batch(): on D1 drizzle's batch binds only builder queries, not raw
  // SQL with parameters (db/client-d1.ts); on libSQL and Turso the two still overlap.
  return Promise.all([
    paper,
    finished.then(([row]) => ({
      fingerprint: row?.fingerprint ?? "0:0:0:0",
      versions: (): [number[], number[]] => [JSON.parse(row?.ids ?? "[]") as number[], JSON.parse(row?.versions ?? "[]") as number[]],
      schoolTimeZone: row?.timeZone ?? null,
    })),
  ]);
}

/** [id, answers_version, submitted_at, percentage, total], and with the attempt's answers [[questionId, selected, fractionE7, GROUP_STATUS], …]. */
export type AttemptFields = [number, number, number, number, number];
export type AttemptWithAnswers = [...AttemptFields, [number, string, number | null, string][]];

/** Every finished attempt's fields (the first read of a quiz; its answers come grouped, `answerGroupsStatement`). */
export async function finishedAttemptsStatement(db: Db, businessId: number, quizId: number, inClass?: ClassFilter): Promise<AttemptFields[]> {
  const [row] = await db.all<{ list: string }>(sql`
    select json_group_array(json_array(id, answers_version, submitted_at, percentage, ${TOTAL})) as list from quiz_attempts z where ${finishedOf(businessId, quizId, inClass)}`);
  return JSON.parse(row?.list ?? "[]") as AttemptFields[];
}

/**
 * Some finished attempts with their answers to the quiz's questions, each attempt read with its
 * answers in one statement (so its version is the one its answers were read at): the attempts a
 * grade or a close changed since the kept ones.
 */
export async function attemptsWithAnswersStatement(db: Db, businessId: number, quizId: number, ids: readonly number[], inClass?: ClassFilter): Promise<AttemptWithAnswers[]> {
  const [row] = await db.all<{ list: string }>(sql`
    select json_group_array(json_array(z.id, z.answers_version, z.submitted_at, z.percentage, ${TOTAL},
      json((select json_group_array(json_array(a.question_id, a.selected_option_ids, a.fraction_e7, ${GROUP_STATUS}))
        from attempt_answers a where a.attempt_id = z.id and a.question_id in ${questionsOf(quizId)})))) as list
    from quiz_attempts z where z.id in (select value from json_each(${JSON.stringify(ids)})) and ${finishedOf(businessId, quizId, inClass)}`);
  return JSON.parse(row?.list ?? "[]") as AttemptWithAnswers[];
}

/** One group of stored answers with the ids of the attempts that gave it (any attempt: the caller keeps the quiz's finished ones). */
export interface AnswerGroupIds {
  questionId: number;
  selected: string;
  fractionE7: number | null;
  status: string;
  /** Comma-separated attempt ids. */
  attemptIds: string;
}

/**
 * The answers to the quiz's questions grouped per question, distinct choice answer, stored
 * fraction and `GROUP_STATUS`, each group with its attempts' ids: the answers with a fraction or
 * a choice from the covering index attempt_answers_item_analysis_idx alone, in its order (no
 * sort, no look-up of any attempt or row); those with neither (essays waiting, unanswered) with
 * their rows' status. Which of those attempts are this quiz's finished ones, and their totals,
 * the caller knows from `finishedAttemptsStatement`.
 */
export function answerGroupsStatement(db: Db, quizId: number) {
  return db.all<AnswerGroupIds>(sql`
    select a.question_id as questionId, a.selected_option_ids as selected, a.fraction_e7 as fractionE7, '' as status, group_concat(a.attempt_id) as attemptIds
    from attempt_answers a indexed by attempt_answers_item_analysis_idx
    where a.question_id in ${questionsOf(quizId)} and (a.fraction_e7 is not null or a.selected_option_ids <> '[]')
    group by a.question_id, a.selected_option_ids, a.fraction_e7
    union all
    select a.question_id, a.selected_option_ids, a.fraction_e7, a.answer_status, group_concat(a.attempt_id)
    from attempt_answers a indexed by attempt_answers_item_analysis_idx
    where a.question_id in ${questionsOf(quizId)} and a.selected_option_ids = '[]' and a.fraction_e7 is null
    group by a.question_id, a.answer_status`);
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
