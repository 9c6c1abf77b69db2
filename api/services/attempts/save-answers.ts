import { and, eq, isNotNull } from "drizzle-orm";
import type { z } from "zod";
import { attemptAnswers } from "../../../db/schema";
import type { RawStatement } from "../../../db/raw-batch";
import { writeTogether } from "../../../db/write-together";
import type { AnswerStatus } from "../../../db/schema/attempts";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict, Invalid } from "../core/errors";
import { type AttemptToAnswer, type AttemptWithEnd, closesAt, isPastDeadline } from "./deadline";
import { optionIdsOf } from "./option-ids";
import { loadKeyOfQuestions } from "./answer-key";
import { isOnPaper } from "./attempt-paper";
import { loadOwnAttempt } from "./own-attempt";
import { type AnswerInput, ATTEMPT_MESSAGES, DEADLINE_GRACE_MS, SaveAnswersInput } from "./schemas";
import { closeAttempt } from "./close-attempt";
import { storedFormOf } from "./answer-status";
import { isKeyedType, type KeyedType } from "../marking/question-types";
import type { QuestionKey } from "./scoring";
import { readChoiceAnswer, readTypedAnswer } from "./typed-answer";
import { closedQuestionsOf } from "./question-window";
import { chunkRows, MAX_BOUND_PARAMETERS } from "../../../db/statement-limits";
import { type AttemptPartIds, partIdsOf } from "./part-ids";
import { markingQuestionOf } from "./marking-question";
import { markAnswer } from "../marking/mark-answer";
import { fractionE7Of } from "./store-markings";

/**
 * Autosave (decisions.md: POST /api/takeQuiz/saveAnswers { takenQuizId, answers }): an upsert
 * per question, idempotent, all or nothing. Every answer is checked against the attempt's
 * own questions and options before anything is written. The write carries its own guard,
 * so a save that races the deadline or a submit is refused rather than acknowledged and
 * then left out of the grade.
 */
export async function saveAnswers(services: AppServices, caller: Caller, input: unknown): Promise<SaveAnswersResult> {
  return saveReadAnswers(services, caller, SaveAnswersInput.parse(input));
}

type SaveAnswersResult = { message: string; saved: number; savedAt: number; deadlineAt: number | null };

/**
 * saveAnswers on a body already read with SaveAnswersInput: by its route's validator (the same
 * schema, take-quiz.ts) or by answerAll. Reading 50 answers through zod again cost a save of 50
 * as much as its own checks (issue 25 point 8).
 */
export async function saveReadAnswers(services: AppServices, caller: Caller, { takenQuizId, answers }: z.output<typeof SaveAnswersInput>): Promise<SaveAnswersResult> {
  const attempt = await loadOwnAttempt(services, caller, takenQuizId);
  await assertAcceptsAnswers(services, attempt);
  const rows = await checkedAnswers(services, attempt, answers);
  const now = services.now();
  await writeAnswers(services, caller, attempt, rows, now);
  // The deadline as it stands now: extra time given during the exam, or a moved end date,
  // reaches the browser with its next save.
  return { message: "Answers saved", saved: rows.length, savedAt: now.getTime(), deadlineAt: closesAt(attempt)?.getTime() ?? null };
}

/** 409 once submitted or past the deadline (and then graded on what it saved). */
export async function assertAcceptsAnswers(services: AppServices, attempt: AttemptWithEnd): Promise<void> {
  if (attempt.submittedAt) throw new Conflict(ATTEMPT_MESSAGES.submitted, "ATTEMPT_SUBMITTED");
  if (isPastDeadline(attempt, services.now())) {
    await closeAttempt(services, attempt);
    throw new Conflict(ATTEMPT_MESSAGES.timeUp, "DEADLINE_PASSED");
  }
}

export interface AnswerRow {
  questionId: number;
  position: number;
  selectedOptionIds: number[];
  answerStatus: AnswerStatus;
  /** Set by a one-by-one Check (answerOne): the answer is final from then on. */
  isCorrect?: boolean;
  /** The answer of a type without options as stored (attempt_answers.answer); absent for choice questions. */
  response?: unknown;
  /** With `response`: the engine's fraction of it in 10⁻⁷ as the close would store it, null if none (cachedFractionE7). */
  fractionE7?: number | null;
}

/**
 * Each answer against the attempt's questions and options; the last answer to a question
 * wins. Options come as the attempt's own ids (option-ids.ts) and leave as stored ids.
 */
export async function checkedAnswers(
  services: AppServices,
  attempt: AttemptToAnswer,
  answers: AnswerInput[],
  /**
   * An answer already checked (one by one) is final, and a per-question-timed question closes
   * (question-window.ts): autosave skips such answers (documented: ignored), a Check is refused.
   */
  onClosed: "skip" | "refuse" = "skip",
): Promise<AnswerRow[]> {
  if (answers.length === 0) return [];
  const db = services.db;
  const answered = [...new Set(answers.map((answer) => answer.questionId))];
  const [{ keys, optionsOf, positionOf }, finals, optionIds, partIds] = await Promise.all([
    // Only the questions answered that are on the attempt's paper (kept per quiz: no read once
    // kept); one of the quiz's draws not drawn for this attempt is refused as any stranger is (ADR 0077).
    loadKeyOfQuestions(services, attempt.quizId, answered.filter((id) => isOnPaper(attempt.paper, id))),
    // Only a one-by-one Check (answerOne) makes an answer final, so all-at-once exams skip the read.
    attempt.examMode === "onebyone"
      ? db.select({ questionId: attemptAnswers.questionId }).from(attemptAnswers).where(and(eq(attemptAnswers.attemptId, attempt.id), isNotNull(attemptAnswers.isCorrect)))
      : [],
    optionIdsOf(services, attempt.id),
    partIdsOf(services, attempt.id),
  ]);
  const keyOf = new Map(keys.map((key) => [key.id, key]));
  const finalIds = new Set(finals.map((row) => row.questionId));
  // Rare (quizzes timed per question), so its reads are paid only there. The timing comes with
  // the attempt's row (deadline.ts attemptColumns), as the quiz says now.
  const closedIds = attempt.quizTimedPerQuestion ? await closedQuestionsOf(services, attempt) : new Set<number>();
  const rows = new Map<number, AnswerRow>();
  for (const [index, answer] of answers.entries()) {
    const options = optionsOf.get(answer.questionId);
    const position = positionOf.get(answer.questionId);
    const question = keyOf.get(answer.questionId);
    if (!options || position === undefined || !question) throw new Invalid(ATTEMPT_MESSAGES.questionNotInQuiz, { [`answers.${index}.questionId`]: ATTEMPT_MESSAGES.questionNotInQuiz });
    const field = ["answers", index, "answer"];
    let row: AnswerRow;
    if (isTyped(question)) {
      // Read by the question's own type, its parts by this attempt's ids (typed-answer.ts).
      const { response, answered } = readTypedAnswer(question, answer.answer, partIds, field);
      const fractionE7 = cachedFractionE7(question, response, partIds);
      row = { questionId: answer.questionId, position, selectedOptionIds: [], response, fractionE7, answerStatus: answered ? "yes" : answer.markedForReview ? "not" : "empty" };
    } else {
      // An id this attempt did not show for the question (a stored id, another attempt's, a forged one) is refused.
      const stored = optionIds.storedChoice(options, readChoiceAnswer(answer.answer, field));
      if (!stored) throw new Invalid(ATTEMPT_MESSAGES.optionNotInQuestion, { [`answers.${index}.answer`]: ATTEMPT_MESSAGES.optionNotInQuestion });
      const { chosen, answerStatus } = storedFormOf({ answer: stored, markedForReview: answer.markedForReview });
      if (question.optionType !== "checkbox" && chosen.length > 1) throw new Invalid(ATTEMPT_MESSAGES.oneOptionOnly, { [`answers.${index}.answer`]: ATTEMPT_MESSAGES.oneOptionOnly });
      row = { questionId: answer.questionId, position, selectedOptionIds: chosen, answerStatus };
    }
    if (finalIds.has(answer.questionId)) {
      if (onClosed === "refuse") throw new Conflict(ATTEMPT_MESSAGES.answerIsFinal);
      continue;
    }
    if (closedIds.has(answer.questionId)) {
      if (onClosed === "refuse") throw new Conflict(ATTEMPT_MESSAGES.questionClosed, "QUESTION_CLOSED");
      continue;
    }
    rows.set(answer.questionId, row);
  }
  return [...rows.values()];
}

const isTyped = (question: QuestionKey): question is QuestionKey & { optionType: KeyedType } => isKeyedType(question.optionType);

/**
 * The fraction the close will store for this answer (store-markings.ts), worked out by the same
 * engine now that the row is written anyway (ADR 0093): the close then finds it in place and
 * moves no entry of the item-analysis index, whose key holds it. Only a copy for the readers of
 * closed attempts: the close grades every answer again from the saved answers and the key, and
 * writes its own fraction where this one differs. Never sent to the student (the exam's reads
 * of saved answers, attempt-snapshot.ts, do not select it; results read closed attempts only).
 * Null where the close stores none: not answered, an essay (a person marks it), a key that
 * cannot be read.
 */
function cachedFractionE7(question: QuestionKey, response: unknown, partIds: AttemptPartIds): number | null {
  const marking = markingQuestionOf(question, partIds);
  if (!marking) return null;
  const marked = markAnswer(marking, response);
  return marked.answered ? fractionE7Of(marked.fraction) : null;
}

/**
 * The write of one save, committed together with the other saves that arrive in the same
 * moment (db/write-together.ts, docs/decisions/0056-autosaves-written-together.md): the
 * version bump grading compares against, then the upserts, each applying only while the
 * attempt takes answers (not submitted, not past its deadline, nor its quiz's end date as
 * it is now: deadline.ts), all in the same transaction. When the attempt has closed, nothing
 * is written and the caller gets a 409 for why (assertAcceptsAnswers on a fresh read).
 * SQL text (db/raw-batch.ts), built once per row count: drizzle's builder cost this path
 * more than SQLite's work did.
 */
export async function writeAnswers(services: AppServices, caller: Caller, attempt: AttemptWithEnd, rows: AnswerRow[], now: Date): Promise<void> {
  const lateBefore = now.getTime() - DEADLINE_GRACE_MS;
  const takesAnswers = [attempt.id, lateBefore, lateBefore];
  const statements: RawStatement[] = [{ sql: BUMP_WHILE_OPEN, args: takesAnswers }];
  // Choice answers in selected_option_ids, the other types' in answer with their marking's fraction (cachedFractionE7).
  for (const chunk of chunkRows(rows.filter((row) => row.response === undefined), ROWS_PER_UPSERT)) {
    const values = chunk.flatMap((row) => [row.questionId, row.position, JSON.stringify(row.selectedOptionIds), row.answerStatus, isCorrectOf(row)]);
    statements.push({ sql: upsertWhileOpen(chunk.length, "selected_option_ids"), args: [attempt.id, now.getTime(), ...values, ...takesAnswers] });
  }
  for (const chunk of chunkRows(rows.filter((row) => row.response !== undefined), ROWS_PER_TYPED_UPSERT)) {
    const values = chunk.flatMap((row) => [row.questionId, row.position, JSON.stringify(row.response), row.answerStatus, isCorrectOf(row), row.fractionE7 ?? null]);
    statements.push({ sql: upsertWhileOpen(chunk.length, "answer"), args: [attempt.id, now.getTime(), ...values, ...takesAnswers] });
  }
  const [bumped] = await writeTogether(services.db, statements);
  if (bumped === 1) return;
  // Closed since the checks: submitted (409 for that), or the deadline passed by the write's clock.
  await assertAcceptsAnswers(services, await loadOwnAttempt(services, caller, attempt.id));
  throw new Conflict(ATTEMPT_MESSAGES.timeUp, "DEADLINE_PASSED");
}

/**
 * The attempt takes answers. Its three values: the attempt's id, then twice the moment a deadline must not be before (now − the grace: deadline.ts).
 * An attempt with the student's own end (ends_at, ADR 0079) has it in its deadline_at: the quiz's end does not end it.
 */
const TAKES_ANSWERS = `id = ? and submitted_at is null and (deadline_at is null or deadline_at >= ?)
  and (ends_at is not null or not exists (select 1 from quizzes where quizzes.id = quiz_attempts.quiz_id and quizzes.status = 'DateRange' and quizzes.end_timestamp * 1000 < ?))`;

const BUMP_WHILE_OPEN = `update quiz_attempts set answers_version = answers_version + 1 where ${TAKES_ANSWERS}`;

/** Rows of (question_id, position, selected_option_ids, answer_status, is_correct): D1 binds at most 100 values per statement. */
const ROWS_PER_UPSERT = Math.floor((MAX_BOUND_PARAMETERS - 5) / 5);
/** The other types' rows carry their fraction too: (question_id, position, answer, answer_status, is_correct, fraction_e7). */
const ROWS_PER_TYPED_UPSERT = Math.floor((MAX_BOUND_PARAMETERS - 5) / 6);

const isCorrectOf = (row: AnswerRow) => (row.isCorrect === undefined ? null : row.isCorrect ? 1 : 0);

const upserts = new Map<string, string>();

/**
 * is_correct changes only where the write brings one (answerOne's Check). `column` holds the answer: a choice's ids, or
 * another type's answer, which also brings its fraction (a choice row keeps none: its readers derive it from the ids).
 */
function upsertWhileOpen(rowCount: number, column: "selected_option_ids" | "answer"): string {
  let text = upserts.get(`${column}:${rowCount}`);
  if (!text) {
    const typed = column === "answer";
    const values = Array.from({ length: rowCount }, () => (typed ? "(?, ?, ?, ?, ?, ?)" : "(?, ?, ?, ?, ?)")).join(", ");
    text = `insert into attempt_answers (attempt_id, saved_at, question_id, position, ${column}, answer_status, is_correct${typed ? ", fraction_e7" : ""})
      select ?1, ?2, column1, column2, column3, column4, column5${typed ? ", column6" : ""} from (values ${values}) where exists (select 1 from quiz_attempts where ${TAKES_ANSWERS})
      on conflict (attempt_id, question_id) do update set ${column} = excluded.${column}, answer_status = excluded.answer_status,
        saved_at = excluded.saved_at, is_correct = coalesce(excluded.is_correct, attempt_answers.is_correct)${typed ? ", fraction_e7 = excluded.fraction_e7" : ""}`;
    upserts.set(`${column}:${rowCount}`, text);
  }
  return text;
}
