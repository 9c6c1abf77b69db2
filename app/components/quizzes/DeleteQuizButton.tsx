import { useTranslation } from "react-i18next";
import { ConfirmFormButton } from "../ui/ConfirmFormButton";

/**
 * Delete with a confirmation (spec 2.5). The pool's action refuses a taken quiz or another
 * teacher's; the dialog closes once the answer is in, so a refusal shows on the page.
 */
export function DeleteQuizButton({ quizId, quizName }: { quizId: number; quizName: string }) {
  const { t } = useTranslation("quizzes");
  return (
    <ConfirmFormButton
      label={t("pool.actions.delete")}
      ariaLabel={t("pool.actions.deleteOf", { name: quizName })}
      title={t("pool.delete.title")}
      body={t("pool.delete.body", { name: quizName })}
      confirmLabel={t("pool.delete.confirm")}
      cancelLabel={t("pool.delete.cancel")}
      fields={{ intent: "delete", quizId }}
    />
  );
}
