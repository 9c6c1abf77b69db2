import { expect, loginAs, test } from "./fixtures";
import { e2eDatabase } from "./school";
import { quizBody } from "../../api/test-support/request-bodies";

/**
 * Issue 7 item 5: the teacher's quiz pool and quiz view. Quizzes are made through the API
 * (the wizard is a later slice); an attempt is seeded straight into the e2e server's
 * database file, as the issue asks, to show a taken quiz cannot be deleted.
 */
test("a teacher finds a quiz, reads it, and deletes it, but not once a student has taken it", async ({ page, request }) => {
  const suffix = Date.now().toString(36);
  // API calls on their own request context: page.request would share (and set) the page's cookies.
  const login = await request.post("/api/auth/login", { data: { email: "teacher@demo.quiz", password: "Demo1234!" } });
  const headers = { Authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
  const bank = await request.post("/api/question/findAll", {
    headers,
    data: { queryParams: { filter: { category: "Mathematics", course: "Algebra" }, pageSize: 2 } },
  });
  const questionIds = ((await bank.json()) as { entities: Array<{ id: number }> }).entities.map((question) => question.id);
  const createQuiz = async (quizName: string) => {
    const res = await request.post("/api/quiz", {
      headers,
      data: quizBody({ quizName, quizDescription: "Made by the quiz pool journey", category: "Mathematics", level: "Moderate", takeBestScore: "Yes", selectedQuestions: questionIds }),
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { entity: { id: number } }).entity.id;
  };
  const freeQuiz = `Pool free ${suffix}`;
  const takenQuiz = `Pool taken ${suffix}`;
  await createQuiz(freeQuiz);
  const takenId = await createQuiz(takenQuiz);

  // A student's attempt, straight into the database.
  const db = e2eDatabase();
  const { rows } = await db.execute("select id, business_id from users where email = 'student@demo.quiz'");
  await db.execute({
    sql: "insert into quiz_attempts (business_id, quiz_id, student_id, attempt_number, started_at) values (?, ?, ?, 1, ?)",
    args: [rows[0].business_id, takenId, rows[0].id, Date.now()],
  });
  db.close();

  await loginAs(page, "teacher");
  await page.goto("/quiz/teacher/quizPool");
  await page.getByLabel("Search quiz name").fill(suffix);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("2 quizzes")).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("row", { name: new RegExp(takenQuiz) })).toContainText("1"); // taken once

  await table.getByRole("link", { name: freeQuiz, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: freeQuiz })).toBeVisible();
  await expect(page.getByRole("region", { name: "Settings" })).toContainText("15 minutes");
  await expect(page.getByRole("region", { name: /Questions \(2\)/ }).getByRole("listitem")).toHaveCount(2);
  await page.getByRole("link", { name: "Stats" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Results of ${freeQuiz}` })).toBeVisible();

  await page.goto(`/quiz/teacher/quizPool?search=${suffix}`);
  // Issue 25 point 6: a taken quiz says up front that it stays, with no Delete that asks, then refuses.
  const takenRow = table.getByRole("row", { name: new RegExp(takenQuiz) });
  await expect(takenRow).toContainText("Taken: can't be deleted");
  await expect(takenRow.getByRole("button", { name: `Delete ${takenQuiz}` })).toHaveCount(0);
  await expect(table.getByRole("link", { name: takenQuiz, exact: true })).toBeVisible();

  await page.getByRole("button", { name: `Delete ${freeQuiz}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete quiz" }).click();
  await expect(page.getByText("Quiz deleted")).toBeVisible();
  await expect(table.getByRole("link", { name: freeQuiz, exact: true })).toHaveCount(0);
  await expect(page.getByText("1 quiz", { exact: true })).toBeVisible();

  // A quiz id that is not there (or not this business's) is a not-found page, not an error.
  await page.goto("/quiz/teacher/quiz/999999/view");
  await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  await page.goto("/quiz/teacher/quiz/not-a-number/view");
  await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
});
