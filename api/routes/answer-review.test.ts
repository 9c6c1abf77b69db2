import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { loadResult } from "../../app/components/results/result-loader.server";
import { fromJsonText } from "../../app/utils/json-text";
import { createQuizWhereBIsRight } from "../test-support/b-is-right-quiz.node";
import { createUser } from "../test-support/factories.node";
import { quizzes } from "../../db/schema";
import type { NewQuiz } from "../../db/schema/quizzes";
import type { AppServices } from "../services/core/app-services";
import { DEADLINE_GRACE_MS } from "../services/attempts/schemas";
import { shownIdsOf } from "../test-support/shown-ids.node";
import { createTestBed, type Tenant, type TestBed } from "../test-support/test-bed.node";
import { pageContext } from "../test-support/page-context.node";

/**
 * Issue 14 point 3 and ADR 0030: no answer key while an attempt is open, and when a quiz
 * shows right answers (after each attempt, after the last, after the quiz closes, never).
 * The API (fetchById, fetchLatestById) and the result pages' loader (result-loader.server.ts)
 * read through the same presentResult; both are asked the same questions here.
 */
let services: AppServices;
let tenant: Tenant;
let post: TestBed["post"];
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 23, 9, 0, 0);
  ({ services, tenant, post } = await createTestBed("Review School", { now: () => new Date(clock) }));
});

const EXPLANATION = "Because B is the only true one";

/** Two radio questions (B right, each with an explanation). */
const examQuiz = (fields: Partial<NewQuiz> = {}) =>
  createQuizWhereBIsRight(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, explanationOf: () => EXPLANATION, attemptsAllowed: 2, ...fields });
type Exam = Awaited<ReturnType<typeof examQuiz>>;

const start = async (exam: Exam) => {
  const res = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: exam.quiz.id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.takenQuizId as number;
};
const finish = async (exam: Exam, takenQuizId: number, answers: "right" | "wrong") => {
  clock += 30_000;
  // The attempt's own option ids (ADR 0031), as the student's browser sends them.
  const shown = await shownIdsOf(services, takenQuizId);
  const res = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId, answers: exam.questions.map((q, i) => ({ questionId: q.id, answer: shown([answers === "right" ? exam.right[i][0] : exam.wrong[i][0]]) })) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const take = async (exam: Exam, answers: "right" | "wrong" = "wrong") => {
  const id = await start(exam);
  await finish(exam, id, answers);
  return id;
};

/** The result page's loader, exactly as the /result and /newResult routes call it, as the tenant's student. */
async function pageResult(takenQuizId: number, which: "this" | "latest") {
  const context = pageContext(services, tenant.student);
  const path = which === "this" ? "result" : "newResult";
  // The page gets the result as its JSON text (app/utils/json-text.ts), as the browser reads it.
  return fromJsonText((await loadResult(context, new Request(`http://school.test/quiz/student/takenQuiz/${takenQuizId}/${path}`), String(takenQuizId), which)).result);
}

/** Every way a student reads a finished attempt's result: the two API verbs and the two pages. */
async function allReads(takenQuizId: number) {
  const api = [await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId }), await post(tenant.student, "/takenQuiz/fetchLatestById", { takenQuizId })];
  for (const res of api) expect(res.status, JSON.stringify(res.body)).toBe(200);
  return [...api.map((res) => res.body), await pageResult(takenQuizId, "this"), await pageResult(takenQuizId, "latest")] as Record<string, unknown>[];
}

/** Every part of an answer key a result may carry (the authors' whole result has them all). */
const KEY_PARTS = /correctOptionIds|answerExplaination|optionStatus|isCorrect|answerKey|rightAnswer|"image"/;

function expectNoKey(result: Record<string, unknown>) {
  const text = JSON.stringify(result);
  expect(text).not.toMatch(KEY_PARTS);
  expect(text).not.toContain(EXPLANATION);
}
async function expectKey(result: Record<string, unknown>, exam: Exam) {
  const answers = result.takenQuizAnswers as { correctOptionIds?: number[]; answerExplaination?: string }[];
  const shown = await shownIdsOf(services, result.takenQuizId as number);
  expect(answers.map((a) => a.correctOptionIds)).toEqual(exam.right.map((ids) => [...shown(ids)].sort((a, b) => a - b)));
  expect(answers.map((a) => a.answerExplaination)).toEqual([EXPLANATION, EXPLANATION]);
  expect(result.answerReview).toEqual({ shown: true, hiddenBecause: null, quizClosesAt: null });
}

describe("no answer key while an attempt is open (issue 14 point 3)", () => {
  it("hides attempt 1's right options and explanations from every read while attempt 2 is open, and shows them again once it is finished", async () => {
    const exam = await examQuiz({ showAnswer: true });
    const first = await take(exam);
    // Allowed path: showAnswer Yes, nothing open: the key is there, on the API and the page.
    for (const result of await allReads(first)) await expectKey(result, exam);

    // The attack: start attempt 2, then read attempt 1 through fetchById, fetchLatestById and both pages.
    const second = await start(exam);
    for (const result of await allReads(first)) {
      expectNoKey(result);
      expect(result).toMatchObject({ takenQuizId: first, answerReview: { shown: false, hiddenBecause: "openAttempt", quizClosesAt: null } });
      // What the student answered and whether it was right stays: that is the result itself.
      expect((result.takenQuizAnswers as { answerStatus: string }[]).map((a) => a.answerStatus)).toEqual(["no", "no"]);
    }
    // The latest result named through the open attempt's id is the same finished attempt, without the key.
    expect((await post(tenant.student, "/takenQuiz/fetchLatestById", { takenQuizId: second })).body).toMatchObject({ takenQuizId: first, answerReview: { hiddenBecause: "openAttempt" } });
    expectNoKey((await post(tenant.student, "/takenQuiz/fetchLatestById", { takenQuizId: second })).body);

    await finish(exam, second, "right");
    for (const id of [first, second]) await expectKey((await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId: id })).body, exam);
  });

  it("counts an attempt left open past its deadline as finished (graded on the read), so it hides nothing", async () => {
    const exam = await examQuiz({ time: 1 });
    const first = await take(exam);
    await start(exam);
    expect((await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId: first })).body.answerReview.hiddenBecause).toBe("openAttempt");
    clock += 60_000 + DEADLINE_GRACE_MS + 1_000;
    await expectKey((await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId: first })).body, exam);
  });

  it("does not hide a classmate's key: only the reader's own open attempt counts", async () => {
    const exam = await examQuiz();
    const mine = await take(exam);
    const classmate = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    expect((await post(classmate, "/takeQuiz/startQuiz", { quizId: exam.quiz.id })).status).toBe(200);
    await expectKey((await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId: mine })).body, exam);
  });
});

describe("the authors' whole result never reaches a student (issue 25 point 2)", () => {
  it("while the review timing hides the key, the student's every read has no key part, the quiz's authors get it whole, and a classmate gets 404", async () => {
    const end = Math.floor(clock / 1000) + 3600;
    const colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });
    const classmate = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    const hidden: [string, Partial<NewQuiz>, boolean][] = [
      ["an attempt still open", { attemptsAllowed: 2 }, true],
      ["AfterLastAttempt with one left", { showAnswerTiming: "AfterLastAttempt", attemptsAllowed: 2 }, false],
      ["AfterQuizCloses before the end", { showAnswerTiming: "AfterQuizCloses", attemptsAllowed: 1, status: "DateRange", startTimestamp: end - 3660, endTimestamp: end }, false],
      ["Never", { showAnswer: false, attemptsAllowed: 1 }, false],
    ];
    for (const [why, fields, openAnother] of hidden) {
      const exam = await examQuiz(fields);
      const first = await take(exam);
      if (openAnother) await start(exam);
      for (const result of await allReads(first)) {
        expectNoKey(result);
        expect(result.answerReview, why).toMatchObject({ shown: false });
      }
      for (const author of [tenant.teacher, colleague, tenant.owner]) {
        for (const path of ["fetchById", "fetchLatestById"]) {
          const whole = await post(author, `/takenQuiz/${path}`, { takenQuizId: first });
          expect(whole.status, `${why}: ${path} as ${author.email}`).toBe(200);
          expect(whole.body.answerReview.shown, why).toBe(true);
          const answers = whole.body.takenQuizAnswers as { correctOptionIds: number[]; answerExplaination: string }[];
          const shown = await shownIdsOf(services, first);
          expect(answers.map((a) => a.correctOptionIds), why).toEqual(exam.right.map((ids) => [...shown(ids)].sort((a, b) => a - b)));
          expect(answers.map((a) => a.answerExplaination), why).toEqual([EXPLANATION, EXPLANATION]);
        }
      }
      for (const path of ["fetchById", "fetchLatestById"]) {
        const refused = await post(classmate, `/takenQuiz/${path}`, { takenQuizId: first });
        expect([refused.status, refused.body.code], `${why}: ${path} as a classmate`).toEqual([404, "NOT_FOUND"]);
        expect(JSON.stringify(refused.body)).not.toMatch(KEY_PARTS);
      }
    }
  });
});

describe("answer review timing (ADR 0030)", () => {
  it("AfterEachAttempt (showAnswer Yes, the default) shows the key after every finished attempt", async () => {
    const exam = await examQuiz();
    const first = await take(exam);
    const [result] = await allReads(first);
    expect(result.quiz).toMatchObject({ showAnswer: "Yes", showAnswerTiming: "AfterEachAttempt" });
    await expectKey(result, exam);
  });

  it("AfterLastAttempt hides the key while attempts remain and shows it on every result once they are used up", async () => {
    const exam = await examQuiz({ showAnswer: true, showAnswerTiming: "AfterLastAttempt", attemptsAllowed: 2 });
    const first = await take(exam);
    for (const result of await allReads(first)) {
      expectNoKey(result);
      expect(result).toMatchObject({ quiz: { showAnswer: "Yes", showAnswerTiming: "AfterLastAttempt" }, remainingAttempts: 1, answerReview: { shown: false, hiddenBecause: "lastAttempt" } });
    }
    const second = await take(exam, "right");
    for (const result of [...(await allReads(first)), ...(await allReads(second))]) await expectKey(result, exam);
  });

  it("AfterLastAttempt also shows the key once a DateRange quiz has closed with attempts left (no further attempt is possible)", async () => {
    const end = Math.floor(clock / 1000) + 3600;
    const exam = await examQuiz({ showAnswerTiming: "AfterLastAttempt", attemptsAllowed: 3, status: "DateRange", startTimestamp: Math.floor(clock / 1000) - 60, endTimestamp: end });
    const first = await take(exam);
    expect((await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId: first })).body.answerReview.hiddenBecause).toBe("lastAttempt");
    clock = end * 1000 + DEADLINE_GRACE_MS + 1;
    await expectKey((await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId: first })).body, exam);
  });

  it("AfterQuizCloses hides the key until the end date (and the attempts' grace) has passed, and says when", async () => {
    const end = Math.floor(clock / 1000) + 3600;
    const exam = await examQuiz({ showAnswerTiming: "AfterQuizCloses", attemptsAllowed: 1, status: "DateRange", startTimestamp: Math.floor(clock / 1000) - 60, endTimestamp: end });
    const first = await take(exam);
    for (const result of await allReads(first)) {
      expectNoKey(result);
      expect(result.answerReview).toEqual({ shown: false, hiddenBecause: "quizCloses", quizClosesAt: end * 1000 });
    }
    clock = end * 1000 + DEADLINE_GRACE_MS; // the last attempts may still be saving
    expectNoKey((await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId: first })).body);
    clock += 1;
    for (const result of await allReads(first)) await expectKey(result, exam);
  });

  it("Never (showAnswer No) never shows the key, also after the last attempt and after the quiz closed", async () => {
    const end = Math.floor(clock / 1000) + 60;
    const exam = await examQuiz({ showAnswer: false, attemptsAllowed: 1, status: "DateRange", startTimestamp: Math.floor(clock / 1000) - 60, endTimestamp: end });
    const first = await take(exam);
    clock = end * 1000 + 24 * 3600_000;
    for (const result of await allReads(first)) {
      expectNoKey(result);
      expect(result).toMatchObject({ quiz: { showAnswer: "No", showAnswerTiming: "Never" }, answerReview: { shown: false, hiddenBecause: "never" } });
    }
  });

  it("gives one-by-one feedback (spec 4 Check) only with AfterEachAttempt: a later timing makes the exam all at once", async () => {
    const later = await examQuiz({ showAnswerTiming: "AfterLastAttempt" });
    const res = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: later.quiz.id, examMode: "onebyone" });
    expect(res.body.examMode).toBe("all");
    const each = await examQuiz();
    const oneByOne = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: each.quiz.id, examMode: "onebyone" });
    expect(oneByOne.body.examMode).toBe("onebyone");
    // The teacher moves the quiz to "after the last attempt" mid-exam: Check says right or wrong, never the key.
    await services.db.update(quizzes).set({ showAnswerTiming: "AfterLastAttempt" }).where(eq(quizzes.id, each.quiz.id));
    const shown = await shownIdsOf(services, oneByOne.body.takenQuizId);
    const checked = await post(tenant.student, "/takeQuiz/answerOne", { takenQuizId: oneByOne.body.takenQuizId, questionId: each.questions[0].id, optionType: "radio", answer: shown(each.right[0]) });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body).toEqual({ answerStatus: "yes" });
  });
});
