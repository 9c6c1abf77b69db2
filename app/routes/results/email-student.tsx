import { useTranslation } from "react-i18next";
import { redirect, useNavigate } from "react-router";
import { readEmailRecipient } from "../../../api/services/mail/email-recipient";
import { sendStudentEmail } from "../../../api/services/mail/send-student-email";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { EmailStudentDialog } from "../../components/mail/EmailStudentDialog";
import { loadQuizStats } from "../../components/stats/load-quiz-stats.server";
import { QuizStatsView } from "../../components/stats/QuizStatsView";
import { emailBackPath, EMAIL_SENT_NOTICE } from "../../components/mail/email-paths";
import { servicesContext } from "../../context";
import { pickLanguage } from "../../i18n/languages";
import { actionFailure, field } from "../../utils/form-answers.server";
import { callerOf } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import type { Route } from "./+types/email-student";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";

/**
 * Spec 2.5 /teacher/quiz/{id}/{qId}/email (id email-from-stats; the quiz's teacher and the
 * owner) and spec 2.7 /leaderBoard/{id}/email, /admin/leaderBoard/{id}/email (ids
 * email-from-board, email-from-admin-board; the owner not acting as a Student): the e-mail
 * dialog for the student of one attempt. The areas' layouts guard the user type; the
 * recipient verb applies the rest (api/services/core/permissions.ts).
 */
function recipientInput(params: Route.LoaderArgs["params"]) {
  const { id, qId } = params as { id: string; qId?: string };
  return qId === undefined ? { takenQuizId: id } : { takenQuizId: qId, quizId: id };
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const caller = callerOf(context, request);
  const input = recipientInput(params);
  let recipient;
  try {
    recipient = await readEmailRecipient(context.get(servicesContext), caller, input);
  } catch (error) {
    throw loaderFailure(error);
  }
  // From the stats (not nested under viewStats in the spec's addresses): the stats page shows
  // behind the dialog, as the certificate dialog does (ADR 0039). On a board the dialog is a
  // child route and the board itself is behind it.
  const stats = input.quizId === undefined ? null : await loadQuizStats(context, request, input.quizId);
  return { recipient, stats, backTo: emailBackPath(new URL(request.url).pathname, recipient.quizId), messages: routeMessages(request, "mail", "bank") };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const caller = callerOf(context, request);
  const services = context.get(servicesContext);
  const form = await request.formData();
  const values = { subject: field(form, "subject"), message: field(form, "message") };
  let recipient;
  try {
    recipient = await readEmailRecipient(services, caller, recipientInput(params));
  } catch (error) {
    throw loaderFailure(error);
  }
  try {
    // The recipient comes from the attempt, never from the read-only fields the form posts.
    const language = pickLanguage(request.headers.get("cookie"), request.headers.get("accept-language"));
    await sendStudentEmail(services, caller, { studentName: recipient.studentName, studentEmail: recipient.studentEmail, quizId: recipient.quizId, ...values }, { language });
  } catch (error) {
    return actionFailure(error, { values });
  }
  // Spec 8: back to the board (quiz id -1) or the quiz's stats, where the notice says it was sent.
  return redirect(`${emailBackPath(new URL(request.url).pathname, recipient.quizId)}?notice=${EMAIL_SENT_NOTICE}`);
}

export default function EmailStudent({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["mail", "common"]);
  const navigate = useNavigate();
  return (
    <>
      <title>{`${t("title")}: ${loaderData.recipient.studentName} · ${t("common:app.name")}`}</title>
      <EmailStudentDialog
        recipient={loaderData.recipient}
        failure={actionData}
        onClose={() => navigate(loaderData.backTo, { preventScrollReset: true })}
        behind={loaderData.stats ? <QuizStatsView data={loaderData.stats} live={false} /> : <></>}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
