import { afterAll, describe, expect, it, vi } from "vitest";
import { CSV_COLUMNS, MAX_IMPORT_ROWS } from "../api/services/imports/parse-csv";
import { say } from "../api/services/message-codes";

/** The refusal of a file with `count` questions, as the parser says it. */
const tooManyRowsText = (count: number) => say("IMPORT_TOO_MANY_ROWS", { max: MAX_IMPORT_ROWS, count }).message;
import { createNodeExecutionContext } from "./background-work.node";
import { startImportParsePool } from "./import-parse-pool.node";

/**
 * Issue 25 point 1, through the API as `npm start` serves it: the parse pool is started by the
 * runtime entry (server/node.ts, its own modules) while the API is the built bundle with its
 * own copy of every module, AppError's class included. Modelled here by loading the API after
 * vi.resetModules(): a second module graph. Before the fix the thread's 400 was rebuilt as the
 * entry's AppError, which the API's `onError` did not recognise: 500 INTERNAL.
 */
const pool = startImportParsePool();
afterAll(() => pool.close());
vi.resetModules();
const { createImportBed, importFile: importThrough } = await import("../api/test-support/import-file.node");
const { AppError } = await import("../api/services/core/errors");

describe("a bad import file through the API, parsed in the runtime's thread", () => {
  it("answers its 400 with the message, code and field, not 500: a wrong header row, 100,000 CSV rows, 12,000 GIFT questions, bad Moodle XML", async () => {
    const { app, auth } = await createImportBed({ parseImport: (job) => pool.run(job), school: "Graph School" });
    const background = createNodeExecutionContext();
    const importFile = async (path: "/csvquestion" | "/giftquestion" | "/moodlexmlquestion", content: string, name: string) => {
      const answer = await importThrough({ app, auth, background }, path, content, { name });
      return { status: answer.status, body: (await answer.json()) as { message: string; code: string; errors?: Record<string, string> } };
    };

    const badHeader = await importFile("/csvquestion", "question,type\nWhat?,radio\n", "bad.csv");
    expect(badHeader.status).toBe(400);
    expect(badHeader.body).toMatchObject({ code: "IMPORT_MISSING_COLUMNS", message: expect.stringMatching(/^The header row is missing the columns /) });
    expect(badHeader.body.errors).toEqual({ location: badHeader.body.message });

    // Short rows, so 100,000 fit under the 5 MB upload cap: refused by count in the thread.
    const rows = Array.from({ length: 100_000 }, (_, i) => `Q${i},radio,a,b,,,,1,Maths,Algebra,,`);
    const tooManyRows = await importFile("/csvquestion", [CSV_COLUMNS.join(","), ...rows].join("\n"), "big.csv");
    expect(tooManyRows).toMatchObject({ status: 400, body: { code: "IMPORT_TOO_MANY_ROWS", params: { max: MAX_IMPORT_ROWS, count: 100_000 }, message: tooManyRowsText(100_000), errors: { location: tooManyRowsText(100_000) } } });

    const gift = Array.from({ length: 12_000 }, (_, i) => `Q${i} {T}`).join("\n\n");
    const tooManyQuestions = await importFile("/giftquestion", gift, "big.gift");
    expect(tooManyQuestions).toMatchObject({ status: 400, body: { code: "IMPORT_TOO_MANY_ROWS", params: { max: MAX_IMPORT_ROWS, count: 12_000 }, message: tooManyRowsText(12_000), errors: { location: tooManyRowsText(12_000) } } });

    // Moodle XML (issue 28): 10,001 questions, an entity bomb, a text that is no XML.
    const one = '<question type="truefalse"><questiontext><text>t</text></questiontext></question>';
    const tooManyXml = await importFile("/moodlexmlquestion", `<quiz>${one.repeat(10_001)}</quiz>`, "big.xml");
    expect(tooManyXml).toMatchObject({ status: 400, body: { code: "IMPORT_TOO_MANY_ROWS", params: { max: MAX_IMPORT_ROWS, count: 10_001 }, errors: { location: tooManyRowsText(10_001) } } });
    const bomb = '<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><quiz>&b;</quiz>';
    expect(await importFile("/moodlexmlquestion", bomb, "bomb.xml")).toMatchObject({ status: 400, body: { code: "IMPORT_XML_ENTITIES" } });
    expect(await importFile("/moodlexmlquestion", "question,type\nWhat?,radio\n", "wrong.xml")).toMatchObject({ status: 400, body: { code: "IMPORT_XML_MALFORMED" } });
  }, 120_000);

  it("the API's copy of AppError recognises a refusal rebuilt by the entry's copy", async () => {
    const refusal = await pool.run({ format: "CSV", text: "question\nWhat?\n" }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
  }, 60_000);
});
