import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./languages";
import { addMessages, type Messages } from "./resources";

// The one namespace every page reads (`common`: layout, header, buttons, errors), one lazy
// import per language. The client build puts each language's file in its own chunk
// (vite.config.ts, "messages-{language}"). Every other namespace is a page's own
// (ROUTE_NAMESPACES, route-messages.ts): its route hands it over with its data.
const files = import.meta.glob<{ default: Messages }>("../../locales/*/common.json");

/**
 * Browser only: loads the shared namespace of the language the server rendered the page in (its
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
