import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseAst } from "vite";
import { describe, expect, it } from "vitest";
import { REACT_ARIA_LOCALE } from "./app/i18n/languages";
import { keepLocales } from "./client-bundle.config.ts";

const SIX = new Set(Object.values(REACT_ARIA_LOCALE));

/** Every react-aria string table the browser bundle may include. */
const tables = ["react-aria", "react-aria-components", "react-stately"].flatMap((pkg) => {
  const dist = path.resolve(import.meta.dirname, "node_modules", pkg, "dist");
  return readdirSync(dist, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith("intlStrings.mjs"))
    .map((file) => path.join(dist, file));
});

const localesImported = (code: string) => [...code.matchAll(/^import \$[\w$]+ from "[^"]*\/([a-z]{2}-[A-Z]{2})\.mjs";$/gm)].map((match) => match[1]).sort();
const localesListed = (code: string) => [...code.matchAll(/^\s*"([a-z]{2}-[A-Z]{2})": \$[\w$]+,?$/gm)].map((match) => match[1]).sort();

describe("react-aria's strings in the browser bundle (client-bundle.config.ts)", () => {
  it("finds the string tables", () => expect(tables.length).toBeGreaterThan(10));

  for (const file of tables) {
    it(`${path.relative(path.resolve(import.meta.dirname, "node_modules"), file)} keeps the app's six locales and stays valid`, () => {
      const code = readFileSync(file, "utf8");
      // The format the transform expects: one import and one entry per locale, 30 or more locales.
      expect(localesImported(code).length).toBeGreaterThanOrEqual(30);
      expect(localesListed(code)).toEqual(localesImported(code));

      const kept = keepLocales(code, SIX);
      expect(localesImported(kept)).toEqual([...SIX].sort());
      expect(localesListed(kept)).toEqual([...SIX].sort());
      expect(() => parseAst(kept)).not.toThrow();
    });
  }
});
