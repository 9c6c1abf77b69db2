import { describe, expect, it } from "vitest";
import { ATTEMPT_MESSAGES, DEADLINE_GRACE_MS } from "../services/attempts/schemas";
import { createUser } from "../test-support/factories.node";
import { HOUR, NOW, quizClassBed, seconds } from "../test-support/quiz-class-bed.node";

/** decisions.md "A quiz set for classes": per-student overrides (issue 27 point 2, ADR 0079). */
const { bed, clock, newStudent, quizOf, start, finish } = quizClassBed("Override School");
const { post } = bed;

describe("POST /quiz/override", () => {
  it("saves, replaces, lists and deletes one student's override, by the quiz's teacher or the owner", async () => {
    const quiz = await quizOf();
    const student = bed.tenant.student;
    const saved = await post(bed.tenant.teacher, "/quiz/override", { quizId: quiz.id, userId: student.id, attemptsAllowed: 2 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({
      message: "Override saved",
      code: "OVERRIDE_SAVED",
      entity: { quizId: quiz.id, userId: student.id, fullname: student.fullname, email: student.email, startDate: null, endDate: null, time: null, attemptsAllowed: 2 },
    });
    // Saving again replaces it whole: what is left out is no longer overridden.
    await post(bed.tenant.owner, "/quiz/override", { quizId: quiz.id, userId: student.id, endDate: seconds(NOW) + HOUR, time: "45" });
    const second = await newStudent("Aaron First");
    await post(bed.tenant.teacher, "/quiz/override", { quizId: quiz.id, userId: second.id, time: -1 });
    const list = await post(bed.tenant.owner, "/quiz/override/list", { quizId: quiz.id });
    expect(list.body).toEqual({
      totalCount: 2,
      entities: [
        { quizId: quiz.id, userId: second.id, fullname: "Aaron First", email: second.email, startDate: null, endDate: null, time: -1, attemptsAllowed: null },
        { quizId: quiz.id, userId: student.id, fullname: student.fullname, email: student.email, startDate: null, endDate: seconds(NOW) + HOUR, time: 45, attemptsAllowed: null },
      ],
    });
    expect((await post(bed.tenant.teacher, "/quiz/override/delete", { quizId: quiz.id, userId: student.id })).body).toEqual({ message: "Override deleted", code: "OVERRIDE_DELETED" });
    expect((await post(bed.tenant.teacher, "/quiz/override/delete", { quizId: quiz.id, userId: student.id })).body.code).toBe("OVERRIDE_NOT_FOUND");
    expect((await post(bed.tenant.teacher, "/quiz/override/list", { quizId: quiz.id })).body.totalCount).toBe(1);
  });

  it("refuses other authors and students (403), another school's quiz or student (404), a teacher as the student, and empty or crossed settings", async () => {
    const quiz = await quizOf();
    const colleague = await createUser(bed.services.db, { businessId: bed.tenant.business.id, userType: "Teacher" });
    const body = { quizId: quiz.id, userId: bed.tenant.student.id, attemptsAllowed: 2 };
    for (const path of ["/quiz/override", "/quiz/override/list", "/quiz/override/delete"]) {
      expect((await post(colleague, path, body)).status, path).toBe(403);
      expect((await post(bed.tenant.student, path, body)).status, path).toBe(403);
      expect((await post(bed.other.owner, path, body)).status, path).toBe(404);
    }
    expect((await post(bed.tenant.teacher, "/quiz/override", { ...body, userId: bed.other.student.id })).status).toBe(404);
    expect((await post(bed.tenant.teacher, "/quiz/override", { ...body, userId: 987_654 })).status).toBe(404);
    expect(await post(bed.tenant.teacher, "/quiz/override", { ...body, userId: bed.tenant.teacher.id })).toMatchObject({ status: 400, body: { errorCodes: { userId: "OVERRIDE_NOT_A_STUDENT" } } });
    expect(await post(bed.tenant.teacher, "/quiz/override", { quizId: quiz.id, userId: bed.tenant.student.id })).toMatchObject({ status: 400, body: { errorCodes: { attemptsAllowed: "OVERRIDE_EMPTY" } } });
    expect(await post(bed.tenant.teacher, "/quiz/override", { ...body, startDate: 200, endDate: 100 })).toMatchObject({ status: 400, body: { errorCodes: { startDate: "QUIZ_START_AFTER_END" } } });
    expect(await post(bed.tenant.teacher, "/quiz/override", { ...body, attemptsAllowed: 0 })).toMatchObject({ status: 400, body: { errorCodes: { attemptsAllowed: "QUIZ_ATTEMPTS_INVALID" } } });
    expect(await post(bed.tenant.teacher, "/quiz/override", { ...body, time: "soon" })).toMatchObject({ status: 400, body: { errorCodes: { time: "QUIZ_TIME_INVALID" } } });
    expect((await post(bed.tenant.teacher, "/quiz/override", "[1]")).status).toBe(400);
    expect((await post(bed.tenant.teacher, "/quiz/override/list", { quizId: quiz.id })).body.totalCount).toBe(0);
  });
});

describe("an override at start", () => {
  it("gives the overridden student an extra attempt and another student of the same class none", async () => {
    const quiz = await quizOf();
    const extra = await newStudent("Extra Attempt");
    const plain = await newStudent("Plain Student");
    const klass = await post(bed.tenant.teacher, "/classes", { name: "10A" });
    await post(bed.tenant.teacher, "/classes/members", { classId: klass.body.entity.id, add: [extra.email, plain.email] });
    await post(bed.tenant.teacher, "/quiz/update", { quizId: quiz.id, classes: [{ classId: klass.body.entity.id }] });
    await post(bed.tenant.teacher, "/quiz/override", { quizId: quiz.id, userId: extra.id, attemptsAllowed: 2 });

    for (const who of [extra, plain]) await finish(who, (await start(who, quiz.id)).body.takenQuizId);
    const pool = (await post(extra, "/quiz/allForStudent", {})).body.entities.find((row: { quizId: number }) => row.quizId === quiz.id);
    expect(pool).toMatchObject({ attemptsAllowed: 2, attemptsTaken: 1, remainingAttempts: 1 });
    expect((await start(extra, quiz.id)).status).toBe(200);
    expect((await start(plain, quiz.id)).body.code).toBe("ATTEMPT_LIMIT");
  });

  it("cannot make a closed quiz take answers for anyone else: a later end reaches its student only", async () => {
    const end = seconds(NOW) + HOUR;
    const quiz = await quizOf({ status: "DateRange", startTimestamp: seconds(NOW) - HOUR, endTimestamp: end, time: -1 });
    const late = await newStudent("Late Sitting");
    const classmate = await newStudent("Classmate");
    const klass = await post(bed.tenant.teacher, "/classes", { name: "10A" });
    await post(bed.tenant.teacher, "/classes/members", { classId: klass.body.entity.id, add: [late.email, classmate.email] });
    await post(bed.tenant.teacher, "/quiz/update", { quizId: quiz.id, classes: [{ classId: klass.body.entity.id }] });
    await post(bed.tenant.teacher, "/quiz/override", { quizId: quiz.id, userId: late.id, endDate: end + 2 * HOUR });

    // The classmate started before the close: their attempt ends at the quiz's end all the same.
    const running = await start(classmate, quiz.id);
    expect(running.body.deadlineAt).toBe(end * 1000);
    const [question] = running.body.questions as { id: number; options: { id: number }[] }[];
    clock.now = end * 1000 + DEADLINE_GRACE_MS + 1;
    const save = await post(classmate, "/takeQuiz/saveAnswers", { takenQuizId: running.body.takenQuizId, answers: [{ questionId: question.id, answer: [question.options[0].id] }] });
    expect([save.status, save.body.message]).toEqual([409, ATTEMPT_MESSAGES.timeUp]);
    // After the close nobody else may start; the overridden student may, until their own end.
    expect((await start(bed.tenant.student, quiz.id)).status).toBe(404);
    expect((await start(classmate, quiz.id)).body.code).toBe("QUIZ_NOT_OPEN");
    const theirs = await start(late, quiz.id);
    expect([theirs.status, theirs.body.deadlineAt]).toEqual([200, (end + 2 * HOUR) * 1000]);
    const accepted = await post(late, "/takeQuiz/saveAnswers", { takenQuizId: theirs.body.takenQuizId, answers: [{ questionId: question.id, answer: [theirs.body.questions[0].options[0].id] }] });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });
});

describe("the answer key with own settings", () => {
  it("keeps it hidden after the quiz's attempts while an override or a class gives the student more, and until the last class closes", async () => {
    const end = seconds(NOW) + HOUR;
    const quiz = await quizOf({ showAnswerTiming: "AfterLastAttempt" });
    await post(bed.tenant.teacher, "/quiz/override", { quizId: quiz.id, userId: bed.tenant.student.id, attemptsAllowed: 2 });
    const first = await start(bed.tenant.student, quiz.id);
    await finish(bed.tenant.student, first.body.takenQuizId);
    const read = async () => (await post(bed.tenant.student, "/takenQuiz/fetchById", { takenQuizId: first.body.takenQuizId })).body;
    expect((await read()).answerReview).toMatchObject({ shown: false, hiddenBecause: "lastAttempt" });
    await finish(bed.tenant.student, (await start(bed.tenant.student, quiz.id)).body.takenQuizId);
    expect((await read()).answerReview.shown).toBe(true);

    // After the quiz closes: not while a class of the quiz is still open.
    const closing = await quizOf({ status: "DateRange", startTimestamp: seconds(NOW) - HOUR, endTimestamp: end, showAnswerTiming: "AfterQuizCloses", showAnswer: true });
    const later = await newStudent("Later Class");
    const klassA = await post(bed.tenant.teacher, "/classes", { name: "10A" });
    const klassB = await post(bed.tenant.teacher, "/classes", { name: "10B" });
    await post(bed.tenant.teacher, "/classes/members", { classId: klassA.body.entity.id, add: [bed.tenant.student.email] });
    await post(bed.tenant.teacher, "/classes/members", { classId: klassB.body.entity.id, add: [later.email] });
    await post(bed.tenant.teacher, "/quiz/update", { quizId: closing.id, classes: [{ classId: klassA.body.entity.id }, { classId: klassB.body.entity.id, endDate: end + 2 * HOUR }] });
    const taken = await start(bed.tenant.student, closing.id);
    await finish(bed.tenant.student, taken.body.takenQuizId);
    clock.now = (end + HOUR) * 1000;
    const result = (await post(bed.tenant.student, "/takenQuiz/fetchById", { takenQuizId: taken.body.takenQuizId })).body;
    expect(result.answerReview).toMatchObject({ shown: false, hiddenBecause: "quizCloses", quizClosesAt: (end + 2 * HOUR) * 1000 });
    clock.now = (end + 3 * HOUR) * 1000;
    expect((await post(bed.tenant.student, "/takenQuiz/fetchById", { takenQuizId: taken.body.takenQuizId })).body.answerReview.shown).toBe(true);
  });
});

describe("extra time on a running attempt", () => {
  it("stretches the student's own time (their override's or class's), not the quiz's", async () => {
    const quiz = await quizOf({ time: 20 });
    await post(bed.tenant.teacher, "/quiz/override", { quizId: quiz.id, userId: bed.tenant.student.id, time: 30 });
    const started = await start(bed.tenant.student, quiz.id);
    expect(started.body.deadlineAt).toBe(NOW + 30 * 60_000);
    expect((await post(bed.tenant.teacher, "/quiz/extraTime", { quizId: quiz.id, userId: bed.tenant.student.id, factor: 2 })).status).toBe(200);
    expect((await start(bed.tenant.student, quiz.id)).body.deadlineAt).toBe(NOW + 60 * 60_000);
  });
});
