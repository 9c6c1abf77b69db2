import { expect, loginAs, test, uniqueEmail } from "./fixtures";
import { fillQuizDetails, nextStep } from "./wizard-steps";

/**
 * Issue 14 point 1 (docs/decisions/0029): a visitor who registers as a Teacher waits for the
 * owner's approval as a Student; the owner approves the request on the Users page; the new
 * teacher signs in again and authors a quiz.
 */
const PASSWORD = "Nebula-harbour-quartz-5821";

test("a teacher sign-up waits for the owner's approval, then authors a quiz", async ({ browser, page }) => {
  // Three people, two sign-ins with password hashing and the whole wizard: a long journey.
  test.setTimeout(60_000);
  const email = uniqueEmail("teacher-request");
  const fullname = `Tara Request ${Date.now()}`;

  // The form says what choosing Teacher means before anything is sent.
  await page.goto("/quiz/auth/registration");
  const role = page.getByRole("radiogroup", { name: "Select your role" });
  await expect(role).toContainText("A teacher account needs the owner's approval.");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Full name").fill(fullname);
  await page.getByLabel("Username").fill(`tara${Date.now()}`);
  await role.getByText("Teacher", { exact: true }).click();
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByText("I accept the terms & conditions").click();
  await page.getByRole("button", { name: "Submit" }).click();

  // Signed in as a Student meanwhile, told plainly why; the teacher area stays closed.
  await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);
  await expect(page.getByRole("status").filter({ hasText: "Your teacher account awaits approval." })).toBeVisible();
  await page.goto("/quiz/teacher/quizPool");
  await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);

  // The owner approves it on the Users page.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await loginAs(owner, "owner");
  await owner.getByRole("link", { name: "Users" }).first().click();
  await expect(owner).toHaveURL(/\/quiz\/admin\/users$/);
  await owner.getByRole("link", { name: /^Teacher requests \(\d+\)$/ }).click();
  const row = owner.getByRole("row", { name: new RegExp(fullname) });
  await expect(row).toContainText("Teacher request waiting");
  await row.getByRole("button", { name: `Approve ${fullname} as a teacher` }).click();
  await expect(owner.getByText(`${fullname} is now a teacher.`)).toBeVisible();
  await expect(owner.getByRole("row", { name: new RegExp(fullname) })).toHaveCount(0);
  await ownerContext.close();

  // The approval ended the Student session; the next sign-in opens the teacher area.
  await page.goto("/quiz/student/quizPool");
  await expect(page).toHaveURL(/\/quiz\/auth\/login/);
  await page.getByLabel(/^e-?mail/i).first().fill(email);
  await page.getByLabel(/^password/i).first().fill(PASSWORD);
  await page.getByRole("button", { name: /^(sign in|log in|login)$/i }).first().click();
  await expect(page).toHaveURL(/\/quiz\/teacher\/quizPool$/);
  await expect(page.getByRole("status").filter({ hasText: "awaits approval" })).toHaveCount(0);

  // And authors a quiz from the school's shared bank.
  const wizard = page.getByRole("dialog");
  const next = () => nextStep(page);
  const step = (name: string) => wizard.getByRole("heading", { level: 3, name: new RegExp(`^${name}`) });
  await page.getByRole("link", { name: "Create Quiz" }).click();
  await expect(step("Quiz Type")).toBeVisible();
  await next();
  await expect(step("Quiz Details")).toBeVisible();
  await fillQuizDetails(page, { name: "Tara's first quiz", description: "Made right after approval", category: "Mathematics", course: "Algebra", level: "Easy" });
  await next();
  await expect(step("Quiz Settings")).toBeVisible();
  await next();
  await expect(step("Visibility")).toBeVisible();
  await next();
  await expect(step("Pick Questions")).toBeVisible();
  await wizard.locator(".quiz-wizard__picklist").getByText("Solve for x: 2x + 6 = 14").click();
  await wizard.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Quiz Added")).toBeVisible();
  await expect(page.getByRole("row", { name: /Tara's first quiz/ })).toBeVisible();
});

test("the owner chooses how teachers sign up and the level new accounts start at", async ({ page }) => {
  await loginAs(page, "owner");
  await page.goto("/quiz/admin/quizSetting");
  const registration = page.getByRole("radiogroup", { name: "Teacher sign-ups" });
  await expect(registration.getByRole("radio", { name: "Needs your approval" })).toBeChecked();
  await expect(page.getByRole("button", { name: /Role level of new accounts/ })).toContainText("8 · User");
});
