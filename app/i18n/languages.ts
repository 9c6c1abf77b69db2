// The languages live next to their message files, so the API (e-mails) and the UI share them.
export * from "../../locales/languages.ts";
import type { Language } from "../../locales/languages.ts";

/**
 * The locale react-aria speaks on a page in each language (its few built-in strings, such as
 * the hidden "Dismiss" of a dialog). The browser bundle keeps react-aria's strings for these
 * locales only (client-bundle.config.ts).
 */
export const REACT_ARIA_LOCALE: Record<Language, string> = { en: "en-US", fr: "fr-FR", de: "de-DE", es: "es-ES", ja: "ja-JP", zh: "zh-CN" };
