import { LEADER_BOARD_PAGE_SORT_FIELDS } from "../../../api/services/leader-board/sort-fields";
import { type ListUrlState, readListUrl } from "../layout/list-url";
import { classIdParam } from "../class-filter/class-filter-url";

export type BoardSortField = (typeof LEADER_BOARD_PAGE_SORT_FIELDS)[number];

/** The board as its URL holds it: `quiz` and `category` (missing = All), the class (ADR 0080; "" = all students), then sort and page. */
export interface BoardUrlState extends ListUrlState<BoardSortField> {
  quiz: string;
  category: string;
  classId: string;
}

/** Longest name a URL may filter by (the API's own limit). */
const MAX_NAME = 200;

/** Spec 2.7, 4: percentage descending unless the URL says otherwise; anything odd falls back to the default. */
export function readBoardUrl(params: URLSearchParams): BoardUrlState {
  return {
    quiz: (params.get("quiz") ?? "").slice(0, MAX_NAME),
    category: (params.get("category") ?? "").slice(0, MAX_NAME),
    classId: classIdParam(params) ?? "",
    ...readListUrl(params, LEADER_BOARD_PAGE_SORT_FIELDS, { sortField: "percentage", sortOrder: "desc" }),
  };
}

/** The API's queryParams for a board URL (the page and the CSV export read the same). */
export function boardQueryParams(state: BoardUrlState) {
  return {
    filter: { quizName: state.quiz || undefined, quizCategory: state.category || undefined },
    sortField: state.sortField,
    sortOrder: state.sortOrder,
    pageNumber: state.page,
    pageSize: state.size,
  };
}

/** The board's class filter for the API (top-level `classId` beside queryParams), none when "". */
export function boardClassId(state: BoardUrlState): string | undefined {
  return state.classId || undefined;
}

/** The CSV of what the board shows (filters, class and order; every page): /leaderBoard.csv. */
export function boardCsvHref(state: BoardUrlState): string {
  const query = new URLSearchParams();
  if (state.quiz) query.set("quiz", state.quiz);
  if (state.category) query.set("category", state.category);
  if (state.classId) query.set("classId", state.classId);
  query.set("sort", state.sortField);
  query.set("order", state.sortOrder);
  return `/leaderBoard.csv?${query}`;
}
