import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";
import { e2eDatabase, type School } from "./school";

/** One statement on the e2e server's database (a test's own setup: a state the pages cannot make quickly). */
export async function sql(statement: string, args: (string | number)[]) {
  const db = e2eDatabase();
  try {
    await db.execute({ sql: statement, args });
  } finally {
    db.close();
  }
}

/** The school's student answers the red-planet question right (100 %), over the API: the attempt's id. */
export async function answerRedPlanet(request: APIRequestContext, student: { Authorization: string }, quizId: number): Promise<number> {
  const started = await request.post("/api/takeQuiz/startQuiz", { headers: student, data: { quizId, examMode: "all" } });
  const { takenQuizId, questions } = (await started.json()) as { takenQuizId: number; questions: { id: number; options: { id: number; optionText: string }[] }[] };
  const mars = questions[0].options.find((o) => o.optionText === "Mars")?.id;
  expect((await request.post("/api/takeQuiz/answerAll", { headers: student, data: { takenQuizId, quizId, answers: [{ questionId: questions[0].id, answer: [mars] }] } })).status()).toBe(200);
  return takenQuizId;
}

/** A classmate "Clara Classmate" of the school's student with a finished 90 % result (30 s) at the quiz, so a board has someone else on it. */
export async function classmateResult(school: School, quizId: number) {
  await sql(
    `insert into users (business_id, email, username, fullname, password_hash, user_type, profile, role_level, email_verified, created_at, updated_at)
     select business_id, 'classmate-' || id || '@school.test', 'classmate-' || id, 'Clara Classmate', password_hash, 'Student', 4, 4, 1, created_at, updated_at from users where email = ?`,
    [school.student],
  );
  await sql(
    `insert into quiz_attempts (business_id, quiz_id, student_id, attempt_number, started_at, submitted_at, percentage, correct_answered, time_taken)
     select ?, ?, id, 1, ?, ?, 90, 1, 30 from users where fullname = 'Clara Classmate' and business_id = ?`,
    [school.businessId, quizId, Date.now() - 60_000, Date.now(), school.businessId],
  );
}
