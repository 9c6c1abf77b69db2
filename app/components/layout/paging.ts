/** Spec 9: list page sizes, 10 by default, first page 1. */
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export interface Paging {
  page: number;
  size: number;
}

/** Reads `page` and `size` from a URL's query, falling back to the defaults on anything odd. */
export function readPaging(searchParams: URLSearchParams): Paging {
  const page = Number(searchParams.get("page"));
  const size = Number(searchParams.get("size"));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * The page numbers to offer around the current one: always the first and the last, up to
 * `radius` on each side of the current page, and null where numbers are left out.
 */
export function pageWindow(current: number, pages: number, radius = 1): (number | null)[] {
  const shown = new Set<number>([1, pages]);
  for (let page = current - radius; page <= current + radius; page++) {
    if (page >= 1 && page <= pages) shown.add(page);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const page of sorted) {
    const previous = result[result.length - 1];
    if (typeof previous === "number" && page - previous > 1) result.push(page - previous === 2 ? previous + 1 : null);
    result.push(page);
  }
  return result;
}
