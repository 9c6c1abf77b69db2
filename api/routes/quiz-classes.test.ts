import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { quizAttempts } from "../../db/schema";
import { describeQuizForStudent } from "../services/attempts/describe-quiz";
import { closeExpiredAttempts } from "../services/attempts/close-expired";
import { createUser } from "../test-support/factories.node";
import { callerOf } from "../test-support/test-app.node";
import { HOUR, NOW, quizClassBed, seconds, type Student } from "../test-support/quiz-class-bed.node";
import type { Who } from "../test-support/test-bed.node";

/** decisions.md "A quiz set for classes" (issue 27 point 2, ADR 0079): each rule, through the API. */
const { bed, clock, newStudent, quizOf, start, finish } = quizClassBed("Class Quiz School");
const { post } = bed;

async function makeClass(who: Who, name: string, students: Student[] = []) {
  const made = await post(who, "/classes", { name });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  if (students.length) expect((await post(who, "/classes/members", { classId: made.body.entity.id, add: students.map((s) => s.email) })).status).toBe(200);
  return made.body.entity.id as number;
}

const setClasses = (who: Who, quizId: number, classes: unknown) => post(who, "/quiz/update", { quizId, classes });
const poolOf = async (who: Student) => (await post(who, "/quiz/allForStudent", {})).body.entities as { quizId: number; time: number; attemptsAllowed: number; opensAt: number | null; closesAt: number | null; hasPassword: boolean }[];

describe("the quiz body's classes", () => {
  it("stores a class's own settings and answers them on update and findOne, by class name", async () => {
    const quiz = await quizOf();
    const a = await makeClass(bed.tenant.teacher, "10A");
    const saved = await setClasses(bed.tenant.teacher, quiz.id, [{ classId: a, startDate: seconds(NOW), endDate: seconds(NOW) + HOUR, time: "30", attemptsAllowed: 2, password: "apple" }]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const expected = { classId: a, name: "10A", startDate: seconds(NOW), endDate: seconds(NOW) + HOUR, time: 30, attemptsAllowed: 2, password: "apple", hasPassword: true };
    expect(saved.body.entity.classes).toEqual([expected]);
    expect((await post(bed.tenant.teacher, "/quiz/findOne", { quizId: quiz.id })).body.entity.classes).toEqual([expected]);
    // Another author of the school sees that the class has a password, not the password.
    const colleague = await createUser(bed.services.db, { businessId: bed.tenant.business.id, userType: "Teacher" });
    expect((await post(colleague, "/quiz/findOne", { quizId: quiz.id })).body.entity.classes).toEqual([{ ...expected, password: "" }]);
    // Left out, the classes stay; an empty list sets the quiz for no class again.
    expect((await post(bed.tenant.teacher, "/quiz/update", { quizId: quiz.id, quizName: "Renamed" })).body.entity.classes).toHaveLength(1);
    expect((await setClasses(bed.tenant.teacher, quiz.id, [])).body.entity.classes).toEqual([]);
  });

  it("sets a new quiz for classes on create", async () => {
    const a = await makeClass(bed.tenant.teacher, "10A");
    const template = await quizOf();
    const found = (await post(bed.tenant.teacher, "/quiz/findOne", { quizId: template.id })).body.entity;
    const { id: _id, quizId: _q, questions: _qs, classes: _c, ...body } = found;
    const made = await post(bed.tenant.teacher, "/quiz", { ...body, quizName: "Set for 10A", classes: [{ classId: a, attemptsAllowed: 3 }] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.entity.classes).toMatchObject([{ classId: a, attemptsAllowed: 3, startDate: null, password: "", hasPassword: false }]);
  });

  it("refuses a class the author does not teach, another school's and an unknown id alike, and bad settings by field", async () => {
    const quiz = await quizOf();
    const colleague = await createUser(bed.services.db, { businessId: bed.tenant.business.id, userType: "Teacher" });
    const theirs = await makeClass(colleague, "Theirs");
    const foreign = await makeClass(bed.other.teacher, "Foreign");
    for (const classId of [theirs, foreign, 999_999]) {
      const res = await setClasses(bed.tenant.teacher, quiz.id, [{ classId }]);
      expect([res.status, res.body.errorCodes?.classes], String(classId)).toEqual([400, "QUIZ_UNKNOWN_CLASSES"]);
    }
    // The owner may set the quiz for every class of the school, and its teacher keeps that class on later saves.
    expect((await setClasses(bed.tenant.owner, quiz.id, [{ classId: theirs }])).status).toBe(200);
    expect((await setClasses(bed.tenant.teacher, quiz.id, [{ classId: theirs, attemptsAllowed: 2 }])).status).toBe(200);
    expect((await setClasses(bed.tenant.owner, quiz.id, [{ classId: foreign }])).body.errorCodes).toEqual({ classes: "QUIZ_UNKNOWN_CLASSES" });

    const mine = await makeClass(bed.tenant.teacher, "Mine");
    const bad = async (set: Record<string, unknown>) => (await setClasses(bed.tenant.teacher, quiz.id, [{ classId: mine, ...set }])).body.errorCodes;
    expect(await bad({ time: 0 })).toEqual({ "classes.0.time": "QUIZ_TIME_INVALID" });
    expect(await bad({ attemptsAllowed: 101 })).toEqual({ "classes.0.attemptsAllowed": "QUIZ_ATTEMPTS_INVALID" });
    expect(await bad({ startDate: 200, endDate: 100 })).toEqual({ "classes.0.startDate": "QUIZ_CLASS_START_AFTER_END" });
    expect(await bad({ startDate: Date.now() })).toEqual({ "classes.0.startDate": "QUIZ_START_DATE_INVALID" });
    expect((await setClasses(bed.tenant.teacher, quiz.id, [{ classId: mine }, { classId: mine }])).body.errorCodes).toEqual({ classes: "QUIZ_CLASS_LISTED_TWICE" });
    expect((await setClasses(bed.tenant.teacher, quiz.id, "10A")).body.errorCodes).toEqual({ classes: "QUIZ_CLASSES_INVALID" });
    // Nothing of the refused saves was stored.
    expect((await post(bed.tenant.teacher, "/quiz/findOne", { quizId: quiz.id })).body.entity.classes).toMatchObject([{ classId: theirs, attemptsAllowed: 2 }]);
  });
});

describe("who sees a quiz set for classes", () => {
  it("hides it from a student outside every listed class in the pool, the quiz view and the start (404), besides profile rules", async () => {
    const quiz = await quizOf();
    const inside = await newStudent("Inside Student");
    const outside = bed.tenant.student;
    const a = await makeClass(bed.tenant.teacher, "10A", [inside]);
    expect((await poolOf(outside)).map((q) => q.quizId)).toContain(quiz.id);
    await setClasses(bed.tenant.teacher, quiz.id, [{ classId: a }]);

    expect((await poolOf(outside)).map((q) => q.quizId)).not.toContain(quiz.id);
    expect((await poolOf(inside)).map((q) => q.quizId)).toContain(quiz.id);
    await expect(describeQuizForStudent(bed.services, callerOf(outside), { quizId: quiz.id })).rejects.toMatchObject({ status: 404 });
    expect((await start(outside, quiz.id)).status).toBe(404);
    expect((await post(outside, "/takeQuiz/rateQuiz", { quizId: quiz.id, rating: 5 })).status).toBe(404);
    expect((await start(inside, quiz.id)).status).toBe(200);
  });
});

describe("a student's own settings", () => {
  it("gives a student of two classes the most generous of them, shown in the pool and the quiz view and applied at start", async () => {
    const quiz = await quizOf({ status: "DateRange", startTimestamp: seconds(NOW) - HOUR, endTimestamp: seconds(NOW) + HOUR });
    const both = await newStudent("Both Classes");
    const onlyA = await newStudent("Only A");
    const a = await makeClass(bed.tenant.teacher, "10A", [both, onlyA]);
    const b = await makeClass(bed.tenant.teacher, "10B", [both]);
    await setClasses(bed.tenant.teacher, quiz.id, [
      { classId: a, time: 30, attemptsAllowed: 1 },
      { classId: b, endDate: seconds(NOW) + 5 * HOUR, time: 25, attemptsAllowed: 2 },
    ]);

    const mine = (await poolOf(both)).find((q) => q.quizId === quiz.id)!;
    expect(mine).toMatchObject({ time: 30, attemptsAllowed: 2, opensAt: NOW - HOUR * 1000, closesAt: NOW + 5 * HOUR * 1000 });
    expect((await poolOf(onlyA)).find((q) => q.quizId === quiz.id)).toMatchObject({ time: 30, attemptsAllowed: 1, closesAt: NOW + HOUR * 1000 });
    expect(await describeQuizForStudent(bed.services, callerOf(both), { quizId: quiz.id })).toMatchObject({ time: 30, attemptsAllowed: 2, closesAt: NOW + 5 * HOUR * 1000 });

    const first = await start(both, quiz.id);
    expect(first.body.deadlineAt).toBe(NOW + 30 * 60_000);
    await finish(both, first.body.takenQuizId);
    expect((await start(both, quiz.id)).status).toBe(200);
    const once = await start(onlyA, quiz.id);
    await finish(onlyA, once.body.takenQuizId);
    expect((await start(onlyA, quiz.id)).body.code).toBe("ATTEMPT_LIMIT");
  });

  it("opens a class's window for its students only: not before its start, and past the quiz's end for a class that ends later", async () => {
    const quiz = await quizOf({ status: "DateRange", startTimestamp: seconds(NOW) - HOUR, endTimestamp: seconds(NOW) + HOUR, time: -1 });
    const early = await newStudent("Early Class");
    const late = await newStudent("Late Class");
    const a = await makeClass(bed.tenant.teacher, "10A", [early]);
    const b = await makeClass(bed.tenant.teacher, "10B", [late]);
    await setClasses(bed.tenant.teacher, quiz.id, [{ classId: a }, { classId: b, startDate: seconds(NOW) + 2 * HOUR, endDate: seconds(NOW) + 3 * HOUR }]);

    expect((await start(late, quiz.id)).body.code).toBe("QUIZ_NOT_OPEN");
    expect((await poolOf(late)).map((q) => q.quizId)).not.toContain(quiz.id);
    clock.now = NOW + 2.5 * HOUR * 1000;
    // Past the quiz's own end: class A is closed, class B is open, and B's attempt ends with B's window.
    expect((await start(early, quiz.id)).body.code).toBe("QUIZ_NOT_OPEN");
    const started = await start(late, quiz.id);
    expect([started.status, started.body.deadlineAt]).toEqual([200, (seconds(NOW) + 3 * HOUR) * 1000]);
    // The minute's sweep does not end it by the quiz's end date.
    await closeExpiredAttempts(bed.services);
    const [row] = await bed.services.db.select().from(quizAttempts).where(eq(quizAttempts.id, started.body.takenQuizId));
    expect(row.submittedAt).toBeNull();
  });

  it("opens with a class's password in place of the quiz's, for that class's students", async () => {
    const quiz = await quizOf({ password: "quiz-pw" });
    const inA = await newStudent("In A");
    const inB = await newStudent("In B");
    const a = await makeClass(bed.tenant.teacher, "10A", [inA]);
    const b = await makeClass(bed.tenant.teacher, "10B", [inB]);
    await setClasses(bed.tenant.teacher, quiz.id, [{ classId: a, password: "apple" }, { classId: b }]);
    expect((await start(inA, quiz.id, "quiz-pw")).body).toMatchObject({ code: "QUIZ_PASSWORD_INVALID" });
    expect((await start(inB, quiz.id, "apple")).body).toMatchObject({ code: "QUIZ_PASSWORD_INVALID" });
    expect((await start(inA, quiz.id, "apple")).status).toBe(200);
    expect((await start(inB, quiz.id, "quiz-pw")).status).toBe(200);
  });
});
