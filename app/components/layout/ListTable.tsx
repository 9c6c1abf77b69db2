import { type Key, type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { type ListUrlState, ariaSort, sortHref } from "./list-url";
import { Pager } from "./Pager";
import { TableStateRow } from "./TableStateRow";
import { useStickyEndPadding } from "./use-sticky-end-padding";

/** One column of a list: its header, how a row's cell reads, and whether a click on the header sorts. */
export interface ListColumn<Row, Field extends string = string> {
  /** Unique within the table (React key). */
  id: string;
  header: string;
  /** Shown in the header cell instead of `header` (a select-all checkbox); `header` still names the cell on phone cards. */
  headerContent?: ReactNode;
  /** The list verb's sort field this header sorts by; without it the header is plain text. */
  sortField?: Field;
  /** The cell's own class (e.g. `shell-table__nowrap`, `quiz-table__number`). */
  className?: string;
  /**
   * On phones each row is a card (app/styles/shell.css "stacked cards") and `data-label`
   * names a cell there as its header does on wider screens. Leave it off for the cell that
   * is the card's title and for the actions cell, which need no name.
   */
  labelOnCard?: boolean;
  cell: (row: Row) => ReactNode;
}

export interface ListTableSort<Field extends string> {
  /** The list's current order (from its URL, app/components/layout/list-url.ts). */
  state: Pick<ListUrlState<Field>, "sortField" | "sortOrder">;
  /** Class of the header links (the per-list CSS styles them). */
  linkClassName?: string;
  /** ▲/▼ after the sorted header's label (aria-sort says it to screen readers either way). */
  arrows?: boolean;
}

export interface ListTableProps<Row, Field extends string> {
  columns: ListColumn<Row, Field>[];
  rows: Row[];
  rowKey: (row: Row) => Key;
  /** Visually hidden, names the table for screen readers. */
  caption: string;
  /** The per-list class beside `shell-table` (bank-table, quiz-table, users-table...). */
  className?: string;
  /** The list's next page is on its way: one 'Please wait...' row instead of the rows. */
  loading: boolean;
  /** What the loading row says; 'Please wait...' unless told. */
  loadingContent?: ReactNode;
  /** What the one row says when there are no rows ('No records found', or a list's own "no matches"). */
  emptyText: ReactNode;
  sort?: ListTableSort<Field>;
  /** The spec's pager (sizes 10/20/30/50) under the table; lists that do not page leave it off. */
  pager?: { total: number; page: number; size: number };
}

/**
 * Every list of the product in one piece (issue 15 item 6, docs/decisions/0036): the
 * `shell-table-wrap` with `aria-busy` (and, under a sticky last column, scroll padding that
 * keeps scrolled-to cells clear of it: docs/decisions/0049), a captioned `shell-table`, header links that sort
 * (with aria-sort, so sorting works without JavaScript), the loading and empty rows, and the
 * pager. The lists say only what their columns are and how a cell reads.
 */
export function ListTable<Row, Field extends string = string>({
  columns,
  rows,
  rowKey,
  caption,
  className,
  loading,
  loadingContent,
  emptyText,
  sort,
  pager,
}: ListTableProps<Row, Field>) {
  const { t } = useTranslation("common");
  const [params] = useSearchParams();
  const wrapRef = useRef<HTMLDivElement>(null);
  useStickyEndPadding(wrapRef);

  const header = (column: ListColumn<Row, Field>) => {
    if (!sort || column.sortField === undefined) {
      return (
        <th key={column.id} scope="col">
          {column.headerContent ?? column.header}
        </th>
      );
    }
    const field = column.sortField;
    const active = sort.state.sortField === field;
    return (
      <th key={column.id} scope="col" aria-sort={ariaSort(sort.state, field)}>
        <Link to={sortHref(params, sort.state, field)} className={sort.linkClassName}>
          {column.header}
          {sort.arrows !== false && <span aria-hidden="true">{active ? (sort.state.sortOrder === "asc" ? " ▲" : " ▼") : ""}</span>}
        </Link>
      </th>
    );
  };

  return (
    <>
      <div ref={wrapRef} className="shell-table-wrap" aria-busy={loading}>
        <table className={className ? `shell-table ${className}` : "shell-table"}>
          <caption className="ui-visually-hidden">{caption}</caption>
          <thead>
            <tr>{columns.map(header)}</tr>
          </thead>
          <tbody>
            {loading ? (
              <TableStateRow columns={columns.length}>{loadingContent ?? t("list.pleaseWait")}</TableStateRow>
            ) : rows.length === 0 ? (
              <TableStateRow columns={columns.length}>{emptyText}</TableStateRow>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.id} className={column.className} data-label={column.labelOnCard ? column.header : undefined}>
                      {/* One box for the value beside its card label, so its words wrap together, never squeezed apart (shell.css). */}
                      {column.labelOnCard ? <span className="shell-table__value">{column.cell(row)}</span> : column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {pager && <Pager total={pager.total} page={pager.page} size={pager.size} />}
    </>
  );
}
