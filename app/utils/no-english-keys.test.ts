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

function sourcesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
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

/** Computed keys `[NAME]:` and the modules the file imports each NAME from. */
function computedKeysFromServices(source: string): Array<{ name: string; from: string }> {
  const imports = new Map<string, string>();
  for (const m of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"([^"]*api\/services[^"]*)"/g)) {
    for (const part of m[1].split(",")) {
      const [exported, local] = part.replace(/\btype\b/, "").trim().split(/\s+as\s+/);
      if (exported) imports.set((local ?? exported).trim(), m[2]);
    }
  }
  return [...source.matchAll(/\[\s*([A-Z][A-Z0-9_]*)\s*\]\s*:/g)].flatMap((m) => (imports.has(m[1]) ? [{ name: m[1], from: imports.get(m[1])! }] : []));
}

describe("no map keyed by the server's English texts in app/", () => {
  const files = sourcesUnder(APP);

  it("finds the server's texts it looks for (the check can fail)", () => {
    expect(SERVER_TEXTS.has("The login detail is incorrect")).toBe(true);
    expect(SERVER_TEXTS.has("Too many attempts. Please try again in 2 minutes.")).toBe(true);
    const planted = `const EXACT: Record<string, string> = { "The login detail is incorrect": "errors.loginIncorrect" };`;
    expect(literalsOf(planted).filter((text) => SERVER_TEXTS.has(text))).toEqual(["The login detail is incorrect"]);
    expect(computedKeysFromServices(`import { USERNAME_TAKEN } from "../../api/services/users/username";\nconst M = { [USERNAME_TAKEN]: "k" };`)).toEqual([
      { name: "USERNAME_TAKEN", from: "../../api/services/users/username" },
    ]);
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
      for (const { name, from } of computedKeysFromServices(readFileSync(file, "utf8"))) {
        const resolved = join(file, "..", from);
        const module = (await import(/* @vite-ignore */ resolved)) as Record<string, unknown>;
        const value = module[name];
        if (typeof value === "string" && (SERVER_TEXTS.has(value) || / /.test(value))) found.push(`${relative(APP, file)}: [${name}]`);
      }
    }
    expect(found).toEqual([]);
  });
});
