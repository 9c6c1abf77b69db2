import { beforeEach, describe, expect, it } from "vitest";
import { lookupCategoryCourse } from "../../categories/find-category-course";
import { AppError } from "../../core/errors";
import { createPacer } from "../../imports/time-slices";
import { createCategoryCourse } from "../../../test-support/factories.node";
import { bearer, callerOf } from "../../../test-support/test-app.node";
import { eachTestBed } from "../../../test-support/test-bed.node";
import { addQuestions, everyTypeBodies, TINY_PNG, uploadBytes } from "../../../test-support/bank-of-every-type.node";
import { readBankForExport } from "./read-bank";
import { MAX_EXPORT_IMAGE_BYTES } from "./schemas";

/**
 * The cap on an export's images together (docs/decisions/0085: 200 MB), made to bite with a
 * small cap through readBankForExport's `imageCap` seam rather than 200 MB of files: the same
 * code path, the sum of the real stored images' sizes against it.
 */
const bed = eachTestBed("Image Cap School");
const place = { category: "Maths", course: "Algebra" };

beforeEach(async () => {
  await createCategoryCourse(bed.services.db, { businessId: bed.tenant.business.id, ...place });
  const headers = await bearer(bed.services, bed.tenant.teacher);
  // Two radio questions, each with its own stored image of TINY_PNG's bytes (19).
  const [radio] = everyTypeBodies(place, null);
  for (const name of ["one.png", "two.png"]) {
    const image = await uploadBytes(bed, headers, TINY_PNG, name, "question-images");
    await addQuestions(bed, bed.tenant.teacher, [{ ...radio, questionImage: image }]);
  }
});

const read = async (cap?: { bytes: number; label: string }) => {
  const found = await lookupCategoryCourse(bed.services, bed.tenant.business.id, place);
  return readBankForExport(bed.services, callerOf(bed.tenant.teacher), found!, undefined, createPacer(), cap);
};

describe("the export's image cap", () => {
  it("is 200 MB by default, which two small images are far from", async () => {
    expect(MAX_EXPORT_IMAGE_BYTES).toBe(200 * 1024 * 1024);
    const questions = await read();
    expect(questions.map((q) => q.image?.bytes.length)).toEqual([TINY_PNG.length, TINY_PNG.length]);
  });

  it("takes images up to the cap exactly: two of 19 bytes under a cap of 38", async () => {
    const questions = await read({ bytes: 2 * TINY_PNG.length, label: "38 bytes" });
    expect(questions).toHaveLength(2);
  });

  it("refuses the whole export once the images together pass it: 400 QUESTION_EXPORT_IMAGES_TOO_LARGE naming the cap", async () => {
    const refusal = await read({ bytes: 2 * TINY_PNG.length - 1, label: "37 bytes" }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 400, code: "QUESTION_EXPORT_IMAGES_TOO_LARGE", params: { max: "37 bytes" } });
  });
});
