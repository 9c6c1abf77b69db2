import { expect, test } from "./fixtures";
import { createSchool, signIn } from "./school";

/**
 * ADR 0046: the dashboard's numbers and links per role, and the personal information form
 * whose new name the header shows at once. Each test uses its own school, so the counts are
 * known and the demo accounts keep their names for the other specs.
 */
test("a teacher opens the dashboard and sees their counts and links; the owner sees the school's accounts", async ({ page, context }) => {
  const school = await createSchool("Dashboard School");
  await signIn(page, school.teacher);
  await page.goto("/quiz/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const quizzes = page.getByRole("region", { name: "Your quizzes" });
  await expect(quizzes.getByTestId("quizzes-value")).toHaveText("0");
  await expect(quizzes.getByRole("link", { name: "Create a quiz" })).toHaveAttribute("href", "/quiz/teacher/quizPool/new");
  await expect(quizzes.getByRole("link", { name: "Open the question bank" })).toHaveAttribute("href", "/quiz/teacher/questions");
  const feedback = page.getByRole("region", { name: "Feedback waiting for your answer" });
  await expect(feedback.getByTestId("pending-feedback-value")).toHaveText("0");
  await expect(feedback.getByRole("link", { name: "Review feedback" })).toHaveAttribute("href", "/quiz/teacher/feedback");
  await expect(page.getByRole("region", { name: "Accounts in your school" })).toHaveCount(0);

  await context.clearCookies();
  await signIn(page, school.owner);
  await page.goto("/quiz/dashboard");
  await expect(page.getByRole("region", { name: "Accounts in your school" }).getByTestId("users-value")).toHaveText("3");
  const requests = page.getByRole("region", { name: "Teacher requests to decide" });
  await expect(requests.getByTestId("teacher-requests-value")).toHaveText("0");
  await expect(requests.getByRole("link", { name: "Review accounts" })).toHaveAttribute("href", "/quiz/admin/users");
});

test("a student changes their full name and the header shows it", async ({ page }) => {
  const school = await createSchool("Profile School");
  await signIn(page, school.student);
  await page.goto("/quiz/settings/personal-information");
  await expect(page.getByRole("heading", { level: 1, name: "Personal information" })).toBeVisible();
  const email = page.getByLabel("E-mail");
  await expect(email).toHaveValue(school.student);
  await expect(email).toHaveAttribute("readonly", "");
  await expect(page.getByText(/cannot be changed here/)).toBeVisible();

  await page.getByLabel("Full name").fill("Grace Hopper");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your personal information has been updated")).toBeVisible();
  await expect(page.getByRole("button", { name: /Grace Hopper/ })).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Grace Hopper");

  // An empty username is refused on the field with the registration form's message.
  await page.getByLabel("Username").fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Username is required")).toBeVisible();
});
