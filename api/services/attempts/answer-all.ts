import type { AppServices } from "../../context";
import type { Caller } from "../../env";
import { closeAttempt } from "./close-attempt";
import { isPastDeadline } from "./deadline";
import { loadOwnAttempt } from "./own-attempt";
import { saveAnswers } from "./save-answers";
import { AnswerAllInput } from "./schemas";

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
 * The client's `timeTaken` is advisory: the server's clock decides.
 */
export async function answerAll(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; data: { takenQuizObject: TakenQuizObject } }> {
  const { takenQuizId, answers } = AnswerAllInput.parse(input);
  let attempt = await loadOwnAttempt(services, caller, takenQuizId);
  if (!attempt.submittedAt && !isPastDeadline(attempt, services.now()) && answers?.length) {
    await saveAnswers(services, caller, { takenQuizId, answers }).catch((error: unknown) => {
      // Closed meanwhile (a second submit, the deadline): grade what was saved.
      if ((error as { status?: number }).status !== 409) throw error;
    });
  }
  attempt = await closeAttempt(services, attempt);
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
