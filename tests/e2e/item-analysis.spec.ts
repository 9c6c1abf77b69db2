import type { APIRequestContext } from "@playwright/test";
import { expectNoViolations, planetQuestion, publishedQuiz } from "./exam-helpers";
import { expect, test } from "./fixtures";
import { apiAuth, createSchool, e2eDatabase, signIn } from "./school";
import { MATHS_ALGEBRA, radioQuestionBody } from "../../api/test-support/request-bodies";

/**
 * Issue 16 point 5, item analysis (ADR 0042): after twelve students have taken a quiz with a
 * deliberately bad question, the teacher opens its analysis and sees that question flagged,
 * the charts with their text alternatives, and links to the question's feedback and to the
 * bank; a quiz nobody has finished shows an empty state. The attempts are written straight
 * into the server's database (like school.ts's schools): twelve exams through the browser
 * would test the exam, not the analysis.
 */
test.describe.configure({ mode: "serial" });

const RED = "Which planet is red?";
const RINGS = "Which planet has rings?";
const BIG = "Which planet is the largest?";
const ATTEMPTS = 12;

/** Five questions: RED everyone gets right (too easy, distractors unused); RINGS the strong fail and the weak pass; the others are fair. */
async function planetsQuiz(request: APIRequestContext, teacher: string) {
  const headers = await apiAuth(request, teacher);
  const options = (right: string, ...wrong: string[]) => [{ optionText: right, optionStatus: true }, ...wrong.map((optionText) => ({ optionText, optionStatus: false }))];
  const ids = [
    await planetQuestion(request, headers, RED, options("Mars", "Venus", "Pluto")),
    await planetQuestion(request, headers, RINGS, options("Saturn", "Venus", "Mercury")),
    await planetQuestion(request, headers, BIG, options("Jupiter", "Mars", "Venus")),
    await planetQuestion(request, headers, "Which planet is closest to the Sun?", options("Mercury", "Mars", "Neptune")),
    await planetQuestion(request, headers, "Which planet do we live on?", options("Earth", "Mars", "Venus")),
  ];
  const quizId = await publishedQuiz(request, headers, ids, { quizName: "Planets analysed", attemptsAllowed: 1 });
  return { quizId, ids };
}

/** Which option (0 = right) student i picks per question; student 0 is the strongest. */
const PICKS = [(_i: number) => 0, (i: number) => (i < 6 ? 1 + (i % 2) : 0), ...[8, 7, 9].map((strong) => (i: number) => (i < strong ? 0 : 1 + (i % 2)))];

/** Twelve students of the school, each with one finished attempt, on two days. */
async function seedAttempts(businessId: number, quizId: number, questionIds: number[]) {
  const db = e2eDatabase();
  try {
    const { rows: demo } = await db.execute("select password_hash from users where email = 'teacher@demo.quiz'");
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const optionRows = await db.execute({ sql: `select id, question_id from question_options where question_id in (${questionIds.join(",")}) order by question_id, position`, args: [] });
    const optionsOf = (questionId: number) => optionRows.rows.filter((row) => Number(row.question_id) === questionId).map((row) => Number(row.id));
    const day = Date.UTC(2026, 10, 2, 9, 0, 0);
    for (let i = 0; i < ATTEMPTS; i++) {
      const now = Date.now();
      const student = await db.execute({
        sql: `insert into users (business_id, email, username, fullname, password_hash, user_type, profile, role_level, email_verified, created_at, updated_at)
              values (?, ?, ?, ?, ?, 'Student', 4, 4, 1, ?, ?) returning id`,
        args: [businessId, `pupil${i}-${tag}@school.test`, `pupil${i}-${tag}`, `Pupil ${i}`, demo[0].password_hash, now, now],
      });
      const right = PICKS.filter((pick) => pick(i) === 0).length;
      const submitted = day + (i % 3) * 86_400_000;
      const attempt = await db.execute({
        sql: `insert into quiz_attempts (business_id, quiz_id, student_id, attempt_number, started_at, submitted_at, correct_answered, percentage, time_taken)
              values (?, ?, ?, 1, ?, ?, ?, ?, 300) returning id`,
        args: [businessId, quizId, Number(student.rows[0].id), submitted - 300_000, submitted, right, Math.round((right / PICKS.length) * 10_000) / 100],
      });
      await db.batch(
        questionIds.map((questionId, position) => ({
          sql: "insert into attempt_answers (attempt_id, question_id, position, selected_option_ids, answer_status, saved_at) values (?, ?, ?, ?, 'yes', ?)",
          args: [Number(attempt.rows[0].id), questionId, position, JSON.stringify([optionsOf(questionId)[PICKS[position](i)]]), submitted],
        })),
        "write",
      );
    }
  } finally {
    db.close();
  }
}

test("the teacher sees the bad question flagged, the charts and their text alternatives", async ({ page, request }) => {
  // Twelve seeded attempts, two axe scans and two widths: past 30 s on a busy machine.
  test.slow();
  const school = await createSchool("Analysis School");
  const { quizId, ids } = await planetsQuiz(request, school.teacher);
  await seedAttempts(school.businessId, quizId, ids);
  // The school lives in Tokyo, the teacher's browser in UTC: the days are the school's, named (ADR 0082's addendum).
  const db = e2eDatabase();
  try {
    await db.execute({ sql: "update admin_settings set time_zone = 'Asia/Tokyo' where business_id = ?", args: [school.businessId] });
  } finally {
    db.close();
  }

  await signIn(page, school.teacher);
  // The page's messages come with its data, not the message chunk: hydration must still agree with the server.
  const hydrationErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|did not match|analysis:|questions\./i.test(message.text())) hydrationErrors.push(message.text());
  });
  await page.goto(`/quiz/teacher/quiz/${quizId}/analysis`);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Item analysis: Planets analysed");
  await expect(page.getByText("Finished attempts: 12.")).toBeVisible();

  const rows = page.getByRole("table", { name: "Questions" }).getByRole("row");
  const rings = rows.filter({ hasText: RINGS });
  await expect(rings.getByText("Strong students do worse")).toBeVisible();
  await expect(rings.getByRole("link", { name: "Feedback (0 pending)" })).toHaveAttribute("href", `/quiz/teacher/feedback?questionId=${ids[1]}`);
  await expect(rings.getByRole("link", { name: "Open in the question bank" })).toHaveAttribute("href", `/quiz/teacher/questions/${ids[1]}/view`);
  // Everyone chose Mars: too easy, and its wrong answers do nothing.
  const red = rows.filter({ hasText: RED });
  await expect(red.getByText("Too easy")).toBeVisible();
  await expect(red.getByText("A wrong answer nobody picks")).toBeVisible();
  await expect(red.getByText("12 chose this (100%)")).toBeVisible();
  await expect(rows.filter({ hasText: BIG }).getByText("None")).toBeVisible();

  // The charts: drawn, described in words, and their numbers in tables a screen reader finds.
  await expect(page.getByRole("figure", { name: "Score distribution" }).locator("svg.analysis-chart__svg")).toBeVisible();
  const distribution = page.getByRole("table", { name: "Score distribution" });
  await expect(distribution.getByRole("row")).toHaveCount(11);
  // Seven attempts scored 4 of 5 (80 %), one all 5 (100 % falls in the last band).
  await expect(distribution.getByRole("row", { name: /80–90 %/ }).getByRole("cell")).toHaveText("7");
  await expect(distribution.getByRole("row", { name: /90–100 %/ }).getByRole("cell")).toHaveText("1");
  const overTime = page.getByRole("table", { name: "Scores over time" });
  await expect(overTime.getByRole("row")).toHaveCount(4);
  await expect(page.getByRole("figure", { name: "Scores over time" }).getByText(/Average score of the attempts submitted each day \(days in the Asia\/Tokyo time zone\)/)).toBeVisible();

  // Keyboard: the first link of the flagged question is reached with Tab, like every link.
  await rings.getByRole("link", { name: "Feedback (0 pending)" }).focus();
  await expect(rings.getByRole("link", { name: "Feedback (0 pending)" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(rings.getByRole("link", { name: "Open in the question bank" })).toBeFocused();

  await expectNoViolations(page);
  await page.screenshot({ path: "test-results/item-analysis-1280.png", fullPage: true });
  await page.locator(".analysis__charts").screenshot({ path: "test-results/item-analysis-charts-1280.png" });
  // A phone: nothing wider than the screen but the questions' table, which scrolls in its box.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Issue 25 point 6: every chart label at least 12 px on the phone (before: 8–9 px), and the count axis in whole attempts.
  const smallestLabel = await page.locator(".analysis-chart__svg").evaluateAll((charts) =>
    Math.min(...charts.flatMap((chart) => [...chart.querySelectorAll("text")].map((text) => (parseFloat(getComputedStyle(text).fontSize) * chart.getBoundingClientRect().width) / 480))),
  );
  expect(smallestLabel).toBeGreaterThanOrEqual(12);
  const countTicks = await page.getByRole("figure", { name: "Score distribution" }).locator(".visx-axis-left .visx-axis-tick text").allTextContents();
  expect(countTicks.length).toBeGreaterThan(1);
  for (const tick of countTicks) expect(tick).toMatch(/^\d+$/);
  await expectNoViolations(page);
  await page.screenshot({ path: "test-results/item-analysis-390.png", fullPage: true });
  await page.locator(".analysis__charts").screenshot({ path: "test-results/item-analysis-charts-390.png" });

  await page.getByRole("link", { name: "Back to the quiz's results" }).click();
  await expect(page).toHaveURL(new RegExp(`/quiz/teacher/quiz/${quizId}/viewStats$`));
  // Back again in the browser (client-side navigation): the messages arrive with the data.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Item analysis: Planets analysed");
  await expect(page.getByText("Strong students do worse").first()).toBeVisible();
  expect(hydrationErrors).toEqual([]);
});

test("a quiz nobody has finished shows an empty state, and a student cannot open the page", async ({ page, request }) => {
  const school = await createSchool("Analysis Empty School");
  const { quizId } = await planetsQuiz(request, school.teacher);
  await signIn(page, school.teacher);
  await page.goto(`/quiz/teacher/quiz/${quizId}/analysis`);
  await expect(page.getByRole("heading", { name: "No finished attempts yet" })).toBeVisible();
  await expect(page.getByRole("figure")).toHaveCount(0);
  await expectNoViolations(page);

  const student = await apiAuth(request, school.student);
  const refused = await request.post("/api/takenQuiz/itemAnalysis", { headers: student, data: { quizId } });
  expect(refused.status()).toBe(403);
});

/** Issue 26 point 7 (ADR 0072): one quiz of every kind of answer, taken three times through the exam's own endpoints. */
const MIXED = {
  short: "Which city is the capital of France?",
  matching: "Match each country with its capital.",
  essay: "Why do cities grow near rivers?",
  radio: "Which river runs through Paris?",
};

async function mixedQuizTakenThrice(request: APIRequestContext, school: { teacher: string; student: string }) {
  const headers = await apiAuth(request, school.teacher);
  await request.post("/api/categoryCourse", { headers, data: MATHS_ALGEBRA });
  const question = async (data: Record<string, unknown>) => {
    const created = await request.post("/api/question", { headers, data: radioQuestionBody(data) });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { entity: { id: number } }).entity.id;
  };
  const id = {
    short: await question({ questionText: MIXED.short, optionType: "shortAnswer", options: [], answerKey: { answers: [{ text: "Paris", credit: 100 }], caseSensitive: false } }),
    matching: await question({
      questionText: MIXED.matching,
      optionType: "matching",
      options: [],
      answerKey: { pairs: [{ stem: "France", choice: "Paris" }, { stem: "Italy", choice: "Rome" }], distractors: ["Lisbon"] },
    }),
    essay: await question({ questionText: MIXED.essay, optionType: "essay", options: [], answerKey: {} }),
    radio: await question({ questionText: MIXED.radio, options: [{ optionText: "The Seine", optionStatus: true }, { optionText: "The Thames", optionStatus: false }] }),
  };
  const quizId = await publishedQuiz(request, headers, Object.values(id), { quizName: "Cities analysed", attemptsAllowed: 3, ...MATHS_ALGEBRA });
  const student = await apiAuth(request, school.student);
  // Attempt 1 all right; attempts 2 and 3 answer "Lyon", pair Italy with Lisbon, pick the Thames.
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = await request.post("/api/takeQuiz/startQuiz", { headers: student, data: { quizId } });
    expect(started.status(), await started.text()).toBe(200);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const paper = (await started.json()) as any;
    const q = (questionId: number) => paper.questions.find((one: { id: number }) => one.id === questionId);
    const part = (parts: { id: string; text: string }[], text: string) => parts.find((one) => one.text === text)!.id;
    const matching = q(id.matching);
    const right = attempt === 0;
    const answers = [
      { questionId: id.short, answer: { text: right ? "Paris" : "Lyon" } },
      {
        questionId: id.matching,
        answer: { pairs: [{ stemId: part(matching.stems, "France"), choiceId: part(matching.choices, "Paris") }, { stemId: part(matching.stems, "Italy"), choiceId: part(matching.choices, right ? "Rome" : "Lisbon") }] },
      },
      { questionId: id.essay, answer: { html: "<p>Water, trade and food.</p>" } },
      { questionId: id.radio, answer: [q(id.radio).options.find((option: { optionText: string }) => option.optionText === (right ? "The Seine" : "The Thames")).id] },
    ];
    const submitted = await request.post("/api/takeQuiz/answerAll", { headers: student, data: { takenQuizId: paper.takenQuizId, answers } });
    expect(submitted.status(), await submitted.text()).toBe(200);
  }
  return quizId;
}

test("a quiz of every kind of answer shows each question's response analysis, as tables and as cards on a phone", async ({ page, request }) => {
  test.slow();
  const school = await createSchool("Analysis Types School");
  const quizId = await mixedQuizTakenThrice(request, school);
  await signIn(page, school.teacher);
  await page.goto(`/quiz/teacher/quiz/${quizId}/analysis`);
  await expect(page.getByText("Finished attempts: 3.")).toBeVisible();

  // Partial credit in the facility: the matching question earned 1, ½ and ½ of its mark.
  const rows = page.getByRole("table", { name: "Questions" }).getByRole("row");
  await expect(rows.filter({ hasText: MIXED.matching }).getByText("67%")).toBeVisible();
  await expect(rows.filter({ hasText: MIXED.essay }).getByText("Waiting for marking: 3")).toBeVisible();

  await expect(page.getByRole("heading", { name: "What students answered" })).toBeVisible();
  const wrong = page.getByRole("table", { name: "Most frequent wrong answers" });
  await expect(wrong.getByRole("row", { name: /Lyon/ }).getByRole("cell")).toHaveText(["Lyon", "2", "67%"]);
  const pairs = page.getByRole("table", { name: "Right rate of each pair" });
  await expect(pairs.getByRole("row", { name: /France/ }).getByRole("cell")).toHaveText(["France", "Paris", "100%"]);
  await expect(pairs.getByRole("row", { name: /Italy/ }).getByRole("cell")).toHaveText(["Italy", "Rome", "33%"]);
  const essay = page.getByRole("region", { name: /Question 3: Essay/ });
  await expect(essay.getByText("Waiting for marking: 3.")).toBeVisible();
  await expect(essay.getByRole("link", { name: "Mark them" })).toHaveAttribute("href", `/quiz/teacher/quiz/${quizId}/grading`);
  await expectNoViolations(page);
  await page.screenshot({ path: "/work/shots/w-items-analysis-types-1280.png", fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Cards: each row's cells stacked, named by their column.
  await expect(pairs.getByRole("row", { name: /Italy/ }).locator("td[data-label='Answered right']")).toBeVisible();
  await expectNoViolations(page);
  await page.screenshot({ path: "/work/shots/w-items-analysis-types-390.png", fullPage: true });
});
