import { useTranslation } from "react-i18next";
import type { ClassQuiz } from "../../../api/services/classes/class-quizzes";
import { statsPaths } from "../stats/stats-query";
import { ButtonLink } from "../ui/ButtonLink";
import { PanelTable } from "../ui/PanelTable";
import { withClassId } from "./class-filter-url";

/**
 * The class page's "Results by quiz" (ADR 0080): each quiz the class's members finished, with
 * how many of them did, linking to its stats and item analysis filtered by the class.
 */
export function ClassQuizResults({ classId, quizzes }: { classId: number; quizzes: ClassQuiz[] }) {
  const { t } = useTranslation("classes");
  return (
    <PanelTable
      id="class-results"
      title={t("classFilter.title")}
      className="classes-results"
      titleClassName="classes-section__title"
      rows={quizzes}
      rowKey={(quiz) => quiz.quizId}
      tableClassName="shell-table classes-table"
      caption={t("classFilter.title")}
      empty={
        <div className="shell-coming-soon__card classes-empty">
          <p>{t("classFilter.none")}</p>
        </div>
      }
      columns={[
        { key: "quiz", header: t("classFilter.quiz"), labelled: true, cell: (quiz) => quiz.quizName },
        { key: "students", header: t("classFilter.students"), labelled: true, cell: (quiz) => quiz.students },
        { key: "attempts", header: t("classFilter.attempts"), labelled: true, cell: (quiz) => quiz.attempts },
        {
          key: "actions",
          header: t("classFilter.actions"),
          hiddenHeader: true,
          cell: (quiz) => (
            <div className="classes-inline">
              <ButtonLink to={withClassId(statsPaths.page(quiz.quizId), classId)} size="sm" variant="primary" aria-label={t("classFilter.statsOf", { quiz: quiz.quizName })}>
                {t("classFilter.stats")}
              </ButtonLink>
              <ButtonLink to={withClassId(statsPaths.analysis(quiz.quizId), classId)} size="sm" aria-label={t("classFilter.analysisOf", { quiz: quiz.quizName })}>
                {t("classFilter.analysis")}
              </ButtonLink>
            </div>
          ),
        },
      ]}
    />
  );
}
