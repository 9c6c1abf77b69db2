import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoViolations, publishedQuiz, redPlanet } from "./exam-helpers";
import { expect, test } from "./fixtures";
import { apiAuth, createSchool, signIn } from "./school";

/**
 * Issue 16 points 2 and 3: a student's feedback on a question reaches its teacher, who reads
 * it, opens it and accepts it; the teacher e-mails a student from a stats row's dialog and
 * the owner e-mails one from the leader board; the owner's outbox shows the formatted mail.
 * Each page is checked with axe; SCREENSHOTS=<folder> also saves each page at 1280 and 390 px.
 */
/** A one-question quiz of the teacher, finished by the student over the API; the quiz and attempt ids. */
async function takenQuiz(request: APIRequestContext, teacher: string, student: string) {
  const teacherHeaders = await apiAuth(request, teacher);
  const quizId = await publishedQuiz(request, teacherHeaders, [await redPlanet(request, teacherHeaders)], { quizName: "Planets mail" });
  const headers = await apiAuth(request, student);
  const started = await request.post("/api/takeQuiz/startQuiz", { headers, data: { quizId, examMode: "all" } });
  expect(started.status(), await started.text()).toBe(200);
  const { takenQuizId, questions } = (await started.json()) as { takenQuizId: number; questions: { id: number; options: { id: number; optionText: string }[] }[] };
  const venus = questions[0].options.find((option) => option.optionText === "Venus");
  const done = await request.post("/api/takeQuiz/answerAll", { headers, data: { takenQuizId, quizId, answers: [{ questionId: questions[0].id, answer: [venus?.id] }] } });
  expect(done.status(), await done.text()).toBe(200);
  return { quizId, takenQuizId };
}

async function screenshots(page: Page, name: string) {
  const folder = process.env.SCREENSHOTS;
  if (!folder) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("a student's feedback reaches the teacher, who opens and accepts it", async ({ page, browser, request }) => {
  test.slow();
  const school = await createSchool("Feedback School");
  const { takenQuizId } = await takenQuiz(request, school.teacher, school.student);

  // The student sends feedback from the result page (the existing flow).
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signIn(student, school.student, /\/quiz\/student\//);
  await student.goto(`/quiz/student/takenQuiz/${takenQuizId}/result`);
  await student.getByRole("button", { name: "Feedback on question 1" }).click();
  // Issue 25 point 6: empty (or blank) feedback gets the app's inline error, not the browser's bubble.
  const feedbackField = student.getByLabel("Your feedback on question 1");
  await feedbackField.fill("   ");
  await student.getByRole("button", { name: "Send feedback" }).click();
  await expect(student.getByRole("alert").filter({ hasText: "Please write your feedback" })).toBeVisible();
  await expect(feedbackField).toHaveAttribute("aria-invalid", "true");
  await expect(feedbackField).toBeFocused();
  await feedbackField.fill("Venus looks red in the evening too.");
  await expect(student.getByText("Please write your feedback")).toHaveCount(0);
  await student.getByRole("button", { name: "Send feedback" }).click();
  await expect(student.getByText("Feedback submitted")).toBeVisible();
  await studentContext.close();

  // The teacher reads it in the table, searches, filters by status.
  await signIn(page, school.teacher);
  await page.goto("/quiz/teacher/feedback");
  const table = page.getByRole("table", { name: "Feedback" });
  const row = table.getByRole("row").filter({ hasText: "Venus looks red" });
  await expect(row).toContainText("Which planet is red?");
  await expect(row).toContainText("Student of Feedback School");
  await expect(row).toContainText("Pending");
  await expectNoViolations(page);
  await screenshots(page, "feedback-list");
  await page.getByRole("searchbox", { name: /Search feedback/ }).fill("nothing like this");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(table).toContainText("No feedback matches the search");
  await page.goto("/quiz/teacher/feedback");

  // Opens it: the feedback with its question; accepts it.
  await row.getByRole("link", { name: /View the feedback of/ }).click();
  const dialog = page.getByRole("dialog", { name: "Feedback details" });
  await expect(dialog).toContainText("Venus looks red in the evening too.");
  await expect(dialog).toContainText("Which planet is red?");
  await expect(dialog.getByRole("listitem").filter({ hasText: "Mars" })).toContainText("Correct");
  await expect(dialog.getByRole("link", { name: "Open the question in the bank" })).toHaveAttribute("href", /\/quiz\/teacher\/questions\/\d+\/view$/);
  await expectNoViolations(page);
  await screenshots(page, "feedback-view");
  await dialog.getByRole("button", { name: "Accept" }).click();
  await expect(dialog.getByText("Feedback accepted")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Reopen" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(row).toContainText("Accepted");

  // One question's feedback (the item analysis links it), with the way back to all.
  await row.getByRole("link", { name: /View the feedback of/ }).click();
  const bankLink = page.getByRole("dialog", { name: "Feedback details" }).getByRole("link", { name: "Open the question in the bank" });
  const questionId = (await bankLink.getAttribute("href"))?.match(/questions\/(\d+)\/view/)?.[1];
  await page.goto(`/quiz/teacher/feedback?questionId=${questionId}&status=Accepted`);
  await expect(page.getByText("Feedback on one question: Which planet is red?")).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "Venus looks red" })).toHaveCount(1);
  await page.goto(`/quiz/teacher/feedback?questionId=${questionId}&status=Rejected`);
  await expect(table).toContainText("No feedback matches the search");
  await page.getByRole("link", { name: "Show all feedback" }).click();
  await expect(row).toBeVisible();
  // The status filter, by keyboard-usable select.
  await page.getByRole("button", { name: /Status/ }).click();
  await page.getByRole("option", { name: "Rejected" }).click();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=Rejected/);
  await expect(table).toContainText("No feedback matches the search");
  await page.goto("/quiz/teacher/feedback");

  // A feedback that is not there: an error dialog over the table, closed back to the list.
  await page.goto("/quiz/teacher/feedback/999999/view");
  const missing = page.getByRole("dialog", { name: "Error" });
  await expect(missing).toContainText("This feedback was not found.");
  await missing.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/quiz\/teacher\/feedback$/);
  await expect(row).toBeVisible();

  // The link to the question opens it in the bank.
  await row.getByRole("link", { name: /View the feedback of/ }).click();
  await page.getByRole("dialog", { name: "Feedback details" }).getByRole("link", { name: "Open the question in the bank" }).click();
  await expect(page.getByRole("dialog")).toContainText("Which planet is red?");
  await expect(page).toHaveURL(/\/questions\/Science\/Planets\/load\/view\/\d+/);
});

test("the teacher e-mails a student from a stats row and the owner from the leader board; the outbox shows the formatted mail", async ({ page, request }) => {
  test.slow();
  const school = await createSchool("Mail School");
  const { quizId, takenQuizId } = await takenQuiz(request, school.teacher, school.student);

  await signIn(page, school.teacher);
  await page.goto(`/quiz/teacher/quiz/${quizId}/${takenQuizId}/email`);
  const dialog = page.getByRole("dialog", { name: "Email student" });
  await expect(dialog.getByLabel("Student name")).toHaveValue("Student of Mail School");
  await expect(dialog.getByLabel("Student email")).toHaveValue(school.student);
  await expect(dialog.getByLabel("Student email")).toHaveAttribute("readonly", "");
  await dialog.getByLabel("Email subject").fill("Your Planets result");
  const editor = dialog.getByRole("textbox", { name: "Message" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await expectNoViolations(page);
  await screenshots(page, "email-dialog");

  // An empty body: the alert, and nothing is sent.
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "Please write a message" })).toBeVisible();
  await expect(dialog.getByRole("alert").filter({ hasText: "Please write a message" })).toHaveCount(0, { timeout: 6_000 });
  await expect(page).toHaveURL(new RegExp(`/${takenQuizId}/email$`));

  await editor.click();
  await editor.pressSequentially("Look again at ");
  await page.keyboard.press("Control+b");
  await editor.pressSequentially("Mars");
  await page.keyboard.press("Control+b");
  await editor.pressSequentially(", the red one.");
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(page).toHaveURL(new RegExp(`/quiz/teacher/quiz/${quizId}/viewStats\\?notice=email-sent$`));
  await expect(page.getByText("Email has been sent successfully")).toBeVisible();

  // The owner: from the admin leader board (quiz id -1), back to the board. Escape closes it unsent.
  await page.context().clearCookies();
  await signIn(page, school.owner);
  await page.goto(`/quiz/admin/leaderBoard/${takenQuizId}/email`);
  const boardDialog = page.getByRole("dialog", { name: "Email student" });
  await expect(boardDialog.getByLabel("Email subject")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/quiz\/admin\/leaderBoard$/);
  await page.goto(`/quiz/admin/leaderBoard/${takenQuizId}/email`);
  await expect(boardDialog).toContainText("From the leader board");
  await boardDialog.getByLabel("Email subject").fill("Well done");
  await boardDialog.getByRole("textbox", { name: "Message" }).click();
  await boardDialog.getByRole("textbox", { name: "Message" }).pressSequentially("Keep it up!");
  await boardDialog.getByRole("button", { name: "Send" }).click();
  await expect(page).toHaveURL(/\/quiz\/admin\/leaderBoard\?notice=email-sent$/);
  await expect(page.getByText("Email has been sent successfully")).toBeVisible();

  // The outbox has the teacher's mail, formatted: the bold word is bold in the HTML part.
  await page.goto("/quiz/admin/outbox");
  await page.getByRole("link", { name: "Your Planets result" }).click();
  const frame = page.frameLocator("iframe");
  await expect(frame.locator("strong")).toHaveText("Mars");
  await expect(frame.locator("body")).toContainText("Hello Student of Mail School,");
  await expect(frame.locator("body")).toContainText('about the quiz "Planets mail"');
  await expect(page.locator("pre")).toContainText("Look again at Mars, the red one.");
  await screenshots(page, "outbox-message");
});
