import type { Page } from "@playwright/test";
import { newBank } from "./new-bank";
import { expect, loginAs, test } from "./fixtures";
import { quizBody, radioQuestionBody } from "../../api/test-support/request-bodies";

/**
 * Issue 7, the question editor: a teacher creates a radio and a checkbox question (image,
 * formatted explanation), sees them in the bank, edits, views and deletes; the service's
 * rules answer on the fields; a typed <script> does not survive the sanitiser.
 */
// A 1x1 PNG: the server checks the content, not only the name.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");


async function fillOptions(page: Page, texts: string[]) {
  for (const [index, text] of texts.entries()) await page.getByLabel(`Option ${index + 1}`, { exact: true }).fill(text);
}

test("a teacher creates, edits, views and deletes questions", async ({ page }) => {
  test.setTimeout(90_000); // one long journey on a shared two-core machine
  await loginAs(page, "teacher");
  const { category, course, bank } = await newBank(page);
  await page.goto(bank);
  await page.getByRole("link", { name: "Create question" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create question" })).toBeVisible();
  // The bank it was opened from is chosen in the editor's category and course pickers.
  await expect(page.getByRole("button", { name: /Category/ })).toContainText(category);
  await expect(page.getByRole("button", { name: /Course/ })).toContainText(course);

  // Nothing filled in: each field says what is wrong.
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The question was not saved" })).toBeVisible();
  await expect(page.getByText("Question text is required")).toBeVisible();
  await expect(page.getByText("Option value is empty: every option needs text").first()).toBeVisible();
  await expect(page.getByLabel("Option 1", { exact: true })).toHaveAttribute("aria-invalid", "true");

  // Texts but no correct mark: the error is on the options.
  await page.getByLabel("Question", { exact: true }).fill("What is the unit of force?");
  await page.getByRole("button", { name: "Remove option 5" }).click();
  await page.getByRole("button", { name: "Remove option 4" }).click();
  await fillOptions(page, ["Newton", "Joule", "Watt"]);
  await page.getByLabel("Question image").setInputFiles({ name: "force.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("img", { name: "Question image" })).toBeVisible();
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByText("Option checks empty: mark exactly one option as correct")).toBeVisible();
  await expect(page.getByText("Answer explanation is required")).toBeVisible();

  // Values came back; mark one, add an image, tags and a formatted explanation.
  await expect(page.getByLabel("Option 1", { exact: true })).toHaveValue("Newton");
  await expect(page.getByRole("img", { name: "Question image" })).toBeVisible(); // re-signed preview
  await page.getByLabel("Option 1 is correct").check();
  await page.getByPlaceholder("New tag").fill("units");
  await page.getByPlaceholder("New tag").press("Enter");
  await expect(page.getByRole("button", { name: "Remove tag units" })).toBeVisible();
  const explanation = page.getByRole("textbox", { name: "Answer explanation" });
  await explanation.click();
  await page.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type("Newton");
  await page.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type(" is the SI unit. <script>alert(1)</script>");
  // Typing in the rich editor clears its own message, as typing in any field does (ADR 0091).
  await expect(page.getByText("Answer explanation is required")).toBeHidden();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Bulleted list" }).click();
  await page.keyboard.type("1 N = 1 kg·m/s²");

  // The preview shows it as a student sees it: no correct marks.
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "As students see it" });
  await expect(preview.getByRole("radio")).toHaveCount(3);
  await expect(preview.getByRole("radio", { checked: true })).toHaveCount(0);

  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page).toHaveURL(/\/load\?notice=added$/);
  await expect(page.getByText("Question Added")).toBeVisible();
  await expect(page.getByRole("table")).toContainText("What is the unit of force?");

  // A checkbox question: the type change starts five blank options.
  await page.getByRole("link", { name: "Create question" }).click();
  await page.getByLabel("Question", { exact: true }).fill("Which are vectors?");
  await page.getByLabel("Several answers").check();
  await fillOptions(page, ["Force", "Velocity", "Mass", "Energy", "Time"]);
  await page.getByLabel("Option 1 is correct").check();
  await page.getByLabel("Option 2 is correct").check();
  await page.getByLabel("Option 3 is correct").check();
  await page.getByLabel("Option 4 is correct").check();
  await page.getByLabel("Option 5 is correct").check();
  await page.getByRole("textbox", { name: "Answer explanation" }).click();
  await page.keyboard.type("Vectors have a direction.");
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByText("Option checks empty: mark more than one option, but not all, as correct")).toBeVisible();
  await page.getByLabel("Option 3 is correct").uncheck();
  await page.getByLabel("Option 4 is correct").uncheck();
  await page.getByLabel("Option 5 is correct").uncheck();
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByText("Question Added")).toBeVisible();
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(3);

  // View: correct marks, tags and the sanitised explanation.
  await page.getByRole("link", { name: "View: What is the unit of force?" }).click();
  await expect(page).toHaveURL(/\/load\/view\/\d+$/);
  const view = page.getByRole("dialog", { name: "Question" });
  await expect(view.getByText("What is the unit of force?")).toBeVisible();
  await expect(view.locator(".question-details__option--correct")).toHaveText(/Newton/);
  await expect(view.getByText("units")).toBeVisible();
  await expect(view.locator(".question-details__explanation strong")).toHaveText("Newton");
  await expect(view.locator(".question-details__explanation li")).toHaveText("1 N = 1 kg·m/s²");
  // Typed text stays text: the editor escapes it, the sanitiser keeps no script element.
  await expect(view.locator(".question-details__explanation script")).toHaveCount(0);
  await expect(view.getByRole("img", { name: "Question image" })).toBeVisible();
  await view.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(new RegExp(`${bank.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));

  // The spec's address leads to the same dialog over the bank.
  const viewUrl = await page.getByRole("link", { name: "View: Which are vectors?" }).getAttribute("href");
  const id = viewUrl!.match(/(\d+)$/)![1];
  await page.goto(`/quiz/teacher/questions/${id}/view`);
  await expect(page.getByRole("dialog", { name: "Question" })).toContainText("Which are vectors?");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  // Edit keeps the values and saves a change.
  await page.getByRole("link", { name: "Edit: Which are vectors?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit question" })).toBeVisible();
  await expect(page.getByLabel("Option 2", { exact: true })).toHaveValue("Velocity");
  await expect(page.getByLabel("Option 2 is correct")).toBeChecked();
  await page.getByLabel("Question", { exact: true }).fill("Which quantities are vectors?");
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByText("Question Updated")).toBeVisible();
  await expect(page.getByRole("table")).toContainText("Which quantities are vectors?");

  // Delete, confirmed.
  await page.getByRole("link", { name: "Delete: Which quantities are vectors?" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete question" });
  await expect(confirm).toContainText("Which quantities are vectors?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Question Deleted")).toBeVisible();
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
});

test("the explanation field works without the rich editor and the sanitiser drops a script", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/quiz/auth/login");
  await page.getByLabel(/^e-?mail/i).first().fill("teacher@demo.quiz");
  await page.getByLabel(/^password/i).first().fill("Demo1234!");
  await page.getByRole("button", { name: /^(sign in|log in|login)$/i }).first().click();
  const { accessToken, category, course } = await newBank(page);
  await page.goto(`/quiz/teacher/question/${encodeURIComponent(category)}/${encodeURIComponent(course)}/new`);
  await page.getByLabel("Question", { exact: true }).fill("Plain form question");
  // Without JavaScript the five options of a new form cannot be removed: all are filled.
  await fillOptions(page, ["Yes", "No", "Maybe", "Never", "Always"]);
  await page.getByLabel("Option 1 is correct").check();
  await page.getByLabel("Answer explanation").fill("<p><b>Bold</b> text</p><script>alert('x')</script>");
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByText("Question Added")).toBeVisible();
  const href = await page.getByRole("link", { name: "View: Plain form question" }).getAttribute("href");
  // The dialog itself needs JavaScript (a react-aria modal): the stored question is read through the API.
  const found = await page.request.post("/api/question/findOne", {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { questionId: Number(href!.match(/(\d+)$/)![1]) },
  });
  const { answerExplaination } = (await found.json()) as { answerExplaination: string };
  expect(answerExplaination).toContain("<b>Bold</b> text");
  expect(answerExplaination).not.toContain("script");
  expect(answerExplaination).not.toContain("alert");
  await context.close();
});

test("a question a quiz uses warns in the editor and is not deleted", async ({ page }) => {
  await loginAs(page, "teacher");
  const { accessToken, category, course, bank } = await newBank(page);
  const headers = { Authorization: `Bearer ${accessToken}` };
  const ids: number[] = [];
  for (const questionText of ["Used question A", "Used question B"]) {
    const created = await page.request.post("/api/question", { headers, data: radioQuestionBody({ questionText, category, course }) });
    expect(created.status()).toBe(201);
    ids.push(((await created.json()) as { entity: { id: number } }).entity.id);
  }
  const quiz = await page.request.post("/api/quiz", {
    headers,
    data: quizBody({ quizName: "Uses both", quizDescription: "Editor e2e", category, course, totalQuestion: 2, selectedQuestions: ids }),
  });
  expect(quiz.status(), await quiz.text()).toBe(201);

  await page.goto(`/quiz/teacher/question/${ids[0]}/edit`);
  await expect(page.getByText("Question has been used in some quizzes")).toBeVisible();

  // A malformed or unknown id is a 404, not a server error.
  for (const path of ["/quiz/teacher/question/abc/edit", "/quiz/teacher/question/99999999/edit", "/quiz/teacher/questions/99999999/view"]) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(404);
  }

  await page.goto(bank);
  await page.getByRole("link", { name: "Delete: Used question A" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete question" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm.getByText("This question is used in one or more quizzes and cannot be deleted")).toBeVisible();
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(3);
});
