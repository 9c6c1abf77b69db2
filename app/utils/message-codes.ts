import type { TFunction } from "i18next";
import type { ErrorCode } from "../../api/services/core/errors";
import type { MessageCode } from "../../api/services/message-codes";

/**
 * The server's answers in the reader's language, chosen by their code (decisions.md "Errors",
 * docs/decisions/0055-message-codes.md), never by their English text, which the services may
 * reword. Each page lists the codes it has words for (code → key of its namespace); an answer
 * whose code it does not list is shown as the server sent it, in English.
 */

/** i18next's t of any namespaces, or a plain function that takes a key and its values (tests). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Translate = TFunction<any, any> | ((key: string, values?: Record<string, unknown>) => string);

/** A page's words for the codes it shows: code → locale key. */
export type CodeKeys = Partial<Record<MessageCode | ErrorCode, string>>;

/** An answer as a page gets it: the English text, and its code where it has one. */
export interface CodedAnswer {
  message: string;
  code?: string;
}

/** The locale key of an answer's code, if the page has words for it. */
export function keyOfCode(keys: CodeKeys, code: string | undefined): string | undefined {
  return code && Object.hasOwn(keys, code) ? keys[code as MessageCode | ErrorCode] : undefined;
}

/** One answer (a success or a refusal) in the reader's language, or as sent. */
export function sayAnswer(t: Translate, keys: CodeKeys, answer: CodedAnswer, values?: Record<string, unknown>): string {
  const key = keyOfCode(keys, answer.code);
  if (!key) return answer.message;
  const translate = t as (key: string, values?: Record<string, unknown>) => string;
  return values ? translate(key, values) : translate(key);
}

/** A refusal's field errors in the reader's language, each by its code (`errorCodes`), or as sent. */
export function sayFieldErrors(t: Translate, keys: CodeKeys, answer: { errors?: Record<string, string>; errorCodes?: Record<string, string> }): Record<string, string> | undefined {
  if (!answer.errors) return undefined;
  return Object.fromEntries(Object.entries(answer.errors).map(([field, message]) => [field, sayAnswer(t, keys, { message, code: answer.errorCodes?.[field] })]));
}
