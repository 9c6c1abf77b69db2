import { and, eq, isNotNull } from "drizzle-orm";
import { quizAttempts } from "../../../db/schema";
import type { ResultStatus } from "../../../db/schema/attempts";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Invalid } from "../core/errors";
import { assertAuthor, assertMayReadQuizResults } from "../core/permissions";
import { inIds, loadQuiz } from "../quizzes/quiz-queries";
import { STATS_MESSAGES, UpdateStatusInput } from "./schemas";
import { say } from "../message-codes";

/** Ids named in the refusal, at most: enough to find them, never a wall of text. */
const NAMED_IDS = 20;

/**
 * Spec 7 POST /api/takenQuiz/updateStatus { ids, status, quizId } (spec 4 bulk update;
 * decisions.md "Bulk status"): every id or none. Each id must be a finished attempt of that
 * quiz in the caller's business; one that is not (another quiz's, another business's,
 * unknown, still being taken) refuses the whole call with 400 and changes nothing. Only the
 * quiz's teacher and the owner. Rejected revokes the attempt's certificate for as long as the
 * status stays Rejected (docs/decisions/0039-quiz-stats.md).
 *
 * Attempts are never deleted and a finished one never reopens, so the ids checked are still
 * valid when the single UPDATE that follows runs: no partial change is possible.
 */
export async function updateResultStatus(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; status: ResultStatus; updatedCount: number }> {
  assertAuthor(caller);
  const { ids: given, status, quizId } = UpdateStatusInput.parse(input);
  const quiz = await loadQuiz(services, caller, quizId);
  assertMayReadQuizResults(caller, quiz.row);
  const ids = [...new Set(given)];
  const ofQuiz = and(inIds(quizAttempts.id, ids), eq(quizAttempts.businessId, caller.businessId), eq(quizAttempts.quizId, quizId), isNotNull(quizAttempts.submittedAt));

  const found = new Set((await services.db.select({ id: quizAttempts.id }).from(quizAttempts).where(ofQuiz)).map((row) => row.id));
  const refused = ids.filter((id) => !found.has(id));
  if (refused.length) {
    const named = refused.slice(0, NAMED_IDS).join(", ") + (refused.length > NAMED_IDS ? ", …" : "");
    throw new Invalid(say("STATS_NOT_FINISHED"), { ids: `Not finished attempts of this quiz: ${named}` });
  }
  await services.db.update(quizAttempts).set({ status }).where(ofQuiz);
  return { message: STATS_MESSAGES.updated, status, updatedCount: ids.length };
}
