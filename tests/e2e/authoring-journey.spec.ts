import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { apiAuth, createSchool, e2eDatabase, signIn } from "./school";
import { fillQuizDetails, nextStep } from "./wizard-steps";

/**
 * Issue 7 "Done when", tried as a new user would, in a new school: a teacher creates a
 * category and course, writes a radio and a checkbox question with an image and a formatted
 * explanation, imports 100 more from a CSV and 20 from a GIFT file (the outbox shows the
 * summaries, bad rows named), builds and publishes a quiz through the wizard, edits it, and
 * cannot delete it once it has an attempt (seeded in the database); the owner turns negative
 * marking and quiz time off, and the wizard and the API obey.
 */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const CATEGORY = "Geography";
const COURSE = "Rivers";

async function writeQuestion(page: Page, text: string, options: string[], correct: number[], several: boolean) {
  await page.getByRole("link", { name: "Create question" }).click();
  await page.getByLabel("Question", { exact: true }).fill(text);
  if (several) await page.getByLabel("Several answers").check();
  for (const [index, option] of options.entries()) await page.getByLabel(`Option ${index + 1}`, { exact: true }).fill(option);
  for (let n = options.length + 1; n <= 5; n++) await page.getByRole("button", { name: `Remove option ${options.length + 1}` }).click();
  for (const n of correct) await page.getByLabel(`Option ${n} is correct`).check();
  await page.getByLabel("Question image").setInputFiles({ name: "map.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("img", { name: "Question image" })).toBeVisible();
  await page.getByRole("textbox", { name: "Answer explanation" }).click();
  await page.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type("Rivers");
  await page.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type(" flow to the sea.");
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByText("Question Added")).toBeVisible();
}

async function upload(page: Page, format: "CSV (spreadsheet)" | "GIFT (Moodle)", name: string, text: string) {
  await page.getByRole("link", { name: "Upload CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload questions" });
  await dialog.getByText(format, { exact: true }).click();
  await expect(dialog.getByRole("radio", { name: format })).toBeChecked();
  await dialog.getByLabel("File", { exact: true }).setInputFiles({ name, mimeType: name.endsWith(".csv") ? "text/csv" : "text/plain", buffer: Buffer.from(text) });
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(dialog.getByText("data is being processed")).toBeVisible();
  await dialog.getByRole("button", { name: "Back to the bank" }).click();
}

test("a new teacher authors a bank, imports, builds, edits and keeps a taken quiz; the owner's policy is obeyed", async ({ page, request, context }) => {
  test.setTimeout(150_000);
  const school = await createSchool("Journey School");
  await signIn(page, school.teacher, /\/quiz\/teacher\/quizPool$/);

  // An empty school: the bank asks for a category and course first.
  await page.getByRole("link", { name: "Questions" }).first().click();
  await expect(page.getByText("No categories and courses found. Please create one first")).toBeVisible();
  await page.getByRole("link", { name: "Create category and course" }).click();
  const catDialog = page.getByRole("dialog", { name: "Create category and course" });
  await catDialog.getByLabel("Category").fill(CATEGORY);
  await catDialog.getByLabel("Course").fill(COURSE);
  await catDialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Category and Course added")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(COURSE);

  await writeQuestion(page, "Which river is the longest?", ["Nile", "Thames", "Seine"], [1], false);
  await writeQuestion(page, "Which rivers flow through Europe?", ["Danube", "Rhine", "Amazon", "Mekong"], [1, 2], true);

  // 100 good rows and 2 bad ones from a spreadsheet; 20 good and 1 bad from Moodle.
  const header = "questionText,optionType,option1,option2,option3,option4,option5,correct,category,course,tags,answerExplaination";
  const good = Array.from({ length: 100 }, (_, i) => `Imported river ${i + 1}?,radio,Yes,No,,,,1,${CATEGORY},${COURSE},imported,<p>Row ${i + 1}.</p>`);
  const csv = [header, ...good.slice(0, 50), `Bad radio?,radio,Yes,No,,,,1;2,${CATEGORY},${COURSE},,Two right answers.`, ...good.slice(50), `Bad empty?,radio,,,,,,1,${CATEGORY},${COURSE},,No options.`].join("\n");
  await upload(page, "CSV (spreadsheet)", "rivers.csv", csv);
  const gift = [...Array.from({ length: 20 }, (_, i) => `::G${i + 1}:: Moodle river ${i + 1}? {=Yes ~No #### Because.}`), "::Bad:: No right answer? {~a ~b}"].join("\n\n");
  await upload(page, "GIFT (Moodle)", "rivers.gift", gift);
  await expect(page.getByText(/of 122/)).toBeVisible();

  const owner = await context.browser()!.newPage();
  await signIn(owner, school.owner);
  await owner.goto("/quiz/admin/outbox");
  await owner.getByRole("link", { name: "Question import (CSV): 100 imported, 2 rejected" }).click();
  await expect(owner.getByText(/Row 52: .*correct/)).toBeVisible();
  await expect(owner.getByText(/Row 103: .*option/i)).toBeVisible();
  await owner.goto("/quiz/admin/outbox");
  await owner.getByRole("link", { name: /Question import \(GIFT\): 20 imported, 1 rejected/ }).click();
  await expect(owner.getByText(/No right answer\?|Option checks empty/).first()).toBeVisible();

  // The wizard builds and publishes a quiz of both written questions and one imported.
  await page.goto("/quiz/teacher/quizPool");
  await page.getByRole("link", { name: "Create Quiz" }).click();
  const wizard = page.getByRole("dialog");
  const next = () => nextStep(page);
  await next();
  await fillQuizDetails(page, { name: "Rivers of the world", description: "Three questions about rivers.", category: CATEGORY, course: COURSE, level: "Easy" });
  await next();
  await wizard.getByText("Published", { exact: true }).click();
  await wizard.getByLabel("Time (minutes)").fill("15");
  await next();
  await next();
  await wizard.getByLabel("Search question text").fill("Which river");
  await wizard.getByRole("button", { name: "Search" }).click();
  await wizard.locator(".quiz-wizard__picklist").getByText("Which river is the longest?").click();
  await wizard.locator(".quiz-wizard__picklist").getByText("Which rivers flow through Europe?").click();
  await wizard.getByLabel("Search question text").fill("Imported river 7?");
  await wizard.getByRole("button", { name: "Search" }).click();
  await wizard.locator(".quiz-wizard__picklist").getByText("Imported river 7?").click();
  await expect(wizard.getByText("3 questions chosen")).toBeVisible();
  await wizard.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Quiz Added")).toBeVisible();
  await expect(page.getByRole("row", { name: /Rivers of the world/ })).toContainText("Published");

  // Edit it.
  await page.getByRole("link", { name: "Edit Rivers of the world" }).click();
  await wizard.getByLabel("Quiz name").fill("Rivers of the world, revised");
  await next();
  await wizard.getByLabel("No of attempts").fill("3");
  await next();
  await next();
  await wizard.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Quiz Updated")).toBeVisible();

  // A student's attempt, straight into the database: the quiz can no longer be deleted.
  const db = e2eDatabase();
  const { rows: quizRows } = await db.execute({ sql: "select id from quizzes where business_id = ? and quiz_name = ?", args: [school.businessId, "Rivers of the world, revised"] });
  const { rows: studentRows } = await db.execute({ sql: "select id from users where email = ?", args: [school.student] });
  await db.execute({
    sql: "insert into quiz_attempts (business_id, quiz_id, student_id, attempt_number, started_at) values (?, ?, ?, 1, ?)",
    args: [school.businessId, quizRows[0].id, studentRows[0].id, Date.now()],
  });
  db.close();
  await page.reload();
  await expect(page.getByRole("row", { name: /Rivers of the world, revised/ })).toContainText("Taken: can't be deleted");
  await expect(page.getByRole("button", { name: "Delete Rivers of the world, revised" })).toHaveCount(0);
  // Its category, course and questions are fixed now.
  await page.getByRole("link", { name: "Edit Rivers of the world, revised" }).click();
  await expect(wizard.getByText("Students have taken this quiz, so its category and course can no longer change.")).toBeVisible();
  await expect(wizard.getByRole("button", { name: /Category/ })).toBeDisabled();
  await wizard.getByRole("button", { name: "Cancel" }).click();

  // The owner turns negative marking and quiz time off.
  await owner.goto("/quiz/admin/quizSetting");
  const group = (name: string) => owner.getByRole("radiogroup", { name });
  await group("Quiz time limit").getByText("No", { exact: true }).click();
  await group("Negative marking").getByText("No", { exact: true }).click();
  await owner.getByRole("button", { name: "Save" }).click();
  await expect(owner.getByText("Admin setting updated")).toBeVisible();
  await owner.close();

  // The wizard no longer offers them…
  await page.getByRole("link", { name: "Create Quiz" }).click();
  await next();
  await fillQuizDetails(page, { name: "After the owner's change", description: "No time limit, no negative marking.", category: CATEGORY, course: COURSE, level: "Hard" });
  await next();
  await expect(wizard.getByRole("note")).toContainText("Quizzes have no time limit.");
  await expect(wizard.getByRole("note")).toContainText("Negative marking is off.");
  await expect(wizard.getByLabel("Time (minutes)")).toHaveCount(0);
  await expect(wizard.getByRole("radiogroup", { name: "Negative Marking" })).toHaveCount(0);
  await wizard.getByRole("button", { name: "Cancel" }).click();

  // …and the API overrules a client that sends them anyway, on create and on update.
  const headers = await apiAuth(request, school.teacher);
  const detail = await request.post("/api/quiz/findOne", { headers, data: { quizId: quizRows[0].id } });
  const stored = ((await detail.json()) as { entity: { time: number; negativeMarking: string } }).entity;
  expect(stored.time).toBe(15); // stored before the change; applied again on its next update
  const updated = await request.post("/api/quiz/update", { headers, data: { quizId: quizRows[0].id, time: 40, negativeMarking: "Yes", consuctiveWrongAnswersForNegativeMarking: 2 } });
  expect(updated.status(), await updated.text()).toBe(200);
  expect(((await updated.json()) as { entity: Record<string, unknown> }).entity).toMatchObject({ time: -1, negativeMarking: "No" });
});
