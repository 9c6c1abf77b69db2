import { mkdirSync, readFileSync } from "node:fs";
import { expect, loginAs, test, untilInteractive } from "./fixtures";
import { expectNoViolations } from "./exam-helpers";

/**
 * Issue 28 point 1, as a teacher meets it: a Moodle XML file with an embedded image (the API
 * tests' fixture) through the upload dialog's "Moodle XML" choice: the summary counts what was
 * imported and names each rejected question with its reason; the imported question shows its
 * image. Screenshots of the dialog's choice and of the summary at 1280 and 390 px.
 */
const FIXTURE = readFileSync(new URL("../../api/services/exchange/moodlexml/fixtures/images.xml", import.meta.url));
const SHOTS = "/work/shots";

test("a Moodle XML file with an image imports through the dialog: the summary, then the question with its image", async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, "teacher");
  const suffix = Date.now().toString(36);
  const bank = { category: `Moodle ${suffix}`, course: `Images ${suffix}` };
  expect((await page.request.post("/api/categoryCourse", { data: bank })).status()).toBeLessThan(300);
  await page.goto(`/quiz/teacher/questions/uploadCSV?${new URLSearchParams(bank)}`);
  const dialog = page.getByRole("dialog", { name: "Upload questions" });
  await expect(dialog).toBeVisible();
  await untilInteractive(page);
  await dialog.getByText("Moodle XML", { exact: true }).click();
  await expect(dialog.getByRole("radio", { name: "Moodle XML" })).toBeChecked();
  await expect(dialog.getByText(`The questions go into ${bank.category} › ${bank.course}`, { exact: false })).toBeVisible();
  await expect(dialog.getByText("cloze: short answer (letter case ignored), numerical and dropdown gaps")).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/w-moodlexml-dialog-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByLabel("File", { exact: true }).setInputFiles({ name: "images.xml", mimeType: "application/xml", buffer: FIXTURE });
  await dialog.getByRole("button", { name: "Upload" }).click();

  const summary = dialog.getByRole("region", { name: "Import of images.xml" });
  await expect(summary.getByText("Imported: 2", { exact: true })).toBeVisible();
  await expect(summary.getByText("Rejected: 3", { exact: true })).toBeVisible();
  await expect(summary.getByRole("region", { name: "Rejected questions:" }).getByRole("listitem")).toHaveText([
    "Question 3: the question text shows 2 images: a question has one image here",
    "Question 4: the image https://example.org/cat.png the question shows is not in the file",
    "Question 5: the image note.png is not a JPEG or PNG image (jpg, jpeg, png, jfif)",
  ]);
  await expectNoViolations(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/w-moodlexml-summary-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await dialog.getByRole("button", { name: "Back to the bank" }).click();
  await expect(dialog).toBeHidden();
  await page.goto(`/quiz/teacher/questions/${encodeURIComponent(bank.category)}/${encodeURIComponent(bank.course)}/load`);
  await page.getByRole("link", { name: "View: Which colour is the square?" }).click();
  const view = page.getByRole("dialog");
  const image = view.getByRole("img", { name: "Question image" });
  await expect(image).toBeVisible();
  // The stored file is served and is the picture the file carried (2 × 2 pixels).
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/w-moodlexml-question-${width}.png`, fullPage: true });
  }
});
