import { beforeEach, describe, expect, it } from "vitest";
import type { AppServices } from "../core/app-services";
import { createAttempt, createQuiz, createTenant, createUser } from "../../test-support/factories.node";
import { callerOf, createTestServices } from "../../test-support/test-app.node";
import { readEmailRecipient } from "./email-recipient";

let services: AppServices;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;

beforeEach(async () => {
  services = await createTestServices();
  tenant = await createTenant(services.db, "Dialog School");
  other = await createTenant(services.db, "Other School");
});

async function attemptOf(t: typeof tenant) {
  const { quiz } = await createQuiz(services.db, { businessId: t.business.id, teacherId: t.teacher.id, quizName: "Rivers" });
  const attempt = await createAttempt(services.db, { businessId: t.business.id, quizId: quiz.id, studentId: t.student.id, submittedAt: new Date() });
  return { quiz, attempt };
}

/** The status the API and the page would answer (a schema failure is a 400, api/errors.ts). */
const status = (work: Promise<unknown>) => work.then(() => 200, (error: { status?: number; name?: string }) => error.status ?? (error.name === "ZodError" ? 400 : 500));

describe("readEmailRecipient (the e-mail dialog's loader and action)", () => {
  it("from the stats: the attempt's student for the quiz's teacher and the owner", async () => {
    const { quiz, attempt } = await attemptOf(tenant);
    const recipient = await readEmailRecipient(services, callerOf(tenant.teacher), { takenQuizId: String(attempt.id), quizId: String(quiz.id) });
    expect(recipient).toEqual({ takenQuizId: attempt.id, studentName: tenant.student.fullname, studentEmail: tenant.student.email, quizId: quiz.id, quizName: "Rivers" });
    expect(await status(readEmailRecipient(services, callerOf(tenant.owner), { takenQuizId: attempt.id, quizId: quiz.id }))).toBe(200);
  });

  it("from the stats: another teacher 403, a student 403, another quiz's or business's attempt 404, a bad id 400", async () => {
    const { quiz, attempt } = await attemptOf(tenant);
    const foreign = await attemptOf(other);
    const colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });
    expect(await status(readEmailRecipient(services, callerOf(colleague), { takenQuizId: attempt.id, quizId: quiz.id }))).toBe(403);
    expect(await status(readEmailRecipient(services, callerOf(tenant.student), { takenQuizId: attempt.id, quizId: quiz.id }))).toBe(403);
    expect(await status(readEmailRecipient(services, callerOf(tenant.teacher), { takenQuizId: attempt.id, quizId: quiz.id + 1000 }))).toBe(404);
    expect(await status(readEmailRecipient(services, callerOf(tenant.teacher), { takenQuizId: foreign.attempt.id, quizId: foreign.quiz.id }))).toBe(404);
    expect(await status(readEmailRecipient(services, callerOf(tenant.teacher), { takenQuizId: "abc", quizId: quiz.id }))).toBe(400);
  });

  it("from a board: the owner (quiz id -1), not while acting as a Student, not a teacher; another business's attempt 404", async () => {
    const { attempt } = await attemptOf(tenant);
    const foreign = await attemptOf(other);
    const owner = callerOf(tenant.owner);
    expect((await readEmailRecipient(services, owner, { takenQuizId: attempt.id })).quizId).toBe(-1);
    expect(await status(readEmailRecipient(services, { ...owner, userType: "Student" }, { takenQuizId: attempt.id }))).toBe(403);
    expect(await status(readEmailRecipient(services, callerOf(tenant.teacher), { takenQuizId: attempt.id }))).toBe(403);
    expect(await status(readEmailRecipient(services, owner, { takenQuizId: foreign.attempt.id }))).toBe(404);
  });
});
