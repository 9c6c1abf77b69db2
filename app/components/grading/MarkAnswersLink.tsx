import { useTranslation } from "react-i18next";
import { ButtonLink } from "../ui/ButtonLink";
import { gradingPath } from "./grading-view";

/** "Mark answers (N)" on a quiz's stats and view pages, while N answers wait for a grader (ADR 0070); nothing otherwise. */
export function MarkAnswersLink({ quizId, waiting }: { quizId: number; waiting: number }) {
  const { t, i18n } = useTranslation("grading");
  if (waiting <= 0) return null;
  return (
    <ButtonLink to={gradingPath(quizId)} size="sm" variant="primary">
      {t("markAnswers", { count: new Intl.NumberFormat(i18n.language).format(waiting) })}
    </ButtonLink>
  );
}
