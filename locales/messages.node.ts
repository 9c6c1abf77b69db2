/** Test support: the message files of one namespace, flattened to dotted keys, per language. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { LANGUAGES, type Language } from "../app/i18n/languages";

export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code);

export function flattenMessages(value: unknown, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (child && typeof child === "object") Object.assign(out, flattenMessages(child, `${prefix}${key}.`));
    else out[`${prefix}${key}`] = String(child);
  }
  return out;
}

export function loadMessages(namespace: string): Record<Language, Record<string, string>> {
  const folder = path.resolve(import.meta.dirname);
  return Object.fromEntries(
    LANGUAGE_CODES.map((language) => [
      language,
      flattenMessages(JSON.parse(readFileSync(path.join(folder, language, `${namespace}.json`), "utf8"))),
    ]),
  ) as Record<Language, Record<string, string>>;
}

/** The {{placeholders}} of a message, sorted, so translations can be compared with English. */
export const placeholdersOf = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
