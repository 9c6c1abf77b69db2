import { expect, test } from "@playwright/test";
import Stripe from "stripe";
import {
  answerAndFinish,
  approvedTeacher,
  approveTeacher,
  authorMixedQuiz,
  authorQuiz,
  bearer,
  downloadCertificate,
  emailThroughOutbox,
  gradeEssay,
  newAccount,
  OWNER,
  PNG,
  register,
  registerThroughPages,
  signIn,
  signOut,
  startQuiz,
  takeMixedQuiz,
  uploadImage,
} from "../runtime-journey";
import { item, qtiPackage, TINY_PNG } from "../../api/services/exchange/qti/fixtures/build-package.node";

// Smoke journey on the Workers build (local workerd, D1, R2): the same handler as on Node,
// reached through wrangler's asset routing. Each test stands alone (its own new user). The
// journey's steps are shared with the Deno smoke (tests/runtime-journey.ts).

const TEACHER_HOME = /\/quiz\/teacher\/quizPool$/;
const newTeacher = (tag: string) => newAccount("worker", tag, "Wendy Worker");

test("the API answers and reports the database as reachable", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok" });
});

test("the site root redirects into the app under /quiz", async ({ request }) => {
  const response = await request.get("/", { maxRedirects: 0 });
  expect(response.status()).toBeGreaterThanOrEqual(300);
  expect(response.status()).toBeLessThan(400);
  expect(response.headers()["location"]).toMatch(/^(https?:\/\/[^/]+)?\/quiz(\/|$|\?)/);
});

test("hashed client assets are served as static files", async ({ page, request }) => {
  await page.goto("/quiz/auth/login");
  const script = page.locator('script[type="module"][src*="/quiz/assets/"], link[rel="modulepreload"]').first();
  const src = (await script.getAttribute("src")) ?? (await script.getAttribute("href"));
  expect(src).toMatch(/^\/quiz\/assets\/.+\.js$/);
  const asset = await request.get(src!);
  expect(asset.status()).toBe(200);
  expect(asset.headers()["content-type"]).toMatch(/javascript/);
  // Served from the asset store without the Worker: the headers come from public/_headers.
  expect(asset.headers()["x-content-type-options"]).toBe("nosniff");
  expect((await request.get("/quiz/favicon.svg")).headers()["x-content-type-options"]).toBe("nosniff");
});

test("pages carry the nonce-based Content-Security-Policy and run without violations", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/quiz/auth/login");
  expect(response!.headers()["content-security-policy"]).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  expect(response!.headers()["x-content-type-options"]).toBe("nosniff");
  await page.getByLabel(/^e-?mail/i).first().fill("nobody@example.test");
  await page.getByLabel(/^password/i).first().fill("Wrong-password-1");
  await page.getByRole("button", { name: /^sign in$/i }).click();
  await expect(page.getByText("The login detail is incorrect")).toBeVisible();
  expect(violations).toEqual([]);
});

test("a teacher registers, logs out and logs in again through the UI", async ({ page }) => {
  const teacher = newTeacher("ui");
  await registerThroughPages(page, teacher, "Teacher");
  await expect(page.getByText("Your teacher account awaits approval.")).toBeVisible();
  await approveTeacher(page.request, teacher.email);
  // Signed out for real: the app sends an anonymous visitor back to the login page.
  await signOut(page, "/quiz/teacher/quizPool");
  await signIn(page, teacher, TEACHER_HOME);
});

test("a teacher's image upload is stored in R2 and read back byte for byte", async ({ request }) => {
  const headers = await approvedTeacher(request, newTeacher("files"));
  const stored = await uploadImage(request, headers, "pixel.png");
  expect(stored.key).toMatch(/^question-images\/.+pixel\.png$/);

  // The signed URL is the permission: no session is sent with it.
  const url = new URL(stored.url, test.info().project.use.baseURL);
  const read = await request.get(url.pathname + url.search);
  expect(read.status()).toBe(200);
  expect(read.headers()["content-type"]).toBe("image/png");
  expect(Buffer.compare(await read.body(), PNG)).toBe(0);

  // A tampered signature is refused.
  const tampered = new URL(url);
  tampered.searchParams.set("signature", "0".repeat(tampered.searchParams.get("signature")?.length ?? 64));
  const refused = await request.get(tampered.pathname + tampered.search);
  expect(refused.status()).toBe(403);
});

test("a teacher authors on Workers: a category and course, a question with an image in R2, and a quiz; the bank page lists it", async ({ page, request }) => {
  const teacher = newTeacher("author");
  const headers = await approvedTeacher(request, teacher);
  const suffix = Date.now().toString(36);
  const place = { category: `Workers ${suffix}`, course: "Edge computing" };
  const { key } = await uploadImage(request, headers);
  const { question } = await authorQuiz(request, headers, {
    place,
    quizName: `Edge quiz ${suffix}`,
    quizDescription: "Made on Workers",
    question: {
      questionText: "Where does a Worker run?",
      questionImage: key,
      right: "Close to the user",
      wrong: "On one server",
      tags: ["edge"],
      // Script dropped, stray closers gone, the open link closed: the sanitiser (parse5) runs on workerd too.
      answerExplaination: '<p>On <strong>every</strong> edge location<script>alert(1)</script></p></li></ol><a href="https://example.org/">more',
    },
  });
  expect(question.answerExplaination).toBe('<p>On <strong>every</strong> edge location</p><a rel="noopener noreferrer nofollow" href="https://example.org/">more</a>');
  const image = await request.get(question.questionImageUrl!);
  expect(Buffer.compare(await image.body(), PNG)).toBe(0);

  // The same pages render on the Worker: the bank of that course lists the question.
  await signIn(page, teacher, TEACHER_HOME);
  await page.goto(`/quiz/teacher/questions/${encodeURIComponent(place.category)}/${encodeURIComponent(place.course)}/load`);
  await expect(page.getByRole("table")).toContainText("Where does a Worker run?");
  await page.goto("/quiz/teacher/quizPool");
  await expect(page.getByRole("table")).toContainText(`Edge quiz ${suffix}`);

  // The quiz wizard's Next (a step check) and Submit run on the Worker too.
  await page.getByRole("link", { name: `Edit Edge quiz ${suffix}` }).click();
  const wizard = page.getByRole("dialog");
  await wizard.getByLabel("Quiz name").fill(`Edge quiz ${suffix} renamed`);
  // Each Next waits for the server's step check; a click sent before the next step shows is lost.
  for (const step of ["Quiz Settings", "Visibility", "Pick Questions"]) {
    await wizard.getByRole("button", { name: "Next" }).click();
    await expect(wizard.getByRole("heading", { level: 3, name: new RegExp(`^${step}`) })).toBeVisible();
  }
  await expect(wizard.getByRole("heading", { name: /questions? chosen/ })).toBeVisible();
  await wizard.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Quiz Updated")).toBeVisible();
  await expect(page.getByRole("table")).toContainText(`Edge quiz ${suffix} renamed`);
});

test("on Workers an account's sign-in lock holds whatever forwarded headers the guesses send", async ({ request }) => {
  test.setTimeout(90_000);
  const teacher = newTeacher("lock");
  await register(request, teacher, "Teacher");
  for (let i = 0; i < 10; i++) {
    // The Worker takes the client address from cf-connecting-ip only; none of these is believed.
    const headers = { "x-forwarded-for": `198.51.100.${i}`, "x-quiz-client-address": `192.0.2.${i}` };
    const guess = await request.post("/api/auth/login", { data: { email: teacher.email, password: `wrong-${i}` }, headers });
    expect(guess.status()).toBe(401);
  }
  const locked = await request.post("/api/auth/login", { data: { email: teacher.email, password: teacher.password } });
  expect(locked.status()).toBe(429);
  expect(Number(locked.headers()["retry-after"])).toBeGreaterThan(0);
});

test("a student takes a quiz on Workers and sees the result; the owner finds them on the leader board, e-mails them and the outbox shows it", async ({ page, request }) => {
  const headers = await approvedTeacher(request, newTeacher("examiner"));
  const suffix = Date.now().toString(36);
  const { quizId } = await authorQuiz(request, headers, {
    place: { category: `Exams ${suffix}`, course: "Edge" },
    quizName: `Edge exam ${suffix}`,
    quizDescription: "Taken on Workers",
    question: { questionText: "Is the exam graded on the server?", right: "Yes, always", wrong: "By the browser", answerExplaination: "<p>The server is the referee.</p>" },
  });

  const student = newAccount("worker", "student", "山田 Wendy");
  await register(request, student, "Student");
  await signIn(page, student, /\/quiz\/student\/quizPool$/);
  await startQuiz(page, quizId);
  await answerAndFinish(page, "Yes, always", "The server is the referee.");

  // The certificate: a PDF made on workerd, its Japanese name in a font read from the static
  // assets, and its verification page for anyone.
  const { dialog, text } = await downloadCertificate(page);
  const verifyUrl = (await dialog.getByRole("link", { name: /\/quiz\/verify\// }).getAttribute("href")) ?? "";
  expect(verifyUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/quiz\/verify\/[A-Za-z0-9_-]{22}$/);
  for (const shown of [student.fullname, `Edge exam ${suffix}`, "100%", verifyUrl]) expect(text).toContain(shown);
  const check = await request.get(verifyUrl);
  expect(check.status()).toBe(200);
  expect(await check.text()).toContain("This certificate is genuine.");
  const api = await request.get(`/api/certificates/${verifyUrl.split("/").pop()}`);
  expect(((await api.json()) as { data: { studentName: string } }).data.studentName).toBe(student.fullname);
  // The fonts are read by the Worker, not served to browsers.
  expect((await request.get("/quiz/fonts/NotoSansJP-Regular.ttf")).status()).toBe(404);

  // The owner e-mails the student about the quiz (issue 16 point 7, spec 7 sendEmail): the
  // message is sanitised and formatted on workerd, and the outbox on D1 shows it.
  const ownerHeaders = await bearer(request, OWNER);
  // The owner reads the leader board (spec 7 fetchAllTakenQuiz): the student's best row of this quiz, from D1.
  const board = await request.post("/api/takenQuiz/fetchAllTakenQuiz", {
    headers: ownerHeaders,
    data: { queryParams: { filter: { quizName: `Edge exam ${suffix}` }, sortField: "", sortOrder: "desc", pageNumber: 1, pageSize: 10 } },
  });
  expect(board.status(), await board.text()).toBe(200);
  const boardRows = ((await board.json()) as { entities: { studentName: string; email?: string; percentage: number }[] }).entities;
  expect(boardRows).toEqual([expect.objectContaining({ studentName: student.fullname, email: student.email, percentage: 100 })]);
  // The other results reads on D1: the quiz's stats, its item analysis, the feedback list.
  const stats = await request.post("/api/takenQuiz/fetchAllByQuizId", { headers: ownerHeaders, data: { quizId, queryParams: { pageNumber: 1, pageSize: 10 } } });
  expect(stats.status(), await stats.text()).toBe(200);
  expect(((await stats.json()) as { entities: { email: string }[] }).entities.map((row) => row.email)).toEqual([student.email]);
  const analysis = await request.post("/api/takenQuiz/itemAnalysis", { headers: ownerHeaders, data: { quizId } });
  expect(analysis.status(), await analysis.text()).toBe(200);
  expect(((await analysis.json()) as { data: { attempts: number } }).data.attempts).toBe(1);
  const feedbackList = await request.post("/api/feedback/getAllQuestionFeedback", { headers: ownerHeaders, data: { queryParams: { pageNumber: 1, pageSize: 10 } } });
  expect(feedbackList.status(), await feedbackList.text()).toBe(200);
  const entryId = await emailThroughOutbox(request, ownerHeaders, {
    studentName: student.fullname,
    studentEmail: student.email,
    subject: `Well done ${suffix}`,
    message: "<p>Your <strong>100%</strong> was graded on the edge.</p><script>alert(1)</script>",
    quizId,
  });
  const mail = (await (await request.get(`/api/outbox/${entryId}`, { headers: ownerHeaders })).json()) as { html: string; text: string };
  expect(mail.html).toContain("<p>Your <strong>100%</strong> was graded on the edge.</p>");
  expect(mail.html).not.toContain("<script");
  expect(mail.text).toContain("Your 100% was graded on the edge.");
});

test("the owner's plan screen answers on Workers, and the Stripe webhook verifies signatures with Web Crypto", async ({ page, request }) => {
  const headers = await bearer(request, OWNER);
  const plans = await request.get("/api/subscriptions", { headers });
  expect(plans.status(), await plans.text()).toBe(200);
  expect(((await plans.json()) as { data: { totalCount: number } }).data.totalCount).toBeGreaterThanOrEqual(0);
  const settings = await request.get("/api/admin/settings", { headers });
  expect(settings.status(), await settings.text()).toBe(200);

  await signIn(page, OWNER, /\/quiz\/(admin|teacher)\//);
  const screen = await page.goto("/quiz/admin/subscription");
  expect(screen!.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Payment Settings" })).toBeVisible();

  // The webhook (scripts/worker-smoke-server.sh sets STRIPE_WEBHOOK_SECRET): a forged
  // signature is a 400; a genuine one, checked by crypto.subtle on workerd, is received.
  const payload = JSON.stringify({ id: `evt_worker_${Date.now()}`, object: "event", type: "customer.created", created: Math.floor(Date.now() / 1000), data: { object: { id: "cus_worker" } } });
  const forged = await request.post("/api/subscriptions/webhook", { headers: { "stripe-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`, "content-type": "application/json" }, data: payload });
  expect(forged.status(), await forged.text()).toBe(400);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: "whsec_worker_smoke", cryptoProvider: Stripe.createSubtleCryptoProvider() });
  const genuine = await request.post("/api/subscriptions/webhook", { headers: { "stripe-signature": signature, "content-type": "application/json" }, data: payload });
  expect(genuine.status(), await genuine.text()).toBe(200);
  expect(await genuine.json()).toMatchObject({ received: true, outcome: "ignored" });
});

test("a mixed quiz on Workers: one question of every type authored through the API, a student answers each and submits, the essay waits (NeedsGrading), the teacher marks it and the result is Graded", async ({ request }) => {
  const headers = await approvedTeacher(request, newTeacher("mixed"));
  const suffix = Date.now().toString(36);
  const quiz = await authorMixedQuiz(request, headers, { category: `Mixed ${suffix}`, course: "Every type" }, `Mixed quiz ${suffix}`);
  const student = newAccount("worker", "mixed-student", "Mia Mixed");
  await register(request, student, "Student");
  const studentHeaders = await bearer(request, student);
  const { takenQuizId, result } = await takeMixedQuiz(request, studentHeaders, quiz);
  const graded = await gradeEssay(request, headers, studentHeaders, { takenQuizId, essayId: quiz.questionIds.essay, mark: 1 });
  // The essay's mark raises the percentage the provisional one showed.
  expect(graded.percentage).toBeGreaterThan(result.percentage);
});

test("a teacher imports a small QTI 3.0 package on Workers: parsed in the Worker, its image stored in R2, the questions in D1 and the rejected item named", async ({ request }) => {
  const headers = await approvedTeacher(request, newTeacher("qti"));
  const bank = { category: "Science", course: `QTI ${Date.now().toString(36)}` };
  expect((await request.post("/api/categoryCourse", { headers, data: bank })).status()).toBeLessThan(300);
  const zip = qtiPackage([item("v3p0-choice-image.xml", ["media/kettle.png"]), item("v3p0-order.xml"), item("v3p0-pci.xml")], { "media/kettle.png": TINY_PNG });
  const upload = await request.post("/api/files/upload", { headers, multipart: { file: { name: "science.zip", mimeType: "application/zip", buffer: Buffer.from(zip) }, folder: "csv-uploads" } });
  expect(upload.status(), await upload.text()).toBe(201);
  const { key } = (await upload.json()) as { key: string };
  const started = await request.post("/api/qtiquestion", { headers, data: { location: key, ...bank } });
  expect(started.status(), await started.text()).toBe(202);
  const { importId } = (await started.json()) as { importId: number };
  // The storing runs in waitUntil after the 202: the record says when it is done.
  await expect
    .poll(async () => ((await (await request.get(`/api/questionImports/${importId}`, { headers })).json()) as { status: string }).status, { timeout: 30_000 })
    .toBe("done");
  const record = await (await request.get(`/api/questionImports/${importId}`, { headers })).json();
  expect(record).toMatchObject({ format: "QTI", imported: 2, rejected: [{ number: 3, problems: [{ code: "qtiPci" }] }] });
});
