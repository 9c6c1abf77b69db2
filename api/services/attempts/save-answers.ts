import { and, eq, isNotNull, lt, or, sql } from "drizzle-orm";
import { qualified } from "../../../db/qualified";
import { attemptAnswers, quizAttempts, quizzes } from "../../../db/schema";
import type { AnswerStatus } from "../../../db/schema/attempts";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict, Invalid } from "../core/errors";
import { type AttemptWithEnd, closesAt, isPastDeadline } from "./deadline";
import { optionIdsOf } from "./option-ids";
import { loadAnswerKey } from "./answer-key";
import { loadOwnAttempt } from "./own-attempt";
import { type AnswerInput, ATTEMPT_MESSAGES, DEADLINE_GRACE_MS, SaveAnswersInput } from "./schemas";
import { closeAttempt } from "./close-attempt";
import { storedFormOf } from "./answer-status";
import { closedQuestionsOf } from "./question-window";
import { chunkRows, rowsPerStatement } from "../../../db/statement-limits";

/**
 * Autosave (decisions.md: POST /api/takeQuiz/saveAnswers { takenQuizId, answers }): an upsert
 * per question, idempotent, all or nothing. Every answer is checked against the attempt's
 * own questions and options before anything is written. The write carries its own guard,
 * so a save that races the deadline or a submit is refused rather than acknowledged and
 * then left out of the grade.
 */
export async function saveAnswers(
  services: AppServices,
  caller: Caller,
  input: unknown,
): Promise<{ message: string; saved: number; savedAt: number; deadlineAt: number | null }> {
  const { takenQuizId, answers } = SaveAnswersInput.parse(input);
  const attempt = await loadOwnAttempt(services, caller, takenQuizId);
  await assertAcceptsAnswers(services, attempt);
  const rows = await checkedAnswers(services, attempt, answers);
  const now = services.now();
  try {
    await writeAnswers(services, attempt.id, rows, now);
  } catch (error) {
    // The guard fired: the attempt closed between the check and the write.
    await assertAcceptsAnswers(services, await loadOwnAttempt(services, caller, takenQuizId));
    throw error;
  }
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
}

/**
 * Each answer against the attempt's questions and options; the last answer to a question
 * wins. Options come as the attempt's own ids (option-ids.ts) and leave as stored ids.
 */
export async function checkedAnswers(
  services: AppServices,
  attempt: AttemptWithEnd,
  answers: AnswerInput[],
  /**
   * An answer already checked (one by one) is final, and a per-question-timed question closes
   * (question-window.ts): autosave skips such answers (documented: ignored), a Check is refused.
   */
  onClosed: "skip" | "refuse" = "skip",
): Promise<AnswerRow[]> {
  if (answers.length === 0) return [];
  const db = services.db;
  const [{ keys, optionsOf, positionOf, timedPerQuestion }, finals, optionIds] = await Promise.all([
    // Only the questions answered: an autosave of one answer reads a few rows, not the quiz.
    loadAnswerKey(services, attempt.quizId, [...new Set(answers.map((answer) => answer.questionId))]),
    // Only a one-by-one Check (answerOne) makes an answer final, so all-at-once exams skip the read.
    attempt.examMode === "onebyone"
      ? db.select({ questionId: attemptAnswers.questionId }).from(attemptAnswers).where(and(eq(attemptAnswers.attemptId, attempt.id), isNotNull(attemptAnswers.isCorrect)))
      : [],
    optionIdsOf(services, attempt.id),
  ]);
  const typeOf = new Map(keys.map((key) => [key.id, key.optionType]));
  const finalIds = new Set(finals.map((row) => row.questionId));
  // Rare (quizzes timed per question), so its reads are paid only there.
  const closedIds = timedPerQuestion ? await closedQuestionsOf(services, attempt) : new Set<number>();
  const rows = new Map<number, AnswerRow>();
  for (const [index, answer] of answers.entries()) {
    const options = optionsOf.get(answer.questionId);
    const position = positionOf.get(answer.questionId);
    if (!options || position === undefined) throw new Invalid(ATTEMPT_MESSAGES.questionNotInQuiz, { [`answers.${index}.questionId`]: ATTEMPT_MESSAGES.questionNotInQuiz });
    // An id this attempt did not show for the question (a stored id, another attempt's, a forged one) is refused.
    const stored = optionIds.storedChoice(options, answer.answer);
    if (!stored) throw new Invalid(ATTEMPT_MESSAGES.optionNotInQuestion, { [`answers.${index}.answer`]: ATTEMPT_MESSAGES.optionNotInQuestion });
    const { chosen, answerStatus } = storedFormOf({ answer: stored, markedForReview: answer.markedForReview });
    if (typeOf.get(answer.questionId) === "radio" && chosen.length > 1) throw new Invalid(ATTEMPT_MESSAGES.oneOptionOnly, { [`answers.${index}.answer`]: ATTEMPT_MESSAGES.oneOptionOnly });
    if (finalIds.has(answer.questionId)) {
      if (onClosed === "refuse") throw new Conflict(ATTEMPT_MESSAGES.answerIsFinal);
      continue;
    }
    if (closedIds.has(answer.questionId)) {
      if (onClosed === "refuse") throw new Conflict(ATTEMPT_MESSAGES.questionClosed, "QUESTION_CLOSED");
      continue;
    }
    rows.set(answer.questionId, { questionId: answer.questionId, position, selectedOptionIds: chosen, answerStatus });
  }
  return [...rows.values()];
}

/**
 * One batch (one transaction): the guard, which breaks quiz_attempts' rating CHECK and so
 * rolls the batch back when the attempt is submitted or past its deadline (its time limit
 * or its quiz's end date); the version
 * bump grading compares against; the upserts.
 */
export async function writeAnswers(services: AppServices, attemptId: number, rows: AnswerRow[], now: Date): Promise<void> {
  const db = services.db;
  const lateBefore = now.getTime() - DEADLINE_GRACE_MS;
  const guard = db
    .update(quizAttempts)
    .set({ rating: -1 })
    .where(
      and(
        eq(quizAttempts.id, attemptId),
        or(
          isNotNull(quizAttempts.submittedAt),
          and(isNotNull(quizAttempts.deadlineAt), lt(quizAttempts.deadlineAt, new Date(lateBefore))),
          // The quiz's end date as it is now (deadline.ts): a DateRange quiz's end closes its attempts too.
          sql`exists (select 1 from ${quizzes} where ${qualified(quizzes.id)} = ${qualified(quizAttempts.quizId)}
            and ${qualified(quizzes.status)} = 'DateRange' and ${qualified(quizzes.endTimestamp)} * 1000 < ${lateBefore})`,
        ),
      ),
    );
  const bump = db
    .update(quizAttempts)
    .set({ answersVersion: sql`${quizAttempts.answersVersion} + 1` })
    .where(eq(quizAttempts.id, attemptId));
  // Multi-row upserts, as many rows per statement as D1's parameter limit allows: a submit's
  // 50 answers are 5 statements, not 50 (the exam-burst benchmark, docs/performance.md).
  // is_correct changes only where this write brings one (answerOne's Check).
  const upserts = chunkRows(rows, rowsPerStatement(attemptAnswers)).map((chunk) =>
    db
      .insert(attemptAnswers)
      .values(chunk.map((row) => ({ attemptId, ...row, savedAt: now })))
      .onConflictDoUpdate({
        target: [attemptAnswers.attemptId, attemptAnswers.questionId],
        set: {
          selectedOptionIds: sql`excluded.selected_option_ids`,
          answerStatus: sql`excluded.answer_status`,
          savedAt: sql`excluded.saved_at`,
          isCorrect: sql`coalesce(excluded.is_correct, ${attemptAnswers.isCorrect})`,
        },
      }),
  );
  await db.batch([guard, bump, ...upserts]);
}
