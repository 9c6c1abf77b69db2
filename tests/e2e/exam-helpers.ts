import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, FrameLocator, Page } from "@playwright/test";
import { expect, untilInteractive } from "./fixtures";
import { apiAuth } from "./school";
import { quizBody, radioQuestionBody } from "../../api/test-support/request-bodies";

/** What the exam specs share: a three-question planets quiz made over the API, answering, and axe. */

type Headers = { Authorization: string };
type Option = { optionText: string; optionStatus: boolean };
/** The bank every planets question and quiz is filed in. */
const PLANETS = { category: "Science", course: "Planets" };

/** A question of the teacher's Science / Planets course, made over the API; its id. */
export async function planetQuestion(request: APIRequestContext, headers: Headers, questionText: string, options: Option[], answerExplaination = "<p>Look at the sky.</p>") {
  await request.post("/api/categoryCourse", { headers, data: PLANETS });
  const created = await request.post("/api/question", {
    headers,
    data: radioQuestionBody({ questionText, optionType: options.filter((o) => o.optionStatus).length > 1 ? "checkbox" : "radio", options, ...PLANETS, answerExplaination }),
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { entity: { id: number } }).entity.id;
}

/** "Which planet is red?" (Mars, not Venus). */
export const redPlanet = (request: APIRequestContext, headers: Headers, answerExplaination?: string) =>
  planetQuestion(request, headers, "Which planet is red?", [{ optionText: "Mars", optionStatus: true }, { optionText: "Venus", optionStatus: false }], answerExplaination);

/** A published quiz of these questions (10 minutes, 2 attempts, best score unless `fields` say otherwise); its id. */
export async function publishedQuiz(request: APIRequestContext, headers: Headers, questionIds: number[], fields: Record<string, unknown> = {}) {
  const quiz = await request.post("/api/quiz", {
    headers,
    data: quizBody({
      quizName: "Planets",
      quizDescription: `${questionIds.length === 1 ? "One question" : `${questionIds.length} questions`} about planets`,
      ...PLANETS,
      takeBestScore: "Yes",
      time: 10,
      selectedQuestions: questionIds,
      ...fields,
    }),
  });
  expect(quiz.status(), await quiz.text()).toBe(201);
  return ((await quiz.json()) as { entity: { id: number } }).entity.id;
}

/** Questions: "Which planet is red?" (Mars), "Which planet has rings?" (Saturn), "Which are gas giants?" (Jupiter and Saturn). */
export async function quizOf(request: APIRequestContext, email: string, fields: Record<string, unknown> = {}) {
  const headers = await apiAuth(request, email);
  const ids = [
    await redPlanet(request, headers),
    await planetQuestion(request, headers, "Which planet has rings?", [{ optionText: "Saturn", optionStatus: true }, { optionText: "Venus", optionStatus: false }]),
    await planetQuestion(request, headers, "Which are gas giants?", [
      { optionText: "Jupiter", optionStatus: true },
      { optionText: "Saturn", optionStatus: true },
      { optionText: "Mars", optionStatus: false },
    ]),
  ];
  return publishedQuiz(request, headers, ids, fields);
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

export async function expectNoViolations(page: Page) {
  await untilInteractive(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(" | ")}`)).toEqual([]);
}

/**
 * The seeded planets quiz (quizOf) sat in a frame or a page already on its take page: all
 * questions at once, every answer right, finished; the result says 100 %.
 */
export async function sitPlanetsQuizRight(tool: Page | FrameLocator) {
  await tool.getByText("All questions at once", { exact: true }).click();
  await tool.getByRole("button", { name: "Next" }).click();
  await tool.getByRole("button", { name: "Start" }).click();
  const answer = (question: string, option: string) => tool.getByRole("article", { name: new RegExp(question) }).getByText(option, { exact: true }).click();
  await answer("Which planet is red", "Mars");
  await answer("Which planet has rings", "Saturn");
  await answer("Which are gas giants", "Jupiter");
  await answer("Which are gas giants", "Saturn");
  await expect(tool.getByRole("status").filter({ hasText: "All answers saved" })).toBeVisible();
  await tool.getByRole("button", { name: "Finish" }).click();
  await tool.getByRole("alertdialog").getByRole("button", { name: "Finish now" }).click();
  await expect(tool.locator("#result-score")).toHaveText("100%");
}
