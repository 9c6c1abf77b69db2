/** Interface languages (spec 9): English is the default; all six are complete. Shared by the UI (app/i18n) and the API (e-mails in the user's language). */
export const LANGUAGES = [
  { code: "en", label: "English" },
  { code: "fr", label: "Français" },
  { code: "de", label: "Deutsch" },
  { code: "es", label: "Español" },
  { code: "ja", label: "日本語" },
  { code: "zh", label: "中文" },
] as const;

export type Language = (typeof LANGUAGES)[number]["code"];
export const DEFAULT_LANGUAGE: Language = "en";
/** The cookie that keeps the choice, so the server renders in it (no flash of English). */
export const LANGUAGE_COOKIE = "lang";

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}

/** The saved choice, else the browser's first supported language, else English. */
export function pickLanguage(cookieHeader: string | null, acceptLanguage: string | null): Language {
  const saved = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})`))?.[1];
  if (isLanguage(saved)) return saved;
  for (const part of (acceptLanguage ?? "").split(",")) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}
