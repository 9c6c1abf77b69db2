import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expectNoViolations, quizOf } from "./exam-helpers";
import { expect, test, untilInteractive } from "./fixtures";
import { apiAuth, createSchool, e2eDatabase, type School, signIn } from "./school";
import { nextStep, wizardOf } from "./wizard-steps";

/**
 * Issue 27 point 2 (ADR 0079): a teacher sets one quiz for two classes with different windows and
 * gives one student an extra attempt; a student of class A starts in A's window and not before,
 * the overridden student gets the extra attempt and a classmate does not, class B waits for its
 * own window. With SHOTS_DIR set, the wizard's classes, the overrides panel and the student's
 * guidelines are photographed at 1280 and 390 px (w-overrides-<screen>-<width>.png).
 */
const shotsDir = process.env.SHOTS_DIR;
// The dates below are typed on the UTC clock the pages then show.
test.use({ timezoneId: "UTC" });

async function photograph(page: Page, name: string, focus?: Locator) {
  await untilInteractive(page);
  if (!shotsDir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    if (focus) await focus.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shotsDir}/w-overrides-${name}-${width}.png`, fullPage: !focus && width === 1280 });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Another student of the school, with the demo password (as createSchool makes them). */
async function addStudent(school: School, name: string): Promise<{ email: string; id: number }> {
  const db = e2eDatabase();
  try {
    const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@school.test`;
    const { rows } = await db.execute({ sql: "select password_hash from users where email = ?", args: [school.student] });
    const made = await db.execute({
      sql: `insert into users (business_id, email, username, fullname, password_hash, user_type, profile, role_level, email_verified, created_at, updated_at)
            values (?, ?, ?, ?, ?, 'Student', 4, 4, 1, ?, ?) returning id`,
      args: [school.businessId, email, email.split("@")[0], name, rows[0].password_hash, Date.now(), Date.now()],
    });
    return { email, id: Number(made.rows[0].id) };
  } finally {
    db.close();
  }
}

async function classOf(request: APIRequestContext, headers: Record<string, string>, name: string, emails: string[]) {
  const made = await request.post("/api/classes", { headers, data: { name } });
  expect(made.status(), await made.text()).toBe(201);
  const classId = ((await made.json()) as { entity: { id: number } }).entity.id;
  const added = await request.post("/api/classes/members", { headers, data: { classId, add: emails } });
  expect(added.status(), await added.text()).toBe(200);
}

/** A `datetime-local` value on the UTC clock, to the second. */
const utcInput = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 19);

async function setForClass(page: Page, name: string, opens: number, closes: number) {
  const wizard = wizardOf(page);
  await wizard.getByRole("button", { name: /Class/ }).click();
  await page.getByRole("option", { name }).click();
  await wizard.getByRole("button", { name: "Set for this class" }).click();
  const settings = wizard.getByRole("group", { name: `Settings for ${name}` });
  await settings.getByLabel("Opens").fill(utcInput(opens));
  await settings.getByLabel("Closes").fill(utcInput(closes));
  return settings;
}

const startOverApi = async (request: APIRequestContext, email: string, quizId: number) => {
  const res = await request.post("/api/takeQuiz/startQuiz", { headers: await apiAuth(request, email), data: { quizId } });
  return { status: res.status(), body: (await res.json()) as { takenQuizId?: number; code?: string } };
};
const finishOverApi = async (request: APIRequestContext, email: string, takenQuizId: number) => {
  const res = await request.post("/api/takeQuiz/answerAll", { headers: await apiAuth(request, email), data: { takenQuizId, answers: [] } });
  expect(res.status(), await res.text()).toBe(200);
};
/** Checks the class's stored window is the one typed (epoch seconds), then moves its opening to a second ago. */
async function openClassWindowNow(quizId: number, className: string, typed: { opens: number; closes: number }) {
  const db = e2eDatabase();
  try {
    const where = "quiz_id = ? and class_id = (select id from classes where name = ? and business_id = (select business_id from quizzes where id = ?))";
    const { rows } = await db.execute({ sql: `select start_timestamp, end_timestamp from quiz_classes where ${where}`, args: [quizId, className, quizId] });
    expect(rows.map((row) => [Number(row.start_timestamp), Number(row.end_timestamp)])).toEqual([[typed.opens, typed.closes]]);
    await db.execute({ sql: `update quiz_classes set start_timestamp = ? where ${where}`, args: [Math.floor(Date.now() / 1000) - 1, quizId, className, quizId] });
  } finally {
    db.close();
  }
}

const poolNames = async (page: Page) => {
  await page.goto("/quiz/student/quizPool");
  await untilInteractive(page);
  return page.getByRole("main").innerText();
};

test("a quiz set for two classes with their own windows, and one student's extra attempt", async ({ page, request, browser }) => {
  test.slow();
  const school = await createSchool("Class Windows School");
  const [ada, ben, cleo] = [await addStudent(school, "Ada Extra"), await addStudent(school, "Ben Classmate"), await addStudent(school, "Cleo Later")];
  const teacherApi = await apiAuth(request, school.teacher);
  await classOf(request, teacherApi, "10A Maths", [ada.email, ben.email]);
  await classOf(request, teacherApi, "10B Maths", [cleo.email]);
  const quizId = await quizOf(request, school.teacher, { attemptsAllowed: 1, quizName: "Planets for two classes" });

  // The teacher sets the quiz for both classes in the wizard: A opens in an hour, B tomorrow.
  const opensA = Date.now() + 3600_000;
  const tomorrow = Date.now() + 24 * 3600_000;
  await signIn(page, school.teacher, /\/quiz\/teacher/);
  await page.goto(`/quiz/teacher/quizPool/${quizId}/edit`);
  await untilInteractive(page);
  await nextStep(page);
  await setForClass(page, "10A Maths", opensA, opensA + 3600_000);
  const classB = await setForClass(page, "10B Maths", tomorrow, tomorrow + 3600_000);
  await classB.getByLabel("Class password").fill("orbit");
  await photograph(page, "wizard-classes", classB);
  await expectNoViolations(page);
  const wizard = wizardOf(page);
  while (!(await wizard.getByRole("button", { name: "Submit" }).isVisible())) await nextStep(page);
  await wizard.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Quiz Updated")).toBeVisible();

  // One student of A gets an extra attempt on the quiz's page.
  await page.goto(`/quiz/teacher/quiz/${quizId}/view`);
  const visibility = page.getByRole("region", { name: "Visibility" });
  await expect(visibility).toContainText("10A Maths, 10B Maths");
  await photograph(page, "quiz-view-visibility", visibility);
  const panel = page.getByRole("region", { name: "Overrides" });
  await expect(panel).toContainText("No student has an override on this quiz.");
  await panel.getByRole("button", { name: "Add an override" }).click();
  await panel.getByRole("button", { name: /Student/ }).click();
  await page.getByRole("option", { name: new RegExp("Ada Extra") }).click();
  await panel.getByLabel("Attempts").fill("2");
  await photograph(page, "override-form", panel.getByRole("form", { name: "Add an override" }));
  await panel.getByRole("button", { name: "Save override" }).click();
  await expect(panel.getByRole("row").filter({ hasText: "Ada Extra" })).toContainText("2");
  await photograph(page, "overrides-panel", panel);
  await expectNoViolations(page);

  // Before A's window: not in Ada's pool, and the start is refused.
  const student = await (await browser.newContext({ timezoneId: "UTC" })).newPage();
  await signIn(student, ada.email, /\/quiz\/student\/quizPool$/);
  expect(await poolNames(student)).not.toContain("Planets for two classes");
  expect((await startOverApi(request, ada.email, quizId)).body.code).toBe("QUIZ_NOT_OPEN");

  // The wizard stored A's window as typed (to the second); then A's opening is brought to now
  // (as take-quiz.spec.ts brings a deadline close) rather than waited for on the clock.
  await openClassWindowNow(quizId, "10A Maths", { opens: Math.floor(opensA / 1000), closes: Math.floor((opensA + 3600_000) / 1000) });

  // In A's window: Ada sees her own close on the guidelines and starts.
  expect(await poolNames(student)).toContain("Planets for two classes");
  await student.goto(`/quiz/student/quizPool/${quizId}/take`);
  await student.getByText("All questions at once", { exact: true }).click();
  await student.getByRole("button", { name: "Next" }).click();
  await expect(student.getByText(/Closes for you .*UTC/)).toBeVisible();
  await expect(student.getByText("Attempts used: 0 of 2.")).toBeVisible();
  await photograph(student, "student-guidelines");
  await student.getByRole("button", { name: "Start" }).click();
  await expect(student.getByRole("timer", { name: "Time left" })).toBeVisible();
  const first = await startOverApi(request, ada.email, quizId);
  await finishOverApi(request, ada.email, first.body.takenQuizId!);

  // The extra attempt is Ada's alone.
  const second = await startOverApi(request, ada.email, quizId);
  expect(second.status).toBe(200);
  const bens = await startOverApi(request, ben.email, quizId);
  await finishOverApi(request, ben.email, bens.body.takenQuizId!);
  expect((await startOverApi(request, ben.email, quizId)).body.code).toBe("ATTEMPT_LIMIT");

  // Class B's window is tomorrow: Cleo neither sees nor starts it today.
  expect((await startOverApi(request, cleo.email, quizId)).body.code).toBe("QUIZ_NOT_OPEN");
  const later = await (await browser.newContext({ timezoneId: "UTC" })).newPage();
  await signIn(later, cleo.email, /\/quiz\/student\/quizPool$/);
  expect(await poolNames(later)).not.toContain("Planets for two classes");
});
