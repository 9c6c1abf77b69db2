/** What the student's taken-quiz list may be sorted by (its own module: the UI imports it without the schemas). */
export const TAKEN_QUIZ_SORT_FIELDS = ["attemptDate", "percentage", "quizName"] as const;
export type TakenQuizSortField = (typeof TAKEN_QUIZ_SORT_FIELDS)[number];
