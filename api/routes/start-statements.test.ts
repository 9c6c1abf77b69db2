import { beforeEach, describe, expect, it } from "vitest";
import { classes, classStudents, quizClasses, quizOverrides } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { createCountingDb, type CountingDb } from "../test-support/counting-db.node";
import { createQuestion, createQuiz, createTenant, createUser } from "../test-support/factories.node";
import { bearer, createTestApi, createTestServices } from "../test-support/test-app.node";

/**
 * A start's statements (issue 25 point 8). Most quizzes are set for no class and most students
 * have no override (ADR 0079): the start's gate (loadTakeableQuiz) says so in the statement it
 * already sends, and the class and override read is sent only when there is something to read.
 */
let counting: CountingDb;
let services: AppServices;

beforeEach(async () => {
  counting = await createCountingDb();
  services = await createTestServices({ db: counting.db, now: () => new Date(Date.UTC(2026, 10, 23, 9, 0, 0)) });
});

/**
 * A new start of a quiz someone has already taken: the session; in one batch the quiz with its
 * rules (whether the student has settings of their own, whether the quiz is taken), the student's
 * open attempt, the attempts taken and the extra time; and the insert (their round trips are pinned
 * on sqld: tests/sqld/statements-per-request.test.ts). The paper of a taken quiz is kept
 * (exam-paper.ts keptPaperRows) from the first start whose batch read it and found the quiz taken;
 * a start before that reads it in its batch: one more. It was 9 while every start read the
 * classes, the override and the paper.
 */
const START_STATEMENTS = 6;
const FIRST_START_STATEMENTS = START_STATEMENTS + 1;
/** The student's classes on the quiz and their override, read in one batch of two when either exists. */
const OWN_SETTINGS_STATEMENTS = 2;

async function school() {
  const made = await createTenant(services.db, "Start Count School");
  const questions = await Promise.all([1, 2, 3].map(() => createQuestion(services.db, { businessId: made.business.id, teacherId: made.teacher.id, options: [["A", false], ["B", true]] })));
  const { quiz } = await createQuiz(services.db, { businessId: made.business.id, teacherId: made.teacher.id, questionIds: questions.map((q) => q.question.id), time: 10, attemptsAllowed: 5 });
  const app = createTestApi(services);
  /** The statements of one start by `student`, and its answer. */
  const startCost = async (student: typeof made.student) => {
    const headers = { "content-type": "application/json", ...(await bearer(services, student)) };
    counting.reset();
    const res = await app.request("/takeQuiz/startQuiz", { method: "POST", headers, body: JSON.stringify({ quizId: quiz.id }) });
    const body = (await res.json()) as { takenQuizId: number; questions: unknown[]; deadlineAt: number | null };
    expect(res.status, JSON.stringify(body)).toBe(200);
    return { statements: counting.statements(), body };
  };
  const newStudent = () => createUser(services.db, { businessId: made.business.id, userType: "Student" });
  return { ...made, quiz, startCost, newStudent };
}

describe("a start's statements", () => {
  it("sends no class or override read for a quiz set for no class and a student without an override", async () => {
    const { startCost, newStudent } = await school();
    const first = await startCost(await newStudent());
    expect(first.statements).toBe(FIRST_START_STATEMENTS);
    // The first start that finds the quiz taken reads its paper and keeps it.
    expect((await startCost(await newStudent())).statements).toBe(FIRST_START_STATEMENTS);
    const { statements, body } = await startCost(await newStudent());
    // The same questions (each attempt has its own option ids).
    expect(body.questions.map((q) => (q as { questionText: string }).questionText)).toEqual(first.body.questions.map((q) => (q as { questionText: string }).questionText));
    expect(statements).toBe(START_STATEMENTS);
  });

  it("reads the student's own settings when they have an override or the quiz is set for a class of theirs, and obeys them", async () => {
    const { quiz, business, teacher, startCost, newStudent } = await school();
    for (const _ of [1, 2]) await startCost(await newStudent());
    const overridden = await newStudent();
    await services.db.insert(quizOverrides).values({ quizId: quiz.id, studentId: overridden.id, time: 30 });
    const withOverride = await startCost(overridden);
    expect(withOverride.statements).toBe(START_STATEMENTS + OWN_SETTINGS_STATEMENTS);
    // 30 minutes of the override, not the quiz's 10.
    expect(withOverride.body.deadlineAt).toBe(Date.UTC(2026, 10, 23, 9, 30, 0));

    const member = await newStudent();
    const [klass] = await services.db.insert(classes).values({ businessId: business.id, name: "10A", joinCode: "START-COUNT-10A", createdBy: teacher.id }).returning();
    await services.db.insert(classStudents).values({ classId: klass.id, userId: member.id, joinedBy: "teacher", joinedAt: new Date() });
    await services.db.insert(quizClasses).values({ quizId: quiz.id, classId: klass.id, time: 45 });
    const inClass = await startCost(member);
    expect(inClass.statements).toBe(START_STATEMENTS + OWN_SETTINGS_STATEMENTS);
    expect(inClass.body.deadlineAt).toBe(Date.UTC(2026, 10, 23, 9, 45, 0));
  });
});
