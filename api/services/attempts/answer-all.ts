import type { z } from "zod";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { readOwnAttemptSnapshot, type StoredAnswer } from "./attempt-snapshot";
import { closeAttempt } from "./close-attempt";
import { type AttemptWithEnd, isPastDeadline } from "./deadline";
import { loadQuestionsKey } from "./answer-key";
import { optionIdsOf } from "./option-ids";
import { loadOwnAttempt } from "./own-attempt";
import { saveReadAnswers } from "./save-answers";
import { storedFormOf } from "./answer-status";
import { studentSeesQuiz } from "./quiz-access";
import { ATTEMPT_MESSAGES, AnswerAllInput, type AnswerInput } from "./schemas";
import { Invalid, NotFound } from "../core/errors";
import { isStudent } from "../core/permissions";
import { passedOf, passPercentageOf } from "../pass-mark/passed";

export interface TakenQuizObject {
  takenQuizId: number;
  id: number;
  quizId: number;
  attemptNumber: number;
  correctAnswered: number;
  negativePoints: number;
  percentage: number;
  /** Seconds, by the server's clock. */
  timeTaken: number;
  /** Epoch ms of the start. */
  attemptDate: number;
  status: string;
  /** ADR 0076: whether the result reaches the quiz's pass mark; null without one or while marking is pending. */
  passed: boolean | null;
}

/**
 * decisions.md "Taking": answerAll { takenQuizId, quizId, answers, timeTaken } saves the last
 * answers (if the attempt still takes them), grades once and answers
 * { data: { takenQuizObject } }; the same call again returns the same result. An attempt
 * past its deadline is graded on what it saved by then; answers sent late are ignored.
 * The client's `timeTaken` is advisory: the server's clock decides. A `quizId` that is not the
 * attempt's quiz is refused before anything is saved or graded (refuseOtherQuiz).
 */
export async function answerAll(services: AppServices, caller: Caller, input: unknown): Promise<AnswerAllResult> {
  return answerAllRead(services, caller, AnswerAllInput.parse(input));
}

type AnswerAllResult = { message: string; data: { takenQuizObject: TakenQuizObject } };

/** answerAll on a body its route's validator already read with AnswerAllInput (take-quiz.ts): a submit's 50 answers go through zod once. */
export async function answerAllRead(services: AppServices, caller: Caller, { takenQuizId, quizId, answers }: z.output<typeof AnswerAllInput>): Promise<AnswerAllResult> {
  // The caller's own attempt and what it stores now, in one read: when the submit brings
  // nothing new, grading goes on from this very read. Anyone else's id is refused as before.
  let snapshot = isStudent(caller) ? await readOwnAttemptSnapshot(services, caller, takenQuizId) : null;
  // The pass mark came with the snapshot (ADR 0076): the submit spends no statement on it.
  const passMark = snapshot ? snapshot.passPercentage : undefined;
  let attempt: AttemptWithEnd = snapshot?.attempt ?? (await loadOwnAttempt(services, caller, takenQuizId));
  if (quizId !== undefined && quizId !== attempt.quizId) await refuseOtherQuiz(services, caller, quizId);
  let changed: AnswerInput[] = [];
  if (snapshot && answers?.length && !attempt.submittedAt && !isPastDeadline(attempt, services.now())) {
    // The submit carries the attempt's own option ids (option-ids.ts): compare in those.
    const [{ optionsOf }, optionIds] = await Promise.all([loadQuestionsKey(services, attempt.quizId), optionIdsOf(services, attempt.id)]);
    changed = notYetSaved(optionIds.shownAnswers(snapshot.answers, optionsOf), answers);
  }
  if (changed.length) {
    snapshot = null;
    // Read by AnswerAllInput already: the same answers as SaveAnswersInput reads them.
    await saveReadAnswers(services, caller, { takenQuizId, answers: changed }).catch((error: unknown) => {
      // Closed meanwhile (a second submit, the deadline): grade what was saved.
      if ((error as { status?: number }).status !== 409) throw error;
    });
  }
  // Without a snapshot (not a student's call) the pass mark is read beside the grading.
  const [closed, passPercentage] = await Promise.all([closeAttempt(services, attempt, snapshot ?? undefined), passMark !== undefined ? passMark : passPercentageOf(services, attempt.quizId)]);
  attempt = closed;
  return {
    message: "quiz completed",
    data: {
      takenQuizObject: {
        takenQuizId: attempt.id,
        id: attempt.id,
        quizId: attempt.quizId,
        attemptNumber: attempt.attemptNumber,
        correctAnswered: attempt.correctAnswered,
        negativePoints: attempt.negativePoints,
        percentage: attempt.percentage,
        timeTaken: attempt.timeTaken,
        attemptDate: attempt.startedAt.getTime(),
        status: attempt.status,
        passed: passedOf(attempt, passPercentage),
      },
    },
  };
}

/**
 * The answers of a submit that differ from what autosave already stored. The exam page
 * sends every answer again with its submit, and nearly all of them are saved by then: one
 * read of the stored answers spares checking and rewriting them all (a class submitting in
 * the same second, docs/performance.md). The last answer to a question wins, as in
 * saveAnswers; anything not stored as sent (new, changed, or invalid) goes through
 * saveAnswers and its checks unchanged.
 */
function notYetSaved(stored: StoredAnswer[], answers: AnswerInput[]): AnswerInput[] {
  const storedOf = new Map(stored.map((row) => [row.questionId, row]));
  const last = new Map(answers.map((answer) => [answer.questionId, answer]));
  return [...last.values()].filter((answer) => !storedAsSent(storedOf.get(answer.questionId), answer));
}

/**
 * Whether what is stored is what was sent: a choice's ids with its status as autosave would
 * store them; another type's answer as stored, only once it answers something (an essay's
 * HTML as sanitised: one sent otherwise is simply saved again). Anything that reads as
 * neither goes through saveAnswers' checks. Compared field by field: a class submits at once.
 */
function storedAsSent(row: StoredAnswer | undefined, answer: AnswerInput): boolean {
  if (!row) return false;
  const sent = answer.answer;
  if (Array.isArray(sent) && sent.every((id) => typeof id === "number")) {
    if (row.response !== null) return false;
    const { chosen, answerStatus } = storedFormOf({ answer: sent as number[], markedForReview: answer.markedForReview });
    return answerStatus === row.answerStatus && chosen.length === row.answer.length && chosen.every((id, index) => id === row.answer[index]);
  }
  return row.response !== null && row.answerStatus === "yes" && sameValue(row.response, sent);
}

/**
 * Whether two JSON values are the same whatever the order of their objects' keys: the stored
 * answer is written in its schema's key order, the sent one in the client's, and a typed answer
 * taken for changed is checked and written again (a mixed paper's submit, docs/performance.md).
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => sameValue(item, (b as unknown[])[i]));
  const keysOfA = Object.keys(a);
  return keysOfA.length === Object.keys(b).length && keysOfA.every((key) => Object.hasOwn(b, key) && sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * answerAll's `quizId` names another quiz than the attempt's (ADR 0059, issue 25 point 2): a
 * client that mixed up its ids learns it plainly (400 ATTEMPT_OF_ANOTHER_QUIZ, on the field)
 * when the quiz is one the student sees; any other id (another business's, a draft, one hidden
 * from them, none) is 404 as a quiz that never was, so nothing tells it exists.
 */
async function refuseOtherQuiz(services: AppServices, caller: Caller, quizId: number): Promise<never> {
  if (!(await studentSeesQuiz(services, caller, quizId))) throw new NotFound("quiz");
  throw new Invalid(ATTEMPT_MESSAGES.quizNotOfAttempt, { quizId: ATTEMPT_MESSAGES.quizNotOfAttempt }, "ATTEMPT_OF_ANOTHER_QUIZ");
}
