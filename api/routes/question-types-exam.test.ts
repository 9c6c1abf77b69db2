import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { attemptAnswers, quizAttempts } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { closeExpiredAttempts } from "../services/attempts/close-expired";
import { issueCertificate } from "../services/certificates/issue-certificate";
import { listMarkedNotices, markResultSeen } from "../services/results/marked-notices";
import { callerOf } from "../test-support/test-app.node";
import { createQuestion, createQuiz, createTypedQuestion } from "../test-support/factories.node";
import { createOneOfEachType } from "../test-support/one-of-each-type.node";
import { createTestBed, type Tenant, type TestBed } from "../test-support/test-bed.node";
import { createPacer } from "../services/imports/time-slices";
import { renderAnswerKeyMaths, storedAnswerKey, type AnswerKey } from "../services/questions/stored-answer-key";

/**
 * Every question type on the exam's side (issue 26; decisions.md "Question types, marking and
 * exchange"): what a student receives (never any part of a key), answers of every type saved,
 * refused when malformed, and graded with marks and partial credit by the one engine.
 */
let services: AppServices;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 29, 9, 0, 0);
  ({ services, tenant, other, post } = await createTestBed("Types School", { now: () => new Date(clock) }));
});

/** Words that belong to keys only: none may reach a student before the review allows it. */
const KEYS = {
  shortAnswer: { answers: [{ text: "Zanzibar", credit: 100 }, { text: "Zanzibaro", credit: 50 }], caseSensitive: false },
  numerical: { answers: [{ value: 42.195, tolerance: 0.005, credit: 100 }], units: [{ unit: "km", multiplier: 1 }, { unit: "m", multiplier: 1000 }], unitRequired: true, unitPenalty: 0.25 },
  matching: { pairs: [{ stem: "France", choice: "Paris" }, { stem: "Italy", choice: "Rome" }, { stem: "Spain", choice: "Madrid" }], distractors: ["Lisbon"] },
  ordering: { items: ["one", "two", "three", "four", "five", "six"], grading: "relativeToNext" },
  cloze: {
    gaps: [
      { kind: "text", answers: [{ text: "Lutetia", credit: 100 }], weight: 1 },
      { kind: "number", answers: [{ value: 1234.5, credit: 100 }], tolerance: 0.25, weight: 1 },
      { kind: "choice", choices: ["red", "green", "blue"], answers: [{ text: "green", credit: 100 }], weight: 1 },
    ],
  },
  essay: {
    minWords: 3,
    maxWords: 50,
    graderInfo: "<p>GRADERSECRET look for a thesis</p>",
    responseTemplate: "<p>Start here</p>",
    rubric: [{ criterion: "RUBRICSECRET clarity", levels: [{ label: "LEVELSECRET clear", points: 2 }] }],
  },
};
const KEY_LEAK = /Zanzibar|42\.195|0\.005|unitPenalty|multiplier|Lutetia|1234\.5|GRADERSECRET|RUBRICSECRET|LEVELSECRET|answerKey|rightAnswer|correctOptionIds|credit|tolerance|weight|graderInfo|rubric|relativeToNext|allOrNothing|distractors|isCorrect|optionStatus|acceptedAnswers|acceptedUnits|unitRequired|caseSensitive|gapFractions|rubricLevels|savedAt|"student"/i;

const MARKS = { trueFalse: 1, shortAnswer: 2, numerical: 1, matching: 3, ordering: 1, cloze: 3, essay: 2, radio: 1 };
type Kind = keyof typeof MARKS;

/** A quiz of one question of each type (and a radio one), each with its own mark. */
async function mixedQuiz(fields: Parameters<typeof createQuiz>[1] extends infer T ? Partial<T> : never = {}) {
  const who = { businessId: tenant.business.id, teacherId: tenant.teacher.id };
  const made = {} as Record<Kind, Awaited<ReturnType<typeof createTypedQuestion>>>;
  made.trueFalse = await createTypedQuestion(services.db, { ...who, optionType: "trueFalse", defaultMark: MARKS.trueFalse, options: [["True", false], ["False", true]] });
  Object.assign(made, await createOneOfEachType(services.db, who, { keys: KEYS, marks: MARKS, clozeText: "Paris was {1}; the sum is {2}; the colour is {3}." }));
  made.radio = await createQuestion(services.db, who);
  const kinds = Object.keys(MARKS) as Kind[];
  const { quiz } = await createQuiz(services.db, { ...who, questionIds: kinds.map((kind) => made[kind].question.id), ...fields });
  const id = Object.fromEntries(kinds.map((kind) => [kind, made[kind].question.id])) as Record<Kind, number>;
  return { quiz, made, id };
}

interface Part {
  id: string;
  text: string;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Paper = any;
const questionOf = (paper: Paper, questionId: number) => paper.questions.find((q: { id: number }) => q.id === questionId);
const partId = (parts: Part[], text: string) => parts.find((part) => part.text === text)!.id;

/** Answers to every type: right, partly right or pending, as the grading test expects them. */
function answersFor(paper: Paper, id: Record<Kind, number>) {
  const tf = questionOf(paper, id.trueFalse);
  const matching = questionOf(paper, id.matching);
  const ordering = questionOf(paper, id.ordering);
  const cloze = questionOf(paper, id.cloze);
  const pair = (stem: string, choice: string) => ({ stemId: partId(matching.stems, stem), choiceId: partId(matching.choices, choice) });
  const item = (text: string) => partId(ordering.items, text);
  return [
    { questionId: id.trueFalse, answer: [tf.options.find((o: { optionText: string }) => o.optionText === "False").id] },
    { questionId: id.shortAnswer, answer: { text: "  zanzibaro " } },
    { questionId: id.numerical, answer: { value: "42195", unit: "m" } },
    { questionId: id.matching, answer: { pairs: [pair("France", "Paris"), pair("Italy", "Rome"), pair("Spain", "Lisbon")] } },
    { questionId: id.ordering, answer: { order: ["one", "two", "three", "four", "six", "five"].map(item) } },
    { questionId: id.cloze, answer: { gaps: ["lutetia", "1234,6", partId(cloze.gaps[2].choices, "red")] } },
    { questionId: id.essay, answer: { html: "<p>My essay has a thesis.</p><script>alert(1)</script>" } },
    { questionId: id.radio, answer: [questionOf(paper, id.radio).options.find((o: { optionText: string }) => o.optionText === "A").id] },
  ];
}

describe("what a student receives of every type", () => {
  it("sends each type's key-free view with the attempt's own shuffled ids and each question's mark, and not one byte of a key", async () => {
    const { quiz, id } = await mixedQuiz({ showAnswer: false });
    const started = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const text = JSON.stringify(started.body);
    expect(text).not.toMatch(KEY_LEAK);
    expect(text).not.toMatch(/"pairs"|"items":\s*\["|"order"/);
    const q = (kind: Kind) => questionOf(started.body, id[kind]);

    expect(q("trueFalse")).toMatchObject({ optionType: "trueFalse", defaultMark: 1 });
    expect(q("trueFalse").options.map((o: { optionText: string }) => o.optionText).sort()).toEqual(["False", "True"]);
    expect(q("shortAnswer")).toMatchObject({ optionType: "shortAnswer", defaultMark: 2, options: [] });
    expect(q("numerical")).toMatchObject({ optionType: "numerical", units: ["km", "m"] });
    expect(q("matching").stems.map((s: Part) => s.text).sort()).toEqual(["France", "Italy", "Spain"]);
    expect(q("matching").choices.map((c: Part) => c.text).sort()).toEqual(["Lisbon", "Madrid", "Paris", "Rome"]);
    expect(q("ordering").items.map((i: Part) => i.text).sort()).toEqual([...KEYS.ordering.items].sort());
    expect(q("cloze").gaps).toEqual([{ kind: "text" }, { kind: "number" }, { kind: "choice", choices: expect.any(Array) }]);
    expect(q("cloze").gaps[2].choices.map((c: Part) => c.text).sort()).toEqual(["blue", "green", "red"]);
    expect(q("essay")).toMatchObject({ optionType: "essay", defaultMark: 2, minWords: 3, maxWords: 50, responseTemplate: "<p>Start here</p>" });
    expect(Object.keys(q("shortAnswer")).sort()).toEqual(["defaultMark", "id", "optionType", "options", "questionId", "questionImage", "questionText"]);

    // Opaque: no id is a position, every list is sorted by its ids (the attempt's shuffle), none repeats.
    const parts: Part[] = [...q("matching").stems, ...q("matching").choices, ...q("ordering").items, ...q("cloze").gaps[2].choices];
    expect(new Set(parts.map((p) => p.id)).size).toBe(parts.length);
    for (const p of parts) expect(p.id).toMatch(/^[0-9a-z]{5,11}$/);
    for (const list of [q("matching").stems, q("matching").choices, q("ordering").items]) expect(list.map((p: Part) => p.id)).toEqual(list.map((p: Part) => p.id).sort());

    // Another student's attempt has other ids; a resume the same ones in the same order.
    const theirs = await post(other.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(theirs.status).toBe(404);
    const classmate = await createClassmate();
    const second = await post(classmate, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const secondIds = new Set(JSON.stringify(second.body).match(/"id":"[0-9a-z]+"/g));
    expect(parts.filter((p) => secondIds.has(`"id":"${p.id}"`))).toEqual([]);
    const resumed = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(resumed.body.questions).toEqual(started.body.questions.map((question: Paper) => ({ ...question, questionImage: question.questionImage })));
  });
});

async function createClassmate() {
  const { createUser } = await import("../test-support/factories.node");
  return createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
}

describe("saving answers of every type", () => {
  it("stores each answer by its type, gives it back on resume, and sanitises an essay", async () => {
    const { quiz, id } = await mixedQuiz();
    const { body: paper } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const answers = answersFor(paper, id);
    const saved = await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: paper.takenQuizId, answers });
    expect([saved.status, saved.body.saved], JSON.stringify(saved.body)).toEqual([200, 8]);
    const resumed = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const back = new Map(resumed.body.savedAnswers.map((row: { questionId: number }) => [row.questionId, row]));
    expect(back.get(id.matching)).toEqual({ questionId: id.matching, answer: answers[3].answer, answerStatus: "yes", final: false });
    expect(back.get(id.numerical)).toMatchObject({ answer: { value: "42195", unit: "m" }, answerStatus: "yes" });
    expect(back.get(id.trueFalse)).toMatchObject({ answer: answers[0].answer, answerStatus: "yes" });
    expect((back.get(id.essay) as { answer: { html: string } }).answer.html).toBe("<p>My essay has a thesis.</p>");
    // An empty answer marked for review is "not", as for choice questions.
    await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: paper.takenQuizId, answers: [{ questionId: id.shortAnswer, answer: { text: " " }, markedForReview: true }] });
    const [row] = await services.db.select().from(attemptAnswers).where(eq(attemptAnswers.questionId, id.shortAnswer));
    expect([row.answerStatus, row.answer, row.selectedOptionIds]).toEqual(["not", { text: " " }, []]);
  });

  it("refuses a malformed answer of every type with a clear message by code, and changes nothing", async () => {
    const { quiz, id } = await mixedQuiz();
    const { body: paper } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const good = answersFor(paper, id);
    await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: paper.takenQuizId, answers: good });
    const rowsBefore = await services.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, paper.takenQuizId));
    const itemIds = questionOf(paper, id.ordering).items.map((i: Part) => i.id);
    const stemIds = questionOf(paper, id.matching).stems.map((s: Part) => s.id);
    const cases: [string, unknown, number, string, string?][] = [
      ["wrong shape", { questionId: id.shortAnswer, answer: ["Zanzibar"] }, 1, "STUDENT_ANSWER_SHAPE"],
      ["a number as a number", { questionId: id.numerical, answer: { value: 42.195 } }, 2, "STUDENT_ANSWER_SHAPE"],
      ["a field it does not have", { questionId: id.numerical, answer: { value: "1", extra: 1 } }, 2, "STUDENT_ANSWER_SHAPE"],
      ["another question's ids", { questionId: id.matching, answer: { pairs: [{ stemId: stemIds[0], choiceId: itemIds[0] }] } }, 3, "STUDENT_ANSWER_UNKNOWN_PART"],
      ["made-up ids", { questionId: id.ordering, answer: { order: ["0", "1", "2"] } }, 4, "STUDENT_ANSWER_UNKNOWN_PART"],
      ["10,000 pairs", { questionId: id.matching, answer: { pairs: Array.from({ length: 10_000 }, () => ({ stemId: stemIds[0], choiceId: "x" })) } }, 3, "STUDENT_ANSWER_TOO_MANY_PARTS"],
      ["a part twice", { questionId: id.ordering, answer: { order: [itemIds[0], itemIds[0]] } }, 4, "STUDENT_ANSWER_PART_REPEATED"],
      ["a gap too many", { questionId: id.cloze, answer: { gaps: ["a", "1", "", "x"] } }, 5, "STUDENT_ANSWER_UNKNOWN_PART"],
      ["a dropdown gap's text", { questionId: id.cloze, answer: { gaps: ["a", "1", "green"] } }, 5, "STUDENT_ANSWER_UNKNOWN_PART"],
      ["an essay too long", { questionId: id.essay, answer: { html: "word ".repeat(4_001) } }, 6, "STUDENT_ANSWER_TOO_LONG"],
      ["an essay as text", { questionId: id.essay, answer: "<p>essay</p>" }, 6, "STUDENT_ANSWER_SHAPE"],
      ["a choice answer as an object", { questionId: id.radio, answer: { text: "A" } }, 7, "VALIDATION", "answer must be a list of option ids"],
    ];
    for (const [name, answer, index, code, message] of cases) {
      const refused = await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: paper.takenQuizId, answers: [...good.slice(0, index), answer] });
      expect([name, refused.status, refused.body.code], JSON.stringify(refused.body).slice(0, 300)).toEqual([name, 400, code]);
      expect(Object.keys(refused.body.errors ?? {})[0], name).toMatch(new RegExp(`^answers\\.${index}\\.answer`));
      if (message) expect(refused.body.message).toBe(message);
    }
    const refusedSubmit = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: paper.takenQuizId, answers: [cases[3][1]] });
    expect(refusedSubmit.status).toBe(400);
    expect(await services.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, paper.takenQuizId))).toEqual(rowsBefore);
    const [attempt] = await services.db.select().from(quizAttempts).where(eq(quizAttempts.id, paper.takenQuizId));
    expect(attempt.submittedAt).toBeNull();
  });
});

describe("grading every type", () => {
  it("marks each type with its mark and partial credit; an essay leaves the attempt awaiting marking, without certificate or leader-board place", async () => {
    const { quiz, id } = await mixedQuiz({ showAnswer: false });
    const { body: paper } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const submitted = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: paper.takenQuizId, answers: answersFor(paper, id) });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    // Earned: trueFalse 1, shortAnswer 2 × 50 %, numerical 1 (42195 m is 42.195 km), matching 3 × 2/3,
    // ordering 1 × 3/5 (relative to the next), cloze 3 × 2/3, essay pending, radio 0: 7.6 of 14
    // (each two thirds kept to 7 decimals, as Moodle keeps fractions: 7.6000002).
    expect(submitted.body.data.takenQuizObject).toMatchObject({ correctAnswered: 2, percentage: 54.29 });
    const [attempt] = await services.db.select().from(quizAttempts).where(eq(quizAttempts.id, paper.takenQuizId));
    expect([attempt.scoreE7, attempt.totalMarkHundredths, attempt.gradingStatus]).toEqual([76_000_002, 1400, "NeedsGrading"]);
    const rows = new Map((await services.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, paper.takenQuizId))).map((row) => [row.questionId, row]));
    expect([rows.get(id.matching)?.fractionE7, rows.get(id.matching)?.answerStatus]).toEqual([6_666_667, "partial"]);
    expect([rows.get(id.essay)?.fractionE7, rows.get(id.essay)?.answerStatus]).toEqual([null, "pending"]);
    expect(rows.get(id.numerical)?.fractionE7).toBe(10_000_000);
    // A choice answer's marking is read from its ids, as on a choice-only paper: its row stays as saved (the result below says "no").
    expect([rows.get(id.radio)?.fractionE7, rows.get(id.radio)?.answerStatus]).toEqual([null, "yes"]);

    const result = await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId: paper.takenQuizId });
    expect(result.status, JSON.stringify(result.body).slice(0, 500)).toBe(200);
    expect(result.body).toMatchObject({ gradingStatus: "NeedsGrading", score: 7.6000002, totalMarks: 14, percentage: 54.29 });
    const byQuestion = new Map(result.body.takenQuizAnswers.map((a: { questionId: number }) => [a.questionId, a]));
    const seen = (kind: Kind) => byQuestion.get(id[kind]) as Paper;
    expect(seen("trueFalse")).toMatchObject({ answerStatus: "yes", mark: 1, maxMark: 1 });
    expect(seen("shortAnswer")).toMatchObject({ answerStatus: "partial", mark: 1, maxMark: 2, answer: { text: "  zanzibaro " } });
    expect(seen("matching")).toMatchObject({ answerStatus: "partial", mark: 2.0000001, maxMark: 3 });
    expect(seen("ordering")).toMatchObject({ answerStatus: "partial", mark: 0.6, maxMark: 1 });
    expect(seen("cloze")).toMatchObject({ answerStatus: "partial", mark: 2.0000001, maxMark: 3 });
    expect(seen("essay")).toMatchObject({ answerStatus: "pending", mark: null, maxMark: 2, answer: { html: "<p>My essay has a thesis.</p>" } });
    expect(seen("radio")).toMatchObject({ answerStatus: "no", mark: 0 });
    expect(seen("matching").question.stems).toHaveLength(3);
    // The review timing hides the key (showAnswer No): nothing of it, for any type.
    // (the student's own answers aside: they typed "zanzibaro" and "lutetia" themselves)
    const withoutOwnAnswers = { ...result.body, takenQuizAnswers: result.body.takenQuizAnswers.map(({ answer: _own, ...rest }: { answer: unknown }) => rest) };
    expect(JSON.stringify(withoutOwnAnswers).match(KEY_LEAK)).toBeNull();

    // The quiz's authors read it whole: every type's key and the right answer with this attempt's ids.
    const asTeacher = await post(tenant.teacher, "/takenQuiz/fetchById", { takenQuizId: paper.takenQuizId });
    const teacherSees = new Map(asTeacher.body.takenQuizAnswers.map((a: { questionId: number }) => [a.questionId, a]));
    expect((teacherSees.get(id.essay) as Paper).answerKey).toMatchObject({ graderInfo: KEYS.essay.graderInfo, rubric: KEYS.essay.rubric });
    const matchingPaper = questionOf(paper, id.matching);
    expect((teacherSees.get(id.matching) as Paper).rightAnswer.pairs).toContainEqual({ stemId: partId(matchingPaper.stems, "Spain"), choiceId: partId(matchingPaper.choices, "Madrid") });

    // No certificate and no leader-board place until graded.
    await expect(issueCertificate(services, callerOf(tenant.student), { takenQuizId: paper.takenQuizId })).rejects.toMatchObject({ status: 409, code: "AWAITING_MARKING" });
    const board = await post(tenant.owner, "/takenQuiz/fetchAllTakenQuiz", { queryParams: {} });
    expect(board.body.entities.map((row: { takenQuizId: number }) => row.takenQuizId)).not.toContain(paper.takenQuizId);
    await services.db.update(quizAttempts).set({ gradingStatus: "Graded" }).where(eq(quizAttempts.id, paper.takenQuizId));
    const boardAfter = await post(tenant.owner, "/takenQuiz/fetchAllTakenQuiz", { queryParams: {} });
    expect(boardAfter.body.entities.map((row: { takenQuizId: number }) => row.takenQuizId)).toContain(paper.takenQuizId);
  });

  it("closes the attempt and stores each answer's marking in one transaction: when the markings cannot be written, the attempt stays open, and the next submit closes it with them", async () => {
    const { quiz, id } = await mixedQuiz();
    const { body: paper } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const answers = answersFor(paper, id);
    // The database refuses the markings' write (as a full disk or a lost connection would), and only it.
    await services.db.run(sql`create trigger refuse_markings before update of answer_status, fraction_e7 on attempt_answers begin select raise(abort, 'markings refused'); end`);
    const refused = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: paper.takenQuizId, answers });
    expect(refused.status).toBe(500);
    const [open] = await services.db.select().from(quizAttempts).where(eq(quizAttempts.id, paper.takenQuizId));
    expect([open.submittedAt, open.gradingStatus]).toEqual([null, "Graded"]);

    await services.db.run(sql`drop trigger refuse_markings`);
    const submitted = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: paper.takenQuizId, answers });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const rows = new Map((await services.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, paper.takenQuizId))).map((row) => [row.questionId, row]));
    expect([rows.get(id.matching)?.fractionE7, rows.get(id.essay)?.answerStatus]).toEqual([6_666_667, "pending"]);
  });

  it("reads a finished attempt's result with the markings its close stored, not by marking each answer again", async () => {
    const { quiz, id } = await mixedQuiz();
    const { body: paper } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect((await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: paper.takenQuizId, answers: answersFor(paper, id) })).status).toBe(200);
    // The stored marking is the one read: changed behind the engine's back (no grader), the result follows it.
    await services.db.update(attemptAnswers).set({ fractionE7: 5_000_000, answerStatus: "partial" }).where(and(eq(attemptAnswers.attemptId, paper.takenQuizId), eq(attemptAnswers.questionId, id.matching)));
    const result = await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId: paper.takenQuizId });
    const byQuestion = new Map(result.body.takenQuizAnswers.map((a: { questionId: number }) => [a.questionId, a]));
    expect(byQuestion.get(id.matching)).toMatchObject({ answerStatus: "partial", mark: 1.5, maxMark: 3 });
    // The others as the engine marks them (the matching answer earned 2 of 3 when closed).
    expect(byQuestion.get(id.cloze)).toMatchObject({ answerStatus: "partial", mark: 2.0000001, maxMark: 3 });
    expect(byQuestion.get(id.essay)).toMatchObject({ answerStatus: "pending", mark: null });
    expect(byQuestion.get(id.radio)).toMatchObject({ answerStatus: "no", mark: 0 });
  });

  it("grades an attempt left past its deadline on what it saved, every type by the same engine", async () => {
    const { quiz, id } = await mixedQuiz({ time: 5 });
    const { body: paper } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const answers = answersFor(paper, id).filter((a) => a.questionId !== id.essay);
    await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: paper.takenQuizId, answers });
    clock += 10 * 60_000;
    expect(await closeExpiredAttempts(services)).toEqual({ closed: 1, failed: 0 });
    const [attempt] = await services.db.select().from(quizAttempts).where(eq(quizAttempts.id, paper.takenQuizId));
    // 7.6 of 14 as above, the essay unanswered (0, not pending): graded.
    expect([attempt.scoreE7, attempt.percentage, attempt.gradingStatus, attempt.correctAnswered]).toEqual([76_000_002, 54.29, "Graded", 2]);
  });

  it("marks a stored answer that lost its type's shape as not answered at the submit, never a 500, and the others as before", async () => {
    const { quiz, id } = await mixedQuiz();
    const { body: paper } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: paper.takenQuizId, answers: answersFor(paper, id) });
    // Values no save accepts, written behind the exam's back (marking reads them by hand: saved-answer.ts).
    const broken: [Kind, unknown][] = [["shortAnswer", { text: 5 }], ["numerical", "42195 m"], ["matching", { pairs: [{ stemId: "a" }] }], ["ordering", { order: ["a", "a"] }]];
    for (const [kind, answer] of broken) {
      await services.db.update(attemptAnswers).set({ answer }).where(and(eq(attemptAnswers.attemptId, paper.takenQuizId), eq(attemptAnswers.questionId, id[kind])));
    }
    const submitted = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: paper.takenQuizId, answers: [] });
    expect(submitted.status, JSON.stringify(submitted.body).slice(0, 300)).toBe(200);
    const result = await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId: paper.takenQuizId });
    const byQuestion = new Map(result.body.takenQuizAnswers.map((a: { questionId: number }) => [a.questionId, a]));
    for (const [kind] of broken) expect(byQuestion.get(id[kind]), kind).toMatchObject({ answerStatus: "empty", mark: 0 });
    // trueFalse 1, cloze 3 × 2/3, the essay pending: as in the grading above.
    expect(byQuestion.get(id.cloze)).toMatchObject({ answerStatus: "partial", mark: 2.0000001 });
    expect(byQuestion.get(id.trueFalse)).toMatchObject({ answerStatus: "yes", mark: 1 });
    expect(result.body).toMatchObject({ score: 3.0000001, totalMarks: 14 });
  });

  it("keeps a choice-only paper's numbers as today's: one mark each, percentage over questions", async () => {
    const who = { businessId: tenant.business.id, teacherId: tenant.teacher.id };
    const { quiz, questionIds } = await createQuiz(services.db, { ...who, questionCount: 3 });
    const { body: paper } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const right = (questionId: number) => [questionOf(paper, questionId).options.find((o: { optionText: string }) => o.optionText === "B").id];
    const done = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: paper.takenQuizId, answers: questionIds.slice(0, 2).map((questionId) => ({ questionId, answer: right(questionId) })) });
    expect(done.body.data.takenQuizObject).toMatchObject({ correctAnswered: 2, percentage: 66.67 });
    const result = await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId: paper.takenQuizId });
    expect(result.body).toMatchObject({ score: 2, totalMarks: 3, gradingStatus: "Graded" });
    const rows = await services.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, paper.takenQuizId));
    expect(rows.map((row) => [row.answerStatus, row.fractionE7, row.answer])).toEqual([
      ["yes", null, null],
      ["yes", null, null],
    ]);
  });
});

describe("one-by-one Check of every automatically marked type", () => {
  it("says yes, partial or no, gives the right answer with the attempt's ids when the quiz shows answers, refuses an essay, and makes the answer final", async () => {
    const { quiz, id } = await mixedQuiz({ showAnswer: true });
    const { body: paper } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id, examMode: "onebyone" });
    expect(paper.examMode).toBe("onebyone");
    const answers = new Map(answersFor(paper, id).map((a) => [a.questionId, a.answer]));
    const check = (kind: Kind, answer = answers.get(id[kind])) => post(tenant.student, "/takeQuiz/answerOne", { takenQuizId: paper.takenQuizId, questionId: id[kind], answer });

    const matching = await check("matching");
    expect(matching.status, JSON.stringify(matching.body)).toBe(200);
    const matchingPaper = questionOf(paper, id.matching);
    expect(matching.body.answerStatus).toBe("partial");
    expect(matching.body.rightAnswer.pairs).toHaveLength(3);
    expect(matching.body.rightAnswer.pairs).toContainEqual({ stemId: partId(matchingPaper.stems, "Spain"), choiceId: partId(matchingPaper.choices, "Madrid") });
    expect((await check("numerical")).body).toMatchObject({ answerStatus: "yes", rightAnswer: { value: "42.195", unit: "km" } });
    expect((await check("shortAnswer")).body).toMatchObject({ answerStatus: "partial", rightAnswer: { text: "Zanzibar" } });
    const orderingPaper = questionOf(paper, id.ordering);
    expect((await check("ordering")).body).toMatchObject({ answerStatus: "partial", rightAnswer: { order: KEYS.ordering.items.map((text) => partId(orderingPaper.items, text)) } });
    const clozePaper = questionOf(paper, id.cloze);
    expect((await check("cloze")).body).toMatchObject({ answerStatus: "partial", rightAnswer: { gaps: ["Lutetia", "1234.5", partId(clozePaper.gaps[2].choices, "green")] } });
    expect((await check("trueFalse")).body).toMatchObject({ answerStatus: "yes", correctOptionIds: answers.get(id.trueFalse) });

    const essay = await check("essay");
    expect([essay.status, essay.body.code]).toEqual([400, "STUDENT_ANSWER_ESSAY_NOT_CHECKED"]);
    const empty = await check("radio", []);
    expect([empty.status, empty.body.message]).toEqual([400, "Choose an answer first"]);
    expect((await check("matching")).status).toBe(409);
    const [row] = await services.db.select().from(attemptAnswers).where(eq(attemptAnswers.questionId, id.matching));
    expect([row.isCorrect, row.answerStatus]).toEqual([false, "partial"]);
  });

  it("says only yes, partial or no while the quiz hides answers until later", async () => {
    const { quiz, id } = await mixedQuiz({ showAnswer: true, showAnswerTiming: "AfterEachAttempt" });
    const { body: paper } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id, examMode: "onebyone" });
    const { quizzes } = await import("../../db/schema");
    await services.db.update(quizzes).set({ showAnswerTiming: "AfterLastAttempt" }).where(eq(quizzes.id, quiz.id));
    const answers = new Map(answersFor(paper, id).map((a) => [a.questionId, a.answer]));
    const checked = await post(tenant.student, "/takeQuiz/answerOne", { takenQuizId: paper.takenQuizId, questionId: id.cloze, answer: answers.get(id.cloze) });
    expect(checked.body).toEqual({ answerStatus: "partial" });
  });
});

describe("results of every type (ADR 0071)", () => {
  /** A submitted mixed paper whose essay a teacher then marks with the rubric and a comment. */
  async function markedAttempt(fields: Parameters<typeof mixedQuiz>[0]) {
    const { quiz, id } = await mixedQuiz(fields);
    const { body: paper } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    clock += 60_000;
    expect((await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: paper.takenQuizId, answers: answersFor(paper, id) })).status).toBe(200);
    clock += 60_000;
    const graded = await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId: paper.takenQuizId, questionId: id.essay, rubric: [{ criterion: 0, level: 0 }], comment: "A clear thesis" });
    expect(graded.status, JSON.stringify(graded.body)).toBe(200);
    const byQuestion = async (who: typeof tenant.student) => {
      const result = await post(who, "/takenQuiz/fetchById", { takenQuizId: paper.takenQuizId });
      expect(result.status).toBe(200);
      return { body: result.body, of: (kind: Kind) => result.body.takenQuizAnswers.find((a: { questionId: number }) => a.questionId === id[kind]) };
    };
    return { paper, id, byQuestion };
  }

  it("before the review timing, a marked essay's student sees the comment but no rubric words, no accepted answers, no gap marks, no saved times: nothing of the key", async () => {
    const { byQuestion } = await markedAttempt({ showAnswer: false });
    const { body, of } = await byQuestion(tenant.student);
    expect(body.gradingStatus).toBe("Graded");
    expect(of("essay")).toMatchObject({ answerStatus: "yes", mark: 2, comment: "A clear thesis" });
    const withoutOwnAnswers = { ...body, takenQuizAnswers: body.takenQuizAnswers.map(({ answer: _own, ...rest }: { answer: unknown }) => rest) };
    expect(JSON.stringify(withoutOwnAnswers).match(KEY_LEAK)).toBeNull();
  });

  it("once the key may be seen, the student gets each type's review (accepted answers, units, gap marks, rubric levels) but never the grader's information, saved times or the key itself", async () => {
    const { byQuestion } = await markedAttempt({ showAnswer: true });
    const { body, of } = await byQuestion(tenant.student);
    expect(body.answerReview.shown).toBe(true);
    expect(of("shortAnswer")).toMatchObject({ acceptedAnswers: [{ text: "Zanzibar", credit: 100 }, { text: "Zanzibaro", credit: 50 }], caseSensitive: false });
    expect(of("numerical")).toMatchObject({ acceptedAnswers: [{ value: 42.195, tolerance: 0.005, credit: 100 }], acceptedUnits: KEYS.numerical.units, unitRequired: true });
    // lutetia (case ignored) and 1234,6 (within 0.25) right, red for green wrong.
    expect(of("cloze").gapFractions).toEqual([1, 1, 0]);
    expect(of("essay").rubricLevels).toEqual([{ criterion: "RUBRICSECRET clarity", level: "LEVELSECRET clear", points: 2 }]);
    expect(JSON.stringify(body)).not.toMatch(/GRADERSECRET|"answerKey"|"savedAt"|"student"|"gradedBy"/);
  });

  it("gives the quiz's authors who took it, when each answer was saved, who marked it, and the whole review", async () => {
    const { byQuestion } = await markedAttempt({ showAnswer: false });
    const { body, of } = await byQuestion(tenant.teacher);
    expect(body.student).toEqual({ name: tenant.student.fullname, email: tenant.student.email });
    expect(of("matching").savedAt).toBe(Date.UTC(2026, 10, 29, 9, 1, 0));
    expect(of("essay")).toMatchObject({ gradedBy: tenant.teacher.fullname, gradedAt: Date.UTC(2026, 10, 29, 9, 2, 0), comment: "A clear thesis", rubricLevels: [{ criterion: "RUBRICSECRET clarity", level: "LEVELSECRET clear", points: 2 }] });
    expect(of("cloze").gapFractions).toEqual([1, 1, 0]);
    expect(of("shortAnswer").acceptedAnswers).toHaveLength(2);
  });

  it("tells the student in the app once a person has marked the attempt, until they open the result; a later override tells them again", async () => {
    const { quiz, id } = await mixedQuiz({ showAnswer: false });
    const { body: paper } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: paper.takenQuizId, answers: answersFor(paper, id) });
    const student = callerOf(tenant.student);
    // Submitted with an essay waiting: nothing to tell yet, and opening the result then writes nothing.
    expect(await listMarkedNotices(services, student)).toEqual([]);
    await markResultSeen(services, student, paper.takenQuizId);
    const [opened] = await services.db.select().from(quizAttempts).where(eq(quizAttempts.id, paper.takenQuizId));
    expect(opened.resultSeenAt).toBeNull();
    clock += 60_000;
    await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId: paper.takenQuizId, questionId: id.essay, mark: 2 });
    expect(await listMarkedNotices(services, student)).toEqual([{ takenQuizId: paper.takenQuizId, quizName: quiz.quizName, percentage: 68.57 }]);
    // Another student opening it, or the teacher, changes nothing; the student opening it clears it.
    const classmate = callerOf(await createClassmate());
    await expect(markResultSeen(services, callerOf(tenant.teacher), paper.takenQuizId)).rejects.toMatchObject({ status: 403 });
    await markResultSeen(services, classmate, paper.takenQuizId);
    expect(await listMarkedNotices(services, student)).toHaveLength(1);
    clock += 60_000;
    await markResultSeen(services, student, paper.takenQuizId);
    expect(await listMarkedNotices(services, student)).toEqual([]);
    clock += 60_000;
    await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId: paper.takenQuizId, questionId: id.radio, mark: 1 });
    expect((await listMarkedNotices(services, student)).map((notice) => notice.takenQuizId)).toEqual([paper.takenQuizId]);
  });
});

/** Keys whose parts hold TeX, as a teacher writes them: each part's source names it alone (MATHKEY… never shared by two parts). */
const MATHS_KEYS = {
  matching: {
    pairs: [
      { stem: String.raw`\(\text{Io}\)`, choice: String.raw`\(J_{1}\)` },
      { stem: String.raw`\(\text{Titan}\)`, choice: "Saturn" },
    ],
    distractors: [String.raw`\(M_{4}\)`],
  },
  ordering: { items: [String.raw`\(a_{1}\)`, String.raw`\(a_{2}\)`, "third"], grading: "allOrNothing" },
  cloze: { gaps: [{ kind: "choice", choices: [String.raw`\(\pi\)`, "e"], answers: [{ text: String.raw`\(\pi\)`, credit: 100 }], weight: 1 }] },
} as const;

/** A question of `type` stored as saving stores it: the key with its texts' formulas rendered beside it. */
async function mathsQuestion(type: keyof typeof MATHS_KEYS) {
  const key = MATHS_KEYS[type] as unknown as AnswerKey;
  const answerKey = storedAnswerKey(key, await renderAnswerKeyMaths(type, key, createPacer()));
  const questionText = type === "cloze" ? "The ratio is {1}." : `A ${type} question?`;
  return createTypedQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, optionType: type, answerKey, questionText });
}

const TEX = /<annotation encoding="application\/x-tex">([^<]*)<\/annotation>/;
/** The TeX a part's HTML was rendered from, delimited as its text writes it. */
const sourceOf = (html: string) => `\\(${TEX.exec(html)?.[1].replace(/&amp;/g, "&")}\\)`;

describe("formulas in the parts of matching, ordering and cloze (issue 26 point 6)", () => {
  it("reach the student's paper and result as MathML on each part, by the part's own id, and say nothing of the key", async () => {
    const made = await Promise.all((["matching", "ordering", "cloze"] as const).map(mathsQuestion));
    const [matchingId, orderingId, clozeId] = made.map((m) => m.question.id);
    const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: [matchingId, orderingId, clozeId], showAnswer: false });
    const started = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const text = JSON.stringify(started.body);
    expect(text).not.toMatch(KEY_LEAK);
    // No map by the key's paths and nothing in the key's order: only parts, each with its own HTML.
    expect(text).not.toMatch(/rendered|pairs\.|items\.\d|gaps\.\d|answerKeyHtml|keyHtml/);

    const withFormula = (parts: (Part & { textHtml?: string })[]) => parts.filter((part) => part.text.startsWith("\\(")).map((part) => part.text).sort();
    const eachOwn = (parts: (Part & { textHtml?: string })[]) => {
      for (const part of parts) {
        if (!part.text.startsWith("\\(")) expect(part, part.text).not.toHaveProperty("textHtml");
        else {
          expect(part.textHtml, part.text).toMatch(/^<math><semantics>.*<\/semantics><\/math>$/);
          expect(sourceOf(part.textHtml!), "a part's HTML is its own text's").toBe(part.text);
        }
      }
      return withFormula(parts.filter((part) => part.textHtml !== undefined));
    };
    const matching = questionOf(started.body, matchingId);
    expect(eachOwn(matching.stems)).toEqual([String.raw`\(\text{Io}\)`, String.raw`\(\text{Titan}\)`]);
    expect(eachOwn(matching.choices)).toEqual([String.raw`\(J_{1}\)`, String.raw`\(M_{4}\)`]);
    expect(eachOwn(questionOf(started.body, orderingId).items)).toEqual([String.raw`\(a_{1}\)`, String.raw`\(a_{2}\)`]);
    expect(eachOwn(questionOf(started.body, clozeId).gaps[0].choices)).toEqual([String.raw`\(\pi\)`]);

    const resumed = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(resumed.body.questions).toEqual(started.body.questions);

    const stems = matching.stems as Part[];
    const answers = [{ questionId: matchingId, answer: { pairs: [{ stemId: stems[0].id, choiceId: matching.choices[0].id }] } }];
    expect((await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: started.body.takenQuizId, answers })).status).toBe(200);
    for (const who of [tenant.student, tenant.teacher]) {
      const result = await post(who, "/takenQuiz/fetchById", { takenQuizId: started.body.takenQuizId });
      expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(200);
      const [m, o, c] = result.body.takenQuizAnswers.map((answer: { question: Paper }) => answer.question);
      expect(m.stems).toEqual(matching.stems);
      expect(m.choices).toEqual(matching.choices);
      expect(eachOwn(o.items)).toHaveLength(2);
      expect(eachOwn(c.gaps[0].choices)).toHaveLength(1);
    }
  });
});
