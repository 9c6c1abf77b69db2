/** What quiz lists may be sorted by (its own module: the UI imports it without the schemas). */
export const QUIZ_SORT_FIELDS = ["quizName", "createdAt", "level", "status", "takenCount"] as const;
