import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { fixture, item, qtiPackage, TINY_PNG } from "../../api/services/exchange/qti/fixtures/build-package.node";
import { everyTypeBodies } from "../../api/test-support/bank-of-every-type.node";
import { expect, test, untilInteractive } from "./fixtures";
import { takeQuizOfImportedQti } from "./imported-qti-quiz";
import { apiAuth, createSchool, signIn } from "./school";

/**
 * Issue 28 "Done when", tried as a new user would, in one journey of one new school: a teacher
 * exports a course as Moodle XML from the bank, imports the file into a new course through the
 * upload dialog and sees the same questions there; imports a QTI 3.0 package with an image
 * (items written by hand from the QTI 3.0 documentation: api/services/exchange/qti/fixtures)
 * whose summary names every item it rejected; a student takes a quiz of the imported items and
 * sees the image.
 */
const bankPath = (place: { category: string; course: string }) => `/quiz/teacher/questions/${encodeURIComponent(place.category)}/${encodeURIComponent(place.course)}/load`;

/** The bank's rows as the teacher reads them: each question's text and answer type, in text order. */
async function bankRows(page: Page, place: { category: string; course: string }): Promise<string[]> {
  await page.goto(bankPath(place));
  await untilInteractive(page);
  const rows = page.locator(".bank-table tbody tr");
  await expect(rows.first().locator(".bank-table__text")).toBeVisible();
  const read = await rows.evaluateAll((trs) => trs.map((tr) => `${tr.querySelector(".bank-table__text")?.textContent?.trim()} | ${tr.querySelector("td[data-label='Answer type']")?.textContent?.trim()}`));
  return read.sort();
}

/** The upload dialog of a bank, a format chosen, a file sent: its summary region. */
async function upload(page: Page, place: { category: string; course: string }, format: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<Locator> {
  await page.goto(`/quiz/teacher/questions/uploadCSV?${new URLSearchParams(place)}`);
  const dialog = page.getByRole("dialog", { name: "Upload questions" });
  await untilInteractive(page);
  await dialog.getByText(format, { exact: true }).click();
  await expect(dialog.getByRole("radio", { name: format })).toBeChecked();
  await dialog.getByLabel("File", { exact: true }).setInputFiles(file);
  await dialog.getByRole("button", { name: "Upload" }).click();
  return dialog.getByRole("region", { name: `Import of ${file.name}` });
}

test("a teacher takes a course out as Moodle XML and back into a new course, brings in a QTI 3.0 package with an image, and a student takes a quiz of it", async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const school = await createSchool("Exchange School");
  const source = { category: "Science", course: "Term one" };
  const copy = { category: "Science", course: "Term one again" };
  const fromQti = { category: "Science", course: "From QTI" };
  const teacher = await apiAuth(request, school.teacher);
  for (const place of [source, copy, fromQti]) expect((await request.post("/api/categoryCourse", { headers: teacher, data: place })).status()).toBeLessThan(300);
  // The course to take out: one question of every type, one with a picture.
  const picture = await request.post("/api/files/upload", { headers: teacher, multipart: { file: { name: "dot.png", mimeType: "image/png", buffer: Buffer.from(TINY_PNG) }, folder: "question-images" } });
  expect(picture.status(), await picture.text()).toBeLessThan(300);
  for (const body of everyTypeBodies(source, ((await picture.json()) as { key: string }).key)) {
    const created = await request.post("/api/question", { headers: teacher, data: body });
    expect(created.status(), await created.text()).toBe(201);
  }

  // 1. Export the course as Moodle XML from the bank's Export button.
  await signIn(page, school.teacher);
  const before = await bankRows(page, source);
  expect(before).toHaveLength(9);
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const exportDialog = page.getByRole("dialog", { name: "Export questions" });
  await expect(exportDialog.getByRole("radio", { name: "Moodle XML" })).toBeChecked();
  await expect(exportDialog.getByRole("radio", { name: `All questions of ${source.category} › ${source.course}` })).toBeChecked();
  const [download] = await Promise.all([page.waitForEvent("download"), exportDialog.getByRole("button", { name: "Export", exact: true }).click()]);
  await expect(exportDialog.getByText(`${download.suggestedFilename()} is downloaded: 9 questions.`)).toBeVisible();
  const moodleXml = readFileSync(await download.path());

  // 2. Import that file into the new course: every question imported, none rejected, the same bank.
  const moodleSummary = await upload(page, copy, "Moodle XML", { name: download.suggestedFilename(), mimeType: "application/xml", buffer: moodleXml });
  await expect(moodleSummary.getByText("Imported: 9", { exact: true })).toBeVisible();
  await expect(moodleSummary.getByText("Rejected: 0", { exact: true })).toBeVisible();
  expect(await bankRows(page, copy)).toEqual(before);

  // 3. A QTI 3.0 package: a choice with a picture and a true/false are read; a PCI item and an item whose picture the package lacks are named with their reasons.
  const missingPicture = { href: "items/v3p0-missing-image.xml", xml: fixture("v3p0-choice-image.xml").replace("../media/kettle.png", "../media/lost.png"), type: "imsqti_item_xmlv3p0" };
  const zip = qtiPackage([item("v3p0-choice-image.xml", ["media/kettle.png"]), item("v3p0-pci.xml"), item("v3p0-true-false.xml"), missingPicture], { "media/kettle.png": TINY_PNG });
  const qtiSummary = await upload(page, fromQti, "IMS QTI (ZIP)", { name: "science.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
  await expect(qtiSummary.getByText("Imported: 2", { exact: true })).toBeVisible();
  await expect(qtiSummary.getByText("Rejected: 2", { exact: true })).toBeVisible();
  await expect(qtiSummary.getByRole("region", { name: "Rejected questions:" }).getByRole("listitem")).toHaveText([
    "Question 2: the item items/v3p0-pci.xml uses a portable custom interaction (PCI), which cannot be imported",
    "Question 4: the item items/v3p0-missing-image.xml shows the image ../media/lost.png, which the package does not hold",
  ]);

  // 4. A quiz of the two imported items; the student takes it and sees the picture.
  await takeQuizOfImportedQti(request, browser, teacher, school, fromQti);
});
