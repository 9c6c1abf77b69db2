import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loginThrottle, quizAttempts, quizQuestions, quizzes } from "../../db/schema";
import { DUPLICATE_LIMITS } from "../services/reports/schemas";
import { copyName } from "../services/quizzes/duplicate-quiz";
import { createAttempt, createQuestion, createQuiz, createUser } from "../test-support/factories.node";
import { eachTestBed } from "../test-support/test-bed.node";

/** Issue 27 point 5 (docs/decisions/0081): POST /api/quiz/duplicate copies a quiz to set it again for another class. */
const bed = eachTestBed("Copy School");
const { post } = bed;

/** A quiz with settings off their defaults, two own questions, one a draw may draw, and an attempt. */
async function setQuiz() {
  const { tenant, services } = bed;
  const { quiz, questionIds } = await createQuiz(services.db, {
    businessId: tenant.business.id,
    teacherId: tenant.teacher.id,
    quizName: "Optics",
    passPercentage: 62.5,
    takeBestScore: true,
    attemptsAllowed: 2,
    time: 25,
    password: "lens",
    shuffleQuestions: true,
    draws: [{ category: "Maths", course: null, tag: null, count: 1 }],
  });
  const { question: drawable } = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, categoryId: quiz.categoryId, courseId: quiz.courseId });
  await services.db.insert(quizQuestions).values({ quizId: quiz.id, questionId: drawable.id, position: 2, inDraws: [0] });
  await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId: tenant.student.id, submittedAt: new Date(), percentage: 90 });
  return { quiz, questionIds, drawable };
}

const linksOf = (quizId: number) =>
  bed.services.db.select({ questionId: quizQuestions.questionId, position: quizQuestions.position, inDraws: quizQuestions.inDraws }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId)).orderBy(asc(quizQuestions.position));

describe("POST /quiz/duplicate", () => {
  it("copies settings, questions in order, draws and pass mark, not attempts; the copy is the caller's Draft named '… (2)'", async () => {
    const { quiz } = await setQuiz();
    const res = await post(bed.tenant.teacher, "/quiz/duplicate", { quizId: quiz.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ code: "QUIZ_DUPLICATED", entity: { quizName: "Optics (2)", status: "Draft", passPercentage: 62.5, takeBestScore: "Yes", attemptsAllowed: 2, time: 25, password: "lens", shuffleQuestions: "Yes" } });
    const copyId = res.body.entity.id as number;
    expect(copyId).not.toBe(quiz.id);
    const [copy] = await bed.services.db.select().from(quizzes).where(eq(quizzes.id, copyId));
    const [original] = await bed.services.db.select().from(quizzes).where(eq(quizzes.id, quiz.id));
    const { id: _a, createdAt: _b, updatedAt: _c, quizName: _d, status: _e, ...copied } = copy;
    const { id: _f, createdAt: _g, updatedAt: _h, quizName: _i, status: _j, ...source } = original;
    expect(copied).toEqual(source);
    expect(await linksOf(copyId)).toEqual(await linksOf(quiz.id));
    expect(await bed.services.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, copyId))).toEqual([]);
    // The original is untouched, and a copy of the copy counts on.
    expect(original.quizName).toBe("Optics");
    expect((await post(bed.tenant.teacher, "/quiz/duplicate", { quizId: copyId })).body.entity.quizName).toBe("Optics (3)");
  });

  it("lets another author copy it as their own, without the password they may not see; the owner too", async () => {
    const { quiz } = await setQuiz();
    const colleague = await createUser(bed.services.db, { businessId: bed.tenant.business.id, userType: "Teacher" });
    const theirs = await post(colleague, "/quiz/duplicate", { quizId: quiz.id });
    expect(theirs.status).toBe(201);
    const [row] = await bed.services.db.select().from(quizzes).where(eq(quizzes.id, theirs.body.entity.id));
    expect([row.teacherId, row.password]).toEqual([colleague.id, ""]);
    const owners = await post(bed.tenant.owner, "/quiz/duplicate", { quizId: quiz.id });
    expect(owners.status).toBe(201);
    expect(owners.body.entity.password).toBe("lens");
  });

  it("answers another school's quiz as one never made (404), refuses students (403), and writes nothing then", async () => {
    const { quiz } = await setQuiz();
    const before = await bed.services.db.select({ id: quizzes.id }).from(quizzes);
    const foreign = await post(bed.other.teacher, "/quiz/duplicate", { quizId: quiz.id });
    expect(foreign).toEqual(await post(bed.other.teacher, "/quiz/duplicate", { quizId: 987_654 }));
    expect(foreign).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
    expect((await post(bed.tenant.student, "/quiz/duplicate", { quizId: quiz.id })).status).toBe(403);
    expect((await post(bed.tenant.teacher, "/quiz/duplicate", { quizId: "Optics" })).status).toBe(400);
    expect(await bed.services.db.select({ id: quizzes.id }).from(quizzes)).toEqual(before);
  });
});

describe("the duplication's rate limit", () => {
  it("refuses an author past their copies in an hour with 429, making no copy", async () => {
    const { quiz } = await setQuiz();
    await bed.services.db.insert(loginThrottle).values({ key: `quiz-duplicate:1h:${bed.tenant.teacher.id}`, failures: DUPLICATE_LIMITS.perHour, windowStartedAt: bed.services.now() });
    const before = await bed.services.db.select({ id: quizzes.id }).from(quizzes);
    expect((await post(bed.tenant.teacher, "/quiz/duplicate", { quizId: quiz.id })).status).toBe(429);
    expect(await bed.services.db.select({ id: quizzes.id }).from(quizzes)).toEqual(before);
  });
});

describe("copyName", () => {
  it("appends (2), counts on from a number it already ends with, and stays within the name's 500 characters", () => {
    expect(copyName("Optics")).toBe("Optics (2)");
    expect(copyName("Optics (2)")).toBe("Optics (3)");
    expect(copyName("Optics (99)")).toBe("Optics (100)");
    expect(copyName("Class of (2026)")).toBe("Class of (2026) (2)");
    const long = copyName("x".repeat(500));
    expect(long).toHaveLength(500);
    expect(long.endsWith(" (2)")).toBe(true);
  });
});
