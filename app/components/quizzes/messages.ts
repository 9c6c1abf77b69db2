/** The quiz verbs' texts the quiz pages show, in the user's language (unknown texts as sent). */
const KEYS: Record<string, string> = {
  "Sorry! the quiz is taken by one or more students and is not deleteable": "quizzes:errors.notDeletable",
  "Sorry! you don't have permissions for this operation": "quizzes:errors.forbidden",
  "The requested quiz is not found": "quizzes:errors.notFound",
  "Quiz deleted": "quizzes:pool.delete.done",
};

export const QUIZ_MESSAGES = Object.keys(KEYS);

export function translateQuizMessage(t: (key: string) => string, message: string): string {
  return KEYS[message] ? t(KEYS[message]) : message;
}
