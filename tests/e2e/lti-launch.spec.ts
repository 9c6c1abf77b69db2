import { expect, test } from "./fixtures";
import { quizOf, sitPlanetsQuizRight } from "./exam-helpers";
import { createSchool, e2eDatabase, type School } from "./school";
import { photograph } from "./shots";

/**
 * Issue 29 point 2 (ADR 0087): the LMS stand-in's course page opens the tool in an iframe
 * (third-party initiated login, the authentication request, the id_token form post). A
 * learner lands on the quiz ready to start and takes it inside the frame; an instructor lands
 * on the quiz's stats. The stand-in and the app are one site here (localhost over http); the
 * cross-site cookie attributes on https are proved by the unit tests.
 */
const lmsUrl = `http://localhost:${process.env.E2E_LMS_PORT}`;

test.describe.configure({ mode: "serial" });

let school: School;
let quizId: number;

test.beforeAll(async ({ request }) => {
  school = await createSchool("LMS School");
  quizId = await quizOf(request, school.teacher);
  const db = e2eDatabase();
  try {
    const now = Date.now();
    const platform = await db.execute({
      sql: `insert into lti_platforms (business_id, name, issuer, client_id, auth_login_url, auth_token_url, key_set_url, registered_by, enabled, created_at, updated_at)
            values (?, 'Stand-in Moodle', ?, 'quiz-tool-client', ?, ?, ?, 'manual', 1, ?, ?) returning id`,
      args: [school.businessId, lmsUrl, `${lmsUrl}/auth`, `${lmsUrl}/token`, `${lmsUrl}/jwks`, now, now],
    });
    const platformId = Number(platform.rows[0].id);
    await db.execute({ sql: "insert into lti_deployments (platform_id, deployment_id, created_at) values (?, 'deployment-1', ?)", args: [platformId, now] });
    // The instructor launched before and made the quiz with this account: the LMS user is the school's teacher.
    const { rows } = await db.execute({ sql: "select id from users where email = ?", args: [school.teacher] });
    await db.execute({ sql: "insert into lti_users (platform_id, sub, user_id, created_at) values (?, 'lms-teacher', ?, ?)", args: [platformId, Number(rows[0].id), now] });
  } finally {
    db.close();
  }
});

test("a learner opens the quiz from the course page, inside the LMS's iframe, and takes it", async ({ page }) => {
  await page.goto(`${lmsUrl}/course?sub=lms-learner&role=Learner&name=${encodeURIComponent("Lia Learner")}&quiz=${quizId}`);
  const tool = page.frameLocator("#tool");
  // Landed on the quiz, ready to start, signed in as the LMS's learner.
  await expect(tool.getByText("All questions at once", { exact: true })).toBeVisible({ timeout: 15_000 });
  expect(page.frames().some((frame) => frame.url().endsWith(`/quiz/student/quizPool/${quizId}/take`))).toBe(true);
  await photograph(page, "w-ltilaunch", "course-frame");
  await sitPlanetsQuizRight(tool);
});

test("an instructor opens the same activity from the course page and lands on the quiz's stats", async ({ page }) => {
  await page.goto(`${lmsUrl}/course?sub=lms-teacher&role=Instructor&quiz=${quizId}`);
  await expect.poll(() => page.frames().some((frame) => frame.url().endsWith(`/quiz/teacher/quiz/${quizId}/viewStats`)), { timeout: 15_000 }).toBe(true);
  // The learner's finished attempt is there.
  await expect(page.frameLocator("#tool").getByText("Lia Learner").first()).toBeVisible();
});

test("a page of the app opened at top level (no launch) may still not be framed by anyone", async ({ request }) => {
  const response = await request.get("/quiz/auth/login");
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(response.headers()["x-frame-options"]).toBe("DENY");
});
