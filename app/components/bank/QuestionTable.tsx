import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import { editQuestionPath } from "../editor/paths";
import { type ListColumn, ListTable } from "../layout/ListTable";
import type { BankQuery, QuestionSortField } from "./bank-query";
import { TextWithMaths } from "../maths/TextWithMaths";
import type { OptionType } from "../../../db/schema/questions";
import { Checkbox } from "../ui/Checkbox";
import type { RowSelection } from "../stats/use-row-selection";

/** What a row shows: the list verb's entity, without the options' correctness. */
export interface BankRow {
  id: number;
  questionText: string;
  /** The text with its formulas rendered, when it has some. */
  questionTextHtml?: string;
  optionType: OptionType;
  tags: string[];
  used: boolean;
  /** Its author and the owner may edit and delete it; other authors only view it (docs/decisions/0029). */
  mayChange: boolean;
  thumbsUpCount: number;
  thumbsDownCount: number;
}

/**
 * The questions of one category and course (spec 2.5 step 2). Sortable headers are links
 * (aria-sort says the current order), so sorting works without JavaScript as well. On phones
 * each row is a card (app/styles/shell.css "stacked cards"): `data-label` names a cell there,
 * as its column header does on wider screens. The pager follows (app/components/layout/ListTable.tsx).
 * The first column ticks rows for "Export selected" (issue 28 point 3): a native checkbox each
 * (Tab and Space), named by its question; "Select all on this page" is in the bank's selection
 * bar (BankSelectionBar.tsx), where phones show it too.
 */
export function QuestionTable({ rows, total, query, loading, selection }: { rows: BankRow[]; total: number; query: BankQuery; loading: boolean; selection: RowSelection }) {
  const { t } = useTranslation(["bank", "common"]);
  const [params] = useSearchParams();
  const location = useLocation();
  // The dialogs are children of the bank: they keep the list's search, sort and page.
  const bankBase = location.pathname.replace(/\/(?:view|delete)\/\d+$/, "");
  const dialogHref = (dialog: "view" | "delete", id: number) => {
    const kept = new URLSearchParams(params);
    kept.delete("notice");
    const search = kept.toString();
    return `${bankBase}/${dialog}/${id}${search ? `?${search}` : ""}`;
  };

  const excerpt = (row: BankRow) => row.questionText.slice(0, 80);
  const columns: ListColumn<BankRow, QuestionSortField>[] = [
    {
      id: "select",
      header: t("list.select"),
      className: "bank-table__select",
      headerContent: <span className="ui-visually-hidden">{t("list.select")}</span>,
      cell: (row) => (
        <Checkbox isSelected={selection.isSelected(row.id)} onChange={(on) => selection.toggle(row.id, on)}>
          <span className="ui-visually-hidden">{t("list.selectRow", { question: excerpt(row) })}</span>
        </Checkbox>
      ),
    },
    { id: "question", header: t("list.question"), sortField: "questionText", className: "bank-table__text", cell: (row) => <TextWithMaths text={row.questionText} html={row.questionTextHtml} /> },
    {
      id: "actions",
      header: t("editor.actions"),
      className: "bank-table__actions-cell",
      cell: (row) => (
        <span className="bank-table__actions">
          {row.mayChange && (
            <Link to={editQuestionPath(row.id)} aria-label={t("editor.editLabel", { question: excerpt(row) })}>
              {t("editor.edit")}
            </Link>
          )}
          <Link to={dialogHref("view", row.id)} aria-label={t("editor.viewLabel", { question: excerpt(row) })}>
            {t("editor.view")}
          </Link>
          {row.mayChange && (
            <Link to={dialogHref("delete", row.id)} aria-label={t("editor.deleteLabel", { question: excerpt(row) })}>
              {t("editor.delete")}
            </Link>
          )}
        </span>
      ),
    },
    { id: "type", header: t("list.type"), sortField: "optionType", className: "shell-table__nowrap", labelOnCard: true, cell: (row) => t(`list.optionType.${row.optionType}`) },
    {
      id: "tags",
      header: t("list.tags"),
      labelOnCard: true,
      cell: (row) =>
        row.tags.length === 0 ? (
          "—"
        ) : (
          <ul className="bank-tags" aria-label={t("list.tags")}>
            {row.tags.map((tag) => (
              <li key={tag} className="bank-tags__tag">
                {tag}
              </li>
            ))}
          </ul>
        ),
    },
    {
      id: "usage",
      header: t("list.usage"),
      className: "shell-table__nowrap",
      labelOnCard: true,
      cell: (row) => (row.used ? <span className="shell-badge shell-badge--neutral">{t("list.used")}</span> : t("list.unused")),
    },
    { id: "up", header: t("list.thumbsUp"), sortField: "thumbsUpCount", className: "bank-table__number", labelOnCard: true, cell: (row) => row.thumbsUpCount },
    { id: "down", header: t("list.thumbsDown"), sortField: "thumbsDownCount", className: "bank-table__number", labelOnCard: true, cell: (row) => row.thumbsDownCount },
  ];

  return (
    <ListTable
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      caption={t("list.caption")}
      className="bank-table"
      loading={loading}
      emptyText={query.search || query.tag ? t("list.noMatches") : t("list.empty")}
      sort={{ state: query, linkClassName: "bank-table__sort" }}
      pager={{ total, page: query.page, size: query.size }}
    />
  );
}
