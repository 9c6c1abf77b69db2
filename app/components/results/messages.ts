/** The feedback verb's texts (api/services/feedback), shown in the student's language; pinned by messages.test.ts. */
const KEYS: Record<string, string> = {
  "Please write your feedback": "results:feedback.required",
  "Feedback must be at most 2000 characters": "results:feedback.tooLong",
};

export const RESULT_PAGE_MESSAGES = Object.keys(KEYS);

export function translateResultMessage(t: (key: string) => string, message: string): string {
  return KEYS[message] ? t(KEYS[message]) : message;
}
