import { expect } from "vitest";
import { createQuestion, createQuiz, createTypedQuestion } from "./factories.node";
import type { Tenant, TestBed } from "./test-bed.node";

export const ESSAY_RUBRIC = [
  { criterion: "Clarity", levels: [{ label: "Unclear", points: 0 }, { label: "Clear", points: 1.5 }] },
  { criterion: "Argument", levels: [{ label: "None", points: 0 }, { label: "Some", points: 0.25 }, { label: "Strong", points: 1 }] },
];

/**
 * Manual grading's paper (ADR 0069), taken and handed in through the real endpoints: two essays
 * (one with a rubric, marks 3 and 2), a short answer (mark 1, answered wrong) and a radio
 * question (mark 1, answered right). The quiz is `author`'s (the tenant's teacher unless told).
 */
export async function essayAttempt(bed: Pick<TestBed, "services" | "post">, tenant: Tenant, author: { id: number } = tenant.teacher) {
  const { services, post } = bed;
  const who = { businessId: tenant.business.id, teacherId: author.id };
  const rubricEssay = await createTypedQuestion(services.db, { ...who, optionType: "essay", defaultMark: 3, answerKey: { rubric: ESSAY_RUBRIC } });
  const plainEssay = await createTypedQuestion(services.db, { ...who, optionType: "essay", defaultMark: 2, answerKey: {} });
  const short = await createTypedQuestion(services.db, { ...who, optionType: "shortAnswer", defaultMark: 1, answerKey: { answers: [{ text: "Paris", credit: 100 }], caseSensitive: false } });
  const radio = await createQuestion(services.db, { ...who, options: [["Right", true], ["Wrong", false]] });
  const id = { rubricEssay: rubricEssay.question.id, plainEssay: plainEssay.question.id, short: short.question.id, radio: radio.question.id };
  const { quiz } = await createQuiz(services.db, { ...who, questionIds: [id.rubricEssay, id.plainEssay, id.short, id.radio] });
  const { body: paper } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
  const radioOptions = paper.questions.find((q: { id: number }) => q.id === id.radio).options as { id: number; optionText: string }[];
  const submitted = await post(tenant.student, "/takeQuiz/answerAll", {
    takenQuizId: paper.takenQuizId,
    answers: [
      { questionId: id.rubricEssay, answer: { html: "<p>A clear essay with an argument.</p>" } },
      { questionId: id.plainEssay, answer: { html: "<p>Another essay of some words.</p>" } },
      { questionId: id.short, answer: { text: "London" } },
      { questionId: id.radio, answer: [radioOptions.find((o) => o.optionText === "Right")!.id] },
    ],
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return { quiz, id, takenQuizId: paper.takenQuizId as number };
}
