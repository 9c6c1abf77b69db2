import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";
import { radioQuestionBody } from "../../api/test-support/request-bodies";

/** One question of every type (issue 26), as the exam and results journeys make them over the API. */
export const KEYS = {
  shortAnswer: { answers: [{ text: "Jupiter", credit: 100 }, { text: "Jove", credit: 50 }], caseSensitive: false },
  numerical: { answers: [{ value: 9.81, tolerance: 0.05, credit: 100 }], units: [{ unit: "m/s²", multiplier: 1 }], unitRequired: true, unitPenalty: 0.2 },
  matching: { pairs: [{ stem: "France", choice: "Paris" }, { stem: "Italy", choice: "Rome" }], distractors: ["Lisbon"] },
  ordering: { items: ["Mercury", "Venus", "Earth"], grading: "allOrNothing" },
  cloze: {
    gaps: [
      { kind: "text", answers: [{ text: "red", credit: 100 }], weight: 1 },
      { kind: "number", answers: [{ value: 2, credit: 100 }], tolerance: 0, weight: 1 },
      { kind: "choice", choices: ["Phobos", "Titan"], answers: [{ text: "Phobos", credit: 100 }], weight: 1 },
    ],
  },
  essay: { minWords: 3, maxWords: 40, graderInfo: "<p>A thesis</p>", responseTemplate: "<p>Mars is</p>" },
};
export const TEXTS = {
  trueFalse: "Mars is a planet.",
  shortAnswer: "Which planet is the largest?",
  numerical: "What is g on Earth?",
  matching: "Match each country with its capital.",
  ordering: "Order the planets from the Sun.",
  cloze: "Mars is {1}, it has {2} moons, the larger one is {3}.",
  essay: "Why is Mars red?",
};
export type Kind = keyof typeof TEXTS;

/** The question of `kind` in the teacher's Maths › Algebra bank (the bank must exist); its id. */
export async function typedQuestion(request: APIRequestContext, headers: { Authorization: string }, kind: Kind) {
  const body =
    kind === "trueFalse"
      ? radioQuestionBody({ questionText: TEXTS[kind], optionType: kind, options: [{ optionText: "True", optionStatus: true }, { optionText: "False", optionStatus: false }] })
      : radioQuestionBody({ questionText: TEXTS[kind], optionType: kind, options: [], answerKey: KEYS[kind] });
  const created = await request.post("/api/question", { headers, data: body });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { entity: { id: number } }).entity.id;
}
