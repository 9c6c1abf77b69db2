/**
 * Every error the API sends carries a stable `code` (docs/decisions/0034-error-codes.md),
 * triggered here through real endpoints, and the OpenAPI document lists every code.
 */
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { adminSettings } from "../../db/schema";
import { beforeEach, describe, expect, it } from "vitest";
import { createQuestion, createQuiz } from "../test-support/factories.node";
import type { AppServices } from "../services/core/app-services";
import { ERROR_CODES } from "../services/core/errors";
import { MESSAGE_CODE_NAMES } from "../services/message-codes";
import { toErrorResponse } from "../errors";
import { ATTEMPT_MESSAGES, DEADLINE_GRACE_MS } from "../services/attempts/schemas";
import { QUIZ_PASSWORD_LIMITS } from "../services/attempts/quiz-password";
import { createTestBed, type JsonAnswer, type Tenant, type TestApi, type TestBed } from "../test-support/test-bed.node";

let services: AppServices;
let app: TestApi;
let tenant: Tenant;
let post: TestBed["post"];
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 27, 9, 0, 0);
  ({ services, app, tenant, post } = await createTestBed("Code School", { now: () => new Date(clock) }));
});

async function quiz(fields: Partial<Parameters<typeof createQuiz>[1]> = {}) {
  const { question } = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, options: [["A", true], ["B", false]] });
  return (await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: [question.id], ...fields })).quiz;
}

/** The answer's status and code, and the envelope's message is still there. */
function coded(answer: JsonAnswer): [number, string] {
  expect(typeof answer.body.message, JSON.stringify(answer.body)).toBe("string");
  return [answer.status, answer.body.code];
}

async function raw(path: string, init: RequestInit): Promise<JsonAnswer> {
  const res = await app.request(path, init);
  return { status: res.status, body: await res.json() };
}

describe("error codes", () => {
  it("400 VALIDATION: a schema failure, a service's Invalid and malformed JSON", async () => {
    expect(coded(await post(tenant.student, "/takeQuiz/startQuiz", { quizId: "1" }))).toEqual([400, "VALIDATION"]);
    // A text with a code of its own is sent with that code instead (api/services/message-codes.ts, ADR 0055).
    expect(coded(await post(tenant.teacher, "/categoryCourse", { category: "", course: "" }))).toEqual([400, "CATEGORY_REQUIRED"]);
    expect(coded(await post(tenant.student, "/takeQuiz/startQuiz", "{not json"))).toEqual([400, "VALIDATION"]);
  });

  it("401 UNAUTHENTICATED without a session; 403 FORBIDDEN for the wrong user", async () => {
    expect(coded(await post(null, "/categoryCourse", { category: "Science", course: "Physics" }))).toEqual([401, "UNAUTHENTICATED"]);
    expect(coded(await post(tenant.student, "/categoryCourse", { category: "Science", course: "Physics" }))).toEqual([403, "FORBIDDEN"]);
  });

  it("404 NOT_FOUND for an unknown id and an unknown endpoint", async () => {
    expect(coded(await post(tenant.student, "/takeQuiz/startQuiz", { quizId: 999_999 }))).toEqual([404, "NOT_FOUND"]);
    expect(coded(await post(tenant.student, "/no/such/endpoint", {}))).toEqual([404, "NOT_FOUND"]);
  });

  it("409 CONFLICT for existing data (or the text's own code where it has one)", async () => {
    const account = { email: "twice@example.com", fullname: "Twice", username: "twice", password: "Planet-orbit-meadow-4417", userType: "Student" };
    expect((await post(null, "/auth/register", account)).status).toBe(201);
    expect(coded(await post(null, "/auth/register", { ...account, username: "twice2" }))).toEqual([409, "EMAIL_TAKEN"]);
    await post(tenant.teacher, "/categoryCourse", { category: "Science", course: "Physics" });
    expect(coded(await post(tenant.teacher, "/categoryCourse", { category: "Science", course: "Physics" }))).toEqual([409, "CATEGORY_COURSE_EXISTS"]);
  });

  it("413 PAYLOAD_TOO_LARGE and 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    const big = JSON.stringify({ email: "a@b.co", password: "y".repeat(2 * 1024 * 1024) });
    expect(coded(await raw("/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: big }))).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    const form = await raw("/auth/register", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "email=a@b.co" });
    expect(coded(form)).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
  });

  it("the quiz password: QUIZ_PASSWORD_REQUIRED, QUIZ_PASSWORD_INVALID, then 429 RATE_LIMITED; the right one starts", async () => {
    const locked = await quiz({ password: "Open sesame" });
    const open = await quiz({ password: "Open sesame" });
    expect((await post(tenant.student, "/takeQuiz/startQuiz", { quizId: open.id, password: "Open sesame" })).status).toBe(200);
    expect(coded(await post(tenant.student, "/takeQuiz/startQuiz", { quizId: locked.id }))).toEqual([400, "QUIZ_PASSWORD_REQUIRED"]);
    for (let i = 0; i < QUIZ_PASSWORD_LIMITS.perStudentQuiz; i++) {
      expect(coded(await post(tenant.student, "/takeQuiz/startQuiz", { quizId: locked.id, password: "wrong" }))).toEqual([400, "QUIZ_PASSWORD_INVALID"]);
    }
    expect(coded(await post(tenant.student, "/takeQuiz/startQuiz", { quizId: locked.id, password: "Open sesame" }))).toEqual([429, "RATE_LIMITED"]);
  });

  it("ATTEMPT_LIMIT when every attempt is used; the first attempt starts", async () => {
    const once = await quiz({ attemptsAllowed: 1 });
    const started = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: once.id });
    expect(started.status).toBe(200);
    await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: started.body.takenQuizId });
    const again = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: once.id });
    expect(coded(again)).toEqual([409, "ATTEMPT_LIMIT"]);
    expect(again.body.message).toBe(ATTEMPT_MESSAGES.attemptLimit);
  });

  it("QUIZ_NOT_OPEN outside a quiz's dates, PREMIUM_REQUIRED for a premium quiz without a subscription", async () => {
    const nowSeconds = Math.floor(clock / 1000);
    const later = await quiz({ status: "DateRange", startTimestamp: nowSeconds + 3600, endTimestamp: nowSeconds + 7200 });
    expect(coded(await post(tenant.student, "/takeQuiz/startQuiz", { quizId: later.id }))).toEqual([403, "QUIZ_NOT_OPEN"]);
    const premium = await quiz({ isPremium: true });
    await services.db.update(adminSettings).set({ enableSubscription: true }).where(eq(adminSettings.businessId, tenant.business.id));
    expect(coded(await post(tenant.student, "/takeQuiz/startQuiz", { quizId: premium.id }))).toEqual([403, "PREMIUM_REQUIRED"]);
  });

  it("DEADLINE_PASSED after the deadline and its grace (saved before it); ATTEMPT_SUBMITTED after submitting", async () => {
    const timed = await quiz({ time: 1, attemptsAllowed: 2 });
    const { body } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: timed.id });
    expect((await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: body.takenQuizId, answers: [] })).status).toBe(200);
    clock += 60_000 + DEADLINE_GRACE_MS + 1;
    expect(coded(await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: body.takenQuizId, answers: [] }))).toEqual([409, "DEADLINE_PASSED"]);

    const next = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: timed.id });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: next.body.takenQuizId });
    expect(coded(await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: next.body.takenQuizId, answers: [] }))).toEqual([409, "ATTEMPT_SUBMITTED"]);
  });

  it("500 INTERNAL for an unexpected fault, without its details", async () => {
    const broken = new Hono().onError(toErrorResponse).get("/", () => {
      throw new Error("database password is hunter2");
    });
    const original = console.error;
    console.error = () => {};
    try {
      const res = await broken.request("/");
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: "Something wrong!", code: "INTERNAL" });
    } finally {
      console.error = original;
    }
  });

  it("the OpenAPI document lists every code on the one error envelope", async () => {
    const document = await (await app.request("/openapi.json")).json();
    const envelope = document.components.schemas.ErrorEnvelope;
    expect(envelope.required).toEqual(expect.arrayContaining(["message", "code"]));
    // The general and narrower codes, then the codes of the services' texts (api/routes/message-codes.test.ts).
    expect(envelope.properties.code.enum).toEqual([...ERROR_CODES, ...MESSAGE_CODE_NAMES]);
    for (const code of ERROR_CODES) expect(envelope.properties.code.description).toContain(code);
  });
});
