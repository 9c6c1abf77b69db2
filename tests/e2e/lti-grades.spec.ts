import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "../../db/schema";
import type { Db } from "../../db/client";
import { insertLaunchRows } from "../../api/test-support/lti-rows.node";
import { startLmsStandIn } from "../../api/test-support/lms-stand-in/index.node";
import { publishedQuiz, redPlanet } from "./exam-helpers";
import { expect, test } from "./fixtures";
import { apiAuth, createSchool, e2eDatabase, signIn } from "./school";
import { photograph } from "./shots";

/**
 * Issue 29 points 4 and 5 (ADR 0089) in the browser: a quiz placed in an LMS course (the rows a
 * launch leaves, written here as the launch would), a student hands it in, the sender posts the
 * score (its token request signed with the key our /api/lti/jwks serves, which the stand-in
 * fetches) and the LMS stand-in's gradebook shows it; the teacher's stats page shows the send and,
 * on a click, the LMS class with who has not taken the quiz.
 */
const LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner";

test("a student's score reaches the LMS gradebook, and the teacher sees the send and the LMS class", async ({ page, request, baseURL }) => {
  const school = await createSchool("LTI Grades School");
  const teacher = await apiAuth(request, school.teacher);
  const quizId = await publishedQuiz(request, teacher, [await redPlanet(request, teacher)], { quizName: "Planets in the LMS", attemptsAllowed: 3 });

  const client = e2eDatabase();
  const db = drizzle(client, { schema }) as unknown as Db;
  // The stand-in checks the AGS token request's signature against our published JWKS
  // (`baseURL`/api/lti/jwks), fetched as an LMS does: a score in its gradebook proves the key
  // the request is signed with is served there.
  const standIn = await startLmsStandIn({ toolUrl: baseURL!, clientIds: ["e2e-tool"], services: { pageSize: 2 } });
  const lms = standIn.services;
  try {
    const [student] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, school.student));
    await insertLaunchRows(db, { businessId: school.businessId, quizId, lms, clientId: "e2e-tool", course: "astro-1", students: [{ userId: student.id, sub: "lms-student-1" }] });
    lms.members.set("astro-1", [
      { user_id: "lms-student-1", name: "Sam Student", email: school.student, roles: [LEARNER] },
      { user_id: "lms-student-2", name: "Lee Later", email: "lee@school.test", roles: [LEARNER] },
      { user_id: "lms-student-3", name: "Noa Nomail", roles: [LEARNER] },
    ]);

    // The student hands in the right answer over the API.
    const headers = await apiAuth(request, school.student);
    const started = await request.post("/api/takeQuiz/startQuiz", { headers, data: { quizId, examMode: "all" } });
    const { takenQuizId, questions } = (await started.json()) as { takenQuizId: number; questions: { id: number; options: { id: number; optionText: string }[] }[] };
    const mars = questions[0].options.find((option) => option.optionText === "Mars")?.id;
    expect((await request.post("/api/takeQuiz/answerAll", { headers, data: { takenQuizId, quizId, answers: [{ questionId: questions[0].id, answer: [mars] }] } })).status()).toBe(200);

    // The sender runs every few seconds beside the sweep: the gradebook shows the score.
    await expect(async () => {
      await page.goto(`${lms.origin}/courses/astro-1/gradebook`);
      await expect(page.getByRole("row", { name: /lms-student-1/ })).toContainText("100 / 100", { timeout: 500 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole("row", { name: /lms-student-1/ })).toContainText("FullyGraded");

    await signIn(page, school.teacher);
    await page.goto(`/quiz/teacher/quiz/${quizId}/viewStats`);
    const grades = page.getByRole("region", { name: "Grades sent to the LMS" });
    await expect(grades.getByRole("row").filter({ hasText: school.student })).toContainText("Sent");
    await page.getByRole("button", { name: "Show the LMS class" }).click();
    const course = page.getByRole("region", { name: "Course: Course astro-1" });
    await expect(course.getByRole("row", { name: /Lee Later/ })).toContainText("Not taken yet");
    await expect(course.getByRole("row", { name: /Sam Student/ })).toContainText("Handed in");
    await expect(course.getByRole("row", { name: /Noa Nomail/ })).toContainText("The LMS gives no e-mail");
    await page.getByRole("button", { name: "E-mail them" }).click();
    await expect(page.getByText("A reminder was sent to 1 learner.")).toBeVisible();
    await photograph(page, "w-ltigrades", "stats-lms");
  } finally {
    await standIn.close();
    client.close();
  }
});
