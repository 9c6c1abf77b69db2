import { and, asc, eq, isNull } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { questionOptions, quizAttempts } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { keptPaperRows, loadPaperRows } from "../services/attempts/exam-paper";
import { startQuiz } from "../services/attempts/start-quiz";
import { createCategoryCourse, createQuestion, createQuiz, createUser } from "../test-support/factories.node";
import { quizBody } from "../test-support/request-bodies";
import { createRemoteLikeDb } from "../test-support/remote-like-db.node";
import { callerOf } from "../test-support/test-app.node";
import { createTestBed, type JsonAnswer, type Tenant, type TestBed } from "../test-support/test-bed.node";

/**
 * Starts that race each other or a teacher's save (issue 25, the first-start race). The database
 * answers after a round trip, as Turso and D1 do, so requests interleave between a read and the
 * write that depends on it; `hold` sees each statement before it is sent (a batch's one by one,
 * before the batch goes) and holds one of one request until another request has done its part,
 * so each race below happens every run, not by luck.
 */
let services: AppServices;
let tenant: Tenant;
let post: TestBed["post"];
let hold: ((sql: string) => Promise<void>) | null;
let place: { categoryId: number; courseId: number };

/** A fresh school; `readsSideBySide`: the start's reads go one by one at once, as on D1 (db/prepared-batch.ts). */
async function raceBed(options: { readsSideBySide?: boolean } = {}) {
  hold = null;
  const db = await createRemoteLikeDb({
    ...options,
    beforeExecute: (sql) => hold?.(sql) ?? Promise.resolve(),
    beforeBatch: async (sqls) => {
      for (const sql of sqls) await hold?.(sql);
    },
  });
  ({ services, tenant, post } = await createTestBed("Start Race School", { db }));
  const maths = await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Maths", course: "Algebra" });
  place = { categoryId: maths.category.id, courseId: maths.course.id };
}

beforeEach(() => raceBed());

const isAttemptInsert = (sql: string) => /^insert into "quiz_attempts"/i.test(sql);
const isAttemptCount = (sql: string) => /^select count\(\*\) from "quiz_attempts"/i.test(sql);

const start = (who: Parameters<TestBed["post"]>[0], quizId: number) => post(who, "/takeQuiz/startQuiz", { quizId });
const attemptsOf = (quizId: number, studentId: number) =>
  services.db.select().from(quizAttempts).where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.studentId, studentId))).orderBy(asc(quizAttempts.attemptNumber));
const openAttemptsOf = (quizId: number, studentId: number) =>
  services.db.select({ id: quizAttempts.id }).from(quizAttempts).where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.studentId, studentId), isNull(quizAttempts.submittedAt)));
const questionIdsOf = (body: { questions: { id: number }[] }) => body.questions.map((question) => question.id);

async function ownQuiz(fields: { attemptsAllowed?: number; questionCount?: number } = {}) {
  const questionIds: number[] = [];
  for (let i = 0; i < (fields.questionCount ?? 3); i++) {
    questionIds.push((await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, ...place, questionText: `Q${i}?` })).question.id);
  }
  const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, ...place, questionIds, attemptsAllowed: fields.attemptsAllowed ?? 3 });
  return { quiz, questionIds };
}

/**
 * A quiz of one own question and `drawn` drawn from a pool of `poolSize` more in Maths/Algebra
 * (the draw races' set-up); `body` adds to the quiz's fields.
 */
async function drawnQuiz({ poolSize = 5, drawn = 1, ...body }: { poolSize?: number; drawn?: number; shuffleQuestions?: "Yes" } = {}) {
  const made: number[] = [];
  for (let i = 0; i <= poolSize; i++) made.push((await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, ...place, questionText: `Pool ${i}?` })).question.id);
  const [own, ...pool] = made;
  const quiz = await post(tenant.teacher, "/quiz", quizBody({ selectedQuestions: [own], draws: [{ category: "Maths", course: "Algebra", count: drawn }], ...body }));
  expect(quiz.status, JSON.stringify(quiz.body)).toBe(201);
  return { quizId: quiz.body.entity.id as number, own, pool };
}

/** The teacher's save the draw races land between a start's reads: three drawn instead of one (four questions). */
const drawThree = (quizId: number) => post(tenant.teacher, "/quiz/update", { quizId, draws: [{ category: "Maths", course: "Algebra", count: 3 }], totalQuestion: 4 });

describe("two starts of one student at once (a double click, two tabs, two app servers)", () => {
  // On libSQL a start's reads are one batch, one moment; on D1 they go side by side, so the
  // second start can look for an open attempt before the first inserts and count after.
  it.each([
    ["its reads batched (libSQL)", false],
    ["its reads side by side (D1)", true],
  ])("make one attempt when the second counts the attempts after the first has inserted its own (attempts left), %s", async (_, readsSideBySide) => {
    if (readsSideBySide) await raceBed({ readsSideBySide });
    const { quiz } = await ownQuiz({ attemptsAllowed: 3 });
    // The worst interleaving: the second start has looked for an open attempt (none yet) before
    // the first inserts, and counts the attempts after that insert (1 < 3: one more is allowed).
    let secondAtCount!: () => void;
    const secondCounts = new Promise<void>((resolve) => (secondAtCount = resolve));
    let firstDone!: () => void;
    const firstFinished = new Promise<void>((resolve) => (firstDone = resolve));
    let counts = 0;
    let insertHeld = false;
    hold = async (sql) => {
      if (isAttemptInsert(sql) && !insertHeld) {
        insertHeld = true;
        await secondCounts;
      } else if (isAttemptCount(sql) && ++counts === 2) {
        secondAtCount();
        await firstFinished;
      }
    };
    const finished = (answer: Promise<JsonAnswer>) => answer.finally(() => firstDone());
    const answers = await Promise.all([finished(start(tenant.student, quiz.id)), finished(start(tenant.student, quiz.id))]);
    expect(counts, "the race happened").toBe(2);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[1].body.takenQuizId).toBe(answers[0].body.takenQuizId);
    expect(await attemptsOf(quiz.id, tenant.student.id)).toHaveLength(1);
  });

  it("make one attempt of 20 starts sent a few milliseconds apart, through the API and the service alike", async () => {
    const { quiz } = await ownQuiz({ attemptsAllowed: 5 });
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => later((i % 10) * 2).then(() => start(tenant.student, quiz.id))));
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.body.takenQuizId}`)).size).toBe(1);
    expect(await attemptsOf(quiz.id, tenant.student.id)).toHaveLength(1);

    const student = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    const started = await Promise.all(Array.from({ length: 20 }, (_, i) => later((i % 10) * 2).then(() => startQuiz(services, callerOf(student), { quizId: quiz.id }))));
    expect(new Set(started.map((exam) => exam.takenQuizId)).size).toBe(1);
    expect(await attemptsOf(quiz.id, student.id)).toHaveLength(1);
  });

  it("never pass the attempt limit: the last attempt left is made once, the others resume it", async () => {
    const { quiz } = await ownQuiz({ attemptsAllowed: 2 });
    const first = await start(tenant.student, quiz.id);
    expect((await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: first.body.takenQuizId, quizId: quiz.id, answers: [] })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => start(tenant.student, quiz.id)));
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.body.takenQuizId}`)).size).toBe(1);
    expect((await attemptsOf(quiz.id, tenant.student.id)).map((attempt) => attempt.attemptNumber)).toEqual([1, 2]);
    expect(await openAttemptsOf(quiz.id, tenant.student.id)).toHaveLength(1);
  });
});

describe("a teacher's save landing between a first start's read of the paper and its insert", () => {
  /** Holds the first attempt insert until `save` has answered, and returns that answer. */
  function saveBeforeTheInsert(save: () => Promise<JsonAnswer>): Promise<JsonAnswer> {
    let saved!: (answer: JsonAnswer) => void;
    const answer = new Promise<JsonAnswer>((resolve) => (saved = resolve));
    let held = false;
    hold = async (sql) => {
      if (!isAttemptInsert(sql) || held) return;
      held = true;
      saved(await save());
    };
    return answer;
  }

  it("starts the quiz as the save left it: one question fewer is not on the student's paper, on the start or on a resume", async () => {
    const { quiz, questionIds } = await ownQuiz();
    const saved = saveBeforeTheInsert(() => post(tenant.teacher, "/quiz/update", { quizId: quiz.id, selectedQuestions: questionIds.slice(0, 2), totalQuestion: 2 }));
    const started = await start(tenant.student, quiz.id);
    // The save came first (the quiz had no attempt yet), so it stands, and the student gets it.
    expect((await saved).status).toBe(200);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(questionIdsOf(started.body)).toEqual(questionIds.slice(0, 2));
    expect(questionIdsOf((await start(tenant.student, quiz.id)).body)).toEqual(questionIds.slice(0, 2));
  });

  it("resumes the attempt another start of the student made after the save on that attempt's paper, not on the rows it read before", async () => {
    const { quiz, questionIds } = await ownQuiz();
    let second: JsonAnswer | undefined;
    const saved = saveBeforeTheInsert(async () => {
      const answer = await post(tenant.teacher, "/quiz/update", { quizId: quiz.id, selectedQuestions: questionIds.slice(1), totalQuestion: 2 });
      second = await start(tenant.student, quiz.id);
      return answer;
    });
    const first = await start(tenant.student, quiz.id);
    expect((await saved).status).toBe(200);
    expect(first.body.takenQuizId).toBe(second!.body.takenQuizId);
    expect(questionIdsOf(first.body)).toEqual(questionIds.slice(1));
    expect(questionIdsOf(second!.body)).toEqual(questionIds.slice(1));
  });

  it("answers SERVER_BUSY (429, try again) when the quiz is saved again before every try's insert, and inserts nothing", async () => {
    const { quiz, questionIds } = await ownQuiz();
    const saves: JsonAnswer[] = [];
    hold = async (sql) => {
      if (isAttemptInsert(sql)) saves.push(await post(tenant.teacher, "/quiz/update", { quizId: quiz.id, quizName: `Saved ${saves.length + 1}` }));
    };
    const started = await start(tenant.student, quiz.id);
    expect(saves.map((save) => save.status)).toEqual([200, 200, 200]);
    expect([started.status, started.body.code]).toEqual([429, "SERVER_BUSY"]);
    expect(await attemptsOf(quiz.id, tenant.student.id)).toEqual([]);
    hold = null;
    expect(questionIdsOf((await start(tenant.student, quiz.id)).body)).toEqual(questionIds);
  });

  // The gate (quiz-access.ts: the quiz's row with its rules) and the paper (exam-paper.ts startPaperRead).
  const isGate = (sql: string) => /^select "id",[\s\S]* from "quizzes" where \("quizzes"."business_id" = \?/i.test(sql);
  const isPaper = (sql: string) => /^select json_group_array\(json\(p\.question\)\)/i.test(sql);

  // On D1 the gate and the paper are two reads sent at once, so a save can land between them
  // either way round: the quiz the start draws by and the rows it draws from must be one save's.
  it.each([
    ["the paper, then the gate", isGate],
    ["the gate, then the paper", isPaper],
  ])("on D1, where a start's reads go side by side, draws the paper as a save landing between its reads (%s) left the quiz", async (_, heldRead) => {
    await raceBed({ readsSideBySide: true });
    const { quizId } = await drawnQuiz();
    let saved: JsonAnswer | undefined;
    hold = async (sql) => {
      if (saved || !heldRead(sql)) return;
      saved = await drawThree(quizId);
    };
    const started = await start(tenant.student, quizId);
    expect(saved?.status, "the save landed between the reads").toBe(200);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const paper = questionIdsOf(started.body);
    expect(paper).toHaveLength(4);
    expect((await attemptsOf(quizId, tenant.student.id)).map((attempt) => attempt.paper)).toEqual([paper]);
    expect(questionIdsOf((await start(tenant.student, quizId)).body)).toEqual(paper);
  });

  it("shows a question's options as the save left them", async () => {
    const { quiz, questionIds } = await ownQuiz({ questionCount: 1 });
    const options = ["Three", "Four", "Five"];
    const saved = saveBeforeTheInsert(() =>
      post(tenant.teacher, "/question/update", {
        questionId: questionIds[0],
        questionText: "Two and two?",
        optionType: "radio",
        options: options.map((optionText, i) => ({ optionText, optionStatus: i === 1 })),
        category: "Maths",
        course: "Algebra",
        answerExplaination: "<p>Four.</p>",
      }),
    );
    const started = await start(tenant.student, quiz.id);
    expect((await saved).status).toBe(200);
    const shown = started.body.questions[0] as { questionText: string; options: { id: number; optionText: string }[] };
    expect([shown.questionText, shown.options.map((option) => option.optionText).sort()]).toEqual(["Two and two?", [...options].sort()]);
    // The student's ids stand for the options the question has now, which the grading reads.
    const stored = await services.db.select({ id: questionOptions.id }).from(questionOptions).where(eq(questionOptions.questionId, questionIds[0]));
    expect(stored).toHaveLength(3);
  });

  it("draws the paper from the draws as the save left them", async () => {
    const { quizId, own, pool } = await drawnQuiz();
    const saved = saveBeforeTheInsert(() => drawThree(quizId));
    const started = await start(tenant.student, quizId);
    expect((await saved).status).toBe(200);
    const paper = questionIdsOf(started.body);
    expect(paper).toHaveLength(4);
    expect(paper[0]).toBe(own);
    expect(pool).toEqual(expect.arrayContaining(paper.slice(1)));
    const [attempt] = await attemptsOf(quizId, tenant.student.id);
    expect(attempt.paper).toEqual(paper);
    // The columns the start does not give have the table's defaults (db/row-select.ts).
    expect(attempt).toMatchObject({ submittedAt: null, status: "Pending", gradingStatus: "Graded", rating: 0, answersVersion: 0, percentage: 0, examMode: "all" });
  });
});

describe("first starts of different students at once", () => {
  it("each keep the paper they were shown, drawn from the quiz's parts, and the quiz's kept paper is the database's", async () => {
    const { quizId, own, pool } = await drawnQuiz({ poolSize: 7, drawn: 3, shuffleQuestions: "Yes" });
    const students = [tenant.student, ...(await Promise.all(Array.from({ length: 7 }, () => createUser(services.db, { businessId: tenant.business.id, userType: "Student" }))))];
    const answers = await Promise.all(students.map((student) => start(student, quizId)));
    for (const [i, answer] of answers.entries()) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const paper = questionIdsOf(answer.body);
      expect(paper).toContain(own);
      expect(paper).toHaveLength(4);
      expect([own, ...pool]).toEqual(expect.arrayContaining(paper));
      const attempts = await attemptsOf(quizId, students[i].id);
      expect(attempts.map((attempt) => attempt.paper)).toEqual([paper]);
    }
    expect(await keptPaperRows(services, quizId)).toEqual(await loadPaperRows(services, quizId));
    expect(await keptPaperRows(services, quizId)).toHaveLength(8);
  });
});
