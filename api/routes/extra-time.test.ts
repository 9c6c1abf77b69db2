import { beforeEach, describe, expect, it } from "vitest";
import { createQuiz, createUser } from "../test-support/factories.node";
import type { AppServices } from "../services/core/app-services";
import { EXTRA_TIME_MESSAGES } from "../services/extra-time/schemas";
import { createTestBed, type Tenant, type TestBed } from "../test-support/test-bed.node";

/** decisions.md "Extra time": set by the quiz's teacher or the owner, applied by startQuiz on the server. */
let services: AppServices;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 23, 9, 0, 0);
  ({ services, tenant, other, post } = await createTestBed("Extra Time School", { now: () => new Date(clock) }));
});

const quizOf = (fields: Partial<Parameters<typeof createQuiz>[1]> = {}) =>
  createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionCount: 4, ...fields }).then((made) => made.quiz);

describe("POST /quiz/extraTime", () => {
  it("stretches the quiz timer of the student's next start, and factor 1 takes it away", async () => {
    const quiz = await quizOf({ time: 10, attemptsAllowed: 3 });
    const set = await post(tenant.teacher, "/quiz/extraTime", { quizId: quiz.id, userId: tenant.student.id, factor: 1.5 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ message: EXTRA_TIME_MESSAGES.saved, code: "EXTRA_TIME_SAVED", entity: { userId: tenant.student.id, fullname: tenant.student.fullname, email: tenant.student.email, factor: 1.5 } });
    const started = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(started.body.deadlineAt).toBe(clock + 15 * 60_000);
    await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: started.body.takenQuizId });

    const removed = await post(tenant.owner, "/quiz/extraTime", { quizId: quiz.id, userId: tenant.student.id, factor: 1 });
    expect([removed.body.message, removed.body.code]).toEqual([EXTRA_TIME_MESSAGES.removed, "EXTRA_TIME_REMOVED"]);
    expect((await post(tenant.teacher, "/quiz/extraTime/list", { quizId: quiz.id })).body).toEqual({ totalCount: 0, entities: [] });
    const again = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(again.body.deadlineAt).toBe(clock + 10 * 60_000);
  });

  it("stretches each question's time when the quiz is timed per question", async () => {
    const quiz = await quizOf({ time: 1, quizTimeType: "Question" });
    await post(tenant.teacher, "/quiz/extraTime", { quizId: quiz.id, userId: tenant.student.id, factor: 2 });
    const started = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(started.body.questionTime).toBe(120);
    expect(started.body.deadlineAt).toBe(clock + 4 * 120_000);
  });

  it("lists the students given extra time, by name", async () => {
    const quiz = await quizOf();
    const second = await createUser(services.db, { businessId: tenant.business.id, userType: "Student", fullname: "Aaron First" });
    await post(tenant.teacher, "/quiz/extraTime", { quizId: quiz.id, userId: tenant.student.id, factor: 1.25 });
    await post(tenant.teacher, "/quiz/extraTime", { quizId: quiz.id, userId: second.id, factor: "2" });
    await post(tenant.teacher, "/quiz/extraTime", { quizId: quiz.id, userId: second.id, factor: 2.5 });
    const list = await post(tenant.owner, "/quiz/extraTime/list", { quizId: quiz.id });
    expect(list.body.totalCount).toBe(2);
    expect(list.body.entities.map((e: { fullname: string; factor: number }) => [e.fullname, e.factor])).toEqual([
      ["Aaron First", 2.5],
      [tenant.student.fullname, 1.25],
    ]);
  });

  it("refuses a factor outside 1 to 3, another teacher, a student and other schools' ids, changing nothing", async () => {
    const quiz = await quizOf();
    for (const factor of [0.5, 3.5, "lots", null]) {
      const res = await post(tenant.teacher, "/quiz/extraTime", { quizId: quiz.id, userId: tenant.student.id, factor });
      expect([res.status, res.body.message], String(factor)).toEqual([400, EXTRA_TIME_MESSAGES.factorRange]);
      expect(res.body.errorCodes?.factor, String(factor)).toBe("EXTRA_TIME_FACTOR_RANGE");
    }
    const colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });
    expect((await post(colleague, "/quiz/extraTime", { quizId: quiz.id, userId: tenant.student.id, factor: 2 })).status).toBe(403);
    expect((await post(tenant.student, "/quiz/extraTime", { quizId: quiz.id, userId: tenant.student.id, factor: 2 })).status).toBe(403);
    expect((await post(tenant.teacher, "/quiz/extraTime", { quizId: quiz.id, userId: other.student.id, factor: 2 })).status).toBe(404);
    expect((await post(tenant.teacher, "/quiz/extraTime", { quizId: quiz.id, userId: tenant.teacher.id, factor: 2 })).status).toBe(404);
    expect((await post(other.owner, "/quiz/extraTime", { quizId: quiz.id, userId: other.student.id, factor: 2 })).status).toBe(404);
    expect((await post(other.owner, "/quiz/extraTime/list", { quizId: quiz.id })).status).toBe(404);
    expect((await post(tenant.student, "/quiz/extraTime/list", { quizId: quiz.id })).status).toBe(403);
    expect((await post(tenant.teacher, "/quiz/extraTime/list", { quizId: quiz.id })).body.totalCount).toBe(0);
  });
});

describe("extra time given during the exam", () => {
  it("stretches the running attempt from its own start, and autosave tells the browser the new deadline", async () => {
    const quiz = await quizOf({ time: 10 });
    const started = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const startedAt = started.body.startedAt;
    clock += 4 * 60_000;
    await post(tenant.teacher, "/quiz/extraTime", { quizId: quiz.id, userId: tenant.student.id, factor: 2 });
    const saved = await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: started.body.takenQuizId, answers: [] });
    expect(saved.body.deadlineAt).toBe(startedAt + 20 * 60_000);
    clock += 12 * 60_000; // 16 minutes in: past the old deadline, inside the new one
    const resumed = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect([resumed.body.takenQuizId, resumed.body.deadlineAt]).toEqual([started.body.takenQuizId, startedAt + 20 * 60_000]);
  });

  it("never revives an attempt already past its deadline", async () => {
    const quiz = await quizOf({ time: 10 });
    const started = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    clock += 11 * 60_000;
    await post(tenant.teacher, "/quiz/extraTime", { quizId: quiz.id, userId: tenant.student.id, factor: 3 });
    const late = await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: started.body.takenQuizId, answers: [] });
    expect(late.status).toBe(409);
  });
});
