/** The exam verbs' texts (api/services/attempts/schemas.ts), shown in the student's language; pinned by messages.test.ts. */
/** i18next's t, or anything that takes a key and its values. */
type Translate = (key: string, values: Record<string, unknown>) => string;

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

/** Texts with a number in them (api/services/attempts/quiz-password.ts quizPasswordWait). */
const PATTERNS: [RegExp, string, (match: RegExpMatchArray) => Record<string, unknown>][] = [
  [/^Too many wrong passwords for this quiz\. Please try again in (\d+) minutes?\.$/, "exam:password.wait", (m) => ({ count: Number(m[1]) })],
];

export function translateExamMessage(t: Translate, message: string): string {
  if (KEYS[message]) return t(KEYS[message], {});
  for (const [pattern, key, values] of PATTERNS) {
    const match = message.match(pattern);
    if (match) return t(key, values(match));
  }
  return message;
}
