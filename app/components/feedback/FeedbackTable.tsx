import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { FeedbackEntity } from "../../../api/services/feedback/feedback-entity";
import type { FeedbackSortField } from "../../../api/services/feedback/sort-fields";
import { useDates } from "../layout/use-dates";
import { type ListColumn, ListTable } from "../layout/ListTable";
import { ButtonLink } from "../ui/ButtonLink";
import type { FeedbackQuery } from "./feedback-query";
import { feedbackViewPath } from "./feedback-query";
import { FeedbackStatusBadge } from "./FeedbackStatusBadge";

/** The teacher's feedback table (spec 2.5): student, question, feedback, status, date, and View opening the detail dialog. */
export function FeedbackTable({ rows, total, query, loading }: { rows: FeedbackEntity[]; total: number; query: FeedbackQuery; loading: boolean }) {
  const { t } = useTranslation(["feedback", "common"]);
  const dates = useDates();
  const [params] = useSearchParams();
  const columns: ListColumn<FeedbackEntity, FeedbackSortField>[] = [
    {
      id: "student",
      header: t("columns.student"),
      sortField: "studentName",
      cell: (row) => (
        <>
          <span className="feedback-table__name">{row.studentName}</span>
          <span className="feedback-table__email">{row.studentEmail}</span>
        </>
      ),
    },
    { id: "question", header: t("columns.question"), labelOnCard: true, className: "feedback-table__question", cell: (row) => <span className="feedback-table__clamp">{row.questionText}</span> },
    { id: "feedback", header: t("columns.feedback"), labelOnCard: true, className: "feedback-table__text", cell: (row) => <span className="feedback-table__clamp">{row.feedbackText}</span> },
    { id: "status", header: t("columns.status"), sortField: "status", labelOnCard: true, cell: (row) => <FeedbackStatusBadge status={row.status} /> },
    { id: "date", header: t("columns.date"), sortField: "date", labelOnCard: true, className: "shell-table__nowrap", cell: (row) => dates.dateTime(row.createdAt) },
    {
      id: "actions",
      header: t("columns.actions"),
      cell: (row) => (
        <ButtonLink to={`${feedbackViewPath(row.id)}${params.size ? `?${params}` : ""}`} size="sm" preventScrollReset aria-label={t("viewOf", { name: row.studentName })}>
          {t("view")}
        </ButtonLink>
      ),
    },
  ];
  const filtered = Boolean(query.search || query.status || query.questionId);
  return (
    <ListTable
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      caption={t("title")}
      className="quiz-table feedback-table"
      loading={loading}
      emptyText={filtered ? t("noMatches") : t("common:list.noRecords")}
      sort={{ state: query }}
      pager={{ total, page: query.page, size: query.size }}
    />
  );
}
