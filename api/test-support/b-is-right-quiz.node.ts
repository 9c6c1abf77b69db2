import type { Db } from "../../db/client";
import type { NewQuiz } from "../../db/schema/quizzes";
import { createCategoryCourse, createQuestion, createQuiz } from "./factories.node";

/**
 * The review tests' quiz: radio questions of two options where B alone is right, each with an
 * explanation, in a category and course of their own; with each question's right and wrong
 * option ids (stored ids: a student's browser sends them through shownIdsOf), in quiz order.
 */
export async function createQuizWhereBIsRight(
  db: Db,
  input: {
    businessId: number;
    teacherId: number;
    /** One text a question (default: two questions with the factory's texts). */
    questionTexts?: (string | undefined)[];
    explanationOf?: (questionText: string | undefined) => string;
    bank?: { category: string; course: string };
  } & Partial<NewQuiz>,
) {
  const { businessId, teacherId, questionTexts = [undefined, undefined], explanationOf, bank, ...quizFields } = input;
  const { category, course } = await createCategoryCourse(db, { businessId, ...bank });
  const made = [];
  for (const questionText of questionTexts) {
    const text = questionText === undefined ? {} : { questionText };
    const explanation = explanationOf ? { answerExplanation: explanationOf(questionText) } : {};
    made.push(await createQuestion(db, { businessId, teacherId, categoryId: category.id, courseId: course.id, ...text, ...explanation, options: [["A", false], ["B", true]] }));
  }
  const { quiz } = await createQuiz(db, { businessId, teacherId, categoryId: category.id, courseId: course.id, questionIds: made.map((m) => m.question.id), ...quizFields });
  return {
    quiz,
    questions: made.map((m) => m.question),
    right: made.map((m) => m.options.filter((o) => o.isCorrect).map((o) => o.id)),
    wrong: made.map((m) => m.options.filter((o) => !o.isCorrect).map((o) => o.id)),
  };
}
