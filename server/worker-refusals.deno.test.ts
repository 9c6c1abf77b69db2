import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { MAX_IMPORT_ROWS } from "../api/services/imports/parse-csv";
import { say } from "../api/services/message-codes";

/** The refusal of a file with `count` questions, as the parser says it. */
const tooManyRowsText = (count: number) => say("IMPORT_TOO_MANY_ROWS", { max: MAX_IMPORT_ROWS, count }).message;

/**
 * Issue 25 point 1 on Deno: the same refusals as worker-refusals.node.test.ts, through the Deno
 * server's real Web Worker pools, run under Deno itself (the `deno` npm package) by
 * test-support/worker-refusals.deno.ts, which prints what each caller received.
 */
const root = path.resolve(import.meta.dirname, "..");
const deno = path.join(root, "node_modules/.bin/deno");

async function denoReport(): Promise<Record<string, Record<string, unknown>>> {
  const { stdout } = await promisify(execFile)(deno, ["run", "--allow-read", "--allow-env", "server/test-support/worker-refusals.deno.ts"], { cwd: root, maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, Record<string, unknown>>;
}

describe("a refusal from a Deno Web Worker", () => {
  it("reaches the caller as the same typed error, every field of it, for every job", async () => {
    const report = await denoReport();
    expect(report.invalid).toMatchObject({ instanceOf: ["AppError", "Invalid"], status: 400, code: "VALIDATION", fieldErrors: { location: "The header row is missing the column correct" } });
    expect(report.busy).toMatchObject({ instanceOf: ["AppError", "TooManyRequests"], status: 429, code: "SERVER_BUSY", retryAfterSeconds: 7 });
    expect(report.withParams).toMatchObject({ instanceOf: ["AppError"], status: 413, params: { max: 10_000, found: [12_000] } });
    expect(report.notFound).toMatchObject({ instanceOf: ["AppError", "NotFound"], status: 404, code: "NOT_FOUND" });
    expect(report.plain).toEqual({ instanceOf: [], message: "refusal failed: the disk is full" });
    expect(report.thrown).toEqual({ instanceOf: [], message: "refusal failed: a thrown string" });

    expect(report.badHeader).toMatchObject({ instanceOf: ["AppError", "Invalid"], status: 400, code: "IMPORT_MISSING_COLUMNS", message: expect.stringMatching(/^The header row is missing the columns /) });
    expect(report.tooManyRows).toMatchObject({ instanceOf: ["AppError", "Invalid"], status: 400, message: tooManyRowsText(100_000), fieldErrors: { location: tooManyRowsText(100_000) } });
    expect(report.tooManyQuestions).toMatchObject({ instanceOf: ["AppError", "Invalid"], status: 400, message: tooManyRowsText(12_000) });
    expect(report.badPdf).toMatchObject({ instanceOf: [], message: expect.stringMatching(/^certificate PDF failed: /) });
    expect(report.pdfAfter).toBe("%PDF-");
    expect(report.badHash).toMatchObject({ instanceOf: [], message: expect.stringMatching(/^argon2id failed: /) });
    expect(report.hashAfter).toBe(32);
  }, 180_000);
});
