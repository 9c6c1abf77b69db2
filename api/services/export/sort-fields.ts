/**
 * What a quiz's stats export may be sorted by: the stats page's columns (the stats list's
 * own whitelist names the same fields; the resource route falls back to the default order
 * for any other, the API answers 400).
 */
export const QUIZ_STATS_EXPORT_SORT_FIELDS = ["studentName", "studentEmail", "percentage", "attemptDate", "timeTaken", "status", "id", "attemptNumber"] as const;
export type QuizStatsExportSortField = (typeof QUIZ_STATS_EXPORT_SORT_FIELDS)[number];
