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

/** An answer as a page gets it: the English text, its code where it has one, and the code's values. */
export interface CodedAnswer {
  message: string;
  code?: string;
  params?: Readonly<Record<string, string | number>>;
}

/** The locale key of an answer's code, if the page has words for it. */
export function keyOfCode(keys: CodeKeys, code: string | undefined): string | undefined {
  return code && Object.hasOwn(keys, code) ? keys[code as MessageCode | ErrorCode] : undefined;
}

/**
 * One answer (a success or a refusal) in the reader's language, or as sent: the words of its
 * code with the values the server sent (`params`: i18next puts them into `{{max}}`), and any
 * the page adds (a name it knows).
 */
export function sayAnswer(t: Translate, keys: CodeKeys, answer: CodedAnswer, values?: Record<string, unknown>): string {
  const key = keyOfCode(keys, answer.code);
  if (!key) return answer.message;
  const translate = t as (key: string, values?: Record<string, unknown>) => string;
  return values || answer.params ? translate(key, { ...answer.params, ...values }) : translate(key);
}

/** A refusal's fields as the envelope sends them: English texts, and their codes and values. */
export interface CodedFields {
  errors?: Record<string, string>;
  errorCodes?: Record<string, string>;
  errorParams?: Record<string, Readonly<Record<string, string | number>>>;
}

/** One field's error as an answer of its own (its code and values). */
export function fieldAnswer(answer: CodedFields, field: string): CodedAnswer {
  return { message: answer.errors?.[field] ?? "", code: answer.errorCodes?.[field], params: answer.errorParams?.[field] };
}

/** A refusal's field errors in the reader's language, each by its code (`errorCodes`) and values (`errorParams`), or as sent. */
export function sayFieldErrors(t: Translate, keys: CodeKeys, answer: CodedFields): Record<string, string> | undefined {
  if (!answer.errors) return undefined;
  return Object.fromEntries(Object.keys(answer.errors).map((field) => [field, sayAnswer(t, keys, fieldAnswer(answer, field))]));
}
