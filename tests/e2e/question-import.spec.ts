import { expect, loginAs, test } from "./fixtures";

/**
 * Issue 7 item 3: a teacher uploads a small CSV through the bank's "Upload CSV" dialog (with
 * its progress bar), is told 'data is being processed', the bank lists the imported
 * questions, and the owner's outbox holds the summary naming the rejected row and why.
 */
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.sessionStorage.setItem("quiz.splashSeen", "1"));
});

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
  await expect(dialog.getByRole("link", { name: "Download the CSV template" })).toHaveAttribute("href", "/api/csvquestion/template");

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
  await expect(dialog.getByText(/You will get an e-mail with the summary/)).toBeVisible();

  await dialog.getByRole("button", { name: "Back to the bank" }).click();
  await expect(page).toHaveURL(/\/load$/);
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(3); // header + the 2 imported
  await expect(page.getByRole("table")).toContainText("Imported checkbox?");
  await expect(page.getByRole("table")).toContainText("Imported radio?");

  const owner = await context.browser()!.newPage();
  await owner.addInitScript(() => window.sessionStorage.setItem("quiz.splashSeen", "1"));
  await loginAs(owner, "owner");
  await owner.goto("/quiz/admin/outbox");
  await owner.getByRole("link", { name: "Question import (CSV): 2 imported, 1 rejected" }).first().click();
  await expect(owner.getByText(/Row 4: Option checks empty: mark exactly one option as correct \(correct\)/)).toBeVisible();
  await owner.close();
});
