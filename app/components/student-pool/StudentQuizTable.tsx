import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { StudentQuizRow } from "../../../api/services/student-quizzes/list-student-quizzes";
import { ariaSort, sortHref } from "../layout/list-url";
import { ButtonLink } from "../ui/ButtonLink";
import { type StudentPoolQuery, type StudentQuizSortField, takeQuizPath } from "./student-pool-query";
import { TableStateRow } from "../layout/TableStateRow";

const COLUMNS = 7;

/**
 * The student's quiz pool (spec 2.4): sortable headers are links; each row says what the
 * quiz asks (level, questions, time, password) and offers Take quiz while attempts remain.
 * It reuses the teacher pool's table classes, so phones get the same stacked cards.
 */
export function StudentQuizTable({ rows, query, loading }: { rows: StudentQuizRow[]; query: StudentPoolQuery; loading: boolean }) {
  const { t } = useTranslation(["studentPool", "quizzes", "common"]);
  const [params] = useSearchParams();
  const header = (field: StudentQuizSortField, label: string) => (
    <th scope="col" aria-sort={ariaSort(query, field)}>
      <Link to={sortHref(params, query, field)} className="quiz-table__sort">
        {label}
        <span aria-hidden="true">{query.sortField === field ? (query.sortOrder === "asc" ? " ▲" : " ▼") : ""}</span>
      </Link>
    </th>
  );
  const time = (quiz: StudentQuizRow) => {
    if (quiz.time === -1) return t("time.noLimit");
    return quiz.quiztimetype === "Question" ? t("time.perQuestion", { count: quiz.time }) : t("time.minutes", { count: quiz.time });
  };

  return (
    <div className="shell-table-wrap" aria-busy={loading}>
      <table className="shell-table quiz-table student-quiz-table">
        <caption className="ui-visually-hidden">{t("caption")}</caption>
        <thead>
          <tr>
            {header("quizName", t("columns.quizName"))}
            <th scope="col">{t("columns.place")}</th>
            {header("level", t("columns.level"))}
            <th scope="col">{t("columns.questions")}</th>
            <th scope="col">{t("columns.time")}</th>
            <th scope="col">{t("columns.attemptsLeft")}</th>
            <th scope="col">{t("columns.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <TableStateRow columns={COLUMNS}>{t("common:list.pleaseWait")}</TableStateRow>
          ) : rows.length === 0 ? (
            <TableStateRow columns={COLUMNS}>{query.search ? t("noMatches") : t("empty")}</TableStateRow>
          ) : (
            rows.map((quiz) => (
              <tr key={quiz.id}>
                <td className="quiz-table__name">
                  <span className="student-quiz-table__title">{quiz.quizName}</span>
                  {quiz.hasPassword && (
                    <span className="shell-badge shell-badge--neutral quiz-table__badge">
                      <PadlockIcon />
                      {t("password")}
                    </span>
                  )}
                  {quiz.premiumQuiz && <span className="shell-badge shell-badge--neutral quiz-table__badge">{t("quizzes:pool.premium")}</span>}
                  {quiz.quizDescription && <p className="student-quiz-table__description">{quiz.quizDescription}</p>}
                </td>
                <td data-label={t("columns.place")}>
                  <span>
                    {quiz.category} <span aria-hidden="true">›</span> {quiz.course}
                  </span>
                </td>
                <td className="shell-table__nowrap" data-label={t("columns.level")}>
                  {t(`quizzes:levels.${quiz.level}`)}
                </td>
                <td className="quiz-table__number" data-label={t("columns.questions")}>
                  {quiz.questionsCount}
                </td>
                <td className="shell-table__nowrap" data-label={t("columns.time")}>
                  {time(quiz)}
                </td>
                <td className="quiz-table__number" data-label={t("columns.attemptsLeft")}>
                  {t("attemptsLeft", { left: quiz.remainingAttempts, allowed: quiz.attemptsAllowed })}
                </td>
                <td>
                  <div className="quiz-table__actions">
                  {quiz.remainingAttempts > 0 ? (
                    <ButtonLink to={takeQuizPath(quiz.id)} variant="primary" size="sm" aria-label={t("takeOf", { name: quiz.quizName })}>
                      {t("take")}
                    </ButtonLink>
                  ) : (
                    <span className="shell-badge shell-badge--danger">{t("noAttemptsLeft")}</span>
                  )}
                  </div>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
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
