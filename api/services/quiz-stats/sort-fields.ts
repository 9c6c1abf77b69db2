/** What a quiz's stats may be sorted by (its own module: the page imports it without the schemas). Spec 9: student name first. */
export const QUIZ_STATS_SORT_FIELDS = ["studentName", "studentEmail", "percentage", "attemptDate", "status", "timeTaken"] as const;
export type QuizStatsSortField = (typeof QUIZ_STATS_SORT_FIELDS)[number];

/** The statuses a teacher gives a finished attempt (spec 3 "Taken quiz", spec 9). */
export const RESULT_STATUS_CHOICES = ["Pending", "Accepted", "Rejected"] as const;

/** At most this many results change status in one call: a page of 50 many times over, and a bound on the statement. */
export const MAX_STATUS_IDS = 500;

/** Longest search term: the search box's own limit (ListSearch). */
export const MAX_STATS_SEARCH = 200;
