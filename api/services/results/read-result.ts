import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict } from "../core/errors";
import { latestFinished, loadReadableAttemptsOfQuiz } from "./own-attempts";
import { presentResult, type TakenQuizResult } from "./present-result";
import { RESULT_MESSAGES, TakenQuizIdInput } from "./schemas";

/**
 * Spec 7 POST /api/takenQuiz/fetchById { takenQuizId } (the /result page): the attempt with
 * every field of spec 2.4, for the student who took it (the key as the quiz's review timing
 * says) or an author of the business (decisions.md "Teachers read attempts": the whole
 * result, the key and each answer given); any other id is 404. An attempt still running (open and not past its deadline and grace) is
 * not a result yet: 409 'This attempt is not finished yet'. One past its deadline is graded
 * now and shown.
 */
export async function fetchTakenQuizResult(services: AppServices, caller: Caller, input: unknown): Promise<TakenQuizResult> {
  const { takenQuizId } = TakenQuizIdInput.parse(input);
  const { anchor, attempts, asAuthor, anchorResult } = await loadReadableAttemptsOfQuiz(services, caller, takenQuizId);
  if (anchor.submittedAt === null) throw new Conflict(RESULT_MESSAGES.notFinished);
  return presentResult(services, anchor, attempts, { asAuthor }, anchorResult);
}

/**
 * Spec 7 POST /api/takenQuiz/fetchLatestById { takenQuizId } (the /newResult page, where a
 * finished exam lands): the latest finished attempt (highest attempt number) of the same
 * quiz by the same student, whichever of their attempts at it `takenQuizId` names (read by
 * the same people as fetchById). The id
 * is checked exactly as in fetchById; attempts past their deadline are graded first; an
 * attempt still running is skipped; 409 when none is finished.
 */
export async function fetchLatestTakenQuizResult(services: AppServices, caller: Caller, input: unknown): Promise<TakenQuizResult> {
  const { takenQuizId } = TakenQuizIdInput.parse(input);
  const { anchor, attempts, asAuthor, anchorResult } = await loadReadableAttemptsOfQuiz(services, caller, takenQuizId);
  const latest = latestFinished(attempts);
  if (!latest) throw new Conflict(RESULT_MESSAGES.notFinished);
  return presentResult(services, latest, attempts, { asAuthor }, latest.id === anchor.id ? anchorResult : undefined);
}
