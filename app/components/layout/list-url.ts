import { readPaging } from "./paging";

export type SortOrder = "asc" | "desc";

export interface ListUrlState<Field extends string> {
  sortField: Field;
  sortOrder: SortOrder;
  page: number;
  size: number;
}

/**
 * A list's sort and page from its URL (`sort`, `order`, `page`, `size`), so every view of a
 * list is a link and works without JavaScript. An unknown sort field falls back to the
 * list's default; paging falls back to the spec's page 1 of 10.
 */
export function readListUrl<Field extends string>(params: URLSearchParams, fields: readonly Field[], defaults: { sortField: Field; sortOrder?: SortOrder }): ListUrlState<Field> {
  const sort = params.get("sort") ?? "";
  const order = params.get("order");
  return {
    sortField: (fields as readonly string[]).includes(sort) ? (sort as Field) : defaults.sortField,
    sortOrder: order === "asc" || order === "desc" ? order : (defaults.sortOrder ?? "asc"),
    ...readPaging(params),
  };
}

/** The query for a click on a column: the same field flips the order, a new one starts ascending; back to page 1. */
export function sortHref<Field extends string>(params: URLSearchParams, current: Pick<ListUrlState<Field>, "sortField" | "sortOrder">, field: Field): string {
  const next = new URLSearchParams(params);
  next.set("sort", field);
  next.set("order", current.sortField === field && current.sortOrder === "asc" ? "desc" : "asc");
  next.delete("page");
  return `?${next}`;
}

/** aria-sort of a column header. */
export function ariaSort<Field extends string>(current: Pick<ListUrlState<Field>, "sortField" | "sortOrder">, field: Field): "ascending" | "descending" | "none" {
  if (current.sortField !== field) return "none";
  return current.sortOrder === "asc" ? "ascending" : "descending";
}
