import { NO_TIME_LIMIT } from "../../../db/schema/quizzes";
import type { AdminSetting } from "../admin-settings/schemas";
import type { QuizPatch } from "./schemas";

/**
 * The owner's policy over quizzes (spec 4 and 6, issue 7 item 4), applied by the server on
 * every create and update, whatever the form sent, before the quiz is validated (so a
 * field the policy takes away is never "required"):
 * - quiz time not allowed → time -1 (no limit);
 * - question time not allowed → the time counts for the whole quiz ("Quiz");
 * - negative marking not allowed → "No" and no wrong-answer count;
 * - password-protected quizzes not allowed → no password;
 * - showing answers not a teacher's choice → the default "Yes", after each attempt (ADR 0030).
 */
export function applyOwnerPolicy<T extends Partial<QuizPatch>>(quiz: T, policy: AdminSetting): T {
  const forced: Partial<QuizPatch> = {};
  if (policy.quizTimeSettingAllowed === "No") forced.time = NO_TIME_LIMIT;
  if (policy.quizTimeSettingAllowed === "No" || policy.questionTimeSettingAllowed === "No") forced.quiztimetype = "Quiz";
  if (policy.negativeMarkingSettingAllowed === "No") {
    forced.negativeMarking = "No";
    forced.consuctiveWrongAnswersForNegativeMarking = 0;
  }
  if (policy.passwordQuizSettingAllowed === "No") forced.password = "";
  if (policy.showAnswerSettingAllowed === "No") {
    forced.showAnswer = "Yes";
    forced.showAnswerTiming = "AfterEachAttempt";
  }
  return { ...quiz, ...forced };
}
