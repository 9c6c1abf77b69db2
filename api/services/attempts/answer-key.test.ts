import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createQuestion, createQuiz, createTenant } from "../../test-support/factories.node";
import { questionOptions, quizzes } from "../../../db/schema";
import { createTestServices } from "../../test-support/test-app.node";
import { loadAnswerKey, loadKeyOfQuestions } from "./answer-key";

/** The answer key of a taken quiz: its questions' part kept per quiz and handle, its settings read every time. */
describe("loadAnswerKey", () => {
  it("keeps the questions' part of a quiz (fixed once taken) and reads the quiz's settings fresh", async () => {
    const services = await createTestServices();
    const tenant = await createTenant(services.db, "Key School");
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, options: [["A", false], ["B", true]] }));
    const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: made.map((m) => m.question.id), time: 5 });

    const first = await loadAnswerKey(services, quiz.id);
    expect(first.keys.map((key) => key.id)).toEqual(made.map((m) => m.question.id));
    expect(first.keys.map((key) => key.correctOptionIds)).toEqual(made.map((m) => [m.options[1].id]));
    expect(first.rule.negativeMarking).toBe(false);

    // Only a forged write could change a taken quiz's options; the kept key shows it is read once.
    await services.db.update(questionOptions).set({ isCorrect: true }).where(eq(questionOptions.questionId, made[0].question.id));
    // The settings stay editable on a taken quiz and are read every time.
    await services.db.update(quizzes).set({ negativeMarking: true, consecutiveWrongAnswersForNegativeMarking: 2, quizTimeType: "Question" }).where(eq(quizzes.id, quiz.id));
    const again = await loadAnswerKey(services, quiz.id);
    expect(again.keys[0].correctOptionIds).toEqual([made[0].options[1].id]);
    expect(again.rule).toEqual({ negativeMarking: true, consecutiveWrongAnswersForNegativeMarking: 2 });

    // Only the questions asked for, in quiz order; one that is not in the quiz is simply absent.
    const some = await loadKeyOfQuestions(services, quiz.id, [made[2].question.id, made[0].question.id, 999_999]);
    expect(some.keys.map((key) => key.id)).toEqual([made[0].question.id, made[2].question.id]);
    expect([...some.optionsOf.keys()].sort()).toEqual([made[0].question.id, made[2].question.id].sort());
    expect(some.positionOf.has(999_999)).toBe(false);
  });

  it("keeps nothing across databases: the same quiz id in another database is read from that database", async () => {
    const one = await createTestServices();
    const other = await createTestServices();
    for (const [services, right] of [
      [one, 1],
      [other, 0],
    ] as const) {
      const tenant = await createTenant(services.db, "Twin School");
      const made = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, options: [["A", right === 0], ["B", right === 1]] });
      await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: [made.question.id], time: 5 });
    }
    const [fromOne, fromOther] = [await loadAnswerKey(one, 1), await loadAnswerKey(other, 1)];
    expect(fromOne.keys[0].correctOptionIds).not.toEqual(fromOther.keys[0].correctOptionIds);
  });
});
