import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * ADR 0077 "Draws name their part": a quiz's draws name a category, course and tag (decisions.md
 * `draws: [{ category, course?, tag?, count }]`), so a rename or a delete of one of those would
 * leave draws naming nothing. None exists today (the bank only creates them); this fails the day
 * one is written, so whoever writes it carries the draws along as the ADR says.
 */
const RENAMES_OR_DELETES = /\.(update|delete)\(\s*(categories|courses|tags)\s*\)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("names a draw relies on", () => {
  it("are never renamed or deleted by any code of the product (a rename must carry the quizzes' draws along)", () => {
    const offenders = ["api", "app", "server", "db"].flatMap(sourceFiles).filter((path) => RENAMES_OR_DELETES.test(readFileSync(path, "utf8")));
    expect(offenders).toEqual([]);
  });

  it("would notice one", () => {
    expect(RENAMES_OR_DELETES.test("await db.update(categories).set({ name })")).toBe(true);
    expect(RENAMES_OR_DELETES.test("db.delete( tags )")).toBe(true);
    expect(RENAMES_OR_DELETES.test("db.update(questions)")).toBe(false);
  });
});
