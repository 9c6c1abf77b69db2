import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { createAttempt, createQuiz, createTenant } from "../../test-support/factories.node";
import { attemptAnswers, quizAttempts } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import { callerOf, createTestServices } from "../../test-support/test-app.node";
import type { Caller } from "../core/caller";
import { loadOwnAttempt } from "./own-attempt";
import { writeAnswers } from "./save-answers";

/**
 * The race the pre-checks cannot see: a save whose write lands after the attempt closed
 * (a submit, the deadline) must fail as a whole, with the 409 that says why.
 */
let services: AppServices;
let attemptId: number;
let questionIds: number[];
let caller: Caller;

beforeEach(async () => {
  services = await createTestServices();
  const tenant = await createTenant(services.db);
  const made = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
  questionIds = made.questionIds;
  caller = callerOf(tenant.student);
  attemptId = (await createAttempt(services.db, { businessId: tenant.business.id, quizId: made.quiz.id, studentId: tenant.student.id })).id;
});

const row = (questionId: number) => ({ questionId, position: 0, selectedOptionIds: [], answerStatus: "not" as const });

it("a write that lands after the close changes nothing", async () => {
  const open = await loadOwnAttempt(services, caller, attemptId);
  await services.db.update(quizAttempts).set({ submittedAt: new Date() }).where(eq(quizAttempts.id, attemptId));
  await expect(writeAnswers(services, caller, open, [row(questionIds[0])], new Date())).rejects.toMatchObject({ status: 409, code: "ATTEMPT_SUBMITTED" });
  expect(await services.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attemptId))).toEqual([]);
  const [attempt] = await services.db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
  expect([attempt.rating, attempt.answersVersion]).toEqual([0, 0]);
});

it("a write past the deadline and its grace changes nothing; within the grace it is stored", async () => {
  const late = await loadOwnAttempt(services, caller, attemptId);
  await services.db.update(quizAttempts).set({ deadlineAt: new Date(Date.now() - 31_000) }).where(eq(quizAttempts.id, attemptId));
  await expect(writeAnswers(services, caller, late, [row(questionIds[0])], new Date())).rejects.toMatchObject({ status: 409, code: "DEADLINE_PASSED" });
  expect(await services.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attemptId))).toEqual([]);

  const { quizId, businessId, studentId } = late as unknown as { quizId: number; businessId: number; studentId: number };
  const inGraceId = (await createAttempt(services.db, { businessId, quizId, studentId, attemptNumber: 2 })).id;
  await services.db.update(quizAttempts).set({ deadlineAt: new Date(Date.now() - 29_000) }).where(eq(quizAttempts.id, inGraceId));
  await writeAnswers(services, caller, await loadOwnAttempt(services, caller, inGraceId), [row(questionIds[0])], new Date());
  expect((await services.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, inGraceId))).map((a) => a.questionId)).toEqual([questionIds[0]]);
});
