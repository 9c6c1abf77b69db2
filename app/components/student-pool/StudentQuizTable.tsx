import { useTranslation } from "react-i18next";
import type { StudentQuizRow } from "../../../api/services/student-quizzes/list-student-quizzes";
import { type ListColumn, ListTable } from "../layout/ListTable";
import { ButtonLink } from "../ui/ButtonLink";
import { useDates } from "../layout/use-dates";
import { type StudentPoolQuery, type StudentQuizSortField, takeQuizPath } from "./student-pool-query";

/**
 * The student's quiz pool (spec 2.4): sortable headers are links; each row says what the
 * quiz asks (level, questions, time, password) and offers Take quiz while attempts remain.
 * It reuses the teacher pool's table classes, so phones get the same stacked cards.
 */
export function StudentQuizTable({ rows, total, query, loading }: { rows: StudentQuizRow[]; total: number; query: StudentPoolQuery; loading: boolean }) {
  const { t } = useTranslation(["studentPool", "quizzes", "common"]);
  const dates = useDates();
  const time = (quiz: StudentQuizRow) => {
    if (quiz.time === -1) return t("time.noLimit");
    return quiz.quiztimetype === "Question" ? t("time.perQuestion", { count: quiz.time }) : t("time.minutes", { count: quiz.time });
  };
  const columns: ListColumn<StudentQuizRow, StudentQuizSortField>[] = [
    {
      id: "quizName",
      header: t("columns.quizName"),
      sortField: "quizName",
      className: "quiz-table__name",
      cell: (quiz) => (
        <>
          <span className="student-quiz-table__title">{quiz.quizName}</span>
          {quiz.hasPassword && (
            <span className="shell-badge shell-badge--neutral quiz-table__badge">
              <PadlockIcon />
              {t("password")}
            </span>
          )}
          {quiz.premiumQuiz && <span className="shell-badge shell-badge--neutral quiz-table__badge">{t("quizzes:pool.premium")}</span>}
          {quiz.quizDescription && <p className="student-quiz-table__description">{quiz.quizDescription}</p>}
        </>
      ),
    },
    {
      id: "place",
      header: t("columns.place"),
      labelOnCard: true,
      cell: (quiz) => (
        <span>
          {quiz.category} <span aria-hidden="true">›</span> {quiz.course}
        </span>
      ),
    },
    { id: "level", header: t("columns.level"), sortField: "level", className: "shell-table__nowrap", labelOnCard: true, cell: (quiz) => t(`quizzes:levels.${quiz.level}`) },
    { id: "questions", header: t("columns.questions"), className: "quiz-table__number", labelOnCard: true, cell: (quiz) => quiz.questionsCount },
    { id: "time", header: t("columns.time"), className: "shell-table__nowrap", labelOnCard: true, cell: time },
    {
      // Issue 27 point 6: on the school's clock, and the student's own beside it when they are abroad.
      id: "closes",
      header: t("closes.column"),
      labelOnCard: true,
      cell: (quiz) => (quiz.endDate === null ? t("closes.none") : dates.forReader(quiz.endDate * 1000)),
    },
    {
      id: "attemptsLeft",
      header: t("columns.attemptsLeft"),
      className: "quiz-table__number",
      labelOnCard: true,
      cell: (quiz) => t("attemptsLeft", { left: quiz.remainingAttempts, allowed: quiz.attemptsAllowed }),
    },
    {
      id: "actions",
      header: t("columns.actions"),
      cell: (quiz) => (
        <div className="quiz-table__actions">
          {quiz.remainingAttempts > 0 ? (
            <ButtonLink to={takeQuizPath(quiz.id)} variant="primary" size="sm" aria-label={t("takeOf", { name: quiz.quizName })}>
              {t("take")}
            </ButtonLink>
          ) : (
            <span className="shell-badge shell-badge--danger">{t("noAttemptsLeft")}</span>
          )}
        </div>
      ),
    },
  ];

  return (
    <ListTable
      columns={columns}
      rows={rows}
      rowKey={(quiz) => quiz.id}
      caption={t("caption")}
      className="quiz-table student-quiz-table"
      loading={loading}
      emptyText={query.search ? t("noMatches") : t("empty")}
      sort={{ state: query, linkClassName: "quiz-table__sort" }}
      pager={{ total, page: query.page, size: query.size }}
    />
  );
}

/** A small padlock beside the "Password" badge (decorative: the badge's text says it). */
function PadlockIcon() {
  return (
    <svg className="student-quiz-table__padlock" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm-2 6V4.5a2 2 0 1 1 4 0V7H6Z" />
    </svg>
  );
}
