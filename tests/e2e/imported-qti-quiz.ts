import type { APIRequestContext, Browser } from "@playwright/test";
import { quizBody } from "../../api/test-support/request-bodies";
import { startAllAtOnce } from "./exam-helpers";
import { expect } from "./fixtures";
import { e2eDatabase, type School, signIn } from "./school";

/**
 * The student's half of issue 28's "imports a QTI 3.0 package with images and takes a quiz of
 * it" (qti-import.spec.ts, bank-exchange-journey.spec.ts): a published quiz of the questions
 * imported into one course (made over the API), taken through the page: the choice item's
 * picture is drawn, both hand-written items (v3p0-choice-image, v3p0-true-false) answered
 * right, 100 %.
 */
export async function takeQuizOfImportedQti(request: APIRequestContext, browser: Browser, teacher: { Authorization: string }, school: School, place: { category: string; course: string }) {
  const db = e2eDatabase();
  const { rows } = await db.execute({
    sql: "select q.id from questions q join courses c on c.id = q.course_id where q.business_id = ? and c.name = ? order by q.id",
    args: [school.businessId, place.course],
  });
  db.close();
  expect(rows).toHaveLength(2);
  const quiz = await request.post("/api/quiz", {
    headers: teacher,
    data: quizBody({ quizName: "Imported from QTI", quizDescription: "Two imported items", ...place, status: "Published", time: 10, selectedQuestions: rows.map((row) => Number(row.id)) }),
  });
  expect(quiz.status(), await quiz.text()).toBe(201);
  const quizId = ((await quiz.json()) as { entity: { id: number } }).entity.id;

  const student = await browser.newPage();
  await signIn(student, school.student, /\/quiz\/student\/quizPool$/);
  await startAllAtOnce(student, quizId);
  const boiling = student.getByRole("article", { name: /At what temperature does water boil/ });
  const image = boiling.getByRole("img");
  await expect(image).toBeVisible();
  // The stored picture is served and drawn (1 × 1 pixels), not a broken link.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await boiling.getByText("100 °C", { exact: true }).click();
  await student.getByRole("article", { name: /The Sun orbits the Earth/ }).getByText("False", { exact: true }).click();
  await expect(student.getByRole("status").filter({ hasText: "All answers saved" })).toBeVisible();
  await student.getByRole("button", { name: "Finish" }).click();
  await student.getByRole("alertdialog").getByRole("button", { name: "Finish now" }).click();
  await expect(student.locator("#result-score")).toHaveText("100%");
  await student.close();
}
