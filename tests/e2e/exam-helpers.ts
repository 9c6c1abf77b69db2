import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { apiAuth } from "./school";

/** What the exam specs share: a three-question planets quiz made over the API, answering, and axe. */

/** Questions: "Which planet is red?" (Mars), "Which planet has rings?" (Saturn), "Which are gas giants?" (Jupiter and Saturn). */
export async function quizOf(request: APIRequestContext, email: string, fields: Record<string, unknown> = {}) {
  const headers = await apiAuth(request, email);
  await request.post("/api/categoryCourse", { headers, data: { category: "Science", course: "Planets" } });
  const ids: number[] = [];
  const texts = ["Which planet is red?", "Which planet has rings?", "Which are gas giants?"];
  for (const [i, questionText] of texts.entries()) {
    const checkbox = i === 2;
    const res = await request.post("/api/question", {
      headers,
      data: {
        questionText,
        optionType: checkbox ? "checkbox" : "radio",
        options: checkbox
          ? [{ optionText: "Jupiter", optionStatus: true }, { optionText: "Saturn", optionStatus: true }, { optionText: "Mars", optionStatus: false }]
          : [{ optionText: i === 0 ? "Mars" : "Saturn", optionStatus: true }, { optionText: "Venus", optionStatus: false }],
        category: "Science",
        course: "Planets",
        answerExplaination: "<p>Look at the sky.</p>",
      },
    });
    ids.push(((await res.json()) as { entity: { id: number } }).entity.id);
  }
  const quiz = await request.post("/api/quiz", {
    headers,
    data: {
      quizName: "Planets",
      quizDescription: "Three questions about planets",
      category: "Science",
      course: "Planets",
      level: "Easy",
      status: "Published",
      allowSkip: "Yes",
      takeBestScore: "Yes",
      negativeMarking: "No",
      attemptsAllowed: 2,
      quiztimetype: "Quiz",
      time: 10,
      selectedQuestions: ids,
      ...fields,
    },
  });
  expect(quiz.status(), await quiz.text()).toBe(201);
  return ((await quiz.json()) as { entity: { id: number } }).entity.id;
}

export async function expectNoViolations(page: Page) {
  await expect(page.locator(".shell-splash")).toHaveCount(0, { timeout: 15_000 });
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(" | ")}`)).toEqual([]);
}

export const choose = (page: Page, question: string, option: string) => page.getByRole("article", { name: new RegExp(question) }).getByText(option, { exact: true }).click();
export const saved = (page: Page) => expect(page.getByRole("status").filter({ hasText: "All answers saved" })).toBeVisible();

/** Opens the quiz's take page and goes through the mode (all at once) and guidelines steps into the exam. */
export async function startAllAtOnce(page: Page, quizId: number) {
  await page.goto(`/quiz/student/quizPool/${quizId}/take`);
  await page.getByText("All questions at once", { exact: true }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Start" }).click();
}
