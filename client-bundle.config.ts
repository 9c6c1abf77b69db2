import path from "node:path";
import type { Plugin } from "vite";
import { REACT_ARIA_LOCALE } from "./app/i18n/languages.ts";

/**
 * What the browser bundle leaves out, shared by the Node build (vite.config.ts) and the Worker
 * build (vite.worker.config.ts). Issue 8 item 9: the exam page's JavaScript has a budget
 * (docs/performance.md "Exam page weight"); each part below removes code the browser would
 * download and never run. The server bundles are not touched.
 */
export function clientBundle(): Plugin[] {
  return [...messagesPerLanguage(), browserZod(), reactAriaLocales()];
}

/**
 * What every page runs (React, React DOM, React Router, i18next): one chunk instead of the
 * half-dozen the bundler would cut it into. A phone on HTTP/1.1 opens six connections and
 * pays a round trip per file (issue 19's phone benchmark: the scripts' queue, not their
 * bytes, held the exam page); every page loads all of it anyway, so no page gains code.
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|html-parse-stringify|void-elements|cookie|set-cookie-parser|use-sync-external-store)[\\/]/;

/** locales/{language}/{namespace}.json → "messages-{language}". */
const languageOf = (id: string) => id.match(/[\\/]locales[\\/]([a-z]{2})[\\/][\w-]+\.json$/)?.[1];

/**
 * The browser loads its page's language only (app/i18n/browser-messages.ts, one lazy import
 * per message file); grouping each language's files into one chunk makes that one request.
 * The server learns each chunk's file name ("virtual:quiz/message-chunks", filled in when the
 * client build, which runs first, writes its chunks) and preloads the page's language in the
 * document head (app/root.tsx), so it arrives with the other scripts and hydration does not
 * wait for one more round trip. In development the map is empty and nothing is preloaded.
 */
function messagesPerLanguage(): Plugin[] {
  const chunks: Record<string, string> = {};
  const virtualId = "virtual:quiz/message-chunks";
  return [
    {
      name: "quiz:messages-per-language",
      applyToEnvironment: (environment) => environment.name === "client",
      config: () => ({
        environments: {
          client: {
            build: {
              rolldownOptions: {
                output: {
                  codeSplitting: {
                    groups: [
                      { name: "framework", test: FRAMEWORK },
                      {
                        name: (id: string) => (languageOf(id) ? `messages-${languageOf(id)}` : null),
                        debugName: "messages-per-language", // named so the bundler's timing report need not warn
                        test: (id: string) => Boolean(languageOf(id)),
                      },
                    ],
                  },
                },
              },
            },
          },
        },
      }),
      generateBundle(_options, bundle) {
        for (const file of Object.values(bundle)) {
          const language = file.type === "chunk" ? file.name.match(/^messages-([a-z]{2})$/)?.[1] : undefined;
          if (language) chunks[language] = `/${file.fileName}`;
        }
      },
    },
    {
      name: "quiz:message-chunks",
      resolveId: (source) => (source === virtualId ? `\0${virtualId}` : null),
      load: (id) => (id === `\0${virtualId}` ? `export default ${JSON.stringify(chunks)};` : null),
    },
  ];
}

/**
 * The shared input schemas (api/services/../schemas.ts) take `z` from @hono/zod-openapi so that
 * `.openapi()` exists whatever the server's import order. The browser only validates forms
 * with them: there `z` is plain zod, and `.openapi()` returns the schema unchanged. That keeps
 * zod's messages in every language, its JSON-schema converters and the OpenAPI generator
 * (≈ 85 KB gzipped) out of the browser.
 */
function browserZod(): Plugin {
  const shim = path.resolve(import.meta.dirname, "app/utils/zod-openapi.browser.ts");
  return {
    name: "quiz:browser-zod",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId: (source) => (source === "@hono/zod-openapi" ? shim : null),
  };
}

/**
 * react-aria carries its few built-in strings ("Dismiss", "Menu"...) in 34 locales; the app
 * speaks six (app/i18n/languages.ts) and tells react-aria which (I18nProvider in app/root.tsx).
 * The other locales' strings are dropped from its `intlStrings` tables; react-aria falls back
 * to English for a locale it has no strings for.
 */
function reactAriaLocales(): Plugin {
  const keep = new Set(Object.values(REACT_ARIA_LOCALE));
  return {
    name: "quiz:react-aria-locales",
    applyToEnvironment: (environment) => environment.name === "client",
    transform: {
      filter: { id: /[\\/]node_modules[\\/](react-aria|react-aria-components|react-stately)[\\/]dist[\\/].*intlStrings\.mjs$/ },
      handler: (code) => ({ code: keepLocales(code, keep), map: null }),
    },
  };
}

/**
 * One `intlStrings.mjs` table of react-aria with only the `keep` locales: their imports
 * (`import $x from "./intl/fr-FR.mjs"`) and their entries (`"fr-FR": $x,`).
 */
export function keepLocales(code: string, keep: ReadonlySet<string>): string {
  const dropped = new Set<string>();
  const imports = code.replace(/^import (\$[\w$]+) from "[^"]*[\\/]([a-z]{2}-[A-Z]{2})\.mjs";\n/gm, (line, binding: string, locale: string) => {
    if (keep.has(locale)) return line;
    dropped.add(binding);
    return "";
  });
  return imports.replace(/^\s*"[a-z]{2}-[A-Z]{2}": (\$[\w$]+),?\n/gm, (line, binding: string) => (dropped.has(binding) ? "" : line));
}
