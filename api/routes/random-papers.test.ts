import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { questionTags, quizAttempts, quizzes, tags } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { drawPaper } from "../services/attempts/attempt-paper";
import { createCategoryCourse, createQuestion, createUser } from "../test-support/factories.node";
import { quizBody } from "../test-support/request-bodies";
import { shownIdsOf } from "../test-support/shown-ids.node";
import { createTestBed, type Tenant, type TestBed } from "../test-support/test-bed.node";

/** decisions.md "Papers", ADR 0077: papers drawn from the bank at the start, fixed and kept. */
let services: AppServices;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];
let fixed: { id: number; rightOption: number }[];
let pool: { id: number; text: string; rightOption: number }[];

beforeEach(async () => {
  ({ services, tenant, other, post } = await createTestBed("Draw School"));
  const place = await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Maths", course: "Algebra" });
  const geometry = await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Shapes", course: "Geometry" });
  const make = async (ids: { categoryId: number; courseId: number }, text: string) => {
    const { question, options } = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, categoryId: ids.categoryId, courseId: ids.courseId, questionText: text });
    return { id: question.id, text, rightOption: options.find((o) => o.isCorrect)!.id };
  };
  fixed = [await make({ categoryId: geometry.category.id, courseId: geometry.course.id }, "Fixed one?"), await make({ categoryId: geometry.category.id, courseId: geometry.course.id }, "Fixed two?")];
  pool = [];
  for (let i = 0; i < 30; i++) pool.push(await make({ categoryId: place.category.id, courseId: place.course.id }, `Pool question ${i}?`));
});

/** A quiz of the two fixed questions and a draw of `count` from Maths/Algebra's 30. */
async function drawnQuiz(overrides: Record<string, unknown> = {}) {
  const res = await post(tenant.teacher, "/quiz", quizBody({ category: "Shapes", course: "Geometry", selectedQuestions: fixed.map((q) => q.id), draws: [{ category: "Maths", course: "Algebra", count: 10 }], ...overrides }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.entity as { id: number; totalQuestion: number; questionsCount: number; selectedQuestions: number[]; draws: unknown[]; shuffleQuestions: string };
}

const paperOf = (body: { questions: { id: number }[] }) => body.questions.map((q) => q.id);

describe("a quiz with draws", () => {
  it("counts the drawn questions in totalQuestion and keeps its own questions apart from the draws' parts", async () => {
    const quiz = await drawnQuiz();
    expect(quiz).toMatchObject({ totalQuestion: 12, questionsCount: 2, selectedQuestions: fixed.map((q) => q.id), draws: [{ category: "Maths", course: "Algebra", tag: null, count: 10 }], shuffleQuestions: "No" });
    const found = await post(tenant.teacher, "/quiz/findOne", { quizId: quiz.id });
    expect(found.body.entity.selectedQuestions).toEqual(fixed.map((q) => q.id));
  });

  it("refuses a draw its part of the bank cannot fill, too many draws, and counts below 1, with codes, storing nothing", async () => {
    const short = await post(tenant.teacher, "/quiz", quizBody({ selectedQuestions: [pool[0].id], draws: [{ category: "Maths", course: "Algebra", count: 30 }] }));
    expect(short.status).toBe(400);
    // The quiz's own question is not in the part: 29 are left for the draw.
    expect(short.body).toMatchObject({ errorCodes: { draws: "QUIZ_DRAW_TOO_FEW_QUESTIONS" }, errorParams: { draws: { n: 1, count: 30, available: 29 } } });
    // The second draw of the same part only gets what the first cannot take.
    const overlap = await post(tenant.teacher, "/quiz", quizBody({ selectedQuestions: [], draws: [{ category: "Maths", count: 20 }, { category: "Maths", course: "Algebra", count: 11 }] }));
    expect(overlap.body).toMatchObject({ errorCodes: { draws: "QUIZ_DRAW_TOO_FEW_QUESTIONS" }, errorParams: { draws: { n: 2, available: 10 } } });
    const many = await post(tenant.teacher, "/quiz", quizBody({ selectedQuestions: [fixed[0].id], draws: Array.from({ length: 11 }, () => ({ category: "Maths", count: 1 })) }));
    expect(many.body.errorCodes.draws).toBe("QUIZ_TOO_MANY_DRAWS");
    const zero = await post(tenant.teacher, "/quiz", quizBody({ selectedQuestions: [fixed[0].id], draws: [{ category: "Maths", count: 0 }] }));
    expect(zero.status).toBe(400);
    expect(zero.body.errorCodes["draws.0.count"]).toBe("QUIZ_DRAW_COUNT_INVALID");
    const unknown = await post(tenant.teacher, "/quiz", quizBody({ selectedQuestions: [fixed[0].id], draws: [{ category: "History", count: 1 }] }));
    expect(unknown.body.errorParams.draws).toMatchObject({ available: 0 });
    // Another business's bank is no part of this one's.
    const theirs = await post(other.teacher, "/quiz", quizBody({ selectedQuestions: [], draws: [{ category: "Maths", count: 1 }] }));
    expect(theirs.status).toBe(400);
    expect(await services.db.select().from(quizzes)).toEqual([]);
  });

  it("draws by tag when one is given", async () => {
    const [tag] = await services.db.insert(tags).values({ businessId: tenant.business.id, name: "Hard" }).returning();
    await services.db.insert(questionTags).values(pool.slice(0, 3).map((q) => ({ questionId: q.id, tagId: tag.id })));
    const quiz = await drawnQuiz({ draws: [{ category: "Maths", tag: "hard", count: 3 }] });
    const started = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(paperOf(started.body).slice(2).sort()).toEqual(pool.slice(0, 3).map((q) => q.id).sort());
    const tooMany = await post(tenant.teacher, "/quiz", quizBody({ selectedQuestions: [], draws: [{ category: "Maths", tag: "Hard", count: 4 }] }));
    expect(tooMany.body.errorParams.draws).toMatchObject({ available: 3 });
  });
});

describe("an attempt's drawn paper", () => {
  it("gives two students different papers, each the fixed questions and ten of the pool, and never a byte of a question not drawn", async () => {
    const quiz = await drawnQuiz();
    const second = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    const one = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const two = await post(second, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    for (const started of [one, two]) {
      const paper = paperOf(started.body);
      expect(paper).toHaveLength(12);
      expect(paper.slice(0, 2)).toEqual(fixed.map((q) => q.id));
      expect(new Set(paper).size).toBe(12);
      const text = JSON.stringify(started.body);
      // Not one question of the pool that was not drawn: neither its id nor its text.
      for (const question of pool.filter((q) => !paper.includes(q.id))) expect(text).not.toContain(question.text);
      expect(pool.filter((q) => text.includes(q.text))).toHaveLength(10);
    }
    // Two draws of 10 from 30 are the same with probability 1 / C(30, 10) ≈ 3·10⁻⁸.
    expect(paperOf(one.body)).not.toEqual(paperOf(two.body));
  });

  it("keeps the paper on resume and in the stored attempt, and grades and shows exactly that paper", async () => {
    const quiz = await drawnQuiz();
    const first = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const paper = paperOf(first.body);
    const again = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(again.body.takenQuizId).toBe(first.body.takenQuizId);
    expect(paperOf(again.body)).toEqual(paper);
    const [row] = await services.db.select({ paper: quizAttempts.paper }).from(quizAttempts).where(eq(quizAttempts.id, first.body.takenQuizId));
    expect(row.paper).toEqual(paper);

    const shown = await shownIdsOf(services, first.body.takenQuizId);
    const rightOf = new Map([...fixed, ...pool].map((q) => [q.id, q.rightOption]));
    const answers = paper.slice(0, 6).map((questionId) => ({ questionId, answer: shown([rightOf.get(questionId)!]) }));
    const submitted = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: first.body.takenQuizId, answers });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    // 6 right of the 12 on the paper (not of the 32 the quiz may draw from).
    expect(submitted.body.data.takenQuizObject).toMatchObject({ correctAnswered: 6, percentage: 50 });

    const result = await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId: first.body.takenQuizId });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const resultText = JSON.stringify(result.body);
    for (const question of pool.filter((q) => !paper.includes(q.id))) expect(resultText).not.toContain(question.text);
    const teacherView = await post(tenant.teacher, "/takenQuiz/fetchById", { takenQuizId: first.body.takenQuizId });
    expect(teacherView.status).toBe(200);
    const teacherText = JSON.stringify(teacherView.body);
    for (const question of pool.filter((q) => !paper.includes(q.id))) expect(teacherText).not.toContain(question.text);
    for (const question of pool.filter((q) => paper.includes(q.id))) expect(teacherText).toContain(question.text);
  });

  it("refuses an answer to a question of the pool that was not drawn: 400 with a code, nothing saved", async () => {
    const quiz = await drawnQuiz();
    const started = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const notDrawn = pool.find((q) => !paperOf(started.body).includes(q.id))!;
    const before = await services.db.select({ version: quizAttempts.answersVersion }).from(quizAttempts);
    const refused = await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: started.body.takenQuizId, answers: [{ questionId: notDrawn.id, answer: [1] }] });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toEqual(expect.any(String));
    expect(refused.body.errors["answers.0.questionId"]).toBe("This question is not part of the attempt");
    expect(await services.db.select({ version: quizAttempts.answersVersion }).from(quizAttempts)).toEqual(before);
    const submit = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: started.body.takenQuizId, answers: [{ questionId: notDrawn.id, answer: [1] }] });
    expect(submit.status).toBe(400);
  });

  it("counts item analysis per drawn question over the attempts that drew it", async () => {
    const quiz = await drawnQuiz();
    const students = [tenant.student, await createUser(services.db, { businessId: tenant.business.id, userType: "Student" })];
    const drawnTimes = new Map<number, number>();
    for (const student of students) {
      const started = await post(student, "/takeQuiz/startQuiz", { quizId: quiz.id });
      for (const id of paperOf(started.body)) drawnTimes.set(id, (drawnTimes.get(id) ?? 0) + 1);
      await post(student, "/takeQuiz/answerAll", { takenQuizId: started.body.takenQuizId, answers: [] });
    }
    const analysis = await post(tenant.teacher, "/takenQuiz/itemAnalysis", { quizId: quiz.id });
    expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);
    for (const item of analysis.body.data.questions as { questionId: number; attempts: number; drawn?: number }[]) {
      const isFixed = fixed.some((q) => q.id === item.questionId);
      expect(item.drawn).toBe(isFixed ? undefined : (drawnTimes.get(item.questionId) ?? 0));
      expect(item.attempts).toBe(drawnTimes.get(item.questionId) ?? 0);
    }
  });

  it("refuses to change the draws once the quiz is taken", async () => {
    const quiz = await drawnQuiz();
    await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const changed = await post(tenant.teacher, "/quiz/update", { quizId: quiz.id, totalQuestion: 11, draws: [{ category: "Maths", course: "Algebra", count: 9 }] });
    expect(changed.status).toBe(409);
    const renamed = await post(tenant.teacher, "/quiz/update", { quizId: quiz.id, quizName: "Renamed quiz" });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });
});

describe("drawPaper", () => {
  const rows = [
    { id: 1, inDraws: null },
    { id: 2, inDraws: null },
    ...Array.from({ length: 6 }, (_, i) => ({ id: 10 + i, inDraws: [0, 1] })),
  ];
  it("never draws a question twice across draws that share a part, and shuffles the whole paper when asked", () => {
    for (let run = 0; run < 50; run++) {
      const paper = drawPaper({ draws: [{ category: "A", course: null, tag: null, count: 3 }, { category: "A", course: null, tag: null, count: 3 }], shuffleQuestions: run % 2 === 1 }, rows)!;
      expect(new Set(paper).size).toBe(8);
      if (run % 2 === 0) expect(paper.slice(0, 2)).toEqual([1, 2]);
    }
    expect(drawPaper({ draws: [], shuffleQuestions: false }, rows)).toBeNull();
  });
});
