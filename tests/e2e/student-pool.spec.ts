import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { publishedQuiz, redPlanet } from "./exam-helpers";
import { expect, test, untilInteractive } from "./fixtures";
import { apiAuth, createSchool, e2eDatabase, signIn } from "./school";

/**
 * Issue 8 item 1, the student's quiz pool: published quizzes and not drafts, search, Take
 * quiz into the exam's first step, the premium banner when subscriptions are sold, and an
 * axe check. Each test in a school of its own (the premium one changes the owner's policy).
 */
/** Quizzes of one question each ("Which planet is red?"), made by the school's teacher over the API. */
async function quizzesOf(request: APIRequestContext, email: string, quizzes: Record<string, unknown>[]) {
  const headers = await apiAuth(request, email);
  const questionId = await redPlanet(request, headers, "<p>It is rusty.</p>");
  for (const fields of quizzes) await publishedQuiz(request, headers, [questionId], { time: 5, ...fields });
}

/**
 * Axe on a fresh load of the page: right after signing in, react-aria's live announcer
 * still holds the login button's pending announcement (its label left with the login
 * page), which axe reports as role-img-alt against whatever page follows.
 */
async function expectNoViolations(page: Page) {
  await page.reload();
  await untilInteractive(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(" | ")}`)).toEqual([]);
}

const pool = (page: Page) => page.getByRole("table", { name: "Quizzes you can take" });

test("a student sees published quizzes but not drafts, searches, and takes one", async ({ page, request }) => {
  const school = await createSchool("Pool School");
  await quizzesOf(request, school.teacher, [
    { quizName: "Planets of the solar system", password: "orbit" },
    { quizName: "Moons", time: -1 },
    { quizName: "Comets in draft", status: "Draft" },
  ]);
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);

  const table = pool(page);
  await expect(table.getByRole("row")).toHaveCount(3); // header + two quizzes
  await expect(table.getByText("Planets of the solar system")).toBeVisible();
  await expect(table.getByText("Comets in draft")).toHaveCount(0);
  await expect(table.getByRole("row", { name: /Moons/ }).getByText("No limit")).toBeVisible();
  await expect(table.getByRole("row", { name: /Planets/ }).getByText("Password")).toBeVisible();
  await expect(page.getByText("Displaying")).toHaveCount(0);
  await expectNoViolations(page);

  // Keyboard: search by a part of the name.
  await page.getByLabel("Search quiz name").fill("planets");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/search=planets/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(page.getByText("1 quiz", { exact: true })).toBeVisible();

  await table.getByRole("link", { name: "Take quiz Planets of the solar system" }).click();
  await expect(page).toHaveURL(/\/quiz\/student\/quizPool\/\d+\/take$/);
  await expect(page.getByLabel("Quiz password")).toBeVisible(); // the exam's first step
});

test("a student without a subscription sees 'Displaying N of M quizzes' and the way to subscribe", async ({ page, request }) => {
  const school = await createSchool("Premium School");
  await quizzesOf(request, school.teacher, [{ quizName: "Free orbit" }, { quizName: "Premium orbit", isPremium: true }]);
  const db = e2eDatabase();
  try {
    await db.execute({ sql: "update admin_settings set enable_subscription = 1 where business_id = ?", args: [school.businessId] });
  } finally {
    db.close();
  }
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await expect(page.getByText("Displaying 1 of 2 quizzes.")).toBeVisible();
  await expect(pool(page).getByText("Free orbit")).toBeVisible();
  await expect(pool(page).getByText("Premium orbit")).toHaveCount(0);
  await expectNoViolations(page);
  await page.getByRole("link", { name: "Subscribe to see the premium quizzes" }).click();
  await expect(page).toHaveURL(/\/quiz\/student\/subscription$/);
});
