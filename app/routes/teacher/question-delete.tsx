import { useTranslation } from "react-i18next";
import { Form, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import { deleteQuestion } from "../../../api/services/questions/delete-question";
import { findQuestion } from "../../../api/services/questions/find-question";
import { translateBankMessage } from "../../components/bank/messages";
import { bankPath } from "../../components/bank/paths";
import { Alert } from "../../components/ui/Alert";
import { Button } from "../../components/ui/Button";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { Dialog } from "../../components/ui/Dialog";
import { servicesContext } from "../../context";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { actionFailure } from "../../utils/form-answers.server";
import { loadQuestionToChange } from "../../components/editor/load-question.server";
import type { Route } from "./+types/question-delete";

/** Spec 2.5 delete dialog over the bank: confirm, then deleteQuestion (refused while a quiz uses it). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const { id, questionText, category, course, used } = await loadQuestionToChange(context, request, params.id);
  return { id, questionText, category, course, used };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  requireTeacherArea(context, request);
  const caller = callerOf(context, request);
  const services = context.get(servicesContext);
  try {
    const { category, course } = await findQuestion(services, caller, { questionId: params.id });
    await deleteQuestion(services, caller, { questionId: params.id });
    return redirect(`${bankPath(category, course)}?notice=deleted`);
  } catch (error) {
    return actionFailure(error);
  }
}

export default function DeleteQuestion({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("bank");
  const navigate = useNavigate();
  const location = useLocation();
  const deleting = useNavigation().state === "submitting";
  const { questionText, category, course } = loaderData;
  const back = bankPath(category, course) + location.search;
  return (
    <Dialog title={t("editor.deleteTitle")} isOpen onOpenChange={(open) => !open && navigate(back)} size="sm">
      {actionData && (
        <Alert variant="danger" resetKey={actionData} autoHideMs={null}>
          {translateBankMessage((key) => t(key), actionData)}
        </Alert>
      )}
      <p>{t("editor.deleteConfirm")}</p>
      <blockquote className="editor-delete__question">{questionText}</blockquote>
      <Form method="post" className="shell-dialog-actions">
        <ButtonLink to={back} variant="secondary">
          {t("cancel")}
        </ButtonLink>
        <Button type="submit" variant="danger" isPending={deleting}>
          {t("editor.delete")}
        </Button>
      </Form>
    </Dialog>
  );
}
