import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { readAttemptSnapshot, type StoredAnswer } from "./attempt-snapshot";
import { closeAttempt } from "./close-attempt";
import { type AttemptWithEnd, isPastDeadline } from "./deadline";
import { loadQuestionsKey } from "./answer-key";
import { optionIdsOf } from "./option-ids";
import { loadOwnAttempt } from "./own-attempt";
import { saveAnswers } from "./save-answers";
import { storedFormOf } from "./answer-status";
import { studentSeesQuiz } from "./quiz-access";
import { ATTEMPT_MESSAGES, AnswerAllInput, type AnswerInput } from "./schemas";
import { Invalid, NotFound } from "../core/errors";

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
}

/**
 * decisions.md "Taking": answerAll { takenQuizId, quizId, answers, timeTaken } saves the last
 * answers (if the attempt still takes them), grades once and answers
 * { data: { takenQuizObject } }; the same call again returns the same result. An attempt
 * past its deadline is graded on what it saved by then; answers sent late are ignored.
 * The client's `timeTaken` is advisory: the server's clock decides. A `quizId` that is not the
 * attempt's quiz is refused before anything is saved or graded (refuseOtherQuiz).
 */
export async function answerAll(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; data: { takenQuizObject: TakenQuizObject } }> {
  const { takenQuizId, quizId, answers } = AnswerAllInput.parse(input);
  let attempt: AttemptWithEnd = await loadOwnAttempt(services, caller, takenQuizId);
  if (quizId !== undefined && quizId !== attempt.quizId) await refuseOtherQuiz(services, caller, quizId);
  // What is stored now: when the submit brings nothing new, grading goes on from this very read.
  let snapshot = !attempt.submittedAt && !isPastDeadline(attempt, services.now()) && answers?.length ? await readAttemptSnapshot(services, attempt.id) : null;
  let changed: AnswerInput[] = [];
  if (snapshot && answers) {
    // The submit carries the attempt's own option ids (option-ids.ts): compare in those.
    const [{ optionsOf }, optionIds] = await Promise.all([loadQuestionsKey(services, attempt.quizId), optionIdsOf(services, attempt.id)]);
    changed = notYetSaved(optionIds.shownAnswers(snapshot.answers, optionsOf), answers);
  }
  if (changed.length) {
    snapshot = null;
    await saveAnswers(services, caller, { takenQuizId, answers: changed }).catch((error: unknown) => {
      // Closed meanwhile (a second submit, the deadline): grade what was saved.
      if ((error as { status?: number }).status !== 409) throw error;
    });
  }
  attempt = await closeAttempt(services, attempt, snapshot ?? undefined);
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
  const storedAs = new Map(stored.map((row) => [row.questionId, storedText(row)]));
  const last = new Map(answers.map((answer) => [answer.questionId, answer]));
  return [...last.values()].filter((answer) => storedAs.get(answer.questionId) !== sentText(answer));
}

/**
 * An answer as compared: a choice's ids as stored with its status; another type's answer as
 * stored, only once it answers something (an essay's HTML as sanitised: one sent otherwise is
 * simply saved again). Anything that does not read as either goes through saveAnswers' checks.
 */
function storedText(row: StoredAnswer): string | undefined {
  if (row.response === null) return `${row.answerStatus}:${row.answer.join(",")}`;
  return row.answerStatus === "yes" ? `typed:${JSON.stringify(row.response)}` : undefined;
}

function sentText(answer: AnswerInput): string {
  const sent = answer.answer;
  if (Array.isArray(sent) && sent.every((id) => typeof id === "number")) {
    const { chosen, answerStatus } = storedFormOf({ answer: sent as number[], markedForReview: answer.markedForReview });
    return `${answerStatus}:${chosen.join(",")}`;
  }
  return `typed:${JSON.stringify(sent)}`;
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
