import type { z } from "@hono/zod-openapi";
import { schemaMessage } from "./coded";

/**
 * The one rule of every single-line name field (a username, a full name, a category, a
 * course, a quiz name, a plan title, a tag, an e-mail subject; issue 25, point 17): no control
 * characters and no line breaks. A NUL is cut by the database on read (the name saved is not
 * the name shown); a line break lets a name write lines of its own into an e-mail or a CSV.
 * Refused, never stripped, so what is saved is what was typed. C0 and C1 controls, DEL and the
 * Unicode line and paragraph separators.
 */
// eslint-disable-next-line no-control-regex
export const ONE_LINE = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;

/** The refusal, one text (and one code, TEXT_NOT_ONE_LINE) for every name field. */
export const NOT_ONE_LINE = "Use one line of text without control characters or line breaks";

/** `field` (a zod string, after its trim and length checks) that also refuses control characters and line breaks, said by its code. */
export function singleLine(field: z.ZodString, message: string = schemaMessage("TEXT_NOT_ONE_LINE")): z.ZodString {
  return field.regex(ONE_LINE, message);
}

// eslint-disable-next-line no-control-regex
const CONTROL_RUNS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * A stored name as one line for a mail's text or subject: each run of control characters or
 * line breaks becomes one space. Names saved before the rule above (or written by another
 * module straight into the database) can then still write no lines of their own into a mail.
 */
export function asOneLine(value: string): string {
  return value.replace(CONTROL_RUNS, " ");
}
