import { readFileSync } from "node:fs";
import { count, eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../api/services/core/errors";
import { SPEC_CSV_COLUMNS } from "../api/services/imports/parse-csv";
import { say } from "../api/services/message-codes";
import { parseImportFile } from "../api/services/imports/parse-import";
import { createImportBed, importFile } from "../api/test-support/import-file.node";
import { questions } from "../db/schema";
import { createNodeExecutionContext } from "./background-work.node";
import { startImportParsePool } from "./import-parse-pool.node";
import { item, qtiPackage, TINY_PNG } from "../api/services/exchange/qti/fixtures/build-package.node";
import { loopHoldsDuring } from "./test-support/loop-holds.node";

/** Issue 14 point 6: on Node an import file is parsed in a worker thread, with the same result. */
const pool = startImportParsePool();
afterAll(() => pool.close());

const csvOf = (rows: number) =>
  Papa.unparse([
    [...SPEC_CSV_COLUMNS],
    ...Array.from({ length: rows }, (_, i) => [`Question ${i}?`, "radio", "a", "b", "", "", "", "1", "Maths", "Algebra", "t1;t2", `<p>Because ${i}</p>`]),
  ]);

describe("the import parse thread", () => {
  it("reads a 10,000-row CSV into the same candidates as the request would, while the loop keeps turning", async () => {
    const text = csvOf(10_000);
    await pool.run({ format: "CSV", text: csvOf(2) }); // the thread starts
    const { result: inThread, longest, elapsed } = await loopHoldsDuring(() => pool.run({ format: "CSV", text }));
    expect(inThread).toHaveLength(10_000);
    expect(inThread).toEqual(await parseImportFile({ format: "CSV", text }));
    expect(longest).toBeLessThan(Math.max(150, elapsed / 2));
  }, 60_000);

  it("reads a QTI package's bytes in the thread into the same candidates, its image's bytes included, and sends a refused package back as the same 400", async () => {
    const place = { category: "Maths", course: "Algebra" };
    const bytes = qtiPackage([item("v3p0-choice-image.xml", ["media/kettle.png"]), item("v3p0-order.xml")], { "media/kettle.png": TINY_PNG });
    const inThread = await pool.run({ format: "QTI", bytes, place });
    expect(inThread).toEqual(await parseImportFile({ format: "QTI", bytes, place }));
    expect(inThread[0]).toMatchObject({ files: [{ name: "kettle.png", bytes: TINY_PNG }] });
    const missing = await pool.run({ format: "QTI", bytes: qtiPackage([item("v3p0-choice-image.xml", ["media/kettle.png"])]), place }).catch((error: unknown) => error);
    expect(missing).toMatchObject({ status: 400, code: "QTI_MISSING_FILE" });
  });

  it("sends a whole-file refusal back as the same 400 with its field", async () => {
    const gift = Array.from({ length: 10_001 }, (_, i) => `Q${i} {T}`).join("\n\n");
    const refusal = await pool.run({ format: "GIFT", text: gift, place: { category: "Maths", course: "Algebra" } }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    const said = say("IMPORT_TOO_MANY_ROWS", { max: 10_000, count: 10_001 });
    // Its code and values cross the thread too (ADR 0061): the page words it from them.
    expect(refusal).toMatchObject({ status: 400, message: said.message, code: said.code, params: said.params, fieldErrors: { location: said.message }, fieldCodes: { location: { code: said.code, params: said.params } } });
  });

  it("reads a Moodle XML file with images into the same candidates, the images' bytes carried back; an XML bomb is the same 400", async () => {
    const text = readFileSync(new URL("../api/services/exchange/moodlexml/fixtures/images.xml", import.meta.url), "utf8");
    const place = { category: "Maths", course: "Algebra" };
    const inThread = await pool.run({ format: "MOODLEXML", text, place });
    expect(inThread).toEqual(await parseImportFile({ format: "MOODLEXML", text, place }));
    const [first] = inThread as { files?: { bytes: Uint8Array }[] }[];
    expect(first.files?.[0].bytes).toBeInstanceOf(Uint8Array);
    const bomb = readFileSync(new URL("../api/services/exchange/moodlexml/fixtures/bomb.xml", import.meta.url), "utf8");
    const refusal = await pool.run({ format: "MOODLEXML", text: bomb, place }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 400, code: "IMPORT_XML_ENTITIES" });
  });

  it("is what POST /csvquestion uses when the runtime installs it: 202, then the questions; a file over the cap is a 400", async () => {
    const background = createNodeExecutionContext();
    const { services, app, tenant, auth } = await createImportBed({ parseImport: (job) => pool.run(job), school: "Thread School" });
    const importCsv = (content: string) => importFile({ app, auth, background }, "/csvquestion", content, { name: "q.csv" });
    expect((await importCsv(csvOf(300))).status).toBe(202);
    await background.drain();
    const [{ stored }] = await services.db.select({ stored: count() }).from(questions).where(eq(questions.businessId, tenant.business.id));
    expect(stored).toBe(300);
    const tooMany = await importCsv(csvOf(10_001));
    expect(tooMany.status).toBe(400);
    const said = say("IMPORT_TOO_MANY_ROWS", { max: 10_000, count: 10_001 });
    expect(await tooMany.json()).toEqual({
      code: "IMPORT_TOO_MANY_ROWS",
      params: { max: 10_000, count: 10_001 },
      message: said.message,
      errors: { location: said.message },
      errorCodes: { location: "IMPORT_TOO_MANY_ROWS" },
      errorParams: { location: { max: 10_000, count: 10_001 } },
    });
  }, 60_000);
});
