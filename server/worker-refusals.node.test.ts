import { afterAll, describe, expect, it } from "vitest";
import { AppError, Invalid, NotFound, TooManyRequests } from "../api/services/core/errors";
import { CSV_COLUMNS, MAX_IMPORT_ROWS } from "../api/services/imports/parse-csv";
import { say } from "../api/services/message-codes";

/** The refusal of a file with `count` questions, as the parser says it. */
const tooManyRowsText = (count: number) => say("IMPORT_TOO_MANY_ROWS", { max: MAX_IMPORT_ROWS, count }).message;
import { startArgon2idPool } from "./argon2id-pool.node";
import { startCertificatePdfPool } from "./certificate-pdf-pool.node";
import { startImportParsePool } from "./import-parse-pool.node";
import type { RefusalName } from "./test-support/refusals";
import { threadEntry } from "./thread-entry.node";
import { startThreadJobs } from "./thread-jobs.node";

/**
 * Issue 25 point 1: an error raised in a worker thread reaches the caller as the same typed
 * error, every field of it, through the real pools (Node; worker-refusals.deno.test.ts runs
 * the same on Deno's Web Workers).
 */
const refusing = startThreadJobs<RefusalName, never>(threadEntry(new URL("./test-support/refusing-thread.node.ts", import.meta.url)), "refusal");
const imports = startImportParsePool();
const pdfs = startCertificatePdfPool();
const hashes = startArgon2idPool(1);
afterAll(() => Promise.all([refusing.close(), imports.close(), pdfs.close(), hashes.close()]));

const refusalOf = (work: Promise<unknown>) => work.then(() => expect.unreachable("the job was not refused"), (error: unknown) => error);

describe("a refusal from a worker thread", () => {
  it("comes back as the same AppError class with its status, code, field errors and any other own field", async () => {
    const invalid = await refusalOf(refusing.run("invalid"));
    expect(invalid).toBeInstanceOf(Invalid);
    expect(invalid).toMatchObject({ status: 400, code: "VALIDATION", message: "The header row is missing the column correct", fieldErrors: { location: "The header row is missing the column correct" } });
    const busy = await refusalOf(refusing.run("busy"));
    expect(busy).toBeInstanceOf(TooManyRequests);
    expect(busy).toMatchObject({ status: 429, code: "SERVER_BUSY", retryAfterSeconds: 7 });
    const withParams = await refusalOf(refusing.run("withParams"));
    expect(withParams).toBeInstanceOf(AppError);
    expect(withParams).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE", params: { max: 10_000, found: [12_000] } });
    expect(await refusalOf(refusing.run("notFound"))).toBeInstanceOf(NotFound);
  }, 60_000);

  it("that is not an AppError stays a plain Error naming the work, and the thread goes on", async () => {
    const plain = await refusalOf(refusing.run("plain"));
    expect(plain).not.toBeInstanceOf(AppError);
    expect((plain as Error).message).toBe("refusal failed: the disk is full");
    expect((await refusalOf(refusing.run("thrown")) as Error).message).toBe("refusal failed: a thrown string");
    expect(await refusalOf(refusing.run("invalid"))).toBeInstanceOf(Invalid);
  });

  it("of each import file is its 400 with the message and field (header row, 100,000 CSV rows, 12,000 GIFT questions)", async () => {
    const badHeader = await refusalOf(imports.run({ format: "CSV", text: "question,type\nWhat?,radio\n" }));
    expect(badHeader).toBeInstanceOf(Invalid);
    expect(badHeader).toMatchObject({ status: 400, code: "IMPORT_MISSING_COLUMNS", fieldErrors: { location: expect.stringMatching(/^The header row is missing the columns /) } });
    const rows = Array.from({ length: 100_000 }, (_, i) => `Q${i},radio,a,b,,,,1,M,A,,`);
    const tooManyRows = await refusalOf(imports.run({ format: "CSV", text: [CSV_COLUMNS.join(","), ...rows].join("\n") }));
    expect(tooManyRows).toMatchObject({ status: 400, code: "IMPORT_TOO_MANY_ROWS", params: { max: MAX_IMPORT_ROWS, count: 100_000 }, message: tooManyRowsText(100_000), fieldErrors: { location: tooManyRowsText(100_000) } });
    const gift = Array.from({ length: 12_000 }, (_, i) => `Q${i} {T}`).join("\n\n");
    const tooManyQuestions = await refusalOf(imports.run({ format: "GIFT", text: gift, place: { category: "Maths", course: "Algebra" } }));
    expect(tooManyQuestions).toMatchObject({ status: 400, message: tooManyRowsText(12_000), fieldErrors: { location: tooManyRowsText(12_000) } });
  }, 60_000);

  it("of a certificate PDF and of a password hash is an Error naming the work, and the next job succeeds", async () => {
    const facts = { studentName: "Ana", quizName: "Optics", percentage: 80, completedAt: new Date(Date.UTC(2026, 10, 1)), issuer: "Riverside", verifyUrl: "https://q.test/quiz/verify/x" };
    const badPdf = await refusalOf(pdfs.certificatePdf({ ...facts, completedAt: "not a date" as unknown as Date }, { language: "en" }));
    expect((badPdf as Error).message).toMatch(/^certificate PDF failed: /);
    expect(new TextDecoder().decode((await pdfs.certificatePdf(facts, { language: "en" })).subarray(0, 5))).toBe("%PDF-");

    const input = { password: new Uint8Array(32).fill(7), salt: new Uint8Array(16).fill(1), m: 64, t: 1, p: 1, dkLen: 32 };
    const badHash = await refusalOf(hashes.argon2id({ ...input, p: 0 }));
    expect((badHash as Error).message).toMatch(/^argon2id failed: /);
    expect(await hashes.argon2id(input)).toHaveLength(32);
  }, 60_000);
});
