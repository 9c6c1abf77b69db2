import { useTranslation } from "react-i18next";
import { Form, isRouteErrorResponse, useLocation, useNavigate, useNavigation, useRouteError } from "react-router";
import { decideQuestionFeedback } from "../../../api/services/feedback/decide-question-feedback";
import { readQuestionFeedback } from "../../../api/services/feedback/read-question-feedback";
import type { FeedbackStatus } from "../../../api/services/feedback/sort-fields";
import { FeedbackStatusBadge } from "../../components/feedback/FeedbackStatusBadge";
import { feedbackListPath, questionInBankPath } from "../../components/feedback/feedback-query";
import { useDates } from "../../components/layout/use-dates";
import { SessionExpiredDialog } from "../../components/layout/SessionExpiredDialog";
import { Alert } from "../../components/ui/Alert";
import { Button } from "../../components/ui/Button";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { Dialog } from "../../components/ui/Dialog";
import { servicesContext } from "../../context";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { actionFailure, actionSuccess, field } from "../../utils/form-answers.server";
import { sayAnswer } from "../../utils/message-codes";
import { FEEDBACK_DECISION_CODE_KEYS } from "../../components/feedback/messages";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import type { Route } from "./+types/feedback-view";

/** Spec 2.5 /teacher/feedback/{id}/view: the feedback, its question, and the decisions (docs/decisions/0040). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  try {
    const feedback = await readQuestionFeedback(context.get(servicesContext), callerOf(context, request), { feedbackId: params.id });
    // The question is shown as the bank shows it (its explanation, its options).
    return { ...feedback, messages: routeMessages(request, "bank") };
  } catch (error) {
    throw loaderFailure(error);
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  requireTeacherArea(context, request);
  const form = await request.formData();
  try {
    const answer = await decideQuestionFeedback(context.get(servicesContext), callerOf(context, request), { feedbackId: params.id, status: field(form, "status") });
    return actionSuccess(answer, { status: answer.entity.status });
  } catch (error) {
    return actionFailure(error);
  }
}

const DECISION_KEYS: Record<FeedbackStatus, string> = { Accepted: "accept", Rejected: "reject", Pending: "reopen" };
export default function FeedbackView({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["feedback", "bank"]);
  const dates = useDates();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const { feedbackObject: feedback } = loaderData;
  const { question } = feedback;
  const backPath = feedbackListPath + location.search;
  const close = () => navigate(backPath, { preventScrollReset: true });
  const deciding = navigation.state === "submitting" ? navigation.formData?.get("status") : null;

  return (
    <Dialog title={t("viewTitle")} isOpen onOpenChange={(open) => !open && close()} size="lg">
      {actionData && (
        <Alert variant={"ok" in actionData ? "success" : "danger"} resetKey={actionData}>
          {sayAnswer(t, FEEDBACK_DECISION_CODE_KEYS, actionData)}
        </Alert>
      )}
      <dl className="shell-facts feedback-view__facts">
        <div>
          <dt>{t("columns.student")}</dt>
          <dd>
            {feedback.studentName} ({feedback.studentEmail})
          </dd>
        </div>
        <div>
          <dt>{t("columns.date")}</dt>
          <dd>{dates.dateTime(feedback.createdAt)}</dd>
        </div>
        <div>
          <dt>{t("columns.status")}</dt>
          <dd>
            <FeedbackStatusBadge status={feedback.status} />
          </dd>
        </div>
      </dl>
      <h3 className="question-details__heading">{t("columns.feedback")}</h3>
      <blockquote className="feedback-view__text">{feedback.feedbackText}</blockquote>

      <h3 className="question-details__heading">{t("columns.question")}</h3>
      <div className="question-details">
        <p className="question-details__place">
          {question.category} <span aria-hidden="true">›</span> {question.course}
        </p>
        <p className="question-details__text">{question.questionText}</p>
        <ol className="question-details__options" aria-label={t("bank:editor.options")}>
          {question.options.map((option) => (
            <li key={option.id} className={option.optionStatus ? "question-details__option question-details__option--correct" : "question-details__option"}>
              <span>{option.optionText}</span>
              {option.optionStatus && <span className="shell-badge shell-badge--success">{t("bank:editor.correctAnswer")}</span>}
            </li>
          ))}
        </ol>
        <h4 className="question-details__heading">{t("bank:editor.explanation")}</h4>
        {/* Sanitised by the service (explanationForPage): an allowlist without scripts, styles or images. */}
        <div className="question-details__explanation" dangerouslySetInnerHTML={{ __html: question.answerExplaination }} />
      </div>

      <div className="shell-dialog-actions feedback-view__actions">
        <ButtonLink to={questionInBankPath(question.questionId)} variant="secondary">
          {t("openQuestion")}
        </ButtonLink>
        <Form method="post" className="feedback-view__decisions">
          {feedback.transitions.map((status) => (
            <Button key={status} type="submit" name="status" value={status} variant={status === "Rejected" ? "secondary" : "primary"} isPending={deciding === status} isDisabled={Boolean(deciding) && deciding !== status}>
              {t(DECISION_KEYS[status])}
            </Button>
          ))}
        </Form>
        <ButtonLink to={backPath} variant="secondary" preventScrollReset>
          {t("close")}
        </ButtonLink>
      </div>
    </Dialog>
  );
}

/**
 * Spec 8 "Feedback fetch: popup then /teacher/feedback": a feedback that cannot be shown
 * (another teacher's question, another business's or no such id) is an error dialog over the
 * table, and closing it goes back to the list.
 */
export function ErrorBoundary() {
  const { t } = useTranslation("feedback");
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 401) return <SessionExpiredDialog />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const backPath = feedbackListPath + location.search;
  const message = status === 403 ? t("errors.forbidden") : status === 404 ? t("errors.notFound") : t("errors.failed");
  return (
    <Dialog title={t("errors.title")} isOpen onOpenChange={(open) => !open && navigate(backPath)} size="sm">
      <Alert variant="danger" isDismissable={false} autoHideMs={null}>
        {message}
      </Alert>
      <div className="shell-dialog-actions">
        <ButtonLink to={backPath} variant="primary">
          {t("close")}
        </ButtonLink>
      </div>
    </Dialog>
  );
}
