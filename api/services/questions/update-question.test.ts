import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createAttempt, createQuestion, createQuiz, createTenant } from "../../test-support/factories.node";
import { questionOptions, questions } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import { createTestServices } from "../../test-support/test-app.node";
import { takenGuard } from "./update-question";

let services: AppServices;
let tenant: Awaited<ReturnType<typeof createTenant>>;

beforeEach(async () => {
  services = await createTestServices();
  tenant = await createTenant(services.db);
});

describe("the taken-quiz guard of an update's batch", () => {
  const rename = (id: number) => services.db.update(questions).set({ questionText: "Renamed?" }).where(eq(questions.id, id));
  const textOf = async (id: number) => (await services.db.select({ text: questions.questionText }).from(questions).where(eq(questions.id, id)))[0].text;

  it("lets the batch through for a question no taken quiz uses", async () => {
    const { question } = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
    await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: [question.id] });
    await services.db.batch([takenGuard(services, question.id), rename(question.id)]);
    expect(await textOf(question.id)).toBe("Renamed?");
  });

  it("rolls the whole batch back once a quiz using the question has an attempt (a student started in between)", async () => {
    const { question } = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionText: "Original?" });
    const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: [question.id] });
    await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId: tenant.student.id });
    await expect(services.db.batch([takenGuard(services, question.id), rename(question.id)])).rejects.toThrow();
    expect(await textOf(question.id)).toBe("Original?");
    expect(await services.db.select().from(questionOptions).where(eq(questionOptions.questionId, question.id))).toHaveLength(4);
  });

  it("rolls back for a question without options too (the types keyed by answerKey: nothing to update, so it inserts)", async () => {
    const { question } = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionText: "Original?" });
    await services.db.delete(questionOptions).where(eq(questionOptions.questionId, question.id));
    await services.db.update(questions).set({ optionType: "essay", answerKey: { graderInfo: "", responseTemplate: "" } }).where(eq(questions.id, question.id));
    const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: [question.id] });
    await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId: tenant.student.id });
    await expect(services.db.batch([takenGuard(services, question.id), rename(question.id)])).rejects.toThrow();
    expect(await textOf(question.id)).toBe("Original?");
    expect(await services.db.select().from(questionOptions).where(eq(questionOptions.questionId, question.id))).toEqual([]);
  });
});
