/**
 * Pages translate the server's answers by code, never by English text (issue 25 point 9,
 * docs/decisions/0061-codes-and-params.md). This fails if a map keyed by the server's English
 * texts comes back into app/: a catalogue text written out in a page's source (a map's key, a
 * comparison, a pattern's source), or a computed key (`[SOME_TEXT]: "key"`) whose name is a
 * string export of a service that is one of the catalogue's texts.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { MESSAGE_CODES, renderMessage } from "../../api/services/message-codes";

const APP = join(import.meta.dirname, "..");
const ROOT = join(APP, "..");
const SERVICES = join(ROOT, "api", "services");

function sourcesUnder(directory: string, { tests = false } = {}): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return name === "node_modules" || name === "build" ? [] : sourcesUnder(path, { tests });
    return /\.(ts|tsx)$/.test(name) && (tests || !/\.test\.tsx?$/.test(name)) ? [path] : [];
  });
}

/** The server's English texts: each code's template, with values where it takes them (as they read once rendered). */
const SERVER_TEXTS = new Set(
  Object.values(MESSAGE_CODES)
    .map((template) => (typeof template === "string" ? template : renderMessage(template, { minutes: 2, field: "email", max: 9, min: 1 })))
    .filter((text) => !text.includes("{{") && text.length >= 12),
);

/** Page texts that read like a server's and are a page's own words (none today). */
const ALLOWED: ReadonlySet<string> = new Set();

/** A source without its comments (which may quote the spec's texts). */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

/** The string literals of a source: "…", '…' and template literals without placeholders. */
const literalsOf = (source: string) => [...source.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`([^`$]*)`/g)].map((m) => (m[1] ?? m[2] ?? m[3]).replace(/\\(.)/g, "$1"));

/** The names a source imports from the services (pages: `…api/services/…`; services: any relative module), with their module. */
function importsFromServices(source: string, { relative = false } = {}): Map<string, string> {
  const imports = new Map<string, string>();
  const from = relative ? /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"(\.[^"]*)"/g : /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"([^"]*api\/services[^"]*)"/g;
  for (const m of source.matchAll(from)) {
    for (const part of m[1].split(",")) {
      const [exported, local] = part.replace(/\btype\b/, "").trim().split(/\s+as\s+/);
      if (exported) imports.set((local ?? exported).trim(), m[2]);
    }
  }
  return imports;
}

/**
 * The keys of a map a source builds from imported texts: computed keys `[NAME]:`, and a
 * `new Map` entry's first element `[NAME, …]` or `[TABLE[key], …]` (a table of texts indexed),
 * each with the module the name is imported from.
 */
function computedKeysFromServices(source: string, options: { relative?: boolean } = {}): Array<{ name: string; from: string; indexed: boolean }> {
  const imports = importsFromServices(source, options);
  const keys = [
    ...[...source.matchAll(/\[\s*([A-Z][A-Z0-9_]*)\s*\]\s*:/g)].map((m) => ({ name: m[1], indexed: false })),
    ...[...source.matchAll(/\[\s*([A-Z][A-Z0-9_]*)(\[[^\]\n]+\])?\s*,/g)].map((m) => ({ name: m[1], indexed: m[2] !== undefined })),
  ];
  return keys.flatMap(({ name, indexed }) => (imports.has(name) ? [{ name, from: imports.get(name)!, indexed }] : []));
}

/** Whether an imported value keys a map by the server's English: a text, or (indexed) a table of texts. */
function isServerText(value: unknown, indexed: boolean): boolean {
  if (typeof value === "string") return !indexed && (SERVER_TEXTS.has(value) || / /.test(value));
  return indexed && typeof value === "object" && value !== null && Object.values(value).some((text) => typeof text === "string" && SERVER_TEXTS.has(text));
}

/** The literal words of a regular expression literal's source (its longest run of letters and spaces). */
function wordsOfPattern(pattern: string): string {
  const runs = pattern.replace(/\\./g, " ").split(/[^A-Za-z ,':]+/);
  return runs.reduce((longest, run) => (run.trim().length > longest.length ? run.trim() : longest), "");
}

/** Regular expression literals of a source (after `(`, `=`, `,`, `:`, `[` or `return`). */
const patternsOf = (source: string) => [...source.matchAll(/(?:[(=,:[!?]|&&|\|\||return)\s*\/((?:[^/\\\n[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+)\/[dgimsuy]*/g)].map((m) => m[1]);

/** Server texts as they are sent (templates' values put in), for patterns written over them. */
const SENT_TEXTS = Object.values(MESSAGE_CODES).map((template) =>
  renderMessage(template, { minutes: 2, field: "email", max: 9, min: 1, n: 7, m: 3, count: 5, names: "correct", email: "a@b.c" }),
);

/** The lookup by English text that worked a code out of a message (ADR 0061 deleted it). */
const LOOKUP_BY_TEXT = /\b(messageCodeOf|CODE_OF_TEXT|fieldErrorCodes)\b/;

describe("no map keyed by the server's English texts in app/", () => {
  const files = sourcesUnder(APP);

  it("finds the server's texts it looks for (the check can fail)", () => {
    expect(SERVER_TEXTS.has("The login detail is incorrect")).toBe(true);
    expect(SERVER_TEXTS.has("Too many attempts. Please try again in 2 minutes.")).toBe(true);
    const planted = `const EXACT: Record<string, string> = { "The login detail is incorrect": "errors.loginIncorrect" };`;
    expect(literalsOf(planted).filter((text) => SERVER_TEXTS.has(text))).toEqual(["The login detail is incorrect"]);
    expect(computedKeysFromServices(`import { USERNAME_TAKEN } from "../../api/services/users/username";\nconst M = { [USERNAME_TAKEN]: "k" };`)).toEqual([
      { name: "USERNAME_TAKEN", from: "../../api/services/users/username", indexed: false },
    ]);
    // The import reasons' old map: `[QUESTION_MESSAGES[code], …]` and `[CATEGORY_REQUIRED, …]` over imported texts.
    const reasons = `import { CATEGORY_REQUIRED } from "../categories/schemas";\nimport { QUESTION_MESSAGES } from "../questions/schemas";\nnew Map([[QUESTION_MESSAGES[code], { code }], [CATEGORY_REQUIRED, { code: "categoryRequired" }]]);`;
    expect(computedKeysFromServices(reasons, { relative: true })).toEqual([
      { name: "QUESTION_MESSAGES", from: "../questions/schemas", indexed: true },
      { name: "CATEGORY_REQUIRED", from: "../categories/schemas", indexed: false },
    ]);
    expect(isServerText({ a: "Question text is required" }, true)).toBe(SERVER_TEXTS.has("Question text is required"));
    // The quiz pages' old pattern over spec 8's count.
    const pattern = patternsOf(String.raw`const PATTERNS = [[/^Total questions cannot be more than (\d+)$/, "errors.tooManyQuestions"]];`);
    expect(pattern.map(wordsOfPattern)).toEqual(["Total questions cannot be more than"]);
    // After a condition too (the stats page's bulk answers were matched so until ADR 0061 reached them).
    expect(patternsOf(String.raw`if (reply.code === "VALIDATION" && /status must be/.test(reply.message)) return 1;`).map(wordsOfPattern)).toEqual(["status must be"]);
    expect(SENT_TEXTS.some((text) => text.includes("Total questions cannot be more than"))).toBe(true);
    expect(LOOKUP_BY_TEXT.test("const code = messageCodeOf(message);")).toBe(true);
  });

  it("no page source writes out a server's English text", () => {
    const found = files.flatMap((file) => {
      const texts = literalsOf(withoutComments(readFileSync(file, "utf8"))).filter((text) => SERVER_TEXTS.has(text) && !ALLOWED.has(text));
      return texts.map((text) => `${relative(APP, file)}: "${text}"`);
    });
    expect(found).toEqual([]);
  });

  it("no page keys a map by a service's text constant", async () => {
    const found: string[] = [];
    for (const file of files) {
      for (const { name, from, indexed } of computedKeysFromServices(readFileSync(file, "utf8"))) {
        const module = (await import(/* @vite-ignore */ join(file, "..", from))) as Record<string, unknown>;
        if (isServerText(module[name], indexed)) found.push(`${relative(APP, file)}: [${name}]`);
      }
    }
    expect(found).toEqual([]);
  });

  it("no page matches a server's English text with a regular expression", () => {
    const found = files.flatMap((file) =>
      patternsOf(withoutComments(readFileSync(file, "utf8")))
        .map(wordsOfPattern)
        .filter((words) => words.length >= 12 && SENT_TEXTS.some((text) => text.includes(words)))
        .map((words) => `${relative(APP, file)}: /${words}/`),
    );
    expect(found).toEqual([]);
  });

  it("no service works a code (or an import reason) out of a text: no map keyed by the services' texts", async () => {
    const found: string[] = [];
    for (const file of sourcesUnder(SERVICES)) {
      for (const { name, from, indexed } of computedKeysFromServices(readFileSync(file, "utf8"), { relative: true })) {
        const module = (await import(/* @vite-ignore */ join(file, "..", from))) as Record<string, unknown>;
        if (isServerText(module[name], indexed)) found.push(`${relative(ROOT, file)}: [${name}${indexed ? "[…]" : ""}]`);
      }
    }
    expect(found).toEqual([]);
  });

  it("the lookup by English text (messageCodeOf, CODE_OF_TEXT, fieldErrorCodes) is gone from the API, the pages and the server, tests included", () => {
    const self = join(import.meta.dirname, "no-english-keys.test.ts");
    const found = ["api", "app", "server", "tests"]
      .flatMap((folder) => sourcesUnder(join(ROOT, folder), { tests: true }))
      .filter((file) => file !== self && LOOKUP_BY_TEXT.test(withoutComments(readFileSync(file, "utf8"))))
      .map((file) => relative(ROOT, file));
    expect(found).toEqual([]);
  });
});
