import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { answerTo, fractionOf, MIXED_QUESTIONS, NEW_TYPES, type NewType, type PaperQuestion, type Verdict } from "./mixed-paper";

/**
 * The steps of the runtime smoke journeys (tests/worker on workerd, tests/deno on Deno), in one
 * place: register and sign in, a teacher authors a quiz with an image, a student takes it and
 * sees the result, the certificate is read back; a mixed quiz of every question type is taken
 * and its essay marked by the teacher. Each spec strings them together and asserts
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
  // The link names what the certificate certifies (ADR 0076): achievement, or completion below a pass mark.
  await dialog.getByRole("link", { name: /^Download the certificate of (achievement|completion) \(PDF\)$/ }).click();
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

/** A quiz of one question of each type beyond radio and checkbox (tests/mixed-paper.ts), authored through the API. */
export async function authorMixedQuiz(request: APIRequestContext, headers: AuthHeaders, place: { category: string; course: string }, quizName: string): Promise<{ quizId: number; questionIds: Record<NewType, number> }> {
  const added = await request.post("/api/categoryCourse", { headers, data: place });
  expect(added.status(), await added.text()).toBe(201);
  const questionIds = {} as Record<NewType, number>;
  for (const type of NEW_TYPES) {
    const created = await request.post("/api/question", { headers, data: { ...place, ...MIXED_QUESTIONS[type], tags: [], answerExplaination: `<p>About ${type}.</p>` } });
    expect(created.status(), `${type}: ${await created.text()}`).toBe(201);
    questionIds[type] = ((await created.json()) as { entity: { id: number } }).entity.id;
  }
  const quiz = await request.post("/api/quiz", {
    headers,
    data: {
      ...place,
      quizName,
      quizDescription: "One question of every type",
      level: "Easy",
      status: "Published",
      allowSkip: "Yes",
      takeBestScore: "No",
      negativeMarking: "No",
      attemptsAllowed: 1,
      quiztimetype: "Quiz",
      time: 10,
      selectedQuestions: NEW_TYPES.map((type) => questionIds[type]),
    },
  });
  expect(quiz.status(), await quiz.text()).toBe(201);
  return { quizId: ((await quiz.json()) as { entity: { id: number } }).entity.id, questionIds };
}

interface ResultAnswer {
  questionId: number;
  answerStatus: string;
  mark: number;
  maxMark: number;
}
export interface MixedResult {
  gradingStatus: "Graded" | "NeedsGrading";
  percentage: number;
  takenQuizAnswers: ResultAnswer[];
}

/** The student's result through the API, as the result page reads it. */
export async function readResult(request: APIRequestContext, headers: AuthHeaders, takenQuizId: number): Promise<MixedResult> {
  const read = await request.post("/api/takenQuiz/fetchById", { headers, data: { takenQuizId } });
  expect(read.status(), await read.text()).toBe(200);
  const body = (await read.json()) as MixedResult | { data: MixedResult };
  return "data" in body ? body.data : body;
}

/**
 * The student starts the mixed quiz, autosaves an answer to every type (the ordering question
 * partly right, the rest right), submits them all and reads the result: every automatically
 * marked type has its mark, the essay waits for a person, so the attempt NeedsGrading.
 */
export async function takeMixedQuiz(request: APIRequestContext, headers: AuthHeaders, quiz: { quizId: number; questionIds: Record<NewType, number> }): Promise<{ takenQuizId: number; result: MixedResult }> {
  const started = await request.post("/api/takeQuiz/startQuiz", { headers, data: { quizId: quiz.quizId, examMode: "all" } });
  expect(started.status(), await started.text()).toBe(200);
  const paper = (await started.json()) as { takenQuizId: number; questions: PaperQuestion[] };
  const verdictOf = (type: NewType): Verdict => (type === "ordering" ? "partial" : "right");
  const answers = NEW_TYPES.map((type) => {
    const shown = paper.questions.find((question) => question.id === quiz.questionIds[type]);
    expect(shown, `the paper shows the ${type} question`).toBeDefined();
    return { questionId: shown!.id, answer: answerTo(type, shown!, verdictOf(type)), markedForReview: false };
  });
  for (const answer of answers) {
    const saved = await request.post("/api/takeQuiz/saveAnswers", { headers, data: { takenQuizId: paper.takenQuizId, answers: [answer] } });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const submitted = await request.post("/api/takeQuiz/answerAll", { headers, data: { takenQuizId: paper.takenQuizId, quizId: quiz.quizId, answers } });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const result = await readResult(request, headers, paper.takenQuizId);
  expect(result.gradingStatus).toBe("NeedsGrading");
  for (const type of NEW_TYPES) {
    const answer = result.takenQuizAnswers.find((row) => row.questionId === quiz.questionIds[type]);
    const fraction = fractionOf(type, verdictOf(type));
    const status = fraction === null ? "pending" : fraction === 1 ? "yes" : fraction === 0 ? "no" : "partial";
    expect(answer, `the result shows the ${type} question`).toMatchObject({ answerStatus: status, ...(fraction === null ? {} : { mark: fraction * answer!.maxMark }) });
  }
  return { takenQuizId: paper.takenQuizId, result };
}

/** The teacher marks the essay through `POST /api/takenQuiz/grade`; the student's result is then Graded with the essay's mark. */
export async function gradeEssay(request: APIRequestContext, teacherHeaders: AuthHeaders, studentHeaders: AuthHeaders, attempt: { takenQuizId: number; essayId: number; mark: number }): Promise<MixedResult> {
  const graded = await request.post("/api/takenQuiz/grade", { headers: teacherHeaders, data: { takenQuizId: attempt.takenQuizId, questionId: attempt.essayId, mark: attempt.mark, comment: "Iron oxide: well said." } });
  expect(graded.status(), await graded.text()).toBe(200);
  const result = await readResult(request, studentHeaders, attempt.takenQuizId);
  expect(result.gradingStatus).toBe("Graded");
  expect(result.takenQuizAnswers.find((row) => row.questionId === attempt.essayId)).toMatchObject({ mark: attempt.mark });
  return result;
}
