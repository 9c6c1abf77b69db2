import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";

/**
 * The quiz page's "Duplicate" (issue 27 point 5, ADR 0081): a plain form (works without
 * JavaScript) posting to /teacher/quiz/{id}/duplicate, which opens the copy in the editor.
 */
export function DuplicateQuizButton({ quizId }: { quizId: number }) {
  const { t } = useTranslation("reports");
  const action = `/teacher/quiz/${quizId}/duplicate`;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <Form method="post" action={action} className="quiz-view__duplicate">
      <button type="submit" className="ui-button ui-button--secondary ui-button--md" disabled={busy}>
        {busy ? t("duplicate.busy") : t("duplicate.button")}
      </button>
    </Form>
  );
}
