import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { createAttempt, createQuiz, createTenant } from "../../test-support/factories.node";
import { attemptAnswers, quizAttempts } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import { createTestServices } from "../../test-support/test-app.node";
import { writeAnswers } from "./save-answers";

/**
 * The race the pre-checks cannot see: a save whose write lands after the attempt closed
 * (a submit, the deadline) must fail as a whole.
 */
let services: AppServices;
let attemptId: number;
let questionIds: number[];

beforeEach(async () => {
  services = await createTestServices();
  const tenant = await createTenant(services.db);
  const made = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
  questionIds = made.questionIds;
  attemptId = (await createAttempt(services.db, { businessId: tenant.business.id, quizId: made.quiz.id, studentId: tenant.student.id })).id;
});

const row = (questionId: number) => ({ questionId, position: 0, selectedOptionIds: [], answerStatus: "not" as const });

it("a write that lands after the close changes nothing", async () => {
  await services.db.update(quizAttempts).set({ submittedAt: new Date() }).where(eq(quizAttempts.id, attemptId));
  await expect(writeAnswers(services, attemptId, [row(questionIds[0])], new Date())).rejects.toThrow();
  expect(await services.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attemptId))).toEqual([]);
  const [attempt] = await services.db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
  expect([attempt.rating, attempt.answersVersion]).toEqual([0, 0]);
});

it("a write past the deadline and its grace changes nothing", async () => {
  await services.db.update(quizAttempts).set({ deadlineAt: new Date(Date.now() - 31_000) }).where(eq(quizAttempts.id, attemptId));
  await expect(writeAnswers(services, attemptId, [row(questionIds[0])], new Date())).rejects.toThrow();
  await services.db.update(quizAttempts).set({ deadlineAt: new Date(Date.now() - 29_000) }).where(eq(quizAttempts.id, attemptId));
  await writeAnswers(services, attemptId, [row(questionIds[0])], new Date());
});
