import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import { editQuestionPath } from "../editor/paths";
import { ariaSort, sortHref } from "../layout/list-url";
import type { BankQuery, QuestionSortField } from "./bank-query";
import { TableStateRow } from "../layout/TableStateRow";

/** What a row shows: the list verb's entity, without the options' correctness. */
export interface BankRow {
  id: number;
  questionText: string;
  optionType: "radio" | "checkbox";
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
 * as its column header does on wider screens.
 */
export function QuestionTable({ rows, query, loading }: { rows: BankRow[]; query: BankQuery; loading: boolean }) {
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

  const header = (field: QuestionSortField, label: string) => {
    const active = query.sortField === field;
    return (
      <th scope="col" aria-sort={ariaSort(query, field)}>
        <Link to={sortHref(params, query, field)} className="bank-table__sort">
          {label}
          <span aria-hidden="true">{active ? (query.sortOrder === "asc" ? " ▲" : " ▼") : ""}</span>
        </Link>
      </th>
    );
  };

  return (
    <div className="shell-table-wrap" aria-busy={loading}>
      <table className="shell-table bank-table">
        <caption className="ui-visually-hidden">{t("list.caption")}</caption>
        <thead>
          <tr>
            {header("questionText", t("list.question"))}
            <th scope="col">{t("editor.actions")}</th>
            {header("optionType", t("list.type"))}
            <th scope="col">{t("list.tags")}</th>
            <th scope="col">{t("list.usage")}</th>
            {header("thumbsUpCount", t("list.thumbsUp"))}
            {header("thumbsDownCount", t("list.thumbsDown"))}
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <TableStateRow columns={7}>{t("common:list.pleaseWait")}</TableStateRow>
          ) : rows.length === 0 ? (
            <TableStateRow columns={7}>{query.search || query.tag ? t("list.noMatches") : t("list.empty")}</TableStateRow>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                <td className="bank-table__text">{row.questionText}</td>
                <td className="bank-table__actions-cell">
                  <span className="bank-table__actions">
                    {row.mayChange && (
                      <Link to={editQuestionPath(row.id)} aria-label={t("editor.editLabel", { question: row.questionText.slice(0, 80) })}>
                        {t("editor.edit")}
                      </Link>
                    )}
                    <Link to={dialogHref("view", row.id)} aria-label={t("editor.viewLabel", { question: row.questionText.slice(0, 80) })}>
                      {t("editor.view")}
                    </Link>
                    {row.mayChange && (
                      <Link to={dialogHref("delete", row.id)} aria-label={t("editor.deleteLabel", { question: row.questionText.slice(0, 80) })}>
                        {t("editor.delete")}
                      </Link>
                    )}
                  </span>
                </td>
                <td className="shell-table__nowrap" data-label={t("list.type")}>
                  {t(`list.optionType.${row.optionType}`)}
                </td>
                <td data-label={t("list.tags")}>
                  {row.tags.length === 0 ? (
                    "—"
                  ) : (
                    <ul className="bank-tags" aria-label={t("list.tags")}>
                      {row.tags.map((tag) => (
                        <li key={tag} className="bank-tags__tag">
                          {tag}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td className="shell-table__nowrap" data-label={t("list.usage")}>
                  {row.used ? <span className="shell-badge shell-badge--neutral">{t("list.used")}</span> : t("list.unused")}
                </td>
                <td className="bank-table__number" data-label={t("list.thumbsUp")}>
                  {row.thumbsUpCount}
                </td>
                <td className="bank-table__number" data-label={t("list.thumbsDown")}>
                  {row.thumbsDownCount}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
