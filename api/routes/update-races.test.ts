import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createAttempt, createCategoryCourse, createQuestion, createQuiz } from "../test-support/factories.node";
import { questionOptions, questions, quizQuestions, quizzes } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { QUESTION_TAKEN } from "../services/questions/question-usage";
import { MESSAGES } from "../services/quizzes/schemas";
import { createRemoteLikeDb } from "../test-support/remote-like-db.node";
import { createTestBed, type TestBed, type Tenant } from "../test-support/test-bed.node";

/**
 * A student starts a quiz after an update has checked "no attempts yet" and before its write
 * lands (docs/decisions/0022-authoring-races.md). The database's own round trip is where it
 * happens: `beforeBatch` inserts the attempt right before the update's batch is sent.
 */
let services: AppServices;
let tenant: Tenant;
let post: TestBed["post"];
let studentStartsBeforeTheWrite: (() => Promise<void>) | null;
let ids: { categoryId: number; courseId: number };

beforeEach(async () => {
  studentStartsBeforeTheWrite = null;
  const db = await createRemoteLikeDb({
    beforeBatch: async () => {
      const start = studentStartsBeforeTheWrite;
      studentStartsBeforeTheWrite = null;
      await start?.();
    },
  });
  ({ services, tenant, post } = await createTestBed("Race School", { db }));
  const maths = await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Maths", course: "Algebra" });
  await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Science", course: "Physics" });
  ids = { categoryId: maths.category.id, courseId: maths.course.id };
});

const startsQuiz = (quizId: number) => () => createAttempt(services.db, { businessId: tenant.business.id, quizId, studentId: tenant.student.id }).then(() => undefined);

async function quizWithQuestions(count = 3) {
  const questionIds: number[] = [];
  for (let i = 0; i < count; i++) questionIds.push((await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, ...ids, questionText: `Q${i}?` })).question.id);
  const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, ...ids, questionIds });
  return { quiz, questionIds };
}
const linkedQuestions = async (quizId: number) =>
  (await services.db.select({ id: quizQuestions.questionId }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId)).orderBy(asc(quizQuestions.position))).map((row) => row.id);

describe("a quiz started between an update's check and its write", () => {
  it("rolls back a change of the quiz's questions and answers the taken-quiz 409", async () => {
    const { quiz, questionIds } = await quizWithQuestions();
    studentStartsBeforeTheWrite = startsQuiz(quiz.id);
    const res = await post(tenant.teacher, "/quiz/update", { quizId: quiz.id, selectedQuestions: questionIds.slice(0, 2), totalQuestion: 2, quizName: "Renamed" });
    expect(res).toEqual({ status: 409, body: { code: "QUESTIONS_LOCKED_BY_ATTEMPTS", message: MESSAGES.questionsNotEditable } });
    expect(await linkedQuestions(quiz.id)).toEqual(questionIds);
    // Nothing of the batch landed, not even the harmless rename.
    expect((await services.db.select({ name: quizzes.quizName }).from(quizzes).where(eq(quizzes.id, quiz.id)))[0].name).toBe(quiz.quizName);
  });

  it("rolls back a move to another category and course (the spec's 'not editable' 409)", async () => {
    const { quiz } = await quizWithQuestions();
    studentStartsBeforeTheWrite = startsQuiz(quiz.id);
    const res = await post(tenant.teacher, "/quiz/update", { quizId: quiz.id, category: "Science", course: "Physics" });
    expect(res).toEqual({ status: 409, body: { code: "QUIZ_NOT_EDITABLE", message: MESSAGES.notEditable } });
    expect((await services.db.select({ categoryId: quizzes.categoryId }).from(quizzes).where(eq(quizzes.id, quiz.id)))[0].categoryId).toBe(ids.categoryId);
  });

  it("lets through what a taken quiz may still change (its name), started in between or not", async () => {
    const { quiz } = await quizWithQuestions();
    studentStartsBeforeTheWrite = startsQuiz(quiz.id);
    const res = await post(tenant.teacher, "/quiz/update", { quizId: quiz.id, quizName: "Still renamable" });
    expect(res.status).toBe(200);
    expect(res.body.entity.quizName).toBe("Still renamable");
  });

  it("rolls back an edit of one of its questions (the question update's own guard)", async () => {
    const { quiz, questionIds } = await quizWithQuestions(2);
    studentStartsBeforeTheWrite = startsQuiz(quiz.id);
    const res = await post(tenant.teacher, "/question/update", {
      questionId: questionIds[0],
      questionText: "Changed after the start?",
      optionType: "radio",
      options: [
        { optionText: "a", optionStatus: true },
        { optionText: "b", optionStatus: false },
      ],
      category: "Maths",
      course: "Algebra",
      answerExplaination: "<p>x</p>",
    });
    expect(res).toEqual({ status: 409, body: { code: "QUESTIONS_LOCKED_BY_ATTEMPTS", message: QUESTION_TAKEN } });
    expect((await services.db.select({ text: questions.questionText }).from(questions).where(eq(questions.id, questionIds[0])))[0].text).toBe("Q0?");
    expect(await services.db.select().from(questionOptions).where(eq(questionOptions.questionId, questionIds[0]))).toHaveLength(4);
  });
});
