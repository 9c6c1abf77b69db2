import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { unzipSync } from "fflate";
import { type APIRequestContext, expect, test } from "@playwright/test";
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

// Smoke journey on the Deno entry (server/deno.ts): the same handler as on Node, served by
// node:http on Deno (server/http-server.node.ts) over the embedded libSQL file, files on disk and the local outbox in a fresh
// data folder (scripts/deno-smoke-server.sh). Each test stands alone (its own new users).
// The journey's steps are shared with the Worker's smoke (tests/runtime-journey.ts).

const DATA_DIR = path.resolve(import.meta.dirname, "../../.deno-smoke-data");

test("the API answers, the root redirects into the app, and built assets are served with the security headers", async ({ page, request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok" });
  const root = await request.get("/", { maxRedirects: 0 });
  expect(root.status()).toBe(302);
  expect(root.headers()["location"]).toMatch(/\/quiz$/);

  const violations: string[] = [];
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  const login = await page.goto("/quiz/auth/login");
  expect(login!.headers()["content-security-policy"]).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  const script = page.locator('script[type="module"][src*="/quiz/assets/"], link[rel="modulepreload"]').first();
  const src = (await script.getAttribute("src")) ?? (await script.getAttribute("href"));
  const asset = await request.get(src!);
  expect(asset.status()).toBe(200);
  expect(asset.headers()["content-type"]).toMatch(/javascript/);
  expect(asset.headers()["x-content-type-options"]).toBe("nosniff");
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const brotli = await request.get(src!, { headers: { "Accept-Encoding": "br" } });
  expect(brotli.headers()["content-encoding"]).toBe("br");
  expect(brotli.headers()["vary"]).toMatch(/accept-encoding/i);
  expect((await request.get("/quiz/favicon.svg")).headers()["x-content-type-options"]).toBe("nosniff");
  expect(violations).toEqual([]);
});

test("Deno compresses pages and JSON, but never an answer that carries a secret (BREACH)", async ({ request }) => {
  const accepts = { "Accept-Encoding": "gzip, br" };
  // A large JSON answer and a page: compressed on the fly, by the same compress-responses as on Node.
  const contract = await request.get("/api/openapi.json", { headers: accepts });
  expect(contract.status()).toBe(200);
  expect(contract.headers()["content-encoding"]).toMatch(/^(br|gzip)$/);
  expect(contract.headers()["vary"]).toMatch(/accept-encoding/i);
  const page = await request.get("/quiz/auth/login", { headers: accepts });
  expect(page.status()).toBe(200);
  expect(page.headers()["content-encoding"]).toMatch(/^(br|gzip)$/);

  // A sign-in's tokens and session cookie go out as they are, through the API and through the page.
  const signIn = await request.post("/api/auth/login", { headers: accepts, data: OWNER });
  expect(signIn.status(), await signIn.text()).toBe(200);
  expect(signIn.headers()["content-encoding"]).toBeUndefined();
  expect(((await signIn.json()) as { accessToken?: string }).accessToken).toBeTruthy();
  const formSignIn = await request.post("/quiz/auth/login", { headers: accepts, form: OWNER, maxRedirects: 0 });
  expect(formSignIn.headers()["set-cookie"], `${formSignIn.status()}`).toBeTruthy();
  expect(formSignIn.headers()["content-encoding"]).toBeUndefined();
});

test("a teacher registers and signs in through the pages on Deno", async ({ page }) => {
  const teacher = newAccount("deno", "ui", "Dina Deno");
  await registerThroughPages(page, teacher, "Teacher");
  await approveTeacher(page.request, teacher.email);
  await signOut(page, "/quiz/teacher/quizPool");
  await signIn(page, teacher, /\/quiz\/teacher\/quizPool$/);
});

test("a teacher authors a quiz with an image kept on disk; a student takes it, sees the picture and the result; the certificate and the outbox work", async ({ page, request }) => {
  const headers = await approvedTeacher(request, newAccount("deno", "author", "Dina Deno"));
  const { key } = await uploadImage(request, headers);
  // The local file store of `npm start`: the bytes on disk under DATA_DIR/files.
  const onDisk = path.join(DATA_DIR, "files", "objects", key);
  expect(existsSync(onDisk)).toBe(true);
  expect(Buffer.compare(readFileSync(onDisk), PNG)).toBe(0);
  // The server user's alone, as on Node: 0600 files (the upload, the database) in 0700 folders.
  expect(statSync(onDisk).mode & 0o777).toBe(0o600);
  expect(statSync(path.join(DATA_DIR, "quiz.db")).mode & 0o777).toBe(0o600);
  expect(statSync(DATA_DIR).mode & 0o777).toBe(0o700);

  const suffix = Date.now().toString(36);
  const quizName = `Deno exam ${suffix}`;
  const { quizId } = await authorQuiz(request, headers, {
    place: { category: `Deno ${suffix}`, course: "Runtimes" },
    quizName,
    quizDescription: "Taken on Deno",
    question: { questionText: "Which runtime serves this question?", questionImage: key, right: "Deno", wrong: "None", answerExplaination: "<p>The same handler, on Deno.</p><script>alert(1)</script>" },
  });

  const student = newAccount("deno", "student", "山田 Dina");
  await register(request, student, "Student");
  await signIn(page, student, /\/quiz\/student\/quizPool$/);
  await startQuiz(page, quizId);

  // The picture is shown to the student and is the teacher's bytes, read back from disk.
  const picture = page.getByRole("img", { name: "Picture for question 1" });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
  const shown = await request.get((await picture.getAttribute("src"))!);
  expect(shown.status()).toBe(200);
  expect(shown.headers()["content-type"]).toBe("image/png");
  expect(Buffer.compare(await shown.body(), PNG)).toBe(0);

  await answerAndFinish(page, "Deno", "The same handler, on Deno.");

  // The certificate PDF is made in a Web Worker, with the fonts read from node_modules.
  const { text } = await downloadCertificate(page);
  for (const expected of [student.fullname, quizName, "100%"]) expect(text).toContain(expected);

  // The owner e-mails the student; without Postmark the message lands in the local outbox.
  const ownerHeaders = await bearer(request, OWNER);
  await emailThroughOutbox(request, ownerHeaders, { studentName: student.fullname, studentEmail: student.email, subject: `On Deno ${suffix}`, message: "<p>Graded on <strong>Deno</strong>.</p>", quizId });
});

type Schema = { properties?: Record<string, unknown>; $ref?: string };
interface OpenApi {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
}

/** The operations of the published contract, read as api/routes/__tests__/bad-input.test.ts reads them. */
async function contractOperations(request: APIRequestContext) {
  const document = (await (await request.get("/api/openapi.json")).json()) as OpenApi;
  const json: { method: string; path: string; properties: string[] }[] = [];
  const withIds: { method: string; path: string }[] = [];
  for (const [route, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const schema = operation.requestBody?.content?.["application/json"]?.schema;
      if (schema) {
        const resolved = schema.$ref ? document.components.schemas[schema.$ref.split("/").pop()!] : schema;
        json.push({ method: method.toUpperCase(), path: route, properties: Object.keys(resolved?.properties ?? {}) });
      }
      if (route.includes("{")) withIds.push({ method: method.toUpperCase(), path: route });
    }
  }
  return { json, withIds };
}

/**
 * Bad bodies for a JSON operation (the API tests' list): [body, must be refused]. Malformed
 * JSON, an array and null are refused everywhere; wrong types and over-long strings where
 * there are fields to get wrong (a list's filter object whose fields are all optional may take
 * them, ignoring what it does not know): those must just never be a 5xx.
 */
function badBodies(properties: string[]): [string, boolean][] {
  const bodies: [string, boolean][] = [["{not json", true], ["[1,2,3]", true], ["null", true]];
  if (properties.length > 0) {
    bodies.push([JSON.stringify(Object.fromEntries(properties.map((name) => [name, { nested: [1, 2, 3] }]))), false]);
    bodies.push([JSON.stringify(Object.fromEntries(properties.map((name) => [name, "x".repeat(20_000)]))), false]);
  }
  return bodies;
}

test("bad input never makes a 5xx on Deno: malformed and wrong-shaped JSON, bad ids, bodies over the limits", async ({ request }) => {
  test.setTimeout(90_000);
  const ownerHeaders = await bearer(request, OWNER);
  const { json, withIds } = await contractOperations(request);
  expect(json.length).toBeGreaterThan(10);
  expect(withIds.length).toBeGreaterThan(5);

  // Every JSON endpoint, signed in as the owner (the widest reach): 4xx with the error envelope.
  for (const operation of json) {
    for (const [body, mustRefuse] of badBodies(operation.properties)) {
      const response = await request.fetch(`/api${operation.path.replace(/\{[^}]+\}/g, "1")}`, { method: operation.method, headers: { ...ownerHeaders, "content-type": "application/json" }, data: body });
      const context = `${operation.method} ${operation.path} with ${body.slice(0, 24)}`;
      expect(response.status(), context).toBeLessThan(500);
      if (!mustRefuse && response.ok()) continue;
      expect(response.status(), context).toBeGreaterThanOrEqual(400);
      expect(typeof ((await response.json()) as { message?: unknown }).message, context).toBe("string");
    }
  }

  // Ids that are not ids, in every path that takes one.
  for (const operation of withIds) {
    for (const id of ["abc", "-1", "99999999999999999999999", "1.5", "%00", "..%2F..%2Fetc%2Fpasswd"]) {
      const response = await request.fetch(`/api${operation.path.replace(/\{[^}]+\}/g, id)}`, { method: operation.method, headers: ownerHeaders });
      expect(response.status(), `${operation.method} ${operation.path} with ${id}`).toBeLessThan(500);
    }
  }

  // Bodies over the limits are refused before they are read: the API's JSON, a page's form, a
  // file (signed in afresh: a body above may have been a sign-out the API took).
  const uploader = await bearer(request, OWNER);
  const big = JSON.stringify({ email: "a@b.c", password: "y".repeat(2 * 1024 * 1024) });
  const tooLarge = await request.post("/api/auth/login", { headers: { "content-type": "application/json" }, data: big });
  expect(tooLarge.status()).toBe(413);
  expect(await tooLarge.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  const form = await request.post("/quiz/auth/login", { headers: { "content-type": "application/x-www-form-urlencoded" }, data: `email=a%40b.c&password=${"y".repeat(3 * 1024 * 1024)}` });
  expect(form.status()).toBe(413);
  const file = await request.post("/api/files/upload", { headers: uploader, multipart: { file: { name: "huge.png", mimeType: "image/png", buffer: Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]) }, folder: "question-images" } });
  expect(file.status()).toBe(413);

  // A multipart body that is not one, and a file URL with a forged signature.
  const garbled = await request.post("/api/files/upload", { headers: { ...uploader, "content-type": "multipart/form-data; boundary=nothing" }, data: "--nope\r\n\r\n" });
  expect(garbled.status()).toBeGreaterThanOrEqual(400);
  expect(garbled.status()).toBeLessThan(500);
  const forged = await request.get(`/api/files/${encodeURIComponent("question-images/x.png")}?expires=9999999999&signature=${"0".repeat(64)}`);
  expect(forged.status()).toBeGreaterThanOrEqual(400);
  expect(forged.status()).toBeLessThan(500);

  // The server is still well after all of it.
  expect((await request.get("/api/health")).status()).toBe(200);
});

test("a mixed quiz on Deno: one question of every type authored through the API, a student answers each and submits, the essay waits (NeedsGrading), the teacher marks it and the result is Graded", async ({ request }) => {
  const headers = await approvedTeacher(request, newAccount("deno", "mixed", "Dina Deno"));
  const suffix = Date.now().toString(36);
  const quiz = await authorMixedQuiz(request, headers, { category: `Mixed ${suffix}`, course: "Every type" }, `Mixed quiz ${suffix}`);
  const student = newAccount("deno", "mixed-student", "Mia Mixed");
  await register(request, student, "Student");
  const studentHeaders = await bearer(request, student);
  const { takenQuizId, result } = await takeMixedQuiz(request, studentHeaders, quiz);
  const graded = await gradeEssay(request, headers, studentHeaders, { takenQuizId, essayId: quiz.questionIds.essay, mark: 1 });
  // The essay's mark raises the percentage the provisional one showed.
  expect(graded.percentage).toBeGreaterThan(result.percentage);
});

test("a Moodle XML file with an embedded image is imported on Deno: parsed in the Web Worker, the image stored on disk, the rest rejected by number; exported again as QTI through the export worker", async ({ request }) => {
  const headers = await approvedTeacher(request, newAccount("deno", "moodlexml", "Dina Deno"));
  const place = { category: `Moodle ${Date.now().toString(36)}`, course: "Images" };
  expect((await request.post("/api/categoryCourse", { headers, data: place })).status()).toBe(201);
  const xml = readFileSync(path.resolve(import.meta.dirname, "../../api/services/exchange/moodlexml/fixtures/images.xml"));
  const uploaded = await request.post("/api/files/upload", { headers, multipart: { file: { name: "bank.xml", mimeType: "application/xml", buffer: xml }, folder: "csv-uploads" } });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const started = await request.post("/api/moodlexmlquestion", { headers, data: { location: ((await uploaded.json()) as { key: string }).key, ...place } });
  expect(started.status(), await started.text()).toBe(202);
  const { importId } = (await started.json()) as { importId: number };
  const read = async () => (await (await request.get(`/api/questionImports/${importId}`, { headers })).json()) as { status: string; imported: number; rejected: { number: number }[] };
  await expect.poll(async () => (await read()).status, { timeout: 30_000 }).toBe("done");
  const summary = await read();
  expect(summary.imported).toBe(2);
  expect(summary.rejected.map((row) => row.number)).toEqual([3, 4, 5]);
  const stored = readdirSync(path.join(DATA_DIR, "files", "objects", "question-images"), { recursive: true }).map(String);
  expect(stored.filter((name) => name.endsWith("red-square.png"))).toHaveLength(1);

  // The same course out again as a QTI 3.0 package, written in the export Web Worker (ADR 0085, second addendum): two items and the picture.
  const exported = await request.post("/api/question/export", { headers, data: { ...place, format: "qti3" } });
  expect(exported.status(), await exported.text()).toBe(200);
  expect(exported.headers()["x-exported-count"]).toBe("2");
  const files = unzipSync(new Uint8Array(await exported.body()));
  expect(Object.keys(files).filter((name) => name.startsWith("items/"))).toHaveLength(2);
  expect(Object.keys(files).filter((name) => name.startsWith("images/") && name.endsWith("red-square.png"))).toHaveLength(1);
});
