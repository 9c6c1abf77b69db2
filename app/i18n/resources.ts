import type { Language } from "./languages";

// Every message file is bundled: they are small, and the server must render any language
// without file-system access (Workers).
const files = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/*.json", { eager: true });

export const NAMESPACES = ["common", "auth", "security", "bank", "admin", "quizzes", "imports", "exam", "results", "studentPool"] as const;

export const resources: Record<Language, Record<string, Record<string, unknown>>> = { en: {}, fr: {}, de: {}, es: {}, ja: {}, zh: {} };
for (const [file, module] of Object.entries(files)) {
  const [, language, namespace] = file.match(/locales\/([a-z]{2})\/([\w-]+)\.json$/) ?? [];
  if (language in resources) resources[language as Language][namespace] = module.default;
}
