import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";

/**
 * The steps of the runtime smoke journeys (tests/worker on workerd, tests/deno on Deno), in one
 * place: register and sign in, a teacher authors a quiz with an image, a student takes it and
 * sees the result, the certificate is read back. Each spec strings them together and asserts
 * what its runtime adds (the disk or R2, the headers, the bad-input sweep). Every step asserts
 * its own success, so a failing step names itself.
 */

export const OWNER = { email: "owner@demo.quiz", password: "Demo1234!" };

// A 1×1 PNG (red pixel): real PNG bytes, so the upload's content check accepts it.
export const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64");

export interface Account {
  email: string;
  fullname: string;
  username: string;
  password: string;
}

export type AuthHeaders = { Authorization: string };

/** A new account no other test uses: `<runtime>-<tag>-<unique>@example.test`. */
export function newAccount(runtime: string, tag: string, fullname: string): Account {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const handle = fullname.split(" ")[0].toLowerCase();
  return { email: `${runtime}-${tag}-${unique}@example.test`, fullname, username: `${handle}${unique}`, password: "Smoke-test-pass-1" };
}

/** Signs in through the API: the Authorization header the API calls send. */
export async function bearer(request: APIRequestContext, account: { email: string; password: string }): Promise<AuthHeaders> {
  const login = await request.post("/api/auth/login", { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
  return { Authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
}

/** A Teacher sign-up waits for the owner (docs/decisions/0029): the demo owner approves it through the API, as the Users page does. */
export async function approveTeacher(request: APIRequestContext, email: string): Promise<void> {
  const headers = await bearer(request, OWNER);
  const pending = await request.post("/api/admin/users", { headers, data: { queryParams: { filter: { teacherRequest: "pending", search: email } } } });
  const [user] = ((await pending.json()) as { entities: { userId: number }[] }).entities;
  const approved = await request.post("/api/admin/users/teacherRequest", { headers, data: { userId: user.userId, decision: "Approve" } });
  expect(approved.status(), await approved.text()).toBe(200);
}

/** Registers through the API (201). */
export async function register(request: APIRequestContext, account: Account, userType: "Student" | "Teacher"): Promise<void> {
  const registered = await request.post("/api/auth/register", { data: { ...account, userType } });
  expect(registered.status(), await registered.text()).toBe(201);
}

/** A teacher registered through the API, approved by the owner, signed in: its API headers. */
export async function approvedTeacher(request: APIRequestContext, teacher: Account): Promise<AuthHeaders> {
  await register(request, teacher, "Teacher");
  await approveTeacher(request, teacher.email);
  return bearer(request, teacher);
}

/** Styled checkboxes and radios hide the input under their label: click the label, as a user does. */
export async function tick(input: Locator): Promise<void> {
  await input.locator("xpath=ancestor::label[1]").click();
  await expect(input).toBeChecked();
}

/** Registers through the registration page; registration signs the new user in, as a Student until the owner approves a Teacher (ADR 0029). */
export async function registerThroughPages(page: Page, account: Account, userType: "Student" | "Teacher"): Promise<void> {
  await page.goto("/quiz/auth/registration");
  await page.getByLabel(/^e-?mail/i).first().fill(account.email);
  await page.getByLabel(/full ?name/i).first().fill(account.fullname);
  await page.getByLabel(/^user ?name/i).first().fill(account.username);
  await page.getByLabel(/^password/i).first().fill(account.password);
  await page.getByLabel(/confirm password/i).first().fill(account.password);
  await tick(page.getByRole("radio", { name: userType, exact: true }));
  await tick(page.getByRole("checkbox", { name: /terms/i }).first());
  await page.getByRole("button", { name: /^(submit|register|sign up|create account)$/i }).first().click();
  await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);
}

/** Signs in through the login page and waits for the home page it leads to. */
export async function signIn(page: Page, account: { email: string; password: string }, home: RegExp): Promise<void> {
  await page.goto("/quiz/auth/login");
  await page.getByLabel(/^e-?mail/i).first().fill(account.email);
  await page.getByLabel(/^password/i).first().fill(account.password);
  await page.getByRole("button", { name: /^sign in$/i }).click();
  await expect(page).toHaveURL(home);
}

/** Signs out through the app and checks that a signed-in page now leads to the login page. */
export async function signOut(page: Page, signedInPage: string): Promise<void> {
  await page.goto("/quiz/logout");
  await expect(page).toHaveURL(/\/quiz\/auth\/login/);
  await page.goto(signedInPage);
  await expect(page).toHaveURL(/\/quiz\/auth\/login/);
}

/** Uploads the PNG as a question image: its storage key and signed URL. */
export async function uploadImage(request: APIRequestContext, headers: AuthHeaders, name = "diagram.png"): Promise<{ key: string; url: string }> {
  const upload = await request.post("/api/files/upload", { headers, multipart: { file: { name, mimeType: "image/png", buffer: PNG }, folder: "question-images" } });
  expect(upload.status(), await upload.text()).toBe(201);
  return (await upload.json()) as { key: string; url: string };
}

export interface QuizPlan {
  place: { category: string; course: string };
  quizName: string;
  quizDescription: string;
  /** The one question: a single choice whose first option is right. */
  question: { questionText: string; right: string; wrong: string; answerExplaination: string; questionImage?: string; tags?: string[] };
}

export interface AuthoredQuiz {
  quizId: number;
  question: { id: number; questionImageUrl?: string; answerExplaination: string };
}

/** A teacher's category and course, one question and a published one-attempt quiz of it, through the API. */
export async function authorQuiz(request: APIRequestContext, headers: AuthHeaders, plan: QuizPlan): Promise<AuthoredQuiz> {
  const added = await request.post("/api/categoryCourse", { headers, data: plan.place });
  expect(added.status(), await added.text()).toBe(201);
  const { right, wrong, ...question } = plan.question;
  const created = await request.post("/api/question", {
    headers,
    data: {
      ...plan.place,
      ...question,
      optionType: "radio",
      options: [
        { optionText: right, optionStatus: true },
        { optionText: wrong, optionStatus: false },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { entity } = (await created.json()) as { entity: AuthoredQuiz["question"] };
  const quiz = await request.post("/api/quiz", {
    headers,
    data: {
      ...plan.place,
      quizName: plan.quizName,
      quizDescription: plan.quizDescription,
      level: "Easy",
      status: "Published",
      allowSkip: "No",
      takeBestScore: "No",
      negativeMarking: "No",
      attemptsAllowed: 1,
      quiztimetype: "Quiz",
      time: 5,
      selectedQuestions: [entity.id],
    },
  });
  expect(quiz.status(), await quiz.text()).toBe(201);
  return { quizId: ((await quiz.json()) as { entity: { id: number } }).entity.id, question: entity };
}

/** Opens the quiz's take page and starts it with all questions at once; the exam shows next. */
export async function startQuiz(page: Page, quizId: number): Promise<void> {
  await page.goto(`/quiz/student/quizPool/${quizId}/take`);
  await page.getByText("All questions at once", { exact: true }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Start" }).click();
}

/** Chooses the right answer, waits until it is saved, finishes, and sees 100% and the explanation. */
export async function answerAndFinish(page: Page, right: string, explanation: string): Promise<void> {
  await page.getByText(right, { exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "All answers saved" })).toBeVisible();
  await page.getByRole("button", { name: "Finish" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Finish now" }).click();
  await expect(page.getByText("quiz completed")).toBeVisible();
  await expect(page.locator("#result-score")).toHaveText("100%");
  await expect(page.getByText(explanation)).toBeVisible();
}

/** From the result page: opens the certificate dialog, downloads the PDF, and returns the dialog and the PDF's text. */
export async function downloadCertificate(page: Page): Promise<{ dialog: Locator; pdf: Uint8Array; text: string }> {
  await page.getByRole("link", { name: "Certificate", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Certificate" });
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download certificate (PDF)" }).click();
  const pdf = new Uint8Array(await readFile((await (await downloading).path()) ?? ""));
  expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-");
  const { text } = await extractText(await getDocumentProxy(pdf.slice()), { mergePages: true });
  return { dialog, pdf, text };
}

/** The owner e-mails a student about a quiz; without Postmark it lands in the local outbox: the outbox entry's id. */
export async function emailThroughOutbox(request: APIRequestContext, ownerHeaders: AuthHeaders, mail: { studentName: string; studentEmail: string; subject: string; message: string; quizId: number }): Promise<number> {
  const sent = await request.post("/api/sendEmail", { headers: ownerHeaders, data: mail });
  expect(sent.status(), await sent.text()).toBe(200);
  expect(((await sent.json()) as { message: string }).message).toBe("Email has been sent successfully");
  const outbox = (await (await request.get("/api/outbox?pageSize=50", { headers: ownerHeaders })).json()) as { entities: { id: number; to: string; subject: string }[] };
  const entry = outbox.entities.find((sentMail) => sentMail.subject === mail.subject);
  expect(entry?.to).toBe(mail.studentEmail);
  return entry!.id;
}
