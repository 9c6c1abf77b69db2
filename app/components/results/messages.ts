/** The feedback verb's texts (api/services/feedback), shown in the student's language; pinned by messages.test.ts. */
const KEYS: Record<string, string> = {
  "Please write your feedback": "results:feedback.required",
  "Feedback must be at most 2000 characters": "results:feedback.tooLong",
};

export const RESULT_PAGE_MESSAGES = Object.keys(KEYS);

/** The feedback rate limit's 429 (FEEDBACK_MESSAGES.tooMuch + rate-limit.ts tryAgainIn), with its minutes. */
export const FEEDBACK_RATE_LIMITED = /^You have sent a lot of feedback\. Please try again in (\d+) minutes?\.$/;

export function translateResultMessage(t: (key: string, values?: Record<string, string>) => string, message: string): string {
  if (KEYS[message]) return t(KEYS[message]);
  const limited = FEEDBACK_RATE_LIMITED.exec(message);
  return limited ? t("results:feedback.tooMuch", { minutes: limited[1] }) : message;
}
