/** The exam verbs' texts (api/services/attempts/schemas.ts), shown in the student's language; pinned by messages.test.ts. */
type Translate = (key: string) => string;

const KEYS: Record<string, string> = {
  "Password required!": "exam:password.required",
  "password invalid": "exam:password.invalid",
  "Sorry, You have reached your total attempt limit for this quiz.": "exam:errors.attemptLimit",
  "This quiz is not open now": "exam:errors.notOpen",
  "This quiz is for subscribers. Subscribe to take it.": "exam:errors.premiumOnly",
  "This attempt is already submitted": "exam:errors.submitted",
  "Time is up: answers are no longer accepted for this attempt": "exam:errors.timeUp",
  "The requested quiz is not found": "exam:errors.notFound",
  "The time for this question is over": "exam:errors.questionClosed",
};

export const EXAM_MESSAGES = Object.keys(KEYS);

export function translateExamMessage(t: Translate, message: string): string {
  return KEYS[message] ? t(KEYS[message]) : message;
}
