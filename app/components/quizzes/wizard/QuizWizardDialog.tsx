import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Dialog } from "../../ui/Dialog";
import { quizPoolPath } from "../quiz-pool-query";
import { QuizWizard } from "./QuizWizard";
import type { WizardSetup } from "./setup";

/**
 * The wizard as the spec's child modal of the quiz pool (/teacher/quizPool/new and
 * /{id}/edit). A click outside does not close it (a half-built quiz is easy to lose);
 * Cancel and the pool link do.
 */
export function QuizWizardDialog({ setup }: { setup: WizardSetup }) {
  const { t } = useTranslation("quizzes");
  const navigate = useNavigate();
  const close = () => navigate(quizPoolPath);
  const title = setup.mode === "create" ? t("wizard.createTitle") : t("wizard.editTitle", { name: setup.quiz?.quizName ?? "" });
  return (
    <Dialog title={title} isOpen onOpenChange={(open) => !open && close()} isDismissable={false} size="xl" className="quiz-wizard-modal">
      <QuizWizard setup={setup} onCancel={close} />
    </Dialog>
  );
}
