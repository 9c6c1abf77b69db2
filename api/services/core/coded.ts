/**
 * A message that travels as its code and values, not as its English words
 * (docs/decisions/0061-codes-and-params.md). The English text is rendered from the code's
 * template (api/services/message-codes.ts) where the message is made; clients translate the
 * code with the same values and never read the text.
 *
 * This module is the services' base: it knows no texts. The catalogue registers its renderer
 * here when it loads, so that the base's zod conversion can render a schema's coded messages.
 */

/** A message's values: names and numbers put into its template (`{{max}}`). */
export type MessageParams = Readonly<Record<string, string | number>>;

/** A message said by code: its stable code, its values, and its English text rendered from both. */
export interface Said {
  readonly code: string;
  readonly params?: MessageParams;
  readonly message: string;
}

/** A field's error as a client translates it. */
export interface CodedField {
  code: string;
  params?: MessageParams;
}

export function isSaid(value: unknown): value is Said {
  return typeof value === "object" && value !== null && typeof (value as Said).code === "string" && typeof (value as Said).message === "string";
}

/**
 * `{{name}}` → the value's text, `{{name, number}}` → a number grouped the English way
 * (10,000), as i18next writes the same placeholders in each language; a placeholder without
 * a value stays as written.
 */
export function renderTemplate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{\{(\w+)(?:,\s*(\w+))?\}\}/g, (whole, name: string, format?: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    return format === "number" && typeof value === "number" ? value.toLocaleString("en") : String(value);
  });
}

/*
 * A zod schema's message can only be a string, so a coded one is written as a marker: a
 * character no text contains, the code, and its values as JSON. The conversion of a schema's
 * failure (core/errors.ts) and the pages' instant checks (useSchemaForm) read it back.
 */
const MARK = "\u{E000}";

/** The message to give a zod check so that its failure carries this code (and values). */
export function schemaMessage(code: string, params?: MessageParams): string {
  return params ? `${MARK}${code}${MARK}${JSON.stringify(params)}` : `${MARK}${code}`;
}

/** The code and values of a schema message made by `schemaMessage`; undefined for a plain text. */
export function readSchemaMessage(message: string): CodedField | undefined {
  if (!message.startsWith(MARK)) return undefined;
  const [code, json] = message.slice(MARK.length).split(MARK);
  return json ? { code, params: JSON.parse(json) as MessageParams } : { code };
}

type Renderer = (code: string, params?: MessageParams) => string | undefined;
let renderer: Renderer | undefined;

/** Called once by the catalogue (api/services/message-codes.ts) as it loads. */
export function setMessageRenderer(render: Renderer): void {
  renderer = render;
}

/** A coded message's English text; its code when no catalogue is loaded (never in the API or the pages). */
export function renderCoded(code: string, params?: MessageParams): string {
  return renderer?.(code, params) ?? code;
}

/** A schema message as people read it: a marker rendered in English, a plain text as it is. */
export function schemaText(message: string): { message: string; coded?: CodedField } {
  const coded = readSchemaMessage(message);
  return coded ? { message: renderCoded(coded.code, coded.params), coded } : { message };
}

/**
 * Every body schema's refusal of a body that is not a JSON object, by its code (the catalogue
 * holds its English, auth/schema-messages.ts): one marker, so no schema writes the text out.
 */
export const BODY_NOT_AN_OBJECT = schemaMessage("BODY_NOT_AN_OBJECT");
