import { useTranslation } from "react-i18next";
import type { MarkedNotice } from "../../../api/services/results/marked-notices";
import { ButtonLink } from "../ui/ButtonLink";

/**
 * "Your attempt at <quiz> has been marked: N %" for each attempt a person marked since the
 * student last opened its result (marked-notices.ts); opening the result clears it. A polite
 * live region: a screen reader says it when it is read, without breaking in.
 */
export function MarkedNotices({ notices }: { notices: readonly MarkedNotice[] }) {
  const { t } = useTranslation("results");
  return (
    <div role="status" aria-live="polite" className="result-notices">
      {notices.length > 0 && (
        <ul className="result-notices__list">
          {notices.map((notice) => (
            <li key={notice.takenQuizId} className="ui-alert ui-alert--info result-notices__item">
              <span>{t("notices.marked", { quiz: notice.quizName, percentage: notice.percentage })}</span>
              <ButtonLink to={`/student/takenQuiz/${notice.takenQuizId}/result`} size="sm" aria-label={t("notices.openOf", { quiz: notice.quizName })}>
                {t("notices.open")}
              </ButtonLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
