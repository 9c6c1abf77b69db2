import type { Page } from "@playwright/test";
import { publishedQuiz, quizOf, redPlanet, startAllAtOnce } from "./exam-helpers";
import { coveredControls } from "./covered-controls";
import { expect, loginAs, test, untilInteractive } from "./fixtures";
import { apiAuth, createSchool, signIn } from "./school";

/**
 * Issue 18 point 5 (docs/decisions/0049): nothing covers a button. Every list page and the
 * exam, at the spec's widths, signed in as the role that sees it: each visible button, link,
 * field and table header, scrolled into view as a click would, is the element at its own
 * click point. One page per role, the four widths by resizing it.
 */
const WIDTHS = [390, 768, 1024, 1280];

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.sessionStorage.setItem("quiz.splashSeen", "1"));
});
// Four widths of a dozen pages in one test per role.
test.describe.configure({ timeout: 120_000 });

/** The covered controls of the page as it is now, at every width: "width px: control ← what covers it". */
async function coveredAtEveryWidth(page: Page): Promise<string[]> {
  await expect(page.locator(".shell-splash")).toHaveCount(0, { timeout: 15_000 });
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    found.push(...(await coveredControls(page)).map((line) => `${width} px: ${line}`));
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  return found;
}

/** Visits each address and collects what is covered, per address, so one failure lists every page's. */
async function checkPages(page: Page, addresses: string[]) {
  const covered: Record<string, string[]> = {};
  for (const address of addresses) {
    await page.goto(address);
    await expect(page.locator("main h1, main h2").first()).toBeVisible();
    // Until hydration, JavaScript-only buttons let the pointer fall through (ADR 0050), so the
    // header's drawer toggle, language and Modules buttons would read as covered by the header.
    await untilInteractive(page);
    const found = await coveredAtEveryWidth(page);
    if (found.length > 0) covered[address] = found;
  }
  return covered;
}

test("the teacher's lists: nothing covers a control at 390, 768, 1024 or 1280 px", async ({ page }) => {
  await loginAs(page, "teacher");
  // The demo teacher's pool and bank: the pages of the report (quiz names that wrap, the bank's seven columns).
  const statsHref = await page.getByRole("link", { name: /^Stats of / }).first().getAttribute("href");
  expect(statsHref).toMatch(/\/viewStats$/);
  const covered = await checkPages(page, [
    "/quiz/teacher/quizPool",
    "/quiz/teacher/questions",
    "/quiz/teacher/questions/Mathematics/Algebra/load",
    statsHref!,
    statsHref!.replace(/viewStats$/, "analysis"),
    "/quiz/teacher/feedback",
    "/quiz/leaderBoard",
  ]);
  expect(covered).toEqual({});
});

test("the owner's lists: nothing covers a control at 390, 768, 1024 or 1280 px", async ({ page }) => {
  await loginAs(page, "owner");
  const covered = await checkPages(page, ["/quiz/admin/leaderBoard", "/quiz/admin/users", "/quiz/admin/subscription", "/quiz/admin/outbox"]);
  expect(covered).toEqual({});
});

test("the student's lists and the exam: nothing covers a control, Finish included, at 390, 768, 1024 or 1280 px", async ({ page, request }) => {
  // A school of its own: the student's exam and finished attempt change no demo data.
  const school = await createSchool("Layout School");
  const quizId = await quizOf(request, school.teacher, { quizName: "Planets layout" });
  const teacherHeaders = await apiAuth(request, school.teacher);
  const doneId = await publishedQuiz(request, teacherHeaders, [await redPlanet(request, teacherHeaders)], { quizName: "Planets done" });
  const headers = await apiAuth(request, school.student);
  const started = await request.post("/api/takeQuiz/startQuiz", { headers, data: { quizId: doneId, examMode: "all" } });
  expect(started.status(), await started.text()).toBe(200);
  const { takenQuizId, questions } = (await started.json()) as { takenQuizId: number; questions: { id: number; options: { id: number }[] }[] };
  const answers = [{ questionId: questions[0].id, answer: [questions[0].options[0].id] }];
  const finished = await request.post("/api/takeQuiz/answerAll", { headers, data: { takenQuizId, quizId: doneId, answers } });
  expect(finished.status(), await finished.text()).toBe(200);

  await signIn(page, school.student, /\/quiz\/student\//);
  const covered = await checkPages(page, ["/quiz/student/quizPool", "/quiz/student/takenQuiz", "/quiz/student/subscription"]);

  await startAllAtOnce(page, quizId);
  const finish = page.getByRole("button", { name: "Finish", exact: true });
  await expect(finish).toBeVisible();
  const exam = await coveredAtEveryWidth(page);
  if (exam.length > 0) covered.exam = exam;
  expect(covered).toEqual({});

  // The report's case by hand: on a phone, scrolled to the end, Finish takes its own click.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await finish.click({ trial: true, timeout: 5_000 });
});
