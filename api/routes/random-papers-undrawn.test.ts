import { beforeEach, describe, expect, it } from "vitest";
import { attemptAnswers, questionFeedback, questionVotes } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { createCategoryCourse, createQuestion } from "../test-support/factories.node";
import { quizBody } from "../test-support/request-bodies";
import { shownIdsOf } from "../test-support/shown-ids.node";
import { createTestBed, type Tenant, type TestBed } from "../test-support/test-bed.node";

/**
 * ADR 0077: a question of a quiz's draws that was not drawn for an attempt is a stranger to
 * that attempt everywhere that takes (attempt or quiz, question), not only in saveAnswers.
 */
let services: AppServices;
let tenant: Tenant;
let post: TestBed["post"];
let pool: { id: number; rightOption: number }[];

beforeEach(async () => {
  ({ services, tenant, post } = await createTestBed("Undrawn School"));
  const place = await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Maths", course: "Algebra" });
  pool = [];
  for (let i = 0; i < 8; i++) {
    const { question, options } = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, categoryId: place.category.id, courseId: place.course.id, questionText: `Pool ${i}?` });
    pool.push({ id: question.id, rightOption: options.find((o) => o.isCorrect)!.id });
  }
});

/** A quiz drawing 3 of the 8, started by the student: its paper and the pool's questions left out of it. */
async function startedDrawnQuiz(examMode?: "onebyone") {
  const quiz = await post(tenant.teacher, "/quiz", quizBody({ selectedQuestions: [], draws: [{ category: "Maths", course: "Algebra", count: 3 }] }));
  expect(quiz.status, JSON.stringify(quiz.body)).toBe(201);
  const started = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.body.entity.id, ...(examMode ? { examMode } : {}) });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const paper = (started.body.questions as { id: number }[]).map((q) => q.id);
  return { quizId: quiz.body.entity.id as number, takenQuizId: started.body.takenQuizId as number, drawn: pool.filter((q) => paper.includes(q.id)), notDrawn: pool.filter((q) => !paper.includes(q.id)) };
}

describe("a question of the quiz's draws that was not drawn for the student", () => {
  it("cannot be voted on or commented on: 404 as a question not in the quiz, nothing stored; a drawn one can", async () => {
    const { takenQuizId, drawn, notDrawn } = await startedDrawnQuiz();
    expect((await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId, answers: [] })).status).toBe(200);

    const vote = await post(tenant.student, "/question/thumbs", { questionId: notDrawn[0].id, vote: "up" });
    expect(vote.status, JSON.stringify(vote.body)).toBe(404);
    const feedback = await post(tenant.student, "/feedback/sendQuestionFeedback", { questionId: notDrawn[0].id, feedbackText: "Never saw this one" });
    expect(feedback.status, JSON.stringify(feedback.body)).toBe(404);
    expect(await services.db.select().from(questionVotes)).toEqual([]);
    expect(await services.db.select().from(questionFeedback)).toEqual([]);

    expect((await post(tenant.student, "/question/thumbs", { questionId: drawn[0].id, vote: "up" })).status).toBe(200);
    expect((await post(tenant.student, "/feedback/sendQuestionFeedback", { questionId: drawn[0].id, feedbackText: "Nice one" })).status).toBe(200);
  });

  it("cannot be checked one by one: 400 on questionId, nothing written", async () => {
    const { takenQuizId, notDrawn } = await startedDrawnQuiz("onebyone");
    const shown = await shownIdsOf(services, takenQuizId);
    const checked = await post(tenant.student, "/takeQuiz/answerOne", { takenQuizId, questionId: notDrawn[0].id, optionType: "radio", answer: shown([notDrawn[0].rightOption]) });
    expect(checked.status, JSON.stringify(checked.body)).toBe(400);
    expect(checked.body.errors.questionId).toBe("This question is not part of the attempt");
    expect(await services.db.select().from(attemptAnswers)).toEqual([]);
  });

  it("cannot be graded by the teacher on that attempt: 404 as a question not on the paper", async () => {
    const { takenQuizId, notDrawn } = await startedDrawnQuiz();
    expect((await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId, answers: [] })).status).toBe(200);
    const graded = await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId, questionId: notDrawn[0].id, mark: 1 });
    expect(graded.status, JSON.stringify(graded.body)).toBe(404);
  });
});
