import { strFromU8, unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../api/services/core/errors";
import type { ExportQuestion } from "../api/services/exchange/export/export-question";
import { type ExportJob, writeExportFile } from "../api/services/exchange/export/export-file";
import { createCategoryCourse } from "../api/test-support/factories.node";
import { bearer } from "../api/test-support/test-app.node";
import { createTestBed } from "../api/test-support/test-bed.node";
import { addQuestions, everyTypeBodies, TINY_PNG, uploadBytes } from "../api/test-support/bank-of-every-type.node";
import { startQuestionExportPool } from "./question-export-pool.node";
import { loopHoldsDuring } from "./test-support/loop-holds.node";

/** Issue 28 point 5 (docs/decisions/0085, second addendum): on Node an export's file is written in a worker thread, the same file as in the request. */
const pool = startQuestionExportPool();
afterAll(() => pool.close());

const place = { category: "Maths", course: "Algebra" };
const question = (id: number): ExportQuestion => ({
  id,
  questionText: `Question ${id}: what is ${id} + ${id}?`,
  optionType: id % 2 ? "radio" : "shortAnswer",
  options: id % 2 ? [{ optionText: String(2 * id), optionStatus: true }, { optionText: String(2 * id + 1), optionStatus: false }] : [],
  answerKey: id % 2 ? null : { answers: [{ text: String(2 * id), credit: 1 }], caseSensitive: false },
  defaultMark: 1,
  ...place,
  tags: ["bench"],
  explanation: `<p>Because ${id} + ${id} = <strong>${2 * id}</strong>.</p>`,
  image: id === 1 ? { name: "q1-dot.png", contentType: "image/png", bytes: TINY_PNG } : null,
});
const job = (format: ExportJob["format"], count: number): ExportJob => ({ format, questions: Array.from({ length: count }, (_, i) => question(i + 1)), place, day: "2026-11-29" });
/** A package's files by name (its bytes carry the time of writing; its contents must be the same). */
const unpacked = (body: string | Uint8Array) => Object.fromEntries(Object.entries(unzipSync(body as Uint8Array)).map(([name, bytes]) => [name, name.endsWith(".png") ? [...bytes] : strFromU8(bytes)]));

describe("the question export thread", () => {
  it("writes a QTI package of 2,000 questions with the same files as the request would, the package's bytes handed back, while the loop keeps turning", async () => {
    await pool.run(job("gift", 1)); // the thread starts
    const big = job("qti3", 2000);
    const { result: inThread, longest, elapsed } = await loopHoldsDuring(() => pool.run(big));
    expect(inThread.body).toBeInstanceOf(Uint8Array);
    expect(inThread.exported).toBe(2000);
    const inRequest = await writeExportFile(big);
    expect(unpacked(inThread.body)).toEqual(unpacked(inRequest.body));
    expect(unpacked(inThread.body)["images/q1-dot.png"]).toEqual([...TINY_PNG]);
    // The loop is free while the thread writes: no turn waits anywhere near the whole writing.
    expect(longest).toBeLessThan(Math.max(150, elapsed / 2));
  }, 60_000);

  it("writes GIFT and Moodle XML texts as the request would, GIFT's questions it cannot hold named", async () => {
    for (const format of ["gift", "moodlexml"] as const) {
      const bank = { ...job(format, 3), questions: [...job(format, 3).questions, { ...question(4), optionType: "ordering" as const, answerKey: { items: ["a", "b"], grading: "allOrNothing" } as never }] };
      expect(await pool.run(bank)).toEqual(await writeExportFile(bank));
    }
    const gift = await pool.run({ ...job("gift", 1), questions: [{ ...question(4), optionType: "ordering", answerKey: { items: ["a", "b"], grading: "allOrNothing" } as never }] });
    expect(gift.notExported).toEqual([{ id: 4, optionType: "ordering" }]);
  });

  it("sends a job it cannot write back as the same AppError, code and all (issue 25 point 1)", async () => {
    const refusal = await pool.run({ ...job("gift", 1), format: "pdf" as never }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 400, code: "QUESTION_EXPORT_FORMAT_INVALID" });
  });

  it("is what POST /question/export uses when the runtime installs it: the bank of every type, as a package", async () => {
    const bed = await createTestBed("Thread Export School");
    let sent = 0;
    bed.services.writeExport = (written) => {
      sent += 1;
      return pool.run(written);
    };
    await createCategoryCourse(bed.services.db, { businessId: bed.tenant.business.id, ...place });
    const image = await uploadBytes(bed, await bearer(bed.services, bed.tenant.teacher), TINY_PNG, "dot.png", "question-images");
    await addQuestions(bed, bed.tenant.teacher, everyTypeBodies(place, image));
    const res = await bed.app.request("/question/export", { method: "POST", headers: { "content-type": "application/json", ...(await bearer(bed.services, bed.tenant.teacher)) }, body: JSON.stringify({ ...place, format: "qti3" }) });
    expect(res.status).toBe(200);
    expect(sent).toBe(1);
    expect(res.headers.get("x-exported-count")).toBe("9");
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).filter((name) => name.startsWith("items/"))).toHaveLength(9);
  }, 60_000);
});
