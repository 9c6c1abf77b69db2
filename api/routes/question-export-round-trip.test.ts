import { beforeEach, describe, expect, it } from "vitest";
import { createCategoryCourse } from "../test-support/factories.node";
import { bankDifferences, type ComparedQuestion, readBankForComparison } from "../test-support/bank-compare.node";
import { addQuestions, everyTypeBodies, TINY_PNG, uploadBytes } from "../test-support/bank-of-every-type.node";
import { bearer } from "../test-support/test-app.node";
import { createTestBed, eachTestBed } from "../test-support/test-bed.node";

/**
 * Issue 28 point 4: export → import into an empty course through the real routes → the same
 * questions, compared field by field (test-support/bank-compare.node.ts). GIFT against the
 * GIFT import; Moodle XML and QTI against the importers' pinned routes, which land from their
 * own branches: those tests run as soon as the route answers anything but 404.
 */
const probe = await createTestBed("Probe School");
const importerPresent = async (path: string) => (await probe.post(probe.tenant.teacher, path, {})).status !== 404;
const moodleXmlImporter = await importerPresent("/moodlexmlquestion");
const qtiImporter = await importerPresent("/qtiquestion");

const bed = eachTestBed("Round Trip School");
const source = { category: "Maths", course: "Algebra" };
const copy = { category: "Imported", course: "Algebra" };

beforeEach(async () => {
  for (const place of [source, copy]) await createCategoryCourse(bed.services.db, { businessId: bed.tenant.business.id, ...place });
});

async function exported(format: "gift" | "moodlexml" | "qti3") {
  const headers = { "content-type": "application/json", ...(await bearer(bed.services, bed.tenant.teacher)) };
  const res = await bed.app.request("/question/export", { method: "POST", headers, body: JSON.stringify({ ...source, format }) });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

async function importInto(route: string, bytes: Uint8Array, name: string) {
  const location = await uploadBytes(bed, await bearer(bed.services, bed.tenant.teacher), bytes, name, "csv-uploads");
  const started = await bed.post(bed.tenant.teacher, route, { location, ...copy });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  // Through app.request the import finishes before it answers (routes/background-import.ts): its summary is final.
  const summary = await bed.call(bed.tenant.teacher, "GET", `/questionImports/${started.body.importId}`);
  expect(summary.body.rejected, JSON.stringify(summary.body.rejected)).toEqual([]);
  return summary.body;
}

const banks = async () => ({
  before: await readBankForComparison(bed, bed.tenant.teacher, source),
  after: await readBankForComparison(bed, bed.tenant.teacher, copy),
});

/** What GIFT cannot say (docs/decisions/0085): marks, images, the short answer's case rule, units, essay settings. */
const notInGift = (q: ComparedQuestion): ComparedQuestion => {
  const key = q.answerKey as Record<string, unknown> | null;
  const keyInGift =
    q.optionType === "shortAnswer" ? { ...key, caseSensitive: false } : q.optionType === "numerical" ? { ...key, units: [], unitRequired: false, unitPenalty: 0.1 } : key;
  return { ...q, defaultMark: 1, imageSha256: null, answerKey: keyInGift };
};

/** What QTI's standard processing cannot say (docs/decisions/0085): ordering's "relative to the next" rule, units. */
const notInQti = (q: ComparedQuestion): ComparedQuestion => {
  const key = q.answerKey as Record<string, unknown> | null;
  if (q.optionType === "ordering") return { ...q, answerKey: { ...key, grading: "allOrNothing" } };
  if (q.optionType === "numerical") return { ...q, answerKey: { ...key, units: [], unitRequired: false, unitPenalty: 0.1 } };
  return q;
};
const everything: (q: ComparedQuestion) => ComparedQuestion = (q) => q;

describe("round trips: export, import into an empty course, the same bank", () => {
  it("the importer probe tells a route that answers from one that does not (so the skipped round trips run once their route exists)", async () => {
    expect(await importerPresent("/giftquestion")).toBe(true);
    expect(await importerPresent("/nosuchquestionimport")).toBe(false);
  });

  it("GIFT: every type GIFT holds (radio, checkbox, true/false, short answer, numerical, matching, essay) comes back with its texts, keys, credits, tags and explanation", async () => {
    const giftTypes = everyTypeBodies(source, null).filter((body) => body.optionType !== "ordering" && body.optionType !== "cloze");
    await addQuestions(bed, bed.tenant.teacher, giftTypes);
    const file = await exported("gift");
    const summary = await importInto("/giftquestion", file, "bank.gift");
    expect(summary.imported).toBe(7);
    const { before, after } = await banks();
    expect(before.map((q) => q.optionType).sort()).toEqual(["checkbox", "essay", "matching", "numerical", "radio", "shortAnswer", "trueFalse"]);
    expect(bankDifferences(before, after, notInGift)).toEqual([]);
    // Not vacuous: the texts that need GIFT's escapes came through as written.
    expect(after.find((q) => q.optionType === "radio")!.questionText).toBe('Which is 2 + 2?\nMind the signs: {a} = ~b #c "d" <e> & f');
    expect(after.find((q) => q.optionType === "matching")!.answerKey).toMatchObject({ pairs: [{ stem: "France: west", choice: "Paris = capital" }, { stem: "Italy", choice: "Rome" }] });
  });

  it("the comparison sees a difference: an explanation edited after the round trip is reported", async () => {
    await addQuestions(bed, bed.tenant.teacher, everyTypeBodies(source, null).slice(0, 1));
    await importInto("/giftquestion", await exported("gift"), "bank.gift");
    const { before, after } = await banks();
    const edited = after.map((q) => ({ ...q, answerExplaination: `${q.answerExplaination}!` }));
    expect(bankDifferences(before, edited, notInGift)).toEqual([expect.stringContaining("answerExplaination")]);
  });

  const fullFormats = [
    { name: "Moodle XML", format: "moodlexml", route: "/moodlexmlquestion", file: "bank.xml", present: moodleXmlImporter, uncarried: everything },
    { name: "QTI 3.0", format: "qti3", route: "/qtiquestion", file: "bank.zip", present: qtiImporter, uncarried: notInQti },
  ] as const;
  for (const { name, format, route, file, present, uncarried } of fullFormats) {
    it.skipIf(!present)(`${name}: every type, with marks, tags and the image (by its bytes' hash)`, async () => {
      const image = await uploadBytes(bed, await bearer(bed.services, bed.tenant.teacher), TINY_PNG, "dot.png", "question-images");
      await addQuestions(bed, bed.tenant.teacher, everyTypeBodies(source, image));
      await importInto(route, await exported(format), file);
      const { before, after } = await banks();
      expect(after).toHaveLength(9);
      expect(bankDifferences(before, after, uncarried)).toEqual([]);
    });
  }
});
