import { beforeEach, describe, expect, it } from "vitest";
import { createQuizWhereBIsRight } from "../test-support/b-is-right-quiz.node";
import { createUser } from "../test-support/factories.node";
import type { AppServices } from "../services/core/app-services";
import { shownIdsOf } from "../test-support/shown-ids.node";
import { createTestBed, type Tenant, type TestBed, type Who } from "../test-support/test-bed.node";

/**
 * Issue 25 point 2, decisions.md "Teachers read attempts": the quiz's authors (its teacher,
 * the business's other authors, the owner) read a student's result whole, the key and each
 * answer given, whatever the quiz shows its students; every caller of another business gets
 * 404 (never 403) from every endpoint that takes a takenQuizId.
 */
let services: AppServices;
let tenant: Tenant;
let other: Tenant;
let call: TestBed["call"];
let post: TestBed["post"];
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 23, 9, 0, 0);
  ({ services, tenant, other, call, post } = await createTestBed("Reading School", { now: () => new Date(clock) }));
});

/** A quiz that never shows its students the key (showAnswer No): two radio questions, B right. */
async function finishedAttempt() {
  const { quiz, questions, right, wrong } = await createQuizWhereBIsRight(services.db, {
    businessId: tenant.business.id,
    teacherId: tenant.teacher.id,
    bank: { category: "Physics", course: "Optics" },
    questionTexts: ["Which lens converges?", "Which mirror diverges?"],
    explanationOf: (text) => `Why: ${text}`,
    showAnswer: false,
  });
  const started = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const takenQuizId = started.body.takenQuizId as number;
  const shown = await shownIdsOf(services, takenQuizId);
  clock += 30_000;
  const answers = [
    { questionId: questions[0].id, answer: shown(right[0]) },
    { questionId: questions[1].id, answer: shown(wrong[1]) },
  ];
  const done = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId, quizId: quiz.id, answers });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { quiz, takenQuizId, questions, rightShown: right.map((ids) => shown(ids)), wrongShown: wrong.map((ids) => shown(ids)) };
}

const read = (path: string, takenQuizId: number, who: Who) => post(who, `/takenQuiz/${path}`, { takenQuizId });

describe("the quiz's authors read a student's result whole", () => {
  it("gives the quiz's teacher, another author of the business and the owner the key and each answer given (fetchById and fetchLatestById)", async () => {
    const attempt = await finishedAttempt();
    const colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });
    // The student's own view of this quiz carries no key (showAnswer No).
    const own = await read("fetchById", attempt.takenQuizId, tenant.student);
    expect([own.status, own.body.answerReview.shown]).toEqual([200, false]);
    expect(JSON.stringify(own.body)).not.toContain("correctOptionIds");

    for (const author of [tenant.teacher, colleague, tenant.owner]) {
      for (const path of ["fetchById", "fetchLatestById"]) {
        const res = await read(path, attempt.takenQuizId, author);
        expect(res.status, `${path} as ${author.email}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(res.body).toMatchObject({ takenQuizId: attempt.takenQuizId, correctAnswered: 1, percentage: 50, answerReview: { shown: true, hiddenBecause: null } });
        const [first, second] = res.body.takenQuizAnswers;
        expect([first.answerStatus, first.correctOptionIds, first.answerFurthers.map((o: { id: number }) => o.id)]).toEqual(["yes", attempt.rightShown[0], attempt.rightShown[0]]);
        expect([second.answerStatus, second.correctOptionIds, second.answerFurthers.map((o: { id: number }) => o.id)]).toEqual(["no", attempt.rightShown[1], attempt.wrongShown[1]]);
        expect(first.answerExplaination).toContain("Why: Which lens converges?");
      }
    }
  });

  it("keeps another student of the business at 404 (no id confirmed), and the student's own view as the quiz's timing says", async () => {
    const attempt = await finishedAttempt();
    const classmate = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    for (const path of ["fetchById", "fetchLatestById"]) {
      const res = await read(path, attempt.takenQuizId, classmate);
      expect([res.status, res.body.code]).toEqual([404, "NOT_FOUND"]);
    }
  });
});

describe("another business's callers get 404 from every endpoint that takes a takenQuizId", () => {
  it("answers its owner, teacher and student 404 with the error envelope, never 403, and changes nothing", async () => {
    const attempt = await finishedAttempt();
    const endpoints: [string, "GET" | "POST", string, unknown][] = [
      ["fetchById", "POST", "/takenQuiz/fetchById", { takenQuizId: attempt.takenQuizId }],
      ["fetchLatestById", "POST", "/takenQuiz/fetchLatestById", { takenQuizId: attempt.takenQuizId }],
      ["saveAnswers", "POST", "/takeQuiz/saveAnswers", { takenQuizId: attempt.takenQuizId, answers: [] }],
      ["answerOne", "POST", "/takeQuiz/answerOne", { takenQuizId: attempt.takenQuizId, questionId: attempt.questions[0].id, optionType: "radio", answer: attempt.wrongShown[0] }],
      ["answerAll", "POST", "/takeQuiz/answerAll", { takenQuizId: attempt.takenQuizId, quizId: attempt.quiz.id, answers: [] }],
      ["certificate", "GET", `/takenQuiz/${attempt.takenQuizId}/certificate`, undefined],
    ];
    for (const who of [other.owner, other.teacher, other.student]) {
      for (const [name, method, path, body] of endpoints) {
        const res = await call(who, method, path, body);
        expect([res.status, res.body.code], `${name} as ${who.email}: ${JSON.stringify(res.body)}`).toEqual([404, "NOT_FOUND"]);
        expect(typeof res.body.message).toBe("string");
      }
    }
    // The student's result is as it was.
    const own = await read("fetchById", attempt.takenQuizId, tenant.student);
    expect(own.body).toMatchObject({ correctAnswered: 1, percentage: 50 });
  });
});
