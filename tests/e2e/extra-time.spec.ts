import { choose, expectNoViolations, quizOf, saved, startAllAtOnce } from "./exam-helpers";
import { expect, test } from "./fixtures";
import { apiAuth, createSchool, e2eDatabase, signIn } from "./school";

/**
 * Issue 8 item 8: the quiz's teacher gives a student extra time on the quiz's view page while
 * the student is in the exam; the student's timer takes it with the next autosave.
 */
test("a teacher gives a student 50% extra time on the quiz's view page during the exam, and the student's timer takes it", async ({ page, request, browser }) => {
  const school = await createSchool("Extra Time School");
  const quizId = await quizOf(request, school.teacher, { time: 10 });
  const student = await (await browser.newContext()).newPage();
  await signIn(student, school.student, /\/quiz\/student\/quizPool$/);
  await startAllAtOnce(student, quizId);
  const timer = student.getByRole("timer", { name: "Time left" });
  await expect(timer).toHaveText(/^(10:00|9:[0-5]\d)$/);

  await signIn(page, school.teacher, /\/quiz\/teacher/);
  await page.goto(`/quiz/teacher/quiz/${quizId}/view`);
  const panel = page.getByRole("region", { name: "Extra time" });
  await expect(panel).toContainText("No student has extra time on this quiz.");

  await panel.getByLabel("Student's e-mail").fill("nobody@example.com");
  await panel.getByRole("button", { name: "Give extra time" }).click();
  await expect(panel.getByRole("alert")).toContainText("No student with this e-mail in your school.");

  await panel.getByLabel("Student's e-mail").fill(school.student);
  await panel.getByRole("button", { name: "Give extra time" }).click();
  await expect(panel.getByRole("row").filter({ hasText: school.student })).toContainText("+50%");
  await expectNoViolations(page);

  // The next autosave brings the new deadline to the running exam.
  await choose(student, "Which planet is red", "Mars");
  await expect(timer).toHaveText(/^1[45]:[0-5]\d$/);

  await page.reload();
  await page.getByRole("button", { name: /Remove extra time of/ }).click();
  await expect(panel).toContainText("No student has extra time on this quiz.");
});

test("extra time given during a quiz timed per question stretches the question's own clock too", async ({ page, request }) => {
  const school = await createSchool("Extra Time Per Question School");
  const quizId = await quizOf(request, school.teacher, { quiztimetype: "Question", time: 1 });
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await startAllAtOnce(page, quizId);
  const questionClock = page.getByRole("timer", { name: "This question" });
  await expect(questionClock).toHaveText(/^(1:00|0:[0-5]\d)$/);

  // The teacher doubles the student's time (over the API; the panel is tested above).
  const db = e2eDatabase();
  const { rows } = await db.execute({ sql: "select id from users where email = ?", args: [school.student] });
  db.close();
  const given = await request.post("/api/quiz/extraTime", { headers: await apiAuth(request, school.teacher), data: { quizId, userId: Number(rows[0].id), factor: 2 } });
  expect(given.status(), await given.text()).toBe(200);

  // The next autosave brings the later deadline: this question now has its doubled share.
  await choose(page, "Which planet is red", "Mars");
  await saved(page);
  await expect(questionClock).toHaveText(/^1:[1-5]\d$/);
});
