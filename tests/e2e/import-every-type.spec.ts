import { mkdirSync, readFileSync } from "node:fs";
import { expect, loginAs, test, untilInteractive } from "./fixtures";
import { expectNoViolations } from "./exam-helpers";

/**
 * Issue 26 point 8: a GIFT file of every form (the API tests' fixture) through the upload
 * dialog: the summary counts each type imported and names the description it skipped, the bank
 * lists the questions under their types; screenshots of the summary at 1280 and 390 px.
 */
const FIXTURE = readFileSync(new URL("../../api/services/imports/fixtures/every-type.gift", import.meta.url));
const SHOTS = "/work/shots";

test("a GIFT file of every type imports through the dialog: 14 questions of six types, the description rejected with its reason", async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, "teacher");
  const suffix = Date.now().toString(36);
  const bank = { category: `Gift ${suffix}`, course: `Every type ${suffix}` };
  expect((await page.request.post("/api/categoryCourse", { data: bank })).status()).toBeLessThan(300);
  await page.goto(`/quiz/teacher/questions/uploadCSV?${new URLSearchParams(bank)}`);
  const dialog = page.getByRole("dialog", { name: "Upload questions" });
  await expect(dialog).toBeVisible();
  await untilInteractive(page);
  // The CSV help shows the template: a note per type and an example row of each.
  await expect(dialog.getByText("numerical: option1 to option5 are accepted numbers", { exact: false })).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/w-gift-csv-help-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByText("GIFT (Moodle)", { exact: true }).click();
  await expect(dialog.getByRole("radio", { name: "GIFT (Moodle)" })).toBeChecked();
  // The help names every form the import reads.
  await expect(dialog.getByText("matching: pairs stem -> answer; a pair without a stem is an extra wrong answer")).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/w-gift-gift-help-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByLabel("File", { exact: true }).setInputFiles({ name: "every-type.gift", mimeType: "text/plain", buffer: FIXTURE });
  await dialog.getByRole("button", { name: "Upload" }).click();

  const summary = dialog.getByRole("region", { name: "Import of every-type.gift" });
  await expect(summary.getByText("Imported: 14", { exact: true })).toBeVisible();
  await expect(summary.getByText("Rejected: 1", { exact: true })).toBeVisible();
  await expect(summary.getByRole("region", { name: "Rejected questions:" }).getByRole("listitem")).toHaveText([
    "Question 15: a description (text without an answer block) is not a question (line 32)",
  ]);
  await expectNoViolations(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/w-gift-import-summary-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await dialog.getByRole("button", { name: "Back to the bank" }).click();
  await expect(dialog).toBeHidden();
  for (const type of ["trueFalse", "shortAnswer", "numerical", "matching", "essay", "radio"]) {
    await page.goto(`/quiz/teacher/questions/${encodeURIComponent(bank.category)}/${encodeURIComponent(bank.course)}/load?type=${type}`);
    await expect(page.getByRole("table").getByRole("row").nth(1), type).toBeVisible();
  }
  for (const width of [1280, 390]) {
    await page.goto(`/quiz/teacher/questions/${encodeURIComponent(bank.category)}/${encodeURIComponent(bank.course)}/load`);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/w-gift-imported-bank-${width}.png`, fullPage: true });
  }
});
