import { beforeEach, describe, expect, it } from "vitest";
import { createQuestion, createQuiz, createUser } from "../test-support/factories.node";
import { loginThrottle } from "../../db/schema/auth";
import type { User } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { CLIENT_ADDRESS_HEADER } from "../services/auth/client-address";
import { checkQuizPassword } from "../services/attempts/describe-quiz";
import { QUIZ_PASSWORD_LIMITS, quizPasswordKeys } from "../services/attempts/quiz-password";
import { ATTEMPT_MESSAGES } from "../services/attempts/schemas";
import { bearer, callerOf } from "../test-support/test-app.node";
import { createTestBed, type Tenant, type TestApi } from "../test-support/test-bed.node";

/** Issue 14 point 5 (ADR 0031): quiz passwords cannot be guessed at speed. */
let services: AppServices;
let app: TestApi;
let tenant: Tenant;
let clock: number;
const PASSWORD = "Blue-heron-42";
const WAIT = /^Too many wrong passwords for this quiz\. Please try again in \d+ minutes?\.$/;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 23, 9, 0, 0);
  ({ services, app, tenant } = await createTestBed("Password School", { now: () => new Date(clock) }));
});

async function passwordQuiz() {
  const { question } = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
  return (await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: [question.id], password: PASSWORD })).quiz;
}

/** startQuiz as `who` from client address `address` (the runtime entry stamps it; ADR 0009). */
async function startFrom(who: User, address: string, quizId: number, password: string) {
  const headers = { "content-type": "application/json", [CLIENT_ADDRESS_HEADER]: address, ...(await bearer(services, who)) };
  const res = await app.request("/takeQuiz/startQuiz", { method: "POST", headers, body: JSON.stringify({ quizId, password }) });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
}

describe("quiz passwords", () => {
  it("lock a student out of one quiz after 10 wrong ones: 200 guesses end in a wait, not in the password", async () => {
    const quiz = await passwordQuiz();
    const answers = [];
    for (let i = 0; i < 200; i++) answers.push(await startFrom(tenant.student, "203.0.113.7", quiz.id, `guess-${i}`));
    const invalid = answers.filter((a) => a.status === 400);
    expect(invalid).toHaveLength(QUIZ_PASSWORD_LIMITS.perStudentQuiz);
    for (const a of invalid) expect([a.body.message, a.body.errors?.password]).toEqual([ATTEMPT_MESSAGES.passwordInvalid, ATTEMPT_MESSAGES.passwordInvalid]);
    const locked = answers.slice(QUIZ_PASSWORD_LIMITS.perStudentQuiz);
    expect(locked.every((a) => a.status === 429 && WAIT.test(a.body.message))).toBe(true);
    expect(locked[0].retryAfter).toBe(String(15 * 60));
    expect(locked[0].body.message).toBe("Too many wrong passwords for this quiz. Please try again in 15 minutes.");

    // Locked means the right password too; another student of the same class is not locked.
    expect((await startFrom(tenant.student, "203.0.113.7", quiz.id, PASSWORD)).status).toBe(429);
    const classmate = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    expect((await startFrom(classmate, "203.0.113.7", quiz.id, PASSWORD)).status).toBe(200);
    // Another quiz of the same student is not locked either.
    expect((await startFrom(tenant.student, "203.0.113.7", (await passwordQuiz()).id, "wrong")).body.message).toBe(ATTEMPT_MESSAGES.passwordInvalid);

    // After the lock's 15 minutes the right password opens the quiz.
    clock += 15 * 60_000 + 1;
    expect((await startFrom(tenant.student, "203.0.113.7", quiz.id, PASSWORD)).status).toBe(200);
  });

  it("take the right password before the lock, which clears the count; an empty one is not a guess", async () => {
    const quiz = await passwordQuiz();
    for (let i = 0; i < QUIZ_PASSWORD_LIMITS.perStudentQuiz - 1; i++) expect((await startFrom(tenant.student, "203.0.113.7", quiz.id, "typo")).status).toBe(400);
    for (let i = 0; i < 20; i++) expect((await startFrom(tenant.student, "203.0.113.7", quiz.id, "")).body.message).toBe(ATTEMPT_MESSAGES.passwordRequired);
    expect((await startFrom(tenant.student, "203.0.113.7", quiz.id, PASSWORD)).status).toBe(200);
    const counters = await services.db.select().from(loginThrottle);
    expect(counters.map((row) => row.key)).toEqual([quizPasswordKeys(callerOf(tenant.student), quiz.id, "203.0.113.7").address]);
  });

  it("are counted per client address too, with a ceiling a school behind one address does not reach", async () => {
    const quiz = await passwordQuiz();
    const keys = quizPasswordKeys(callerOf(tenant.student), quiz.id, "198.51.100.9");
    // One host has spent all but one of its wrong passwords, over many accounts.
    await services.db.insert(loginThrottle).values({ key: keys.address, failures: QUIZ_PASSWORD_LIMITS.perAddress - 1, windowStartedAt: new Date(clock - 60_000) });
    expect((await startFrom(tenant.student, "198.51.100.9", quiz.id, "wrong")).body.message).toBe(ATTEMPT_MESSAGES.passwordInvalid);
    const classmate = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    const fromThere = await startFrom(classmate, "198.51.100.9", quiz.id, PASSWORD);
    expect([fromThere.status, WAIT.test(fromThere.body.message)]).toEqual([429, true]);
    expect((await startFrom(classmate, "192.0.2.44", quiz.id, PASSWORD)).status).toBe(200);
  });

  it("share one count between the take page's password step and startQuiz", async () => {
    const quiz = await passwordQuiz();
    const caller = callerOf(tenant.student);
    for (let i = 0; i < QUIZ_PASSWORD_LIMITS.perStudentQuiz; i++) {
      await expect(checkQuizPassword(services, caller, { quizId: quiz.id, password: `guess-${i}` }, { clientAddress: "203.0.113.7" })).rejects.toMatchObject({ status: 400, message: ATTEMPT_MESSAGES.passwordInvalid });
    }
    await expect(checkQuizPassword(services, caller, { quizId: quiz.id, password: PASSWORD }, { clientAddress: "203.0.113.7" })).rejects.toMatchObject({ status: 429, retryAfterSeconds: 900 });
    expect((await startFrom(tenant.student, "203.0.113.7", quiz.id, PASSWORD)).status).toBe(429);
  });
});
