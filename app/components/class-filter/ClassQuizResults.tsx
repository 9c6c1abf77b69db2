import { useTranslation } from "react-i18next";
import type { ClassQuiz } from "../../../api/services/classes/class-quizzes";
import { statsPaths } from "../stats/stats-query";
import { ButtonLink } from "../ui/ButtonLink";
import { withClassId } from "./class-filter-url";

/**
 * The class page's "Results by quiz" (ADR 0080): each quiz the class's members finished, with
 * how many of them did, linking to its stats and item analysis filtered by the class.
 */
export function ClassQuizResults({ classId, quizzes }: { classId: number; quizzes: ClassQuiz[] }) {
  const { t } = useTranslation("classes");
  return (
    <section className="classes-results" aria-labelledby="class-results-title">
      <h2 id="class-results-title" className="classes-section__title">
        {t("classFilter.title")}
      </h2>
      {quizzes.length === 0 ? (
        <div className="shell-coming-soon__card classes-empty">
          <p>{t("classFilter.none")}</p>
        </div>
      ) : (
        <div className="shell-table-wrap">
          <table className="shell-table classes-table">
            <caption className="ui-visually-hidden">{t("classFilter.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("classFilter.quiz")}</th>
                <th scope="col">{t("classFilter.students")}</th>
                <th scope="col">{t("classFilter.attempts")}</th>
                <th scope="col">
                  <span className="ui-visually-hidden">{t("classFilter.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {quizzes.map((quiz) => (
                <tr key={quiz.quizId}>
                  <td data-label={t("classFilter.quiz")}>{quiz.quizName}</td>
                  <td data-label={t("classFilter.students")}>{quiz.students}</td>
                  <td data-label={t("classFilter.attempts")}>{quiz.attempts}</td>
                  <td>
                    <div className="classes-inline">
                      <ButtonLink to={withClassId(statsPaths.page(quiz.quizId), classId)} size="sm" variant="primary" aria-label={t("classFilter.statsOf", { quiz: quiz.quizName })}>
                        {t("classFilter.stats")}
                      </ButtonLink>
                      <ButtonLink to={withClassId(statsPaths.analysis(quiz.quizId), classId)} size="sm" aria-label={t("classFilter.analysisOf", { quiz: quiz.quizName })}>
                        {t("classFilter.analysis")}
                      </ButtonLink>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
