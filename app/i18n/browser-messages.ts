import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./languages";
import { addMessages, type Messages } from "./resources";

// One lazy import per message file. The client build puts each language's files in one chunk
// (vite.config.ts, "messages-{language}"), so a language arrives in one request. A page's own
// namespace (ROUTE_NAMESPACES, route-messages.ts) is left out: its route hands it over.
const files = import.meta.glob<{ default: Messages }>([
  "../../locales/*/*.json",
  "!../../locales/*/analysis.json",
  "!../../locales/*/board.json",
  "!../../locales/*/stats.json",
  "!../../locales/*/feedback.json",
  "!../../locales/*/mail.json",
  "!../../locales/*/payments.json",
  "!../../locales/*/subscribe.json",
  "!../../locales/*/offline.json",
  "!../../locales/*/home.json",
]);

/**
 * Browser only: loads every namespace of the language the server rendered the page in (its
 * <html lang>) into `resources`, before hydration, so that the first client render says what
 * the server said (no flash of keys or of another language). A language switch reloads the
 * page (LanguageSwitch), so one language per page load is all the browser ever needs.
 */
export async function loadPageLanguage(lang: string): Promise<Language> {
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const mine = Object.entries(files).filter(([file]) => file.includes(`/locales/${language}/`));
  await Promise.all(mine.map(async ([file, load]) => addMessages(file, (await load()).default)));
  return language;
}
