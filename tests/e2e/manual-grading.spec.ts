import { mkdirSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoViolations, publishedQuiz } from "./exam-helpers";
import { expect, test } from "./fixtures";
import { apiAuth, createSchool, e2eDatabase, type School, signIn } from "./school";
import { MATHS_ALGEBRA, radioQuestionBody } from "../../api/test-support/request-bodies";

/**
 * Issue 26 point 4, the grading screens (ADR 0070): a teacher finds two essays waiting on the
 * dashboard, marks one anonymously with the rubric, keyboard only, and one with a typed mark and
 * a comment; each attempt turns Graded and its student's result carries the final percentage;
 * the count goes 2 → 0; an override of an automatically marked question on the grade page
 * changes the attempt's score. The attempts are taken over the API: this is about the marking.
 */
test.describe.configure({ mode: "serial" });

const ESSAY = "Why is Mars red?";
const SHORT = "Which planet is the largest?";
const RUBRIC = [
  { criterion: "Clarity", levels: [{ label: "Unclear", points: 0 }, { label: "Clear", points: 1.5 }] },
  { criterion: "Argument", levels: [{ label: "None", points: 0 }, { label: "Some", points: 0.5 }, { label: "Strong", points: 1.5 }] },
];
type Headers = { Authorization: string };

async function question(request: APIRequestContext, headers: Headers, body: Record<string, unknown>) {
  await request.post("/api/categoryCourse", { headers, data: MATHS_ALGEBRA });
  const created = await request.post("/api/question", { headers, data: radioQuestionBody({ options: [], ...body }) });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { entity: { id: number } }).entity.id;
}

/** A second student of the school (the demo password, as createSchool's). */
async function secondStudent(school: School) {
  const db = e2eDatabase();
  try {
    const { rows } = await db.execute({ sql: "select password_hash from users where email = ?", args: [school.student] });
    const email = school.student.replace("student-", "second-");
    await db.execute({
      sql: `insert into users (business_id, email, username, fullname, password_hash, user_type, profile, role_level, email_verified, created_at, updated_at)
            values (?, ?, ?, 'Bea Second', ?, 'Student', 4, 4, 1, ?, ?)`,
      args: [school.businessId, email, email.split("@")[0], rows[0].password_hash, Date.now(), Date.now()],
    });
    return email;
  } finally {
    db.close();
  }
}

/** The student takes the quiz over the API: an essay and a wrong short answer; the attempt's id. */
async function takeQuiz(request: APIRequestContext, email: string, quizId: number, ids: { essay: number; short: number }, essay: string) {
  const headers = await apiAuth(request, email);
  const start = await request.post("/api/takeQuiz/startQuiz", { headers, data: { quizId } });
  expect(start.status(), await start.text()).toBe(200);
  const { takenQuizId } = (await start.json()) as { takenQuizId: number };
  const answers = [
    { questionId: ids.essay, answer: { html: `<p>${essay}</p>` } },
    { questionId: ids.short, answer: { text: "Saturn" } },
  ];
  const done = await request.post("/api/takeQuiz/answerAll", { headers, data: { takenQuizId, answers } });
  expect(done.status(), await done.text()).toBe(200);
  return takenQuizId;
}

async function resultOf(request: APIRequestContext, email: string, takenQuizId: number) {
  const answer = await request.post("/api/takenQuiz/fetchById", { headers: await apiAuth(request, email), data: { takenQuizId } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { gradingStatus: string; percentage: number };
}

const shots = process.env.SHOTS_DIR;
async function shoot(page: Page, name: string, target?: ReturnType<Page["locator"]>) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await (target ?? page).screenshot({ path: `${shots}/${process.env.SHOTS_PREFIX ?? "w-grading"}-${name}-${width}.png`, ...(target ? {} : { fullPage: true }) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const waitingCard = (page: Page) => page.getByRole("region", { name: "Answers waiting to be marked" });
const waitingValue = (page: Page) => page.getByTestId("answers-waiting-value");

test("a teacher marks two essays (anonymously with the rubric, keyboard only; then a typed mark and a comment), the attempts turn Graded and the count goes 2 → 0; the grade page overrides an automatic mark", async ({ page, request }) => {
  test.slow();
  const school = await createSchool("Marking School");
  const headers = await apiAuth(request, school.teacher);
  const ids = {
    essay: await question(request, headers, { questionText: ESSAY, optionType: "essay", defaultMark: 3, answerKey: { graderInfo: "<p>Iron oxide is the point.</p>", responseTemplate: "", rubric: RUBRIC } }),
    short: await question(request, headers, { questionText: SHORT, optionType: "shortAnswer", defaultMark: 1, answerKey: { answers: [{ text: "Jupiter", credit: 100 }], caseSensitive: false } }),
  };
  const quizId = await publishedQuiz(request, headers, [ids.essay, ids.short], { quizName: "Mars essays", ...MATHS_ALGEBRA });
  const second = await secondStudent(school);
  const first = await takeQuiz(request, school.student, quizId, ids, "Rust: iron oxide covers its dust.");
  // Hostile markup in an essay: sanitised when answered, harmless on the grading page.
  const later = await takeQuiz(request, second, quizId, ids, 'Because of the dust storms and the iron.<script>window.__xss = 1</script><a href="javascript:window.__xss = 2">see</a><b onmouseover="window.__xss = 3">!</b>');

  await signIn(page, school.teacher);
  await page.goto("/quiz/dashboard");
  await expect(waitingValue(page)).toHaveText("2");
  await shoot(page, "dashboard-card", waitingCard(page));

  // The stats page links to the grading page while answers wait.
  await page.goto(`/quiz/teacher/quiz/${quizId}/viewStats`);
  await page.getByRole("link", { name: "Mark answers (2)" }).click();
  await expect(page).toHaveURL(new RegExp(`/quiz/teacher/quiz/${quizId}/grading$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mark answers: Mars essays");

  // Anonymous, chosen with the keyboard.
  await page.getByRole("checkbox", { name: /Anonymous/ }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/anonymous=1/);
  await expect(page.getByText("Answers waiting: 2")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Answer 1", exact: true })).toBeVisible();
  await expect(page.getByText("Student of Marking School")).toHaveCount(0);
  await expect(page.getByText("Bea Second")).toHaveCount(0);
  await expectNoViolations(page);
  await page.getByText("!", { exact: true }).hover();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('.grading-answer__essay [href^="javascript"], .grading-answer__essay [onmouseover], .grading-answer__essay script')).toHaveCount(0);
  await shoot(page, "page");

  // The oldest answer first: the rubric, keyboard only. Clear (1.5) + Strong (1.5) = 3.
  const firstAnswer = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Answer 1", exact: true }) });
  await expect(firstAnswer.getByText("Rust: iron oxide covers its dust.")).toBeVisible();
  await expect(firstAnswer.getByText("Words: 6")).toBeVisible();
  await firstAnswer.getByRole("radio", { name: "Unclear (0 marks)" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(firstAnswer.getByRole("radio", { name: "Clear (1.5 marks)" })).toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(firstAnswer.getByRole("radio", { name: "Strong (1.5 marks)" })).toBeChecked();
  await expect(firstAnswer.getByText("Rubric total: 3 of 3.")).toBeVisible();
  await page.keyboard.press("Tab"); // the mark, left empty: the rubric's total is the mark
  await page.keyboard.press("Tab"); // the comment
  await page.keyboard.press("Tab"); // Save
  await expect(firstAnswer.getByRole("button", { name: "Save the mark" })).toBeFocused();
  await page.keyboard.press("Enter");
  // The name is shown only now that the mark is saved; the row has left the list.
  await expect(page.getByRole("status").filter({ hasText: "Mark saved: 3 of 3 for Student of Marking School." })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Every answer of Student of Marking School is marked now: 75 %." })).toBeVisible();
  await expect(page.getByText("Answers waiting: 1")).toBeVisible();
  // The keyboard goes on at the next answer.
  await expect(page.getByRole("heading", { name: "Answer 1", exact: true })).toBeFocused();
  expect(await resultOf(request, school.student, first)).toMatchObject({ gradingStatus: "Graded", percentage: 75 });

  // A mark out of range is refused by the server, by code, beside the field; then a typed mark and a comment.
  const secondAnswer = page.getByRole("listitem").filter({ hasText: "Because of the dust storms and the iron." });
  const mark = secondAnswer.getByRole("spinbutton", { name: "Mark, from 0 to 3" });
  await mark.focus();
  await page.keyboard.type("4");
  await page.keyboard.press("Enter");
  await expect(secondAnswer.getByText("A mark must be a number from 0 to 3 with at most two decimals")).toBeVisible();
  await expect(mark).toHaveAttribute("aria-invalid", "true");
  await mark.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("1.25");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Name the iron oxide.");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Mark saved: 1.25 of 3 for Bea Second." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Nothing waits to be marked" })).toBeVisible();
  expect(await resultOf(request, second, later)).toMatchObject({ gradingStatus: "Graded", percentage: 31.25 });

  await page.goto("/quiz/dashboard");
  await expect(waitingValue(page)).toHaveText("0");
  await page.goto("/quiz/teacher/grading");
  await expect(page.getByRole("heading", { name: "Nothing waits to be marked" })).toBeVisible();

  // The grade page: override the engine's 0 for "Saturn" with the full mark, back to the grading page.
  const back = `/quiz/teacher/quiz/${quizId}/grading`;
  await page.goto(`/quiz/teacher/quiz/${quizId}/attempt/${first}/grade/${ids.short}?back=${encodeURIComponent(back)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mark an answer of Student of Marking School");
  await expect(page.getByText("Saturn", { exact: true })).toBeVisible();
  await expect(page.getByText("Marked automatically")).toBeVisible();
  await expect(page.getByText("0 of 1", { exact: true })).toBeVisible();
  await expectNoViolations(page);
  await shoot(page, "grade-page");
  const override = page.getByRole("spinbutton", { name: "Mark, from 0 to 1" });
  await override.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("1");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${back}$`));
  expect(await resultOf(request, school.student, first)).toMatchObject({ gradingStatus: "Graded", percentage: 100 });
  // Who marked it and when, on the grade page now.
  await page.goto(`/quiz/teacher/quiz/${quizId}/attempt/${first}/grade/${ids.short}`);
  await expect(page.getByText(/^Teacher of Marking School, .+/)).toBeVisible();
  await expect(page.getByText("1 of 1", { exact: true })).toBeVisible();

  // The essay marked with the rubric reopens with its levels chosen and the mark left to them: one level changed, the rest kept.
  await page.goto(`/quiz/teacher/quiz/${quizId}/attempt/${first}/grade/${ids.essay}`);
  await expect(page.getByRole("radio", { name: "Clear (1.5 marks)" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Strong (1.5 marks)" })).toBeChecked();
  await expect(page.getByRole("spinbutton", { name: "Mark, from 0 to 3" })).toHaveValue("");
  await expect(page.getByText("Rubric total: 3 of 3.")).toBeVisible();
  await shoot(page, "grade-page-rubric");
  await page.getByRole("radio", { name: "Some (0.5 marks)" }).check();
  await expect(page.getByText("Rubric total: 2 of 3.")).toBeVisible();
  await page.getByRole("button", { name: "Save the mark" }).click();
  await expect(page).toHaveURL(new RegExp(`/teacher/quiz/${quizId}/attempt/${first}$`));
  // Essay 2 of 3, the overridden short answer 1 of 1: 75 %.
  expect(await resultOf(request, school.student, first)).toMatchObject({ gradingStatus: "Graded", percentage: 75 });
});
