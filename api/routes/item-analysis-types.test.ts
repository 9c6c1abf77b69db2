import { beforeEach, describe, expect, it } from "vitest";
import type { AppServices } from "../services/core/app-services";
import { createQuestion, createQuiz, createTypedQuestion, createUser } from "../test-support/factories.node";
import { createOneOfEachType } from "../test-support/one-of-each-type.node";
import { createTestBed, type Tenant, type TestBed } from "../test-support/test-bed.node";
import { forgetKeptAttempts } from "../services/results/item-analysis/kept-attempts";

/**
 * Item analysis of every question type (issue 26 point 7; ADR 0072) through the real endpoint
 * on a migrated libSQL file: four students take a quiz of one question of each type through the
 * exam's own endpoints (so the answers carry each attempt's own part ids), a teacher marks one
 * essay, and every number below is worked out by hand in the comments.
 */
let services: AppServices;
let tenant: Tenant;
let post: TestBed["post"];

beforeEach(async () => {
  ({ services, tenant, post } = await createTestBed("Analysis Types School"));
});

const KEYS = {
  shortAnswer: { answers: [{ text: "Paris", credit: 100 }, { text: "Lyon", credit: 50 }], caseSensitive: false },
  numerical: { answers: [{ value: 42, tolerance: 0, credit: 100 }], units: [], unitRequired: false, unitPenalty: 0 },
  matching: { pairs: [{ stem: "France", choice: "Paris" }, { stem: "Italy", choice: "Rome" }, { stem: "Spain", choice: "Madrid" }], distractors: ["Lisbon"] },
  ordering: { items: ["one", "two", "three"], grading: "allOrNothing" },
  cloze: {
    gaps: [
      { kind: "text", answers: [{ text: "Lutetia", credit: 100 }], weight: 1 },
      { kind: "choice", choices: ["red", "green", "blue"], answers: [{ text: "green", credit: 100 }], weight: 1 },
    ],
  },
  essay: {},
};
const MARKS = { shortAnswer: 2, numerical: 1, matching: 3, ordering: 1, cloze: 2, essay: 2 };
type Typed = keyof typeof KEYS;
type Kind = Typed | "radio";

interface Part {
  id: string;
  text: string;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Paper = any;
const partId = (parts: Part[], text: string) => parts.find((part) => part.text === text)!.id;

/** What students A–D answer, per type; undefined leaves the question unanswered. */
const PLAN: Record<Kind, (paper: Paper) => Array<unknown | undefined>> = {
  // Paris 1, lyon ½, London 0, London 0.
  shortAnswer: () => [{ text: "Paris" }, { text: "lyon" }, { text: "London" }, { text: "London" }],
  // 42 right; 41, 41 and 7 earn nothing.
  numerical: () => [{ value: "42" }, { value: "41" }, { value: "41" }, { value: "7" }],
  // A all three pairs; B France only (1/3); C Italy and Spain (2/3); D France only, the rest left out (1/3).
  matching: (q) => {
    const pair = (stem: string, choice: string) => ({ stemId: partId(q.stems, stem), choiceId: partId(q.choices, choice) });
    return [
      { pairs: [pair("France", "Paris"), pair("Italy", "Rome"), pair("Spain", "Madrid")] },
      { pairs: [pair("France", "Paris"), pair("Italy", "Madrid"), pair("Spain", "Rome")] },
      { pairs: [pair("France", "Lisbon"), pair("Italy", "Rome"), pair("Spain", "Madrid")] },
      { pairs: [pair("France", "Paris")] },
    ];
  },
  // All or nothing: A and D right; B swaps the first two, C the last two.
  ordering: (q) => [["one", "two", "three"], ["two", "one", "three"], ["one", "three", "two"], ["one", "two", "three"]].map((order) => ({ order: order.map((text) => partId(q.items, text)) })),
  // A both gaps; B the text gap only; C the dropdown only; D nothing.
  cloze: (q) => {
    const choice = (text: string) => partId(q.gaps[1].choices, text);
    return [{ gaps: ["Lutetia", choice("green")] }, { gaps: ["lutetia", choice("red")] }, { gaps: ["Lyon", choice("green")] }, undefined];
  },
  // A, B and C write; D does not. The teacher marks A's 1.5 of 2; B's and C's wait.
  essay: () => [{ html: "<p>A first essay.</p>" }, { html: "<p>A second essay.</p>" }, { html: "<p>A third essay.</p>" }, undefined],
  // A and B right, C and D wrong.
  radio: (q) => ["Right", "Right", "Wrong", "Wrong"].map((text) => [q.options.find((o: { optionText: string }) => o.optionText === text).id]),
};

async function takenMixedQuiz() {
  const who = { businessId: tenant.business.id, teacherId: tenant.teacher.id };
  const made = await createOneOfEachType(services.db, who, { keys: KEYS, marks: MARKS, clozeText: "Paris was {1}; the colour is {2}." });
  const id = Object.fromEntries(Object.entries(made).map(([type, { question }]) => [type, question.id])) as Record<Kind, number>;
  id.radio = (await createQuestion(services.db, { ...who, options: [["Right", true], ["Wrong", false], ["Never", false]] })).question.id;
  const kinds = Object.keys(PLAN) as Kind[];
  const { quiz } = await createQuiz(services.db, { ...who, questionIds: kinds.map((kind) => id[kind]) });
  const taken: number[] = [];
  for (let s = 0; s < 4; s++) {
    const student = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    const { body: paper } = await post(student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const answers = kinds.flatMap((kind) => {
      const answer = PLAN[kind](paper.questions.find((q: { id: number }) => q.id === id[kind]))[s];
      return answer === undefined ? [] : [{ questionId: id[kind], answer }];
    });
    const submitted = await post(student, "/takeQuiz/answerAll", { takenQuizId: paper.takenQuizId, answers });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    taken.push(paper.takenQuizId);
  }
  expect((await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId: taken[0], questionId: id.essay, mark: 1.5 })).status).toBe(200);
  return { quiz, id, taken };
}

describe("item analysis of every question type", () => {
  it("gives each type its facility with partial credit, its attempts counted, and its response analysis", async () => {
    const { quiz, id, taken } = await takenMixedQuiz();
    const res = await post(tenant.teacher, "/takenQuiz/itemAnalysis", { quizId: quiz.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { data } = res.body;
    expect(data.attempts).toBe(4);
    const q = (kind: Kind) => data.questions.find((question: { questionId: number }) => question.questionId === id[kind]);

    // (1 + ½ + 0 + 0) / 4; the wrong answers by count, then as typed: London twice (2/4), lyon once (1/4).
    expect(q("shortAnswer")).toMatchObject({ optionType: "shortAnswer", mark: 2, attempts: 4, pending: 0, facility: 0.375, discrimination: null, options: [] });
    expect(q("shortAnswer").response).toEqual({ kind: "wrongAnswers", answers: [{ text: "London", count: 2, share: 0.5 }, { text: "lyon", count: 1, share: 0.25 }] });
    // 1 / 4; 41 twice, 7 once.
    expect(q("numerical")).toMatchObject({ facility: 0.25, attempts: 4 });
    expect(q("numerical").response).toEqual({ kind: "wrongAnswers", answers: [{ text: "41", count: 2, share: 0.5 }, { text: "7", count: 1, share: 0.25 }] });
    // (1 + ⅓ + ⅔ + ⅓) / 4 = 7/12 = 0.5833; France right for A, B, D (3/4), Italy and Spain for A, C (2/4).
    expect(q("matching")).toMatchObject({ facility: 0.5833, mark: 3 });
    expect(q("matching").response).toEqual({
      kind: "pairs",
      parts: [
        { label: "France", answer: "Paris", rightRate: 0.75 },
        { label: "Italy", answer: "Rome", rightRate: 0.5 },
        { label: "Spain", answer: "Madrid", rightRate: 0.5 },
      ],
    });
    // A and D right: 2/4. First place "one": A, C, D; second "two": A, D; third "three": A, B, D.
    expect(q("ordering")).toMatchObject({ facility: 0.5 });
    expect(q("ordering").response).toEqual({
      kind: "positions",
      parts: [
        { label: "one", answer: "1", rightRate: 0.75 },
        { label: "two", answer: "2", rightRate: 0.5 },
        { label: "three", answer: "3", rightRate: 0.75 },
      ],
    });
    // (1 + ½ + ½ + 0) / 4; gap 1 right for A and B (letter case ignored), gap 2 for A and C.
    expect(q("cloze")).toMatchObject({ facility: 0.5 });
    expect(q("cloze").response).toEqual({
      kind: "gaps",
      parts: [
        { label: "1", answer: "Lutetia", rightRate: 0.5 },
        { label: "2", answer: "green", rightRate: 0.5 },
      ],
    });
    // B's and C's wait: counted are A (1.5 of 2 = 0.75) and D (unanswered, 0): facility 0.375, mean mark 0.75 of 2.
    expect(q("essay")).toMatchObject({ attempts: 2, pending: 2, facility: 0.375 });
    expect(q("essay").response).toEqual({ kind: "essay", meanMark: 0.75, maxMark: 2, marked: 2, pending: 2 });
    // Choice as before: A and B right (2/4); "Never" unused (but no flag below 10 attempts).
    expect(q("radio")).toMatchObject({ facility: 0.5, flags: [], response: { kind: "options" } });
    expect(q("radio").options.map((o: { optionText: string; chosenCount: number }) => [o.optionText, o.chosenCount])).toEqual([["Right", 2], ["Wrong", 2], ["Never", 0]]);

    // A grade read afterwards (the process keeps the grouped answers until the attempts change):
    // B's essay 2 of 2. Counted A 0.75, B 1, D 0: facility 1.75/3 = 0.5833, mean mark 3.5/3 = 1.17; C's waits.
    expect((await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId: taken[1], questionId: id.essay, mark: 2 })).status).toBe(200);
    const again = (await post(tenant.teacher, "/takenQuiz/itemAnalysis", { quizId: quiz.id })).body.data;
    const essay = again.questions.find((question: { questionId: number }) => question.questionId === id.essay);
    expect(essay).toMatchObject({ attempts: 3, pending: 1, facility: 0.5833, response: { kind: "essay", meanMark: 1.17, maxMark: 2, marked: 3, pending: 1 } });
  });

  it("after a regrade and a new attempt, reads only those two and gives what a read from nothing gives", async () => {
    const { quiz, id, taken } = await takenMixedQuiz();
    const analysis = async () => {
      const res = await post(tenant.teacher, "/takenQuiz/itemAnalysis", { quizId: quiz.id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    await analysis(); // the process now keeps the quiz's four attempts
    // A regrade of A's essay (1.5 → 0.5 of 2), and a fifth student who answers the radio and the short answer.
    expect((await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId: taken[0], questionId: id.essay, mark: 0.5 })).status).toBe(200);
    const student = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    const { body: paper } = await post(student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const radio = paper.questions.find((q: { id: number }) => q.id === id.radio);
    const right = radio.options.find((o: { optionText: string }) => o.optionText === "Right").id;
    const answers = [
      { questionId: id.radio, answer: [right] },
      { questionId: id.shortAnswer, answer: { text: "Lyon" } },
    ];
    expect((await post(student, "/takeQuiz/answerAll", { takenQuizId: paper.takenQuizId, answers })).status).toBe(200);

    const built = await analysis();
    forgetKeptAttempts(services.db);
    const fresh = await analysis();
    expect(built).toEqual(fresh);
    // And the changes are in it: five attempts; radio right for A, B and E (3/5); A's essay now 0.25 of its mark, D's 0, E's 0.
    const q = (kind: Kind) => built.questions.find((question: { questionId: number }) => question.questionId === id[kind]);
    expect(built.attempts).toBe(5);
    expect(q("radio")).toMatchObject({ facility: 0.6 });
    expect(q("essay")).toMatchObject({ attempts: 3, pending: 2, facility: 0.0833, response: { kind: "essay", meanMark: 0.17, marked: 3, pending: 2 } });
    expect(q("shortAnswer").response).toEqual({ kind: "wrongAnswers", answers: [{ text: "London", count: 2, share: 0.4 }, { text: "Lyon", count: 1, share: 0.2 }, { text: "lyon", count: 1, share: 0.2 }] });
  });

  it("has empty analyses before anyone finished, and stays the authors' (a student 403)", async () => {
    const who = { businessId: tenant.business.id, teacherId: tenant.teacher.id };
    const short = await createTypedQuestion(services.db, { ...who, optionType: "shortAnswer", answerKey: KEYS.shortAnswer });
    const matching = await createTypedQuestion(services.db, { ...who, optionType: "matching", answerKey: KEYS.matching });
    const { quiz } = await createQuiz(services.db, { ...who, questionIds: [short.question.id, matching.question.id] });
    const res = await post(tenant.teacher, "/takenQuiz/itemAnalysis", { quizId: quiz.id });
    expect(res.status).toBe(200);
    expect(res.body.data.questions.map((question: { facility: null; response: unknown }) => [question.facility, question.response])).toEqual([
      [null, { kind: "wrongAnswers", answers: [] }],
      [null, { kind: "pairs", parts: [] }],
    ]);
    expect((await post(tenant.student, "/takenQuiz/itemAnalysis", { quizId: quiz.id })).status).toBe(403);
  });
});
