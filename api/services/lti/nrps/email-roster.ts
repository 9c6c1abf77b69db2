import type { Language } from "../../../../locales/languages";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { assertMayEmailStudents } from "../../core/permissions";
import { rateLimit } from "../../auth/rate-limit";
import { escapeHtml } from "../../escape-html";
import { loadQuiz } from "../../quizzes/quiz-queries";
import { ltiTranslator } from "../lti-language";
import { lmsRoster } from "./roster";

/**
 * "E-mail them" on the quiz's LMS roster (issue 29 point 5): a reminder to every learner of
 * the quiz's LMS courses who has not handed it in and whose e-mail the LMS gives, through the
 * app's mailer (the outbox without a provider). The roster is read again here, never taken
 * from the page, so only the LMS's own members are written to. A few reminders an hour per
 * teacher and quiz: a second click is refused, not a second wave of mail.
 */
export const ROSTER_EMAIL_LIMITS = { perHour: 3 } as const;
export const ROSTER_EMAIL_TAG = "lti-roster-reminder";

export async function emailWhoHasNotTaken(services: AppServices, caller: Caller, quizId: number, language: Language): Promise<{ sent: number; withoutEmail: number }> {
  assertMayEmailStudents(caller);
  const rosters = await lmsRoster(services, caller, quizId);
  await rateLimit(services, [{ key: `lti-roster-mail:1h:${caller.userId}:${quizId}`, limit: ROSTER_EMAIL_LIMITS.perHour, windowMs: 60 * 60_000 }]);
  const quiz = await loadQuiz(services, caller, quizId);
  const waiting = rosters.flatMap((roster) => roster.learners).filter((learner) => learner.notTaken);
  const addresses = [...new Set(waiting.flatMap((learner) => (learner.email ? [learner.email.toLowerCase()] : [])))];
  const t = ltiTranslator(language);
  const values = { quiz: quiz.row.quizName };
  const lines = [t("reminder.body", values), t("reminder.how")];
  for (const to of addresses) {
    await services.mailer.send({
      businessId: caller.businessId,
      to,
      subject: t("reminder.subject", values),
      tag: ROSTER_EMAIL_TAG,
      secrets: [],
      text: lines.join("\n\n"),
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
    });
  }
  return { sent: addresses.length, withoutEmail: waiting.filter((learner) => !learner.email).length };
}
