import { type CodedAnswer, type CodeKeys, sayAnswer } from "../../utils/message-codes";

/**
 * The feedback verb's and the certificate's answers on the result page, in the student's language by their code and
 * values (api/services/message-codes.ts, docs/decisions/0061); anything else as sent.
 */
export const RESULT_CODE_KEYS: CodeKeys = {
  FEEDBACK_TEXT_REQUIRED: "results:feedback.required",
  FEEDBACK_TEXT_TOO_LONG: "results:feedback.tooLong",
  // { minutes }: the rate limit's wait.
  TOO_MUCH_FEEDBACK: "results:feedback.tooMuch",
  // { passPercentage }: a certificate asked for below the quiz's pass mark (ADR 0076).
  CERTIFICATE_BELOW_PASS_MARK: "results:passMark.belowPassMark",
};

export function translateResultMessage(t: (key: string, values?: Record<string, unknown>) => string, answer: CodedAnswer): string {
  return sayAnswer(t, RESULT_CODE_KEYS, answer);
}
