import http from "node:http";
import { expect, test } from "@playwright/test";
import { publishedQuiz, redPlanet } from "./exam-helpers";
import { apiAuth, createSchool, signIn } from "./school";

/**
 * Issue 14 point 6: a page request's body is limited before it is read, on the real Node
 * server. The attacker's post is sent as the attack was (hundreds of MB, declared or chunked);
 * the server answers 413 while the body is still arriving, and the sign-in page still works.
 */

const port = Number(process.env.E2E_PORT ?? 3100);

// The certificate test makes a school straight in the server's database file: one test at a time.
test.describe.configure({ mode: "serial" });

/** Posts up to `megabytes` of form data to the sign-in page; resolves with the status as soon as the server answers. */
function oversizedPost(megabytes: number, declared: boolean): Promise<{ status: number; sentMegabytes: number }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    if (declared) headers["content-length"] = String(megabytes * 1024 * 1024);
    const request = http.request({ host: "localhost", port, path: "/quiz/auth/login", method: "POST", headers });
    const chunk = Buffer.alloc(1024 * 1024, "a");
    let sent = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      response.resume();
      resolve({ status: response.statusCode ?? 0, sentMegabytes: sent });
      request.destroy();
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const writeMore = () => {
      while (!answered && sent < megabytes) {
        sent += 1;
        if (!request.write(chunk)) return void request.once("drain", writeMore);
      }
      if (!answered) request.end();
    };
    writeMore();
  });
}

test("a 400 MB form post to the sign-in page answers 413 before it is read, declared or chunked", async ({ request }) => {
  const declared = await oversizedPost(400, true);
  expect(declared.status).toBe(413);
  expect(declared.sentMegabytes).toBeLessThan(400);
  const chunked = await oversizedPost(400, false);
  expect(chunked.status).toBe(413);
  expect(chunked.sentMegabytes).toBeLessThan(400);
  // Others are still served.
  expect((await request.get("/api/health")).status()).toBe(200);
});

test("the sign-in form still posts as usual: a wrong password is read and refused, the right one signs in", async ({ request }) => {
  const wrong = await request.post("/quiz/auth/login", { form: { email: "nobody-limits@example.com", password: "not the password" }, maxRedirects: 0 });
  expect(wrong.status()).toBe(401);
  const right = await request.post("/quiz/auth/login", { form: { email: "student2@demo.quiz", password: "Demo1234!" }, maxRedirects: 0 });
  expect(right.status()).toBe(302);
  expect(right.headers().location).toBe("/quiz");
  expect(right.headers()["set-cookie"]).toBeTruthy();
});

test("the certificate download page serves a student's downloads and says, in the page's language, when there were too many", async ({ page, request }) => {
  const school = await createSchool("Certificate Limits School");
  const teacher = await apiAuth(request, school.teacher);
  const quizId = await publishedQuiz(request, teacher, [await redPlanet(request, teacher)], { quizName: "Planets", attemptsAllowed: 3 });
  const student = await apiAuth(request, school.student);
  const started = await request.post("/api/takeQuiz/startQuiz", { headers: student, data: { quizId, examMode: "all" } });
  expect(started.status(), await started.text()).toBe(200);
  const { takenQuizId, questions } = (await started.json()) as { takenQuizId: number; questions: { id: number; options: { id: number; optionText: string }[] }[] };
  const mars = questions[0].options.find((option) => option.optionText === "Mars");
  const done = await request.post("/api/takeQuiz/answerAll", { headers: student, data: { takenQuizId, quizId, answers: [{ questionId: questions[0].id, answer: [mars?.id] }] } });
  expect(done.status(), await done.text()).toBe(200);

  await signIn(page, school.student);
  const pdfUrl = `/quiz/student/takenQuiz/${takenQuizId}/certificate.pdf`;
  for (let i = 0; i < 10; i++) {
    const pdf = await page.request.get(pdfUrl);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
  }
  const refused = await page.request.get(pdfUrl, { headers: { "accept-language": "fr" } });
  expect(refused.status()).toBe(429);
  expect(refused.headers()["retry-after"]).toBeTruthy();
  expect(await refused.text()).toMatch(/^Trop de téléchargements de certificats\. Veuillez réessayer dans \d+ min\.$/);
});
