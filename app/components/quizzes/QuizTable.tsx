import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { QuizEntity } from "../../../api/services/quizzes/boundary";
import { useDates } from "../layout/use-dates";
import { type ListColumn, ListTable } from "../layout/ListTable";
import { ButtonLink } from "../ui/ButtonLink";
import { DeleteQuizButton } from "./DeleteQuizButton";
import { type QuizPoolQuery, type QuizSortField, quizEditPath, quizStatsPath, quizViewPath } from "./quiz-pool-query";

export type QuizRow = Pick<
  QuizEntity,
  "id" | "quizName" | "category" | "course" | "level" | "status" | "questionsCount" | "totalQuestion" | "takenCount" | "isPremium" | "createdAt" | "endDate"
>;

/** The teacher's quizzes (spec 2.5 quiz pool): sortable headers are links; each row has view, stats and delete; the pager follows. */
export function QuizTable({ rows, total, query, loading }: { rows: QuizRow[]; total: number; query: QuizPoolQuery; loading: boolean }) {
  const { t } = useTranslation(["quizzes", "common"]);
  const dates = useDates();
  const columns: ListColumn<QuizRow, QuizSortField>[] = [
    {
      id: "quizName",
      header: t("pool.columns.quizName"),
      sortField: "quizName",
      className: "quiz-table__name",
      cell: (quiz) => (
        <>
          <Link to={quizViewPath(quiz.id)}>{quiz.quizName}</Link>
          {quiz.isPremium && <span className="shell-badge shell-badge--neutral quiz-table__badge">{t("pool.premium")}</span>}
        </>
      ),
    },
    {
      id: "place",
      header: t("pool.columns.place"),
      labelOnCard: true,
      cell: (quiz) => (
        <>
          {quiz.category} <span aria-hidden="true">›</span> {quiz.course}
        </>
      ),
    },
    { id: "level", header: t("pool.columns.level"), sortField: "level", className: "shell-table__nowrap", labelOnCard: true, cell: (quiz) => t(`levels.${quiz.level}`) },
    {
      id: "status",
      header: t("pool.columns.status"),
      sortField: "status",
      labelOnCard: true,
      // Issue 27 point 6, "quiz pools show when a quiz closes": the quiz's own close, on the school's clock (its classes' may differ).
      cell: (quiz) => (
        <>
          <span className="shell-table__nowrap">{t(`statuses.${quiz.status}`)}</span>
          {quiz.status === "DateRange" && quiz.endDate !== null && <span className="quiz-table__closes">{t("pool.closes", { date: dates.dateTime(quiz.endDate * 1000) })}</span>}
        </>
      ),
    },
    {
      id: "questions",
      header: t("pool.columns.questions"),
      className: "quiz-table__number",
      labelOnCard: true,
      cell: (quiz) => (
        <>
          {quiz.questionsCount} / {quiz.totalQuestion}
        </>
      ),
    },
    { id: "takenCount", header: t("pool.columns.takenCount"), sortField: "takenCount", className: "quiz-table__number", labelOnCard: true, cell: (quiz) => quiz.takenCount },
    {
      id: "createdAt",
      header: t("pool.columns.createdAt"),
      sortField: "createdAt",
      // The date and its zone may take two lines, so the table fits beside the sidebar (ADR 0062).
      labelOnCard: true,
      cell: (quiz) => (
        <time dateTime={new Date(quiz.createdAt).toISOString()} title={dates.dateTime(quiz.createdAt)}>
          {dates.date(quiz.createdAt)}
        </time>
      ),
    },
    {
      id: "actions",
      header: t("pool.columns.actions"),
      cell: (quiz) => (
        <div className="quiz-table__actions quiz-table__actions--two-by-two">
          <ButtonLink to={quizViewPath(quiz.id)} size="sm" aria-label={t("pool.actions.viewOf", { name: quiz.quizName })}>
            {t("pool.actions.view")}
          </ButtonLink>
          <ButtonLink to={quizEditPath(quiz.id)} size="sm" aria-label={t("pool.actions.editOf", { name: quiz.quizName })}>
            {t("pool.actions.edit")}
          </ButtonLink>
          <ButtonLink to={quizStatsPath(quiz.id)} size="sm" aria-label={t("pool.actions.statsOf", { name: quiz.quizName })}>
            {t("pool.actions.stats")}
          </ButtonLink>
          <DeleteQuizButton quizId={quiz.id} quizName={quiz.quizName} takenCount={quiz.takenCount} />
        </div>
      ),
    },
  ];

  return (
    <ListTable
      columns={columns}
      rows={rows}
      rowKey={(quiz) => quiz.id}
      caption={t("pool.caption")}
      className="quiz-table"
      loading={loading}
      emptyText={query.search ? t("pool.noMatches") : t("pool.empty")}
      sort={{ state: query, linkClassName: "quiz-table__sort" }}
      pager={{ total, page: query.page, size: query.size }}
    />
  );
}
