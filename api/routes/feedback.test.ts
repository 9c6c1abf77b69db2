import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createAttempt, createQuestion, createQuiz, createTenant, createUser } from "../test-support/factories.node";
import { questionFeedback } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES } from "../services/feedback/send-question-feedback";
import { bearer, createTestApi, createTestServices } from "../test-support/test-app.node";

let services: AppServices;
let app: ReturnType<typeof createTestApi>;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;

beforeEach(async () => {
  services = await createTestServices();
  app = createTestApi(services);
  tenant = await createTenant(services.db, "Feedback School");
  other = await createTenant(services.db, "Other School");
});

async function send(who: Parameters<typeof bearer>[1], body: unknown) {
  const res = await app.request("/feedback/sendQuestionFeedback", { method: "POST", headers: { "content-type": "application/json", ...(await bearer(services, who)) }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { message: string; feedbackId?: number } };
}

describe("POST /feedback/sendQuestionFeedback", () => {
  it("takes a student's feedback on a question of a quiz they took: 'Feedback submitted'", async () => {
    const { quiz, questionIds } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
    await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId: tenant.student.id });
    const sent = await send(tenant.student, { questionId: questionIds[0], feedbackText: "  Option B reads ambiguously.  " });
    expect(sent).toMatchObject({ status: 200, body: { message: FEEDBACK_MESSAGES.submitted } });
    const [row] = await services.db.select().from(questionFeedback).where(eq(questionFeedback.id, sent.body.feedbackId!));
    expect(row).toMatchObject({ questionId: questionIds[0], studentId: tenant.student.id, feedbackText: "Option B reads ambiguously.", status: "Pending" });
  });

  it("refuses empty or over-long text, questions the student never met, other businesses and non-students, storing nothing", async () => {
    const { quiz, questionIds } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
    await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId: tenant.student.id });
    const unmet = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
    expect((await send(tenant.student, { questionId: questionIds[0], feedbackText: "   " })).body).toMatchObject({ message: FEEDBACK_MESSAGES.textRequired, code: "FEEDBACK_TEXT_REQUIRED", errorCodes: { feedbackText: "FEEDBACK_TEXT_REQUIRED" } });
    expect((await send(tenant.student, { questionId: questionIds[0], feedbackText: "x".repeat(2001) })).status).toBe(400);
    expect((await send(tenant.student, { questionId: "1", feedbackText: "Hi" })).status).toBe(400);
    expect((await send(tenant.student, { questionId: unmet.question.id, feedbackText: "Hi" })).status).toBe(404);
    expect((await send(other.student, { questionId: questionIds[0], feedbackText: "Hi" })).status).toBe(404);
    expect((await send(tenant.teacher, { questionId: questionIds[0], feedbackText: "Hi" })).status).toBe(403);
    expect(await services.db.select().from(questionFeedback)).toEqual([]);
  });

  it("refuses a script's burst after 20 in ten minutes with a 429 and Retry-After; another student and later feedback are fine (issue 14 point 6)", async () => {
    const { quiz, questionIds } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
    await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId: tenant.student.id });
    const headers = { "content-type": "application/json", ...(await bearer(services, tenant.student)) };
    const post = () => app.request("/feedback/sendQuestionFeedback", { method: "POST", headers, body: JSON.stringify({ questionId: questionIds[0], feedbackText: "Again" }) });
    // The attack was 300 in 12 s, in parallel.
    const answers = await Promise.all(Array.from({ length: 60 }, post));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(FEEDBACK_LIMITS.perTenMinutes);
    const refused = answers.find((res) => res.status === 429)!;
    expect((await refused.json()).message).toMatch(/^You have sent a lot of feedback\. Please try again in (10|9) minutes\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(await services.db.select().from(questionFeedback)).toHaveLength(FEEDBACK_LIMITS.perTenMinutes);

    // Another student of the quiz is not held back by this one.
    const classmate = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId: classmate.id });
    expect((await send(classmate, { questionId: questionIds[0], feedbackText: "Hi" })).status).toBe(200);
    // Ten minutes later the student may write again.
    const later = new Date(Date.now() + 10 * 60 * 1000 + 1000);
    services.now = () => later;
    expect((await post()).status).toBe(200);
  });
});
