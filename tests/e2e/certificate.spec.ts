import type { APIRequestContext } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { extractText, getDocumentProxy } from "unpdf";
import { expectNoViolations, publishedQuiz, redPlanet } from "./exam-helpers";
import { expect, test } from "./fixtures";
import { apiAuth, createSchool, e2eDatabase, signIn } from "./school";

/**
 * Issue 8 item 7, certificates: a student opens the certificate dialog over a result,
 * downloads the PDF, and anyone can open its verification page without signing in; an
 * unknown code is not valid; the dialog of an attempt that is not finished or not theirs
 * says 'Not enough information'. Each test in a school of its own.
 */
// One after the other: each makes schools straight in the server's database file, and two
// such writers at once can find it locked.
test.describe.configure({ mode: "serial" });

const STUDENT_NAME = "山田 さくら Zoë";

/** A published one-question quiz ("Which planet is red?") of the school's teacher; its id. */
async function quizOf(request: APIRequestContext, teacher: string, quizName: string) {
  const headers = await apiAuth(request, teacher);
  return publishedQuiz(request, headers, [await redPlanet(request, headers)], { quizName, attemptsAllowed: 3 });
}

/** Starts an attempt as the student over the API; finishes it with the right answer unless told not to. */
async function attempt(request: APIRequestContext, student: string, quizId: number, finish = true): Promise<number> {
  const headers = await apiAuth(request, student);
  const started = await request.post("/api/takeQuiz/startQuiz", { headers, data: { quizId, examMode: "all" } });
  expect(started.status(), await started.text()).toBe(200);
  const { takenQuizId, questions } = (await started.json()) as { takenQuizId: number; questions: { id: number; options: { id: number; optionText: string }[] }[] };
  if (finish) {
    const [question] = questions;
    const mars = question.options.find((option) => option.optionText === "Mars");
    const done = await request.post("/api/takeQuiz/answerAll", { headers, data: { takenQuizId, quizId, answers: [{ questionId: question.id, answer: [mars?.id] }] } });
    expect(done.status(), await done.text()).toBe(200);
  }
  return takenQuizId;
}

async function renameStudent(email: string, fullname: string) {
  const db = e2eDatabase();
  try {
    await db.execute({ sql: "update users set fullname = ? where email = ?", args: [fullname, email] });
  } finally {
    db.close();
  }
}


test("a student downloads the certificate of a finished quiz, and anyone can check it is genuine", async ({ page, request, browser }) => {
  const school = await createSchool("Certificate School");
  await renameStudent(school.student, STUDENT_NAME);
  const quizId = await quizOf(request, school.teacher, "Planets of the Solar System");
  const takenQuizId = await attempt(request, school.student, quizId);

  await signIn(page, school.student);
  await page.goto(`/quiz/student/takenQuiz/${takenQuizId}/result`);
  await page.getByRole("link", { name: "Certificate", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/quiz/student/takenQuiz/${takenQuizId}/result/download$`));
  const dialog = page.getByRole("dialog", { name: "Certificate" });
  await expect(dialog).toContainText("Planets of the Solar System: 100%");
  const verifyLink = dialog.getByRole("link", { name: /\/quiz\/verify\// });
  const verifyUrl = (await verifyLink.getAttribute("href")) ?? "";
  expect(verifyUrl).toMatch(/^http:\/\/localhost:\d+\/quiz\/verify\/[A-Za-z0-9_-]{22}$/);
  await expectNoViolations(page);

  // The PDF: a real download, with the student, the quiz and the verification address in it.
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download the certificate of completion (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`certificate-of-completion-planets-of-the-solar-system-${takenQuizId}.pdf`);
  const bytes = new Uint8Array(await readFile((await download.path()) ?? ""));
  expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
  expect(bytes.length).toBeGreaterThan(5_000);
  const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
  for (const shown of [STUDENT_NAME, "Planets of the Solar System", "100%", "Certificate School", verifyUrl]) expect(text).toContain(shown);

  // Closing returns to the result.
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(new RegExp(`/quiz/student/takenQuiz/${takenQuizId}/result$`));
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Certificate", exact: true })).toBeFocused();

  // Anyone, not signed in: the verification page says it is genuine.
  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  const answer = await visitor.goto(verifyUrl);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(visitor.getByRole("heading", { level: 1, name: "Certificate check" })).toBeVisible();
  await expect(visitor.getByText("This certificate is genuine.")).toBeVisible();
  await expect(visitor.getByText("Certificate School issued it")).toBeVisible();
  for (const [label, value] of [["Student", STUDENT_NAME], ["Quiz", "Planets of the Solar System"], ["Score", "100%"]]) {
    await expect(visitor.locator(".certificate-check__facts div").filter({ has: visitor.getByText(label, { exact: true }) }).locator("dd")).toHaveText(value);
  }
  await expectNoViolations(visitor);

  // An unknown code is not a certificate.
  const unknown = await visitor.goto("/quiz/verify/AAAAAAAAAAAAAAAAAAAAAA");
  expect(unknown?.status()).toBe(404);
  await expect(visitor.getByText("This is not a valid certificate.")).toBeVisible();
  await expect(visitor.getByText("This certificate is genuine.")).toHaveCount(0);
  await expectNoViolations(visitor);
  await stranger.close();
});

test("the taken list opens the same dialog; an unfinished or foreign attempt has 'Not enough information'", async ({ page, request }) => {
  const school = await createSchool("Certificate List School");
  const quizId = await quizOf(request, school.teacher, "Moons");
  const finished = await attempt(request, school.student, quizId);
  const running = await attempt(request, school.student, quizId, false);
  const elsewhere = await createSchool("Another Certificate School");
  const foreign = await attempt(request, elsewhere.student, await quizOf(request, elsewhere.teacher, "Comets"));

  await signIn(page, school.student);
  await page.goto("/quiz/student/takenQuiz");
  await page.getByRole("link", { name: "Certificate of Moons, attempt 1" }).click();
  await expect(page).toHaveURL(new RegExp(`/quiz/student/takenQuiz/${finished}/download$`));
  const dialog = page.getByRole("dialog", { name: "Certificate" });
  await expect(dialog.getByRole("link", { name: "Download the certificate of completion (PDF)" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/quiz\/student\/takenQuiz$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // The list under the dialog stayed as it was, so the focus is back on the link that opened it.
  await expect(page.getByRole("link", { name: "Certificate of Moons, attempt 1" })).toBeFocused();

  for (const id of [running, foreign]) {
    await page.goto(`/quiz/student/takenQuiz/${id}/download`);
    const nothing = page.getByRole("dialog", { name: "Certificate" });
    await expect(nothing.getByText("Not enough information")).toBeVisible();
    await expect(nothing.getByRole("link", { name: /Download/ })).toHaveCount(0);
    // The PDF's own address says the same.
    const pdf = await page.request.get(`/quiz/student/takenQuiz/${id}/certificate.pdf`);
    expect([pdf.status(), await pdf.text()]).toEqual([404, "Not enough information"]);
  }
  await expectNoViolations(page);
});
