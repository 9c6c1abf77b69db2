import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, files, questionImports, questions } from "../../db/schema";
import { fixture, item, qtiPackage, TINY_PNG } from "../services/exchange/qti/fixtures/build-package.node";
import { ZIP_LIMITS } from "../services/exchange/limits";
import { bearer } from "../test-support/test-app.node";
import { createImportBed, importFile } from "../test-support/import-file.node";
import { createCategoryCourse, createTenant } from "../test-support/factories.node";
import { MATHS_ALGEBRA } from "../test-support/request-bodies";

/**
 * POST /api/qtiquestion through the real route (issue 28 point 2): the upload to csv-uploads,
 * the import into the dialog's bank, the package's image stored as the question's, the
 * summary naming each rejected item; and the packages refused as a whole with a 400 that
 * stores nothing.
 */
const everyType = () =>
  qtiPackage(
    [
      item("v3p0-choice-image.xml", ["media/kettle.png"]),
      item("v3p0-true-false.xml"),
      item("v3p0-text-entry.xml"),
      item("v2p2-text-entry-number.xml"),
      item("v3p0-extended-text.xml"),
      item("v3p0-match.xml"),
      item("v3p0-order.xml"),
      item("v3p0-inline-cloze.xml"),
      item("v3p0-gap-match.xml"),
      item("v3p0-pci.xml"),
    ],
    { "media/kettle.png": TINY_PNG },
  );

describe("POST /api/qtiquestion", () => {
  it("imports a QTI 3.0 package into the bank: every type, its image stored as the question's, the PCI item rejected by name in the record and the e-mail", async () => {
    const { services, app, tenant, auth } = await createImportBed({ school: "QTI School" });
    const answer = await importFile({ app, auth }, "/qtiquestion", everyType(), { headers: { cookie: "lang=en" } });
    expect(answer.status).toBe(202);
    const { importId } = (await answer.json()) as { importId: number };

    const stored = await services.db.select().from(questions).where(eq(questions.businessId, tenant.business.id)).orderBy(asc(questions.id));
    expect(stored.map((question) => question.optionType)).toEqual(["radio", "trueFalse", "shortAnswer", "numerical", "essay", "matching", "ordering", "cloze", "cloze"]);
    const image = stored[0].questionImage!;
    expect(image).toMatch(/^question-images\/\d+\/.*kettle\.png$/);
    const [file] = await services.db.select().from(files).where(eq(files.key, image));
    expect(file).toMatchObject({ contentType: "image/png", size: TINY_PNG.length });

    const view = await app.request(`/questionImports/${importId}`, { headers: auth });
    expect(await view.json()).toMatchObject({
      format: "QTI",
      fileName: "package.zip",
      status: "done",
      unit: "Question",
      total: 10,
      imported: 9,
      rejected: [{ number: 10, problems: [{ code: "qtiPci", values: { item: "items/v3p0-pci.xml" } }] }],
    });
    const [mail] = await services.db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
    expect(mail.subject).toContain("(QTI)");
    expect(mail.text).toContain("portable custom interaction (PCI)");
    expect(mail.text).toContain("items/v3p0-pci.xml");

    // The same package again: every question is a duplicate, and no second image is kept.
    await importFile({ app, auth }, "/qtiquestion", everyType());
    expect(await services.db.select().from(questions).where(eq(questions.businessId, tenant.business.id))).toHaveLength(9);
    expect(await services.db.select().from(files).where(eq(files.uploadedBy, tenant.teacher.id))).toHaveLength(3); // two packages, one image
  });

  it("refuses a package that misses a file its manifest names, a ZIP bomb, a climbing path and a ZIP that is not QTI: a 400 on the file, no record, nothing stored", async () => {
    const { services, app, tenant, auth } = await createImportBed({ school: "Refusing School" });
    const zeros = new Uint8Array(ZIP_LIMITS.maxEntryBytes + 1);
    const refusals = [
      [qtiPackage([item("v3p0-choice-image.xml", ["media/kettle.png"])]), "QTI_MISSING_FILE"],
      [qtiPackage([item("v3p0-true-false.xml")], { "big.bin": zeros }), "ZIP_ENTRY_TOO_LARGE"],
      [qtiPackage([item("v3p0-true-false.xml")], { "../outside.xml": TINY_PNG }), "ZIP_UNSAFE_PATH"],
      [qtiPackage([{ ...item("entity-bomb.xml"), type: "imsqti_item_xmlv2p1" }]), "QTI_XML_ENTITIES"],
    ] as const;
    for (const [bytes, code] of refusals) {
      const answer = await importFile({ app, auth }, "/qtiquestion", bytes);
      expect(answer.status, code).toBe(400);
      expect(await answer.json()).toMatchObject({ code, errorCodes: { location: code } });
    }
    expect(await services.db.select().from(questions).where(eq(questions.businessId, tenant.business.id))).toEqual([]);
    expect(await services.db.select().from(questionImports).where(eq(questionImports.businessId, tenant.business.id))).toEqual([]);
  });

  it("refuses a text file named .zip at the upload, and is 403 for a student and 404 for another school's upload", async () => {
    const { services, app, tenant, auth } = await createImportBed({ school: "Door School" });
    const form = new FormData();
    form.set("file", new File([fixture("v3p0-true-false.xml")], "package.zip"));
    form.set("folder", "csv-uploads");
    const upload = await app.request("/files/upload", { method: "POST", body: form, headers: auth });
    expect(upload.status).toBe(400);

    const other = await createTenant(services.db, "Other School");
    await createCategoryCourse(services.db, { businessId: other.business.id, ...MATHS_ALGEBRA });
    const outsider = await bearer(services, other.teacher);
    const mine = new FormData();
    mine.set("file", new File([qtiPackage([item("v3p0-true-false.xml")])], "package.zip"));
    mine.set("folder", "csv-uploads");
    const { key } = (await (await app.request("/files/upload", { method: "POST", body: mine, headers: auth })).json()) as { key: string };
    const body = JSON.stringify({ location: key, ...MATHS_ALGEBRA });
    const post = (headers: Record<string, string>) => app.request("/qtiquestion", { method: "POST", headers: { ...headers, "content-type": "application/json" }, body });
    expect((await post(await bearer(services, tenant.student))).status).toBe(403);
    expect((await post(outsider)).status).toBe(404);
  });
});
