/**
 * What the leader board may be sorted by (its own module: the UI imports it without the
 * schemas). `takenQuizId` and `fullname` are the spec's column names (spec 2.7), kept as
 * aliases of `id` and `studentName` for modules built from the spec.
 */
export const LEADER_BOARD_SORT_FIELDS = ["percentage", "id", "studentName", "takenQuizId", "fullname"] as const;
export type LeaderBoardSortField = (typeof LEADER_BOARD_SORT_FIELDS)[number];

/** The three sortable columns of the pages (ID, student name, score). */
export const LEADER_BOARD_PAGE_SORT_FIELDS = ["percentage", "id", "studentName"] as const satisfies readonly LeaderBoardSortField[];
