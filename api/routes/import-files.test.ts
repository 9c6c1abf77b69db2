import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { files, questions } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import type { Caller } from "../services/core/caller";
import type { ImportedFile } from "../services/core/heavy-jobs";
import { importFileRef } from "../services/imports/import-files";
import type { ImportCandidate } from "../services/imports/import-summary";
import { storeImported } from "../services/imports/store-imported";
import { createCategoryCourse, createTenant } from "../test-support/factories.node";
import { MATHS_ALGEBRA } from "../test-support/request-bodies";
import { callerOf, createTestServices } from "../test-support/test-app.node";

/**
 * The images an imported question carries (Moodle XML's base64 files, a QTI package's) are
 * stored as uploads are, through storeImported (import-files.ts): the parsers' shared step.
 */
let services: AppServices;
let caller: Caller;

beforeEach(async () => {
  services = await createTestServices();
  const tenant = await createTenant(services.db, "Image School");
  await createCategoryCourse(services.db, { businessId: tenant.business.id, ...MATHS_ALGEBRA });
  caller = callerOf(tenant.teacher);
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const file = (name: string, bytes: Uint8Array, ref = importFileRef(0)): ImportedFile => ({ ref, name, contentType: "image/png", bytes });
const question = (text: string, extra: Record<string, unknown> = {}) => ({
  questionText: text,
  optionType: "radio",
  options: [
    { optionText: "3", optionStatus: false },
    { optionText: "4", optionStatus: true },
  ],
  ...MATHS_ALGEBRA,
  tags: [],
  answerExplaination: "<p>Two and two.</p>",
  questionImage: importFileRef(0),
  ...extra,
});
const candidate = (number: number, input: Record<string, unknown>, carried: ImportedFile[]): ImportCandidate => ({ number, input, files: carried });

const bank = () => services.db.select().from(questions).orderBy(asc(questions.id));
const stored = () => services.db.select().from(files).where(eq(files.businessId, caller.businessId));

describe("the images imported questions carry", () => {
  it("are stored under question-images/ as an upload is, and the question's image is the stored key", async () => {
    const summary = await storeImported(services, caller, [candidate(1, question("What does the picture show?"), [file("diagram.png", PNG)])], "Question");
    expect(summary).toEqual({ unit: "Question", imported: 1, duplicates: 0, rejected: [] });
    const [row] = await bank();
    expect(row.questionImage).toMatch(new RegExp(`^question-images/${caller.businessId}/\\d+-[a-z0-9]+-diagram\\.png$`));
    expect(await stored()).toMatchObject([{ key: row.questionImage, contentType: "image/png", size: PNG.length, uploadedBy: caller.userId }]);
    const blob = await services.blobs.get(row.questionImage!);
    expect(new Uint8Array(await new Response(blob!.body).arrayBuffer())).toEqual(PNG);
  });

  it("reject the question whose image is not a JPEG or PNG, naming the file, and store nothing of it", async () => {
    const script = new TextEncoder().encode("<script>alert(1)</script>");
    const summary = await storeImported(
      services,
      caller,
      [candidate(1, question("A page posing as a picture?"), [file("photo.png", script)]), candidate(2, question("A drawing?"), [file("drawing.svg", new TextEncoder().encode("<svg/>"))])],
      "Question",
    );
    expect(summary.imported).toBe(0);
    expect(summary.rejected).toEqual([
      { number: 1, problems: [{ code: "importFileNotImage", values: { name: "photo.png" } }] },
      { number: 2, problems: [{ code: "importFileNotImage", values: { name: "drawing.svg" } }] },
    ]);
    expect(await bank()).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it("leave no file behind for a question the rules reject, one already in the bank, or one in the file twice", async () => {
    const carried = () => [file("diagram.png", PNG)];
    const first = await storeImported(
      services,
      caller,
      [candidate(1, question("Kept?"), carried()), candidate(2, question("No explanation?", { answerExplaination: "" }), carried()), candidate(3, question("Kept?"), carried())],
      "Question",
    );
    expect(first).toMatchObject({ imported: 1, duplicates: 1, rejected: [{ number: 2 }] });
    expect(await stored()).toHaveLength(1);
    const again = await storeImported(services, caller, [candidate(1, question("Kept?"), carried())], "Question");
    expect(again).toMatchObject({ imported: 0, duplicates: 1 });
    const [row] = await bank();
    expect((await stored()).map((one) => one.key)).toEqual([row.questionImage]);
  });

  it("reject a question whose image names a file the import does not carry", async () => {
    const summary = await storeImported(services, caller, [candidate(4, question("Where is it?"), [file("other.png", PNG, importFileRef(7))])], "Question");
    expect(summary.rejected).toEqual([{ number: 4, problems: [{ code: "importFileMissing", values: { name: importFileRef(0) } }] }]);
    expect(await stored()).toEqual([]);
  });
});
