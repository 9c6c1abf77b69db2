import type { Page } from "@playwright/test";
import { expect, test, untilInteractive } from "./fixtures";
import { bankOf, quizBody } from "./quiz-seed";
import { createSchool, signIn } from "./school";
import { nextStep } from "./wizard-steps";

/**
 * Issue 25 point 5 (ADR 0062): a teacher in Tokyo types a start date into the wizard and
 * finds the same day and time, its zone named, on the quiz view and back in the edit form.
 * The browser's zone reaches the server in the `tz` cookie, so the server draws what the
 * browser hydrates.
 */
test.use({ timezoneId: "Asia/Tokyo" });

const dialog = (page: Page) => page.getByRole("dialog");

test("a start date typed in Tokyo is shown in Tokyo time, the zone named, on the view and in Edit", async ({ page, request }) => {
  test.slow(); // a school, a question, a quiz and five server-drawn pages
  const school = await createSchool("Tokyo School");
  const headers = await bankOf(request, school.teacher, 1, { category: "Science", course: "Light", topic: "Light" });
  const bank = await request.post("/api/question/findAll", { headers, data: { queryParams: { filter: { category: "Science", course: "Light" } } } });
  const questionId = ((await bank.json()) as { entities: { id: number }[] }).entities[0]!.id;
  const quiz = await request.post("/api/quiz", {
    headers,
    data: quizBody({ quizName: "Light in Tokyo", category: "Science", course: "Light", selectedQuestions: [questionId] }),
  });
  expect(quiz.status(), await quiz.text()).toBe(201);

  await signIn(page, school.teacher, /\/quiz\/teacher\/quizPool$/);
  await page.getByRole("link", { name: "Edit Light in Tokyo" }).click();
  await expect(page).toHaveURL(/\/teacher\/quizPool\/\d+\/edit$/);
  await nextStep(page);
  await dialog(page).getByText("Date range", { exact: true }).click();
  await dialog(page).getByLabel("Start date").fill("2030-05-02T09:00");
  await dialog(page).getByLabel("End date").fill("2030-05-03T18:30");
  // The form names the clock it reads.
  await expect(dialog(page).getByText("In Asia/Tokyo time (GMT+9)").first()).toBeVisible();
  await nextStep(page);
  await nextStep(page);
  await dialog(page).getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Quiz Updated")).toBeVisible();

  // The view, drawn by the server and hydrated in the browser: the same day and time, named.
  await page.getByRole("link", { name: "View Light in Tokyo" }).click();
  await untilInteractive(page);
  await expect(page.getByText("May 2, 2030, 9:00 AM GMT+9 to May 3, 2030, 6:30 PM GMT+9", { exact: true })).toBeVisible();
  // A fresh page load draws the same text on the server (the tz cookie).
  await page.reload();
  await expect(page.getByText("May 2, 2030, 9:00 AM GMT+9 to May 3, 2030, 6:30 PM GMT+9", { exact: true })).toBeVisible();

  // Edit shows what was typed.
  await page.goto("/quiz/teacher/quizPool");
  await page.getByRole("link", { name: "Edit Light in Tokyo" }).click();
  await nextStep(page);
  await expect(dialog(page).getByLabel("Start date")).toHaveValue("2030-05-02T09:00");
  await expect(dialog(page).getByLabel("End date")).toHaveValue("2030-05-03T18:30");
});
