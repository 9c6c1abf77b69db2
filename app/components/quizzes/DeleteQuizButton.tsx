import { useTranslation } from "react-i18next";
import { ConfirmFormButton } from "../ui/ConfirmFormButton";

/**
 * Delete with a confirmation (spec 2.5). A quiz students have taken is never deleted (its
 * results stay): instead of a button that asks, then refuses, its place says so up front
 * (issue 25 point 6, docs/decisions/0063). The pool's action still refuses a taken quiz or
 * another teacher's; the dialog closes once the answer is in, so a refusal shows on the page.
 */
export function DeleteQuizButton({ quizId, quizName, takenCount }: { quizId: number; quizName: string; takenCount: number }) {
  const { t } = useTranslation("quizzes");
  if (takenCount > 0) return <span className="quiz-table__kept">{t("pool.delete.taken")}</span>;
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
