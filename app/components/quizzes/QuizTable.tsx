import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { QuizEntity } from "../../../api/services/quizzes/boundary";
import { formatDate, formatDateTime } from "../layout/format";
import { ariaSort, sortHref } from "../layout/list-url";
import { ButtonLink } from "../ui/ButtonLink";
import { DeleteQuizButton } from "./DeleteQuizButton";
import { type QuizPoolQuery, type QuizSortField, quizEditPath, quizStatsPath, quizViewPath } from "./quiz-pool-query";
import { TableStateRow } from "../layout/TableStateRow";

export type QuizRow = Pick<
  QuizEntity,
  "id" | "quizName" | "category" | "course" | "level" | "status" | "questionsCount" | "totalQuestion" | "takenCount" | "isPremium" | "createdAt"
>;

/** The teacher's quizzes (spec 2.5 quiz pool): sortable headers are links; each row has view, stats and delete. */
export function QuizTable({ rows, query, loading }: { rows: QuizRow[]; query: QuizPoolQuery; loading: boolean }) {
  const { t, i18n } = useTranslation(["quizzes", "common"]);
  const [params] = useSearchParams();
  const header = (field: QuizSortField, label: string) => (
    <th scope="col" aria-sort={ariaSort(query, field)}>
      <Link to={sortHref(params, query, field)} className="quiz-table__sort">
        {label}
        <span aria-hidden="true">{query.sortField === field ? (query.sortOrder === "asc" ? " ▲" : " ▼") : ""}</span>
      </Link>
    </th>
  );

  return (
    <div className="shell-table-wrap" aria-busy={loading}>
      <table className="shell-table quiz-table">
        <caption className="ui-visually-hidden">{t("pool.caption")}</caption>
        <thead>
          <tr>
            {header("quizName", t("pool.columns.quizName"))}
            <th scope="col">{t("pool.columns.place")}</th>
            {header("level", t("pool.columns.level"))}
            {header("status", t("pool.columns.status"))}
            <th scope="col">{t("pool.columns.questions")}</th>
            {header("takenCount", t("pool.columns.takenCount"))}
            {header("createdAt", t("pool.columns.createdAt"))}
            <th scope="col">{t("pool.columns.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <TableStateRow columns={8}>{t("common:list.pleaseWait")}</TableStateRow>
          ) : rows.length === 0 ? (
            <TableStateRow columns={8}>{query.search ? t("pool.noMatches") : t("pool.empty")}</TableStateRow>
          ) : (
            rows.map((quiz) => (
              <tr key={quiz.id}>
                <td className="quiz-table__name">
                  <Link to={quizViewPath(quiz.id)}>{quiz.quizName}</Link>
                  {quiz.isPremium && <span className="shell-badge shell-badge--neutral quiz-table__badge">{t("pool.premium")}</span>}
                </td>
                <td data-label={t("pool.columns.place")}>
                  {quiz.category} <span aria-hidden="true">›</span> {quiz.course}
                </td>
                <td className="shell-table__nowrap" data-label={t("pool.columns.level")}>
                  {t(`levels.${quiz.level}`)}
                </td>
                <td className="shell-table__nowrap" data-label={t("pool.columns.status")}>
                  {t(`statuses.${quiz.status}`)}
                </td>
                <td className="quiz-table__number" data-label={t("pool.columns.questions")}>
                  {quiz.questionsCount} / {quiz.totalQuestion}
                </td>
                <td className="quiz-table__number" data-label={t("pool.columns.takenCount")}>
                  {quiz.takenCount}
                </td>
                <td className="shell-table__nowrap" data-label={t("pool.columns.createdAt")}>
                  <time dateTime={new Date(quiz.createdAt).toISOString()} title={formatDateTime(quiz.createdAt, i18n.language)}>
                    {formatDate(quiz.createdAt, i18n.language)}
                  </time>
                </td>
                <td>
                  <div className="quiz-table__actions">
                    <ButtonLink to={quizViewPath(quiz.id)} size="sm" aria-label={t("pool.actions.viewOf", { name: quiz.quizName })}>
                      {t("pool.actions.view")}
                    </ButtonLink>
                    <ButtonLink to={quizEditPath(quiz.id)} size="sm" aria-label={t("pool.actions.editOf", { name: quiz.quizName })}>
                      {t("pool.actions.edit")}
                    </ButtonLink>
                    <ButtonLink to={quizStatsPath(quiz.id)} size="sm" aria-label={t("pool.actions.statsOf", { name: quiz.quizName })}>
                      {t("pool.actions.stats")}
                    </ButtonLink>
                    <DeleteQuizButton quizId={quiz.id} quizName={quiz.quizName} />
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
