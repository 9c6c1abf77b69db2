import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./client";
import { createAttempt, createQuestion, createQuiz, createTenant, createTestDb, createUser } from "../api/test-support/factories.node.ts";
import { apiKeyPairs, attemptAnswers, questions, quizRatings, quizzes, users } from "./schema";

// One database for the file; each test builds its own tenant, so tests stay independent.
let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});

/** libSQL wraps the SQLite error; the constraint text is in the message or its cause. */
async function expectConstraintError(work: Promise<unknown>, pattern: RegExp) {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error, "expected the database to refuse the write").not.toBeNull();
  const text = `${(error as Error).message} ${String((error as { cause?: unknown }).cause ?? "")}`;
  expect(text).toMatch(pattern);
}

describe("integrity constraints", () => {
  it("refuse a second attempt with the same number for the same student and quiz", async () => {
    const { business, teacher, student } = await createTenant(db);
    const { quiz } = await createQuiz(db, { businessId: business.id, teacherId: teacher.id });
    const base = { businessId: business.id, quizId: quiz.id, studentId: student.id };
    await createAttempt(db, { ...base, attemptNumber: 1 });
    await expectConstraintError(createAttempt(db, { ...base, attemptNumber: 1 }), /UNIQUE/);
    // The next number is fine.
    await expect(createAttempt(db, { ...base, attemptNumber: 2 })).resolves.toMatchObject({ attemptNumber: 2 });
  });

  it("refuse a duplicate e-mail, even across businesses", async () => {
    const a = await createTenant(db);
    const b = await createTenant(db);
    await createUser(db, { businessId: a.business.id, userType: "Student", email: "same@example.com" });
    await expectConstraintError(
      createUser(db, { businessId: b.business.id, userType: "Teacher", email: "same@example.com" }),
      /UNIQUE/,
    );
  });

  it("refuse an e-mail that is not stored lower-case", async () => {
    const { business } = await createTenant(db);
    await expectConstraintError(
      createUser(db, { businessId: business.id, userType: "Student", email: "Mixed@Example.com" }),
      /CHECK/,
    );
  });

  it("refuse a duplicate public key", async () => {
    const { business, student, teacher } = await createTenant(db);
    const row = { businessId: business.id, publicKey: `pk-${business.id}`, privateKeyHash: "x" };
    await db.insert(apiKeyPairs).values({ ...row, userId: student.id });
    await expectConstraintError(db.insert(apiKeyPairs).values({ ...row, userId: teacher.id }), /UNIQUE/);
  });

  it("keep one answer per question per attempt and ratings within 1 to 5", async () => {
    const { business, teacher, student } = await createTenant(db);
    const { quiz, questionIds } = await createQuiz(db, { businessId: business.id, teacherId: teacher.id });
    const attempt = await createAttempt(db, { businessId: business.id, quizId: quiz.id, studentId: student.id });
    const answer = { attemptId: attempt.id, questionId: questionIds[0], position: 0, selectedOptionIds: [1] };
    await db.insert(attemptAnswers).values(answer);
    await expectConstraintError(db.insert(attemptAnswers).values(answer), /UNIQUE/);
    await expectConstraintError(
      db.insert(quizRatings).values({ quizId: quiz.id, studentId: student.id, rating: 6 }),
      /CHECK/,
    );
  });

  it("refuse to delete a quiz that has attempts, or a question that a quiz uses", async () => {
    const { business, teacher, student } = await createTenant(db);
    const { quiz } = await createQuiz(db, { businessId: business.id, teacherId: teacher.id });
    await createAttempt(db, { businessId: business.id, quizId: quiz.id, studentId: student.id });
    await expectConstraintError(db.delete(quizzes).where(eq(quizzes.id, quiz.id)), /FOREIGN KEY/);
    const { question } = await createQuestion(db, { businessId: business.id, teacherId: teacher.id });
    await createQuiz(db, { businessId: business.id, teacherId: teacher.id, questionIds: [question.id] });
    await expectConstraintError(
      db.delete(questions).where(eq(questions.id, question.id)),
      /FOREIGN KEY/,
    );
  });

  it("round-trip booleans, JSON arrays and timestamps", async () => {
    const { business, teacher } = await createTenant(db);
    const { quiz } = await createQuiz(db, {
      businessId: business.id,
      teacherId: teacher.id,
      profiles: [3, 4],
      isPremium: true,
    });
    const [row] = await db.select().from(quizzes).where(eq(quizzes.id, quiz.id));
    expect(row.profiles).toEqual([3, 4]);
    expect(row.departments).toEqual([]);
    expect(row.isPremium).toBe(true);
    expect(row.showAnswer).toBe(true);
    expect(row.createdAt).toBeInstanceOf(Date);
    const [teacherRow] = await db.select().from(users).where(eq(users.id, teacher.id));
    expect(teacherRow.roleLevel).toBe(4);
  });

  it("load a quiz with its questions and options through relational queries", async () => {
    const { business, teacher } = await createTenant(db);
    const { quiz } = await createQuiz(db, { businessId: business.id, teacherId: teacher.id, questionCount: 3 });
    const loaded = await db.query.quizzes.findFirst({
      where: eq(quizzes.id, quiz.id),
      with: { quizQuestions: { with: { question: { with: { options: true } } } }, teacher: true, sources: true },
    });
    expect(loaded?.quizQuestions).toHaveLength(3);
    expect(loaded?.quizQuestions[0].question.options).toHaveLength(4);
    expect(loaded?.teacher.id).toBe(teacher.id);
  });
});
