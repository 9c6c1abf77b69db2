import type { MessageParams } from "../core/coded";
import { tryAgainInMinutes } from "../auth/try-again";

/**
 * The student's feedback form's texts, in a module of texts only (the message catalogue,
 * api/services/message-codes.ts, imports it; docs/decisions/0061-codes-and-params.md).
 */
export const FEEDBACK_FORM_MESSAGES = {
  textRequired: "Please write your feedback",
  textTooLong: "Feedback must be at most 2000 characters",
  /** { minutes }: the wait. */
  tooMuch: (params: MessageParams) => `You have sent a lot of feedback. ${tryAgainInMinutes(Number(params.minutes))}`,
} as const;
