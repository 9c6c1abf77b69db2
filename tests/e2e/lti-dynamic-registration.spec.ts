import { quizOf } from "./exam-helpers";
import { expect, test } from "./fixtures";
import { createSchool, e2eDatabase, signIn } from "./school";

/**
 * Issue 29 points 1-3 through the pages, against the composed LMS stand-in (E2E_LMS_PORT):
 * 1. The LMS admin's page opens the tool's registration URL (LTI Dynamic Registration 1.0) in a
 *    window; the owner, signed in, confirms on /quiz/admin/lti/register; the tool registers with
 *    the stand-in's registration endpoint, which answers a client id and a deployment id, and
 *    "Close" tells the LMS page it is done (org.imsglobal.lti.close). The platform is listed.
 * 2. A teacher launches, with that registration, a resource link made without deep linking (no
 *    quiz): the tool's chooser opens in the frame; the chosen quiz is bound to the link and the
 *    teacher lands on its stats.
 * 3. A learner launches the same link: the quiz opens in the frame.
 */
const lmsUrl = `http://localhost:${process.env.E2E_LMS_PORT}`;
const toolUrl = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

test("the owner registers the LMS by dynamic registration; a teacher's launch of a link without a quiz chooses one; a learner's launch opens it", async ({ page }) => {
  const school = await createSchool("LTI Dynamic School");
  const quizId = await quizOf(page.request, school.teacher, { quizName: "Registered planets" });
  const course = `dynamic-${school.businessId}`;
  const link = `unset-${school.businessId}`;

  // 1. The LMS admin's "Register tool" opens the tool's registration URL; the owner confirms there.
  await signIn(page, school.owner);
  await page.goto(`${lmsUrl}/admin/tools?tool=${encodeURIComponent(`${toolUrl}/api/lti/register`)}`);
  const opened = page.waitForEvent("popup");
  await page.getByRole("link", { name: "Register tool" }).click();
  const registration = await opened;
  await expect(registration.getByRole("heading", { name: "Register this quiz tool with your LMS" })).toBeVisible();
  await registration.getByLabel("Name").fill("Dynamic Moodle");
  await registration.getByRole("button", { name: "Register", exact: true }).click();
  await expect(registration.getByText("Registered: Dynamic Moodle can now launch the tool")).toBeVisible();
  await registration.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("status")).toHaveText("Registration finished");

  await page.goto("/quiz/admin/lti");
  await expect(page.getByRole("table", { name: "The LMS platforms that may launch this tool" }).getByRole("row", { name: /Dynamic Moodle/ })).toBeVisible();
  await page.context().clearCookies();

  // The LMS's teacher account is the school's teacher (they launched before): the chooser lists their quizzes.
  // The client id and deployment id the stand-in gave this registration, as the school's platform holds them
  // (by its name: the stand-in is shared, so its last registration may be another spec's).
  const db = e2eDatabase();
  let clientId: string;
  let deploymentId: string;
  try {
    const { rows } = await db.execute({
      sql: "select p.id as platform, p.client_id as clientId, d.deployment_id as deploymentId, u.id as teacher from lti_platforms p join lti_deployments d on d.platform_id = p.id, users u where p.business_id = ? and p.name = ? and u.email = ?",
      args: [school.businessId, "Dynamic Moodle", school.teacher],
    });
    expect(rows).toHaveLength(1);
    clientId = String(rows[0].clientId);
    deploymentId = String(rows[0].deploymentId);
    await db.execute({ sql: "insert into lti_users (platform_id, sub, user_id, created_at) values (?, ?, ?, ?)", args: [Number(rows[0].platform), `teacher-${course}`, Number(rows[0].teacher), Date.now()] });
  } finally {
    db.close();
  }

  // 2. The teacher opens a link the LMS made without deep linking: the chooser, then the quiz's stats.
  const launch = (who: string) => `${lmsUrl}/course?${who}&link=${link}&context=${course}&client=${clientId}&deployment=${deploymentId}`;
  await page.goto(launch(`sub=teacher-${course}&role=Instructor`));
  const tool = page.frameLocator("#tool");
  await expect(tool.getByRole("heading", { name: "Choose the quiz for this activity" })).toBeVisible({ timeout: 15_000 });
  await expect(tool.getByText("“Quiz activity” in Dynamic Moodle opens no quiz yet.", { exact: false })).toBeVisible();
  await tool.getByRole("button", { name: "Use Registered planets for this activity" }).click();
  await expect.poll(() => page.frames().some((frame) => frame.url().endsWith(`/quiz/teacher/quiz/${quizId}/viewStats`)), { timeout: 15_000 }).toBe(true);
  await page.context().clearCookies();

  // 3. A learner opens the same link: the chosen quiz.
  await page.goto(launch(`sub=student-${course}&role=Learner&name=${encodeURIComponent("Dee Dynamic")}`));
  await expect(tool.getByText("All questions at once", { exact: true })).toBeVisible({ timeout: 15_000 });
});
