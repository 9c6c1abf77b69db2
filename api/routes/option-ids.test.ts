import { beforeEach, describe, expect, it } from "vitest";
import { createQuestion, createQuiz, createUser } from "../test-support/factories.node";
import type { AppServices } from "../services/core/app-services";
import { ATTEMPT_MESSAGES } from "../services/attempts/schemas";
import { createTestBed, type Tenant, type TestBed, type Who } from "../test-support/test-bed.node";

/** Issue 14 point 8 (ADR 0031): shuffled options reveal nothing. */
let services: AppServices;
let tenant: Tenant;
let post: TestBed["post"];

beforeEach(async () => {
  ({ services, tenant, post } = await createTestBed("Shuffle School"));
});

type Paper = { takenQuizId: number; savedAnswers: unknown[]; questions: { id: number; options: { id: number; optionText: string }[] }[] };

/** A GIFT-like quiz: the right answer is written first, as authors (and every GIFT import) do. */
async function rightFirstQuiz(fields: Partial<Parameters<typeof createQuiz>[1]> = {}) {
  const made = [];
  for (const optionType of ["radio", "checkbox"] as const) {
    const options: [string, boolean][] = [
      ["Right", true],
      ["Second", optionType === "checkbox"],
      ["Third", false],
      ["Fourth", false],
      ["Fifth", false],
    ];
    made.push(await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, options, optionType }));
  }
  const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: made.map((m) => m.question.id), ...fields });
  return { quiz, made };
}

async function startAs(who: Who, quizId: number): Promise<Paper> {
  const res = await post(who, "/takeQuiz/startQuiz", { quizId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const textsById = (options: { id: number; optionText: string }[]) => [...options].sort((a, b) => a.id - b.id).map((o) => o.optionText);
const idOf = (paper: Paper, q: number, text: string) => paper.questions[q].options.find((o) => o.optionText === text)!.id;

describe("the option ids a student sees", () => {
  it("carry no order: sorting them never gives back the author's order, and none is a stored id", async () => {
    const { quiz, made } = await rightFirstQuiz();
    const storedIds = new Set(made.flatMap((m) => m.options.map((o) => o.id)));
    const authorOrder = ["Right", "Second", "Third", "Fourth", "Fifth"];
    const firstBySort: string[] = [];
    let inAuthorOrder = 0;
    for (let i = 0; i < 12; i++) {
      const student = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
      const paper = await startAs(student, quiz.id);
      for (const question of paper.questions) {
        for (const option of question.options) {
          expect(storedIds.has(option.id)).toBe(false);
          expect(Number.isSafeInteger(option.id) && option.id > 0).toBe(true);
        }
        // The paper lists the options by their ids: their order is the attempt's own.
        expect(question.options.map((o) => o.optionText)).toEqual(textsById(question.options));
      }
      firstBySort.push(textsById(paper.questions[0].options)[0]);
      if (textsById(paper.questions[0].options).join() === authorOrder.join()) inAuthorOrder++;
    }
    // Stored ids sorted give the author's order every time; these about as often as any of
    // the 120 orders (the key and the attempt ids are fixed in tests: no flakiness).
    expect(inAuthorOrder).toBeLessThan(2);
    // Sorted by id, the right answer comes first about one time in five, not every time.
    expect(firstBySort.filter((text) => text === "Right").length).toBeLessThan(6);
  });

  it("differ between two attempts of one student and between students, and stay the same on resume", async () => {
    const { quiz } = await rightFirstQuiz({ attemptsAllowed: 2 });
    const first = await startAs(tenant.student, quiz.id);
    expect((await startAs(tenant.student, quiz.id)).questions).toEqual(first.questions); // resumed: the same paper
    await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: first.takenQuizId });
    const second = await startAs(tenant.student, quiz.id);
    const classmate = await startAs(await createUser(services.db, { businessId: tenant.business.id, userType: "Student" }), quiz.id);
    const ids = (paper: Paper) => paper.questions.flatMap((q) => q.options.map((o) => o.id));
    for (const other of [second, classmate]) {
      expect(other.takenQuizId).not.toBe(first.takenQuizId);
      expect(ids(other).filter((id) => ids(first).includes(id))).toEqual([]);
    }
  });

  it("are what autosave and submit take: the right options chosen by them grade 100 %", async () => {
    const { quiz, made } = await rightFirstQuiz();
    const paper = await startAs(tenant.student, quiz.id);
    const save = await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: paper.takenQuizId, answers: [{ questionId: made[0].question.id, answer: [idOf(paper, 0, "Right")] }] });
    expect(save.status, JSON.stringify(save.body)).toBe(200);
    const resumed = await startAs(tenant.student, quiz.id);
    expect(resumed.savedAnswers).toEqual([{ questionId: made[0].question.id, answer: [idOf(paper, 0, "Right")], answerStatus: "yes", final: false }]);
    const done = await post(tenant.student, "/takeQuiz/answerAll", {
      takenQuizId: paper.takenQuizId,
      answers: [
        { questionId: made[0].question.id, answer: [idOf(paper, 0, "Right")] },
        { questionId: made[1].question.id, answer: [idOf(paper, 1, "Second"), idOf(paper, 1, "Right")] },
      ],
    });
    expect(done.body.data.takenQuizObject).toMatchObject({ correctAnswered: 2, percentage: 100 });
  });

  it("refuse a stored id, another attempt's id or a made-up one, changing nothing", async () => {
    const { quiz, made } = await rightFirstQuiz();
    const paper = await startAs(tenant.student, quiz.id);
    const other = await startAs(await createUser(services.db, { businessId: tenant.business.id, userType: "Student" }), quiz.id);
    const questionId = made[0].question.id;
    for (const forged of [made[0].options[0].id, idOf(other, 0, "Right"), idOf(paper, 1, "Right"), 2 ** 53 - 1]) {
      const res = await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: paper.takenQuizId, answers: [{ questionId, answer: [forged] }] });
      expect([res.status, res.body.message]).toEqual([400, ATTEMPT_MESSAGES.optionNotInQuestion]);
      const submit = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: paper.takenQuizId, answers: [{ questionId, answer: [forged] }] });
      expect([submit.status, submit.body.message]).toEqual([400, ATTEMPT_MESSAGES.optionNotInQuestion]);
    }
    expect((await startAs(tenant.student, quiz.id)).savedAnswers).toEqual([]);
  });

  it("are the ids of the one-by-one Check and of the result page, which shows the chosen options", async () => {
    const { quiz, made } = await rightFirstQuiz();
    const paper = await startAs(tenant.student, quiz.id);
    const check = await post(tenant.student, "/takeQuiz/answerOne", { takenQuizId: paper.takenQuizId, questionId: made[0].question.id, answer: [idOf(paper, 0, "Third")] });
    expect(check.status).toBe(409); // all at once: no Check (see below for one by one)
    await post(tenant.student, "/takeQuiz/answerAll", {
      takenQuizId: paper.takenQuizId,
      answers: [
        { questionId: made[0].question.id, answer: [idOf(paper, 0, "Third")] },
        { questionId: made[1].question.id, answer: [idOf(paper, 1, "Right"), idOf(paper, 1, "Second")] },
      ],
    });
    const result = await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId: paper.takenQuizId });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const [first, second] = result.body.takenQuizAnswers;
    // The same ids and order as the paper; the chosen options by those ids, with their text.
    expect(first.question.options).toEqual(paper.questions[0].options);
    expect(first.answerFurthers).toEqual([{ id: idOf(paper, 0, "Third"), optionText: "Third" }]);
    expect(first.correctOptionIds).toEqual([idOf(paper, 0, "Right")]);
    expect(second.answerFurthers.map((o: { optionText: string }) => o.optionText).sort()).toEqual(["Right", "Second"]);
    expect([first.answerStatus, second.answerStatus]).toEqual(["no", "yes"]);

    // One by one: the Check takes the attempt's ids and names the right option by them.
    const student = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    const res = await post(student, "/takeQuiz/startQuiz", { quizId: quiz.id, examMode: "onebyone" });
    const oneByOne: Paper = res.body;
    const checked = await post(student, "/takeQuiz/answerOne", { takenQuizId: oneByOne.takenQuizId, questionId: made[0].question.id, answer: [idOf(oneByOne, 0, "Fourth")] });
    expect(checked.body).toMatchObject({ answerStatus: "no", correctOptionIds: [idOf(oneByOne, 0, "Right")] });
  });
});
