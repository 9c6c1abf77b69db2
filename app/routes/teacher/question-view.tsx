import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { bankPath } from "../../components/bank/paths";
import { QuestionDetails } from "../../components/editor/QuestionDetails";
import { editQuestionPath } from "../../components/editor/paths";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { Dialog } from "../../components/ui/Dialog";
import { requireTeacherArea } from "../../utils/guards.server";
import { loadQuestion } from "../../components/editor/load-question.server";
import type { Route } from "./+types/question-view";

/** Spec 2.5 view dialog over the bank: the question as its author sees it. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const question = await loadQuestion(context, request, params.id);
  return { question };
}

export default function ViewQuestion({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("bank");
  const navigate = useNavigate();
  const location = useLocation();
  const { question } = loaderData;
  const close = () => navigate(bankPath(question.category, question.course) + location.search);
  return (
    <Dialog title={t("editor.viewTitle")} isOpen onOpenChange={(open) => !open && close()} size="lg">
      <QuestionDetails question={question} />
      <div className="shell-dialog-actions">
        {question.mayChange && (
          <ButtonLink to={editQuestionPath(question.id)} variant="secondary">
            {t("editor.edit")}
          </ButtonLink>
        )}
        <ButtonLink to={bankPath(question.category, question.course) + location.search} variant="primary">
          {t("editor.close")}
        </ButtonLink>
      </div>
    </Dialog>
  );
}
