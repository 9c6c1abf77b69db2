import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, loginAs, test, untilInteractive } from "./fixtures";

/**
 * Issue 7 item 3: a teacher uploads a small CSV through the bank's "Upload CSV" dialog (with
 * its progress bar), is told 'data is being processed', the bank lists the imported
 * questions, and the owner's outbox holds the summary naming the rejected row and why.
 */
test("a teacher imports a CSV through the dialog; the bank lists the questions and the outbox holds the summary", async ({ page, context }) => {
  const suffix = Date.now().toString(36);
  const category = `Import ${suffix}`;
  const course = `Course ${suffix}`;
  await loginAs(page, "teacher");
  const added = await page.request.post("/api/categoryCourse", { data: { category, course } });
  expect(added.status(), await added.text()).toBeLessThan(300);

  await page.goto(`/quiz/teacher/questions/${encodeURIComponent(category)}/${encodeURIComponent(course)}/load`);
  await page.getByRole("link", { name: "Upload CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload questions" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("answerExplaination", { exact: true })).toBeVisible();
  // Issue 25 point 6: the template downloaded here names this bank, so it imports here unchanged.
  const templateLink = dialog.getByRole("link", { name: "Download the CSV template" });
  await expect(templateLink).toHaveAttribute("href", `/api/csvquestion/template?${new URLSearchParams({ category, course })}`);
  const template = await (await page.request.get((await templateLink.getAttribute("href"))!)).text();
  expect(template).toContain(`${category},${course},`);
  await expect(dialog.getByText(`${category},${course},`).first()).toBeVisible();

  // Upload without a file is refused in place.
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(dialog.getByText("Please choose a file to upload")).toBeVisible();

  const csv = [
    "questionText,optionType,option1,option2,option3,option4,option5,correct,category,course,tags,answerExplaination",
    `Imported radio?,radio,Yes,No,,,,1,${category},${course},imported,Because yes.`,
    `Imported checkbox?,checkbox,A,B,C,,,1;3,${category},${course},imported;two,A and C.`,
    `Broken row?,radio,Yes,No,,,,1;2,${category},${course},,Two correct answers on a radio question.`,
  ].join("\n");
  await dialog.getByLabel("File", { exact: true }).setInputFiles({ name: "questions.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(dialog.getByText("data is being processed")).toBeVisible();
  await expect(dialog.getByText(/The summary appears here when the import ends, and you also get it by e-mail/)).toBeVisible();
  await expect(dialog.getByText("Rejected: 1", { exact: true })).toBeVisible();

  await dialog.getByRole("button", { name: "Back to the bank" }).click();
  await expect(page).toHaveURL(/\/load$/);
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(3); // header + the 2 imported
  await expect(page.getByRole("table")).toContainText("Imported checkbox?");
  await expect(page.getByRole("table")).toContainText("Imported radio?");

  const owner = await context.browser()!.newPage();
  await loginAs(owner, "owner");
  await owner.goto("/quiz/admin/outbox");
  await owner.getByRole("link", { name: "Question import (CSV): 2 imported, 1 rejected" }).first().click();
  await expect(owner.getByText(/Row 4: Option checks empty: mark exactly one option as correct \(correct\)/)).toBeVisible();
  await owner.close();
});

async function expectNoViolations(page: Page) {
  await untilInteractive(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(" | ")}`)).toEqual([]);
}

test("the upload dialog is axe-clean and usable by keyboard, in both formats and with an error", async ({ page }) => {
  await loginAs(page, "teacher");
  const suffix = Date.now().toString(36);
  const added = await page.request.post("/api/categoryCourse", { data: { category: `Keys ${suffix}`, course: `Course ${suffix}` } });
  expect(added.status()).toBeLessThan(300);
  await page.goto(`/quiz/teacher/questions/uploadCSV?category=${encodeURIComponent(`Keys ${suffix}`)}&course=${encodeURIComponent(`Course ${suffix}`)}`);
  const dialog = page.getByRole("dialog", { name: "Upload questions" });
  await expect(dialog).toBeVisible();
  await expectNoViolations(page);

  // Keyboard: the format radios move with the arrow keys; Upload without a file says why.
  await dialog.getByRole("radio", { name: "CSV (spreadsheet)" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("radio", { name: "GIFT (Moodle)" })).toBeChecked();
  await expect(dialog.getByText(`The questions go into Keys ${suffix} › Course ${suffix}.`, { exact: false })).toBeVisible();
  await dialog.getByRole("button", { name: "Upload" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Please choose a file to upload")).toBeVisible();
  await expect(dialog.getByLabel("File", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectNoViolations(page);

  // A GIFT file through the dialog goes into this bank.
  const gift = "::Q1:: Keyboard question? {=Yes ~No #### Because.}\n\nTrue? {T}\n";
  await dialog.getByLabel("File", { exact: true }).setInputFiles({ name: "bank.gift", mimeType: "text/plain", buffer: Buffer.from(gift) });
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(dialog.getByText("data is being processed")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/load$/);
  await expect(page.getByRole("table")).toContainText("Keyboard question?");
  await expect(page.getByRole("table")).toContainText("True?");
});
