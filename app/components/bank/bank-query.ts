import { QUESTION_SORT_FIELDS } from "../../../api/services/questions/sort-fields";
import { readPaging } from "../layout/paging";

export type QuestionSortField = (typeof QUESTION_SORT_FIELDS)[number];
export type SortOrder = "asc" | "desc";

export interface BankQuery {
  search: string;
  tag: string;
  sortField: QuestionSortField;
  sortOrder: SortOrder;
  page: number;
  size: number;
}

/**
 * The bank's list state from its URL (search, tag, sort, page, size), so every view is a
 * link and works without JavaScript. Anything odd falls back to the spec's defaults:
 * question text ascending, page 1, 10 rows.
 */
export function readBankQuery(params: URLSearchParams): BankQuery {
  const sort = params.get("sort") ?? "";
  const sortField = (QUESTION_SORT_FIELDS as readonly string[]).includes(sort) ? (sort as QuestionSortField) : "questionText";
  return {
    search: (params.get("search") ?? "").trim().slice(0, 200),
    tag: (params.get("tag") ?? "").trim().slice(0, 50),
    sortField,
    sortOrder: params.get("order") === "desc" ? "desc" : "asc",
    ...readPagingAsBank(params),
  };
}

function readPagingAsBank(params: URLSearchParams) {
  const { page, size } = readPaging(params);
  return { page, size };
}

/** The URL query for a change of sort: the same field flips the order, a new one starts ascending. */
export function sortHref(params: URLSearchParams, current: BankQuery, field: QuestionSortField): string {
  const next = new URLSearchParams(params);
  next.set("sort", field);
  next.set("order", current.sortField === field && current.sortOrder === "asc" ? "desc" : "asc");
  next.delete("page");
  return `?${next}`;
}
