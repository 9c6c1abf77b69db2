import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createAttempt, createCategoryCourse, createQuestion, createQuiz, createUser } from "../test-support/factories.node";
import { quizAttempts } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { DEADLINE_GRACE_MS } from "../services/attempts/schemas";
import { RESULT_MESSAGES } from "../services/results/schemas";
import { bearer } from "../test-support/test-app.node";
import { shownIdsOf } from "../test-support/shown-ids.node";
import { createTestBed, type Tenant, type TestApi, type TestBed, type Who } from "../test-support/test-bed.node";

/** The student's results (spec 2.4, 3, 7; docs/decisions/0024-student-results.md). */
let services: AppServices;
let app: TestApi;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];
let clock: number;
let subject: Awaited<ReturnType<typeof createCategoryCourse>> | undefined;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 23, 9, 0, 0);
  ({ services, app, tenant, other, post } = await createTestBed("Results School", { now: () => new Date(clock) }));
  subject = undefined;
});

const EXPLANATION = "Because B is the sharpest answer";
const EXPLANATION_IMAGE = "question-images/why-b.png";
const QUESTION_IMAGE = "question-images/q1.png";

/** Two radio questions (B right; the first with images and an explanation) and one checkbox question (A and C right). */
async function examQuiz(fields: Partial<Parameters<typeof createQuiz>[1]> = {}) {
  subject ??= await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Physics", course: "Optics" });
  const { category, course } = subject;
  const q = (options: [string, boolean][], extra: Partial<Parameters<typeof createQuestion>[1]> = {}) =>
    createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, categoryId: category.id, courseId: course.id, options, ...extra });
  const made = [
    await q([["A", false], ["B", true], ["C", false]], { questionImage: QUESTION_IMAGE, explanationImage: EXPLANATION_IMAGE, answerExplanation: EXPLANATION }),
    await q([["A", false], ["B", true]]),
    await q([["A", true], ["B", false], ["C", true]], { optionType: "checkbox" }),
  ];
  const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, categoryId: category.id, courseId: course.id, questionIds: made.map((m) => m.question.id), ...fields });
  const right = made.map((m) => m.options.filter((o) => o.isCorrect).map((o) => o.id));
  const wrong = made.map((m) => m.options.filter((o) => !o.isCorrect).map((o) => o.id));
  return { quiz, questions: made.map((m) => m.question), options: made.map((m) => m.options), right, wrong };
}

type Exam = Awaited<ReturnType<typeof examQuiz>>;

/** Takes the quiz as `who`: right answers for the questions listed in `rightOnes`, wrong for `wrongOnes`, the rest unanswered. */
async function take(exam: Exam, rightOnes: number[], wrongOnes: number[] = [], who: Who = tenant.student) {
  const started = await post(who, "/takeQuiz/startQuiz", { quizId: exam.quiz.id });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const shown = await shownIdsOf(services, started.body.takenQuizId);
  const answers = [
    ...rightOnes.map((i) => ({ questionId: exam.questions[i].id, answer: shown(exam.right[i]) })),
    ...wrongOnes.map((i) => ({ questionId: exam.questions[i].id, answer: shown([exam.wrong[i][0]]) })),
  ];
  clock += 42_000;
  const done = await post(who, "/takeQuiz/answerAll", { takenQuizId: started.body.takenQuizId, quizId: exam.quiz.id, answers });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { takenQuizId: started.body.takenQuizId as number, started: started.body, shown };
}

const list = (body: unknown, who: Who = tenant.student) => post(who, "/takenQuiz/fetchAllByStudentId", body);
const fetchById = (takenQuizId: unknown, who: Who = tenant.student) => post(who, "/takenQuiz/fetchById", { takenQuizId });
const fetchLatest = (takenQuizId: unknown, who: Who = tenant.student) => post(who, "/takenQuiz/fetchLatestById", { takenQuizId });

describe("fetchAllByStudentId", () => {
  it("lists the caller's own finished attempts with spec 3's fields, newest first, whatever student id the body names", async () => {
    const exam = await examQuiz({ quizName: "Light and lenses", attemptsAllowed: 3 });
    const first = await take(exam, [0, 1, 2]);
    clock += 60_000;
    const second = await take(exam, [0], [1]);
    await post(tenant.student, "/takeQuiz/rateQuiz", { quizId: exam.quiz.id, rating: 4 });
    const classmate = await createTenantStudent();
    await take(exam, [0, 1, 2], [], classmate);
    const running = await examQuiz();
    await post(tenant.student, "/takeQuiz/startQuiz", { quizId: running.quiz.id }); // still running: not a result

    const res = await list({ studentId: classmate.id, queryParams: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totalCount).toBe(2);
    expect(res.body.entities.map((e: { takenQuizId: number }) => e.takenQuizId)).toEqual([second.takenQuizId, first.takenQuizId]);
    expect(res.body.entities[0]).toEqual({
      id: second.takenQuizId,
      takenQuizId: second.takenQuizId,
      quizId: exam.quiz.id,
      quizName: "Light and lenses",
      quizCategory: "Physics",
      attemptNumber: 2,
      percentage: 33.33,
      correctAnswered: 1,
      negativePoints: 0,
      timeTaken: 42,
      attemptDate: second.started.serverNow,
      status: "Pending",
      gradingStatus: "Graded",
      rating: 4,
      remainingAttempts: 1,
      totalAttempts: 2,
      attemptsAllowed: 3,
      // ADR 0076: a quiz without a pass mark.
      passPercentage: null,
      passed: null,
    });
    expect(res.body.entities[1]).toMatchObject({ percentage: 100, correctAnswered: 3, rating: 4, remainingAttempts: 1 });
    // An empty body is the default query.
    const bare = await app.request("/takenQuiz/fetchAllByStudentId", { method: "POST", headers: await bearer(services, tenant.student) });
    expect(((await bare.json()) as { totalCount: number }).totalCount).toBe(2);
  });

  it("pages, sorts and filters by a part of the quiz name", async () => {
    const names = ["Alpha optics", "beta OPTICS", "Gamma rays"];
    const scores = [[0, 1], [0, 1, 2], [0]];
    const ids: number[] = [];
    for (const [i, quizName] of names.entries()) {
      ids.push((await take(await examQuiz({ quizName }), scores[i])).takenQuizId);
      clock += 60_000;
    }
    const page = (queryParams: unknown) => list({ queryParams });
    const idsOf = (res: { body: { entities: { takenQuizId: number }[] } }) => res.body.entities.map((e) => e.takenQuizId);

    const p1 = await page({ pageSize: 2, pageNumber: 1 });
    const p2 = await page({ pageSize: 2, pageNumber: 2 });
    expect([p1.body.totalCount, idsOf(p1), idsOf(p2)]).toEqual([3, [ids[2], ids[1]], [ids[0]]]);
    expect(idsOf(await page({ sortField: "percentage", sortOrder: "asc" }))).toEqual([ids[2], ids[0], ids[1]]);
    expect(idsOf(await page({ sortField: "percentage", sortOrder: "desc" }))).toEqual([ids[1], ids[0], ids[2]]);
    expect(idsOf(await page({ sortField: "quizName", sortOrder: "asc" }))).toEqual(ids);
    const optics = await page({ filter: { quizName: " optics " }, sortField: "quizName", sortOrder: "asc" });
    expect([optics.body.totalCount, idsOf(optics)]).toEqual([2, [ids[0], ids[1]]]);
    // Literal, not a LIKE pattern.
    expect((await page({ filter: { quizName: "%" } })).body.totalCount).toBe(0);
  });

  it("refuses bad input with a clear 400, and callers who are not students with 403", async () => {
    for (const queryParams of [{ sortField: "studentName" }, { sortOrder: "up" }, { pageSize: 101 }, { pageNumber: 0 }, { filter: { quizName: 5 } }, { filter: { quizName: "x".repeat(501) } }]) {
      const res = await list({ queryParams });
      expect(res.status, JSON.stringify(queryParams)).toBe(400);
      expect(res.body.message).toMatch(/\w/);
    }
    expect((await list("nope")).status).toBe(400);
    expect((await list({ queryParams: {} }, tenant.teacher)).status).toBe(403);
    expect((await list({ queryParams: {} }, tenant.owner)).status).toBe(403);
  });
});

describe("fetchById", () => {
  it("answers every field of the result page, each question in quiz order with its status and chosen options", async () => {
    const exam = await examQuiz({ quizName: "Mirrors", takeBestScore: true, attemptsAllowed: 2 });
    const { takenQuizId, started, shown } = await take(exam, [0], [2]);
    const res = await fetchById(takenQuizId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body;
    expect(r).toMatchObject({
      id: takenQuizId,
      takenQuizId,
      quizId: exam.quiz.id,
      quizName: "Mirrors",
      quizCategory: "Physics",
      score: 1,
      percentage: 33.33,
      correctAnswered: 1,
      negativePoints: 0,
      totalQuestions: 3,
      timeTaken: 42,
      attemptDate: clock - 42_000,
      submittedAt: clock,
      status: "Pending",
      rating: 0,
      remainingAttempts: 1,
      totalAttempts: 1,
      countingTakenQuizId: takenQuizId,
      quiz: { id: exam.quiz.id, quizId: exam.quiz.id, quizName: "Mirrors", showAnswer: "Yes", takeBestScore: "Yes", attemptsAllowed: 2 },
    });
    const answers = r.takenQuizAnswers;
    expect(answers.map((a: { questionId: number }) => a.questionId)).toEqual(exam.questions.map((q) => q.id));
    expect(answers.map((a: { answerStatus: string }) => a.answerStatus)).toEqual(["yes", "empty", "no"]);
    // The options in the order the exam showed them; the chosen ones with their text.
    expect(answers.map((a: { question: { options: unknown } }) => a.question.options)).toEqual(started.questions.map((q: { options: unknown }) => q.options));
    // With the attempt's own option ids, as its paper had them (option-ids.ts).
    expect(answers[0].answerFurthers).toEqual([{ id: shown(exam.right[0])[0], optionText: "B" }]);
    expect(answers[1].answerFurthers).toEqual([]);
    expect(answers[2].answerFurthers).toEqual([{ id: shown([exam.wrong[2][0]])[0], optionText: "B" }]);
    expect(answers[0].question).toMatchObject({ id: exam.questions[0].id, questionId: exam.questions[0].id, questionText: exam.questions[0].questionText, optionType: "radio" });
    expect(answers[0].question.questionImage).toMatch(/^\/api\/files\/question-images\/q1\.png\?expires=\d+&signature=/);
    // The paper carried it signed too, and nothing for the questions without one.
    expect(started.questions.map((q: { questionImage: string | null }) => q.questionImage)).toEqual([expect.stringMatching(/^\/api\/files\/question-images\/q1\.png\?expires=\d+&signature=/), null, null]);
    // showAnswer Yes: the right options and the explanation with its signed image.
    expect(answers[0]).toMatchObject({ correctOptionIds: shown(exam.right[0]), answerExplaination: EXPLANATION });
    expect(answers[0].image).toMatch(/^\/api\/files\/question-images\/why-b\.png\?expires=\d+&signature=/);
    expect(answers[2].correctOptionIds).toEqual(shown(exam.right[2]).sort((a, b) => a - b));
    expect(answers[1].image).toBeNull();
  });

  it("carries the student's own thumbs on each question, never a classmate's", async () => {
    const exam = await examQuiz({ quizName: "Prisms" });
    const { takenQuizId } = await take(exam, [0, 1, 2]);
    const classmate = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    await take(exam, [0, 1, 2], [], classmate);
    const thumbs = async (who: Who, question: number, vote: "up" | "down") =>
      expect((await post(who, "/question/thumbs", { questionId: exam.questions[question].id, vote })).status).toBe(200);
    await thumbs(tenant.student, 0, "up");
    await thumbs(tenant.student, 2, "down");
    await thumbs(classmate, 1, "up");
    await thumbs(classmate, 2, "up");
    const res = await fetchById(takenQuizId);
    expect(res.body.takenQuizAnswers.map((a: { myVote: string }) => a.myVote)).toEqual(["up", "none", "down"]);
  });

  it("reads each student's own answers and thumbs beside the quiz's questions it keeps, whoever read a result of the quiz first", async () => {
    const exam = await examQuiz({ quizName: "Lenses" });
    const mine = await take(exam, [0], [2]);
    const classmate = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    const theirs = await take(exam, [1, 2], [0], classmate);
    expect((await post(classmate, "/question/thumbs", { questionId: exam.questions[1].id, vote: "down" })).status).toBe(200);
    const status = (res: { body: { takenQuizAnswers: { answerStatus: string }[] } }) => res.body.takenQuizAnswers.map((a) => a.answerStatus);
    const votes = (res: { body: { takenQuizAnswers: { myVote: string }[] } }) => res.body.takenQuizAnswers.map((a) => a.myVote);
    const first = await fetchById(mine.takenQuizId);
    const second = await fetchById(theirs.takenQuizId, classmate);
    expect([status(first), votes(first)]).toEqual([["yes", "empty", "no"], ["none", "none", "none"]]);
    expect([status(second), votes(second)]).toEqual([["no", "yes", "yes"], ["none", "down", "none"]]);
    // Each with its attempt's own option ids (option-ids.ts), never the other's.
    const firstIds = first.body.takenQuizAnswers[0].question.options.map((o: { id: number }) => o.id);
    const secondIds = second.body.takenQuizAnswers[0].question.options.map((o: { id: number }) => o.id);
    expect(firstIds.filter((id: number) => secondIds.includes(id))).toEqual([]);
  });

  it("with showAnswer No, says which answers were right or wrong but never the right options or the explanation", async () => {
    const exam = await examQuiz({ showAnswer: false });
    const { takenQuizId } = await take(exam, [0], [1, 2]);
    for (const res of [await fetchById(takenQuizId), await fetchLatest(takenQuizId)]) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.quiz.showAnswer).toBe("No");
      expect(res.body.takenQuizAnswers.map((a: { answerStatus: string }) => a.answerStatus)).toEqual(["yes", "no", "no"]);
      expect(JSON.stringify(res.body)).not.toMatch(/correctOptionIds|answerExplaination|isCorrect|optionStatus|"image"/);
      expect(JSON.stringify(res.body)).not.toContain(EXPLANATION);
      expect(JSON.stringify(res.body)).not.toContain("why-b");
      for (const answer of res.body.takenQuizAnswers) for (const option of answer.question.options) expect(Object.keys(option).sort()).toEqual(["id", "optionText"]);
    }
  });

  it("answers 404 for another student's, a teacher's or another business's attempt, and the business's authors the result (teachers-read-attempts.test.ts)", async () => {
    const exam = await examQuiz();
    const mine = (await take(exam, [0])).takenQuizId;
    const classmate = await createTenantStudent();
    const theirs = (await take(exam, [0], [], classmate)).takenQuizId;
    const teachers = (await createAttempt(services.db, { businessId: tenant.business.id, quizId: exam.quiz.id, studentId: tenant.teacher.id, submittedAt: new Date(clock) })).id;
    const otherExam = await createQuiz(services.db, { businessId: other.business.id, teacherId: other.teacher.id });
    const foreign = (await createAttempt(services.db, { businessId: other.business.id, quizId: otherExam.quiz.id, studentId: other.student.id, submittedAt: new Date(clock) })).id;

    for (const read of [fetchById, fetchLatest]) {
      for (const id of [theirs, teachers, foreign, 999_999]) {
        const res = await read(id);
        expect([res.status, res.body.message], `${read.name} ${id}`).toEqual([404, "The requested taken quiz is not found"]);
      }
      expect((await read(mine, other.student)).status).toBe(404);
      expect((await read(mine, tenant.teacher)).status).toBe(200);
      expect((await read(mine, other.teacher)).status).toBe(404);
      expect((await read(mine)).status).toBe(200);
    }
  });

  it("refuses bad ids with a clear 400", async () => {
    for (const read of [fetchById, fetchLatest]) {
      for (const id of ["1", 0, -3, 1.5, null]) expect((await read(id)).status, `${read.name} ${String(id)}`).toBe(400);
      expect((await post(tenant.student, `/takenQuiz/${read === fetchById ? "fetchById" : "fetchLatestById"}`, [])).status).toBe(400);
    }
  });

  it("is 409 while the attempt is still running", async () => {
    const exam = await examQuiz({ time: 1 });
    const { body } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: exam.quiz.id });
    clock += 60_000 + DEADLINE_GRACE_MS; // the deadline and the whole grace: still taking answers
    for (const res of [await fetchById(body.takenQuizId), await fetchLatest(body.takenQuizId)]) {
      expect([res.status, res.body.message]).toEqual([409, RESULT_MESSAGES.notFinished]);
    }
    const [attempt] = await services.db.select().from(quizAttempts).where(eq(quizAttempts.id, body.takenQuizId));
    expect(attempt.submittedAt).toBeNull();
  });

  it("grades an attempt left open past its deadline on what it saved, then shows it", async () => {
    const exam = await examQuiz({ time: 1 });
    const { body } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: exam.quiz.id });
    const shown = await shownIdsOf(services, body.takenQuizId);
    await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: body.takenQuizId, answers: [{ questionId: exam.questions[0].id, answer: shown(exam.right[0]) }, { questionId: exam.questions[1].id, answer: shown(exam.wrong[1]) }] });
    clock += 60 * 60_000; // the student never came back
    const res = await fetchById(body.takenQuizId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ correctAnswered: 1, percentage: 33.33, timeTaken: 60, submittedAt: clock });
    expect(res.body.takenQuizAnswers.map((a: { answerStatus: string }) => a.answerStatus)).toEqual(["yes", "no", "empty"]);
    const [attempt] = await services.db.select().from(quizAttempts).where(eq(quizAttempts.id, body.takenQuizId));
    expect([attempt.submittedAt?.getTime(), attempt.correctAnswered]).toEqual([clock, 1]);
  });

  it("lists an abandoned attempt with its grade", async () => {
    const exam = await examQuiz({ time: 1 });
    const { body } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: exam.quiz.id });
    const shown = await shownIdsOf(services, body.takenQuizId);
    await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: body.takenQuizId, answers: [{ questionId: exam.questions[1].id, answer: shown(exam.right[1]) }] });
    expect((await list({})).body.totalCount).toBe(0);
    clock += 60_000 + DEADLINE_GRACE_MS + 1;
    const res = await list({});
    expect(res.body.entities).toMatchObject([{ takenQuizId: body.takenQuizId, correctAnswered: 1, timeTaken: 60 }]);
  });
});

describe("fetchLatestById", () => {
  it("answers the latest finished attempt at the same quiz, whichever of the student's attempts the id names", async () => {
    const exam = await examQuiz({ attemptsAllowed: 3, takeBestScore: false });
    const first = (await take(exam, [0, 1, 2])).takenQuizId;
    const { body: second } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: exam.quiz.id });
    // The second attempt is running: the latest result is still the first.
    const whileRunning = await fetchLatest(second.takenQuizId);
    expect([whileRunning.status, whileRunning.body.takenQuizId, whileRunning.body.remainingAttempts]).toEqual([200, first, 1]);
    const shown = await shownIdsOf(services, second.takenQuizId);
    await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: second.takenQuizId, answers: [{ questionId: exam.questions[0].id, answer: shown(exam.right[0]) }] });
    const latest = await fetchLatest(first);
    expect(latest.body).toMatchObject({ takenQuizId: second.takenQuizId, attemptNumber: 2, correctAnswered: 1, totalAttempts: 2, countingTakenQuizId: second.takenQuizId });
    // takeBestScore Yes would count the first: the page says which attempt counts.
    const best = await examQuiz({ attemptsAllowed: 3, takeBestScore: true });
    const good = (await take(best, [0, 1, 2])).takenQuizId;
    const worse = (await take(best, [0])).takenQuizId;
    expect((await fetchLatest(good)).body).toMatchObject({ takenQuizId: worse, countingTakenQuizId: good });
    // fetchById still answers the attempt it names.
    expect((await fetchById(first)).body.takenQuizId).toBe(first);
  });
});

/** Another student of the same business. */
function createTenantStudent() {
  return createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
}

describe("the OpenAPI document", () => {
  it("describes the three calls with their request and answer schemas", async () => {
    const document = (await (await app.request("/openapi.json")).json()) as { paths: Record<string, { post?: { requestBody?: unknown; responses: Record<string, { content?: unknown }> } }>; components: { schemas: Record<string, unknown> } };
    for (const path of ["/takenQuiz/fetchAllByStudentId", "/takenQuiz/fetchById", "/takenQuiz/fetchLatestById"]) {
      const post = document.paths[path]?.post;
      expect(post?.requestBody, path).toBeDefined();
      expect(post?.responses["200"].content, path).toBeDefined();
      expect(Object.keys(post?.responses ?? {}), path).toEqual(expect.arrayContaining(["400", "401", "403"]));
    }
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(["TakenQuizRow", "TakenQuizResult", "TakenQuizAnswer", "TakenQuizListQuery", "TakenQuizIdInput"]));
  });
});
