import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { bankOf, quizBody } from "./quiz-seed";
import { apiAuth, createSchool, e2eDatabase, signIn } from "./school";
import { nextStep, wizardOf } from "./wizard-steps";

/**
 * Issue 27 point 3 (ADR 0077): a teacher sets a draw of 10 from a bank part of 30; two
 * students of the school start it and get different papers, each kept on resume; the wizard's
 * question step shows the draw with how many questions are available, the quiz view lists it.
 */
test.describe.configure({ timeout: 120_000 });

const SHOTS = "/work/shots";

/** Another student of the school (the demo password, as createSchool's). */
async function secondStudent(businessId: number, tag: string): Promise<string> {
  const db = e2eDatabase();
  try {
    const { rows } = await db.execute("select password_hash from users where email = 'teacher@demo.quiz'");
    const email = `student2-${tag}@school.test`;
    await db.execute({
      sql: `insert into users (business_id, email, username, fullname, password_hash, user_type, profile, role_level, email_verified, created_at, updated_at)
            values (?, ?, ?, 'Second student', ?, 'Student', 4, 4, 1, ?, ?)`,
      args: [businessId, email, `student2-${tag}`, rows[0].password_hash as string, Date.now(), Date.now()],
    });
    return email;
  } finally {
    db.close();
  }
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/w-papers-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a draw of 10 from 30 gives two students different papers, each kept on resume", async ({ page, request }) => {
  const school = await createSchool("Draw School");
  const teacher = await bankOf(request, school.teacher, 30);
  const made = await request.post("/api/quiz", {
    headers: teacher,
    data: quizBody({ quizName: "Romans drawn", status: "Published", selectedQuestions: [], draws: [{ category: "History", course: "Romans", count: 10 }], shuffleQuestions: "Yes" }),
  });
  expect(made.status(), await made.text()).toBe(201);
  const quiz = (await made.json()) as { entity: { id: number; totalQuestion: number } };
  expect(quiz.entity.totalQuestion).toBe(10);

  // The teacher sees the draw on the question step, with what is available, and on the quiz view.
  await signIn(page, school.teacher, /\/quiz\/teacher\/quizPool$/);
  await page.goto(`/quiz/teacher/quizPool/${quiz.entity.id}/edit`);
  const wizard = wizardOf(page);
  for (let i = 0; i < 3; i++) await nextStep(page);
  await expect(wizard.getByRole("group", { name: "Questions drawn for each student" })).toBeVisible();
  await expect(wizard.getByText("30 available")).toBeVisible();
  await expect(wizard.getByRole("switch", { name: "Shuffle question order for each student" })).toBeChecked();
  await shoot(page, "wizard-draws");

  await page.goto(`/quiz/teacher/quiz/${quiz.entity.id}/view`);
  await expect(page.getByText("10 questions from History › Romans › Any tag")).toBeVisible();
  await expect(page.getByText("Shuffled for each student")).toBeVisible();
  await shoot(page, "quiz-view-draws");

  // Two students: ten questions each, from the thirty, not the same paper; a resume keeps it.
  const tag = school.student.replace(/^student-|@school\.test$/g, "");
  const students = [school.student, await secondStudent(school.businessId, tag)];
  const papers: number[][] = [];
  for (const email of students) {
    const headers = await apiAuth(request, email);
    const started = await request.post("/api/takeQuiz/startQuiz", { headers, data: { quizId: quiz.entity.id } });
    expect(started.status(), await started.text()).toBe(200);
    const exam = (await started.json()) as { questions: { id: number; questionText: string }[] };
    expect(exam.questions).toHaveLength(10);
    for (const question of exam.questions) expect(question.questionText).toMatch(/^Roman question \d+$/);
    const again = (await (await request.post("/api/takeQuiz/startQuiz", { headers, data: { quizId: quiz.entity.id } })).json()) as typeof exam;
    expect(again.questions.map((q) => q.id)).toEqual(exam.questions.map((q) => q.id));
    papers.push(exam.questions.map((q) => q.id));
  }
  // The same ten, in the same order, with probability 1 / (C(30,10) · 10!): never.
  expect(papers[0]).not.toEqual(papers[1]);
});
