import type { Language } from "./languages";

export const NAMESPACES = ["common", "auth", "security", "bank", "admin", "quizzes", "imports", "exam", "results", "studentPool", "board", "stats", "analysis", "mail", "feedback", "payments", "subscribe", "offline", "home", "grading", "classes", "reports", "lti"] as const;

/**
 * Namespaces only some pages use: every one but `common`. The browser's message chunk leaves
 * them out, so a page does not carry the others' texts (the exam and login pages first:
 * tests/e2e/bundle-weight.spec.ts); the loader of each page (or of its layout) that uses one
 * sends it with its data instead (route-messages.ts), checked for every route by
 * route-namespaces.test.ts. Keep in step with the glob in browser-messages.ts (a glob must be
 * a literal).
 */
export const ROUTE_NAMESPACES = ["auth", "security", "bank", "admin", "quizzes", "imports", "exam", "results", "studentPool", "analysis", "board", "stats", "feedback", "mail", "payments", "subscribe", "offline", "home", "grading", "classes", "reports", "lti"] as const;
export type RouteNamespace = (typeof ROUTE_NAMESPACES)[number];

export type Messages = Record<string, unknown>;
export type Resources = Record<Language, Record<string, Messages>>;

// The server bundles every message file: it must render any language without file-system
// access (Workers). The browser's bundle leaves them out (the condition is false there, so the
// imports are dropped): it starts empty and entry.client fills in the page's language before
// hydrating (browser-messages.ts), so each visitor downloads one language, not six.
const files = import.meta.env.SSR ? import.meta.glob<{ default: Messages }>("../../locales/*/*.json", { eager: true }) : {};

export const resources: Resources = { en: {}, fr: {}, de: {}, es: {}, ja: {}, zh: {} };
for (const [file, module] of Object.entries(files)) addMessages(file, module.default);

/** Files this glob found (locales/{language}/{namespace}.json) go under resources[language][namespace]. */
export function addMessages(file: string, messages: Messages): void {
  const [, language, namespace] = file.match(/locales\/([a-z]{2})\/([\w-]+)\.json$/) ?? [];
  if (language in resources) resources[language as Language][namespace] = messages;
}
