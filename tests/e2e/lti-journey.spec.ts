import type { Page } from "@playwright/test";
import { publishedQuiz, quizOf, sitPlanetsQuizRight } from "./exam-helpers";
import { expect, test } from "./fixtures";
import { apiAuth, createSchool, e2eDatabase, type School, signIn } from "./school";
import { MATHS_ALGEBRA, radioQuestionBody } from "../../api/test-support/request-bodies";

/**
 * Issue 29's whole journey through the pages, against the composed LMS stand-in (E2E_LMS_PORT):
 * the owner adds the stand-in by hand on /quiz/admin/lti (dynamic registration has its own
 * unit tests; the stand-in's OIDC side launches with its fixed client id, so the by-hand values
 * are the ones a Moodle admin would paste); in the stand-in's course page a teacher deep-links a
 * quiz through the picker and the stand-in shows the placed link; a student opens that link,
 * takes the quiz in the frame, and the stand-in's gradebook shows the score. Then a quiz with an
 * essay: its score reaches the gradebook as PendingManual, and FullyGraded once the teacher has
 * marked the essay. The stand-in's second client id keeps this platform apart from
 * lti-launch.spec's (issuer + client id is unique across schools).
 */
const lmsUrl = `http://localhost:${process.env.E2E_LMS_PORT}`;
const CLIENT = "quiz-tool-journey";

test.describe.configure({ mode: "serial" });

let school: School;
let course: string;

test.beforeAll(async () => {
  school = await createSchool("LTI Journey School");
  course = `journey-${school.businessId}`;
});

/** The gradebook row of an LMS user shows `text` once the sender (every few seconds) has run. */
async function gradebookShows(page: Page, user: string, text: string) {
  await expect(async () => {
    await page.goto(`${lmsUrl}/courses/${course}/gradebook`);
    await expect(page.getByRole("row", { name: new RegExp(user) })).toContainText(text, { timeout: 500 });
  }).toPass({ timeout: 20_000 });
}

test("owner registers the LMS, a teacher places a quiz, a student takes it and the LMS gradebook shows the score", async ({ page }) => {
  const quizId = await quizOf(page.request, school.teacher, { quizName: "Journey planets" });

  // 1. The owner adds the stand-in by hand with the values its tool page shows.
  await signIn(page, school.owner);
  await page.goto("/quiz/admin/lti");
  const add = page.getByRole("region", { name: "Add by hand" });
  await add.getByLabel("Name", { exact: true }).fill("Stand-in Moodle");
  await add.getByLabel("Issuer (platform id)").fill(lmsUrl);
  await add.getByLabel("Client id").fill(CLIENT);
  await add.getByLabel("Deployment ids").fill("deployment-1");
  await add.getByLabel("Authentication request URL").fill(`${lmsUrl}/auth`);
  await add.getByLabel("Access token URL").fill(`${lmsUrl}/token`);
  await add.getByLabel("Public keyset URL").fill(`${lmsUrl}/jwks`);
  await add.getByRole("button", { name: "Add platform" }).click();
  await expect(page.getByRole("table", { name: "The LMS platforms that may launch this tool" }).getByRole("row", { name: /Stand-in Moodle/ })).toBeVisible();
  await page.context().clearCookies();

  // The LMS's teacher account is the school's teacher (they launched before): the picker lists their quizzes.
  const db = e2eDatabase();
  try {
    const { rows } = await db.execute({ sql: "select p.id as platform, u.id as teacher from lti_platforms p, users u where p.business_id = ? and p.issuer = ? and u.email = ?", args: [school.businessId, lmsUrl, school.teacher] });
    await db.execute({ sql: "insert into lti_users (platform_id, sub, user_id, created_at) values (?, ?, ?, ?)", args: [Number(rows[0].platform), `teacher-${course}`, Number(rows[0].teacher), Date.now()] });
  } finally {
    db.close();
  }

  // 2. In the course page a teacher adds an activity: the picker opens in the frame, the placed link comes back.
  await page.goto(`${lmsUrl}/course?message=deep-linking&role=Instructor&sub=teacher-${course}&context=${course}&client=${CLIENT}`);
  const tool = page.frameLocator("#tool");
  await expect(tool.getByRole("heading", { name: "Choose a quiz for your course" })).toBeVisible({ timeout: 15_000 });
  await tool.getByRole("button", { name: "Place Journey planets in the course" }).click();
  await expect(tool.getByRole("heading", { name: "Link placed in the course" })).toBeVisible();
  await expect(tool.locator("#placed-quiz")).toHaveText(String(quizId));
  await expect(tool.locator("#placed-column")).toHaveText("Journey planets");

  // 3. A student opens the placed link and takes the quiz in the frame.
  await page.goto(`${lmsUrl}/course?sub=student-${course}&role=Learner&name=${encodeURIComponent("Jo Journey")}&quiz=${quizId}&link=placed-${quizId}&context=${course}&client=${CLIENT}`);
  await expect(tool.getByText("All questions at once", { exact: true })).toBeVisible({ timeout: 15_000 });
  await sitPlanetsQuizRight(tool);

  // 4. The sender runs beside the sweep: the LMS gradebook shows the score, fully graded.
  await gradebookShows(page, `student-${course}`, "FullyGraded");
  await expect(page.getByRole("row", { name: new RegExp(`student-${course}`) })).toContainText("100 / 100");
});

test("an essay's score arrives as PendingManual, then FullyGraded once the teacher has marked it", async ({ page, request }) => {
  const headers = await apiAuth(request, school.teacher);
  await request.post("/api/categoryCourse", { headers, data: MATHS_ALGEBRA });
  const created = await request.post("/api/question", {
    headers,
    data: radioQuestionBody({ options: [], questionText: "Why is Mars red?", optionType: "essay", defaultMark: 2, answerKey: { graderInfo: "<p>Iron oxide.</p>", responseTemplate: "" } }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const essayId = ((await created.json()) as { entity: { id: number } }).entity.id;
  const quizId = await publishedQuiz(request, headers, [essayId], { quizName: "Journey essay", ...MATHS_ALGEBRA });

  // The LMS's learner is the school's student (launched before): the launch places the link, the attempt goes over the API.
  const learner = `essay-learner-${course}`;
  const db = e2eDatabase();
  try {
    const { rows } = await db.execute({ sql: "select p.id as platform, u.id as student from lti_platforms p, users u where p.business_id = ? and p.client_id = ? and u.email = ?", args: [school.businessId, CLIENT, school.student] });
    await db.execute({ sql: "insert into lti_users (platform_id, sub, user_id, created_at) values (?, ?, ?, ?)", args: [Number(rows[0].platform), learner, Number(rows[0].student), Date.now()] });
  } finally {
    db.close();
  }
  await page.goto(`${lmsUrl}/course?sub=${learner}&role=Learner&quiz=${quizId}&link=essay-${quizId}&context=${course}&client=${CLIENT}`);
  await expect(page.frameLocator("#tool").getByText("All questions at once", { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.context().clearCookies();
  const student = await apiAuth(request, school.student);
  const started = await request.post("/api/takeQuiz/startQuiz", { headers: student, data: { quizId } });
  expect(started.status(), await started.text()).toBe(200);
  const { takenQuizId } = (await started.json()) as { takenQuizId: number };
  const answered = await request.post("/api/takeQuiz/answerAll", { headers: student, data: { takenQuizId, answers: [{ questionId: essayId, answer: { html: "<p>Rust in the dust.</p>" } }] } });
  expect(answered.status(), await answered.text()).toBe(200);
  await gradebookShows(page, learner, "PendingManual");

  // The teacher marks the essay on the grading page: the score goes again, fully graded.
  await signIn(page, school.teacher);
  await page.goto(`/quiz/teacher/quiz/${quizId}/grading`);
  const answer = page.getByRole("listitem").filter({ hasText: "Rust in the dust." });
  await answer.getByRole("spinbutton", { name: "Mark, from 0 to 2" }).fill("1.5");
  await answer.getByRole("button", { name: "Save the mark" }).click();
  await expect(page.getByRole("heading", { name: "Nothing waits to be marked" })).toBeVisible();
  await gradebookShows(page, learner, "FullyGraded");
  await expect(page.getByRole("row", { name: new RegExp(learner) })).toContainText("75 / 100");
});
