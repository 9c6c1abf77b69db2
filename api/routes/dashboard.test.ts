import { beforeEach, describe, expect, it } from "vitest";
import { questionFeedback } from "../../db/schema";
import { createAttempt, createQuiz, createUser } from "../test-support/factories.node";
import type { AppServices } from "../services/core/app-services";
import { createTestBed, type TestBed, type Tenant } from "../test-support/test-bed.node";

/** ADR 0046: the home page's numbers, each in the scope of the caller's own list screens. */
let services: AppServices;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];

beforeEach(async () => {
  ({ services, tenant, other, post } = await createTestBed("Dashboard School"));
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe("POST /api/dashboard", () => {
  it("a student sees the quizzes open to them, their attempts in progress and their last three results, newest first", async () => {
    const { db } = services;
    const b = tenant.business.id;
    const t = tenant.teacher.id;
    const quizzes = [];
    for (let i = 0; i < 4; i++) quizzes.push((await createQuiz(db, { businessId: b, teacherId: t, questionCount: 1 })).quiz);
    await createQuiz(db, { businessId: b, teacherId: t, questionCount: 1, status: "Draft" });
    await createQuiz(db, { businessId: b, teacherId: t, questionCount: 1, profiles: [999] });
    await createQuiz(db, { businessId: other.business.id, teacherId: other.teacher.id, questionCount: 1 });
    const s = tenant.student.id;
    for (let i = 0; i < 4; i++) {
      await createAttempt(db, { businessId: b, quizId: quizzes[i].id, studentId: s, submittedAt: minutesAgo(10 - i), percentage: 10 * i, status: "Accepted" });
    }
    const running = await createAttempt(db, { businessId: b, quizId: quizzes[0].id, studentId: s, attemptNumber: 2 });
    // Another student's attempt is not counted.
    const classmate = await createUser(db, { businessId: b, userType: "Student" });
    await createAttempt(db, { businessId: b, quizId: quizzes[1].id, studentId: classmate.id, attemptNumber: 1 });

    const res = await post(tenant.student, "/dashboard");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.role).toBe("Student");
    expect(res.body.openQuizzes).toBe(4);
    expect(res.body.inProgress).toBe(1);
    expect(res.body.recentResults.map((r: { quizName: string }) => r.quizName)).toEqual([quizzes[3].quizName, quizzes[2].quizName, quizzes[1].quizName]);
    expect(res.body.recentResults[0].percentage).toBe(30);
    expect(res.body.recentResults.some((r: { takenQuizId: number }) => r.takenQuizId === running.id)).toBe(false);
  });

  it("a teacher sees their own quizzes, attempts in progress on them and feedback pending on their questions; no owner numbers", async () => {
    const { db } = services;
    const b = tenant.business.id;
    const mine = await createQuiz(db, { businessId: b, teacherId: tenant.teacher.id, questionCount: 2 });
    await createQuiz(db, { businessId: b, teacherId: tenant.teacher.id, questionCount: 1, status: "Draft" });
    const colleague = await createUser(db, { businessId: b, userType: "Teacher" });
    const theirs = await createQuiz(db, { businessId: b, teacherId: colleague.id, questionCount: 1 });
    await createAttempt(db, { businessId: b, quizId: mine.quiz.id, studentId: tenant.student.id });
    await createAttempt(db, { businessId: b, quizId: mine.quiz.id, studentId: tenant.student.id, attemptNumber: 2, submittedAt: new Date() });
    await createAttempt(db, { businessId: b, quizId: theirs.quiz.id, studentId: tenant.student.id });
    await db.insert(questionFeedback).values([
      { businessId: b, questionId: mine.questionIds[0], studentId: tenant.student.id, feedbackText: "Typo" },
      { businessId: b, questionId: mine.questionIds[1], studentId: tenant.student.id, feedbackText: "Done", status: "Accepted" },
      { businessId: b, questionId: theirs.questionIds[0], studentId: tenant.student.id, feedbackText: "Not mine" },
    ]);

    const res = await post(tenant.teacher, "/dashboard");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ role: "Teacher", quizzes: 2, inProgress: 1, pendingFeedback: 1, answersWaiting: 0, pendingTeacherRequests: null, users: null });

    // The owner sees the whole business, plus pending teacher requests and the accounts.
    await createUser(db, { businessId: b, userType: "Teacher", teacherRequest: "pending" });
    await createUser(db, { businessId: other.business.id, userType: "Teacher", teacherRequest: "pending" });
    const owner = await post(tenant.owner, "/dashboard");
    expect(owner.body).toEqual({ role: "Owner", quizzes: 3, inProgress: 2, pendingFeedback: 2, answersWaiting: 0, pendingTeacherRequests: 1, users: 5 });
  });

  it("answers 401 without a session", async () => {
    expect((await post(null, "/dashboard")).status).toBe(401);
  });
});
