import { mkdirSync } from "node:fs";
import { item, qtiPackage, TINY_PNG } from "../../api/services/exchange/qti/fixtures/build-package.node";
import { expectNoViolations } from "./exam-helpers";
import { expect, test, untilInteractive } from "./fixtures";
import { takeQuizOfImportedQti } from "./imported-qti-quiz";
import { apiAuth, createSchool, signIn } from "./school";

/**
 * Issue 28 "Done when": a teacher imports a QTI 3.0 package with an image through the upload
 * dialog, the summary names the item it rejected, and a student takes a quiz of the imported
 * questions (the quiz made over the API; the taking through the page). Screenshots of the
 * dialog's QTI choice and of the summary at 1280 and 390 px.
 */
const SHOTS = "/work/shots";
const shoot = async (page: import("@playwright/test").Page, name: string) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/w-qti-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

test("a teacher imports a QTI 3.0 package with an image, the summary names the rejected item, and a student takes a quiz of its questions", async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const school = await createSchool("QTI School");
  const bank = { category: "Science", course: "Water" };
  const teacher = await apiAuth(request, school.teacher);
  expect((await request.post("/api/categoryCourse", { headers: teacher, data: bank })).status()).toBeLessThan(300);

  await signIn(page, school.teacher);
  await page.goto(`/quiz/teacher/questions/uploadCSV?${new URLSearchParams(bank)}`);
  const dialog = page.getByRole("dialog", { name: "Upload questions" });
  await untilInteractive(page);
  await dialog.getByText("IMS QTI (ZIP)", { exact: true }).click();
  await expect(dialog.getByRole("radio", { name: "IMS QTI (ZIP)" })).toBeChecked();
  await expect(dialog.getByText("The items go into Science › Water.", { exact: false })).toBeVisible();
  await expect(dialog.getByText("A .zip file of at most 5 MB")).toBeVisible();
  await shoot(page, "dialog");

  const zip = qtiPackage([item("v3p0-choice-image.xml", ["media/kettle.png"]), item("v3p0-true-false.xml"), item("v3p0-pci.xml")], { "media/kettle.png": TINY_PNG });
  await dialog.getByLabel("File", { exact: true }).setInputFiles({ name: "science.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
  await dialog.getByRole("button", { name: "Upload" }).click();
  const summary = dialog.getByRole("region", { name: "Import of science.zip" });
  await expect(summary.getByText("Imported: 2", { exact: true })).toBeVisible();
  await expect(summary.getByText("Rejected: 1", { exact: true })).toBeVisible();
  await expect(summary.getByRole("region", { name: "Rejected questions:" }).getByRole("listitem")).toHaveText([
    "Question 3: the item items/v3p0-pci.xml uses a portable custom interaction (PCI), which cannot be imported",
  ]);
  await expectNoViolations(page);
  await shoot(page, "summary");

  // The quiz of the two imported questions, taken by the student (the picture drawn).
  await takeQuizOfImportedQti(request, browser, teacher, school, bank);
});
