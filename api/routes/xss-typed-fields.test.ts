import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, users } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { executableFields, executableMarkup, executableMarkupInDocument } from "../test-support/executable-markup";
import { createCategoryCourse, createQuiz } from "../test-support/factories.node";
import { createTestBed, type Tenant, type TestBed } from "../test-support/test-bed.node";
import { XSS_PAYLOADS } from "../test-support/xss-payloads";

/**
 * Issue 26 "Bad input and security": a hundred XSS payloads in every field the new question
 * types brought (short answers, numerical units, pairs, distractors, ordering items, cloze gaps
 * and choices, essay grader information, response template and rubric labels, a student's
 * answers), saved through the API. What the student's paper and result, the authors' reads and
 * the graded e-mail then hold is parsed with parse5 (the sanitiser's own parser): no field a
 * page or an e-mail treats as HTML has anything a browser could run, and the text fields hold
 * the payload as text (React writes them as text), never dropped or half-decoded.
 */
let services: AppServices;
let tenant: Tenant;
let post: TestBed["post"];

beforeEach(async () => {
  ({ services, tenant, post } = await createTestBed("Payload School"));
  await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Maths", course: "Algebra" });
});

const BATCH = 10;
const batches = Array.from({ length: XSS_PAYLOADS.length / BATCH }, (_, b) => XSS_PAYLOADS.slice(b * BATCH, (b + 1) * BATCH));
const unit = (payload: string, i: number) => `${i}${payload}`.slice(0, 30);

/** One question of each new type (and true/false), every key field holding payloads, as an author sends them. */
function questionBodies(p: readonly string[]) {
  const common = { category: "Maths", course: "Algebra", answerExplaination: `Because. ${p.join(" ")}` };
  return {
    trueFalse: { ...common, questionText: p[0], optionType: "trueFalse", options: [{ optionText: "True", optionStatus: true }, { optionText: "False", optionStatus: false }] },
    shortAnswer: { ...common, questionText: p[1], optionType: "shortAnswer", answerKey: { answers: p.map((text, i) => ({ text, credit: i === 0 ? 100 : 50 })), caseSensitive: false } },
    numerical: { ...common, questionText: p[2], optionType: "numerical", answerKey: { answers: [{ value: 1, credit: 100 }], units: p.map((text, i) => ({ unit: unit(text, i), multiplier: i + 1 })) } },
    matching: { ...common, questionText: p[3], optionType: "matching", answerKey: { pairs: p.map((text) => ({ stem: text, choice: `${text} ✓` })), distractors: p.map((text) => `${text} ✗`) } },
    ordering: { ...common, questionText: p[4], optionType: "ordering", answerKey: { items: [...p], grading: "allOrNothing" } },
    cloze: {
      ...common,
      questionText: "First {1}, then {2}.",
      optionType: "cloze",
      answerKey: {
        gaps: [
          { kind: "text", answers: p.map((text, i) => ({ text, credit: i === 0 ? 100 : 50 })), weight: 1 },
          { kind: "choice", choices: [...p], answers: [{ text: p[0], credit: 100 }], weight: 1 },
        ],
      },
    },
    essay: {
      ...common,
      questionText: p[5],
      optionType: "essay",
      // A point per criterion: the rubric's levels add up to the mark.
      defaultMark: p.length,
      answerKey: { graderInfo: p.join("<br>"), responseTemplate: p.join("<br>"), rubric: p.map((text) => ({ criterion: text, levels: [{ label: text, points: 1 }] })) },
    },
  } as const;
}
type Kind = keyof ReturnType<typeof questionBodies>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const partId = (parts: { id: string; text: string }[], text: string) => parts.find((part) => part.text === text)!.id;

/** Nothing runnable in any HTML field of an answer; the message names the request and the paths. */
function expectHarmless(what: string, body: unknown) {
  expect(executableFields(body), what).toEqual({});
}

describe("the XSS checker itself", () => {
  it("finds the runnable markup of the raw payloads, so a payload that survived would fail these tests", () => {
    const flagged = XSS_PAYLOADS.filter((payload) => executableMarkup(payload).length > 0);
    // The template-injection, percent- and entity-escaped ones are text to a browser too: inert.
    expect(flagged.length).toBeGreaterThanOrEqual(75);
    expect(executableMarkup('<a href="java&#9;script:alert(1)">x</a>')).toEqual(['a[href=java\tscript:alert(1)]']);
    expect(executableMarkup("<p>Fine <em>text</em> <a href=\"https://example.com\">link</a></p>")).toEqual([]);
    expect(executableFields({ text: "<script>alert(1)</script>", answerExplaination: "<img src=x onerror=alert(1)>" })).toEqual({ answerExplaination: ["<img>", "img[onerror]"] });
  });
});

describe("a hundred XSS payloads in every new field", () => {
  it.each(batches.map((payloads, b) => [b + 1, payloads] as const))("batch %i: saved through the API, harmless in the paper, the result, the authors' reads and the graded e-mail", async (_, p) => {
    const bodies = questionBodies(p);
    const id = {} as Record<Kind, number>;
    for (const kind of Object.keys(bodies) as Kind[]) {
      const saved = await post(tenant.teacher, "/question", bodies[kind]);
      expect(saved.status, `${kind}: ${JSON.stringify(saved.body).slice(0, 400)}`).toBeLessThan(300);
      expectHarmless(`${kind} as saved`, saved.body);
      id[kind] = saved.body.entity.id;
    }
    // The authors' read keeps each key field as the text sent (trimmed), nothing lost or decoded.
    const read = async (kind: Kind) => (await post(tenant.teacher, "/question/findOne", { questionId: id[kind] })).body;
    for (const kind of Object.keys(bodies) as Kind[]) expectHarmless(`${kind} read by its author`, await read(kind));
    expect((await read("shortAnswer")).answerKey.answers.map((a: Json) => a.text)).toEqual(p.map((text) => text.trim()));
    expect((await read("numerical")).answerKey.units.map((u: Json) => u.unit)).toEqual(p.map((text, i) => unit(text, i).trim()));
    expect((await read("matching")).answerKey.pairs.map((pair: Json) => pair.stem)).toEqual(p.map((text) => text.trim()));
    expect((await read("ordering")).answerKey.items).toEqual(p.map((text) => text.trim()));
    expect((await read("cloze")).answerKey.gaps[1].choices).toEqual(p.map((text) => text.trim()));
    expect((await read("essay")).answerKey.rubric.map((c: Json) => c.levels[0].label)).toEqual(p.map((text) => text.trim()));

    // The quiz's name and the student's name reach the graded e-mail.
    await services.db.update(users).set({ fullname: p[6].slice(0, 100) }).where(eq(users.id, tenant.student.id));
    const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: Object.values(id), quizName: p[7].slice(0, 100) });
    const paper = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(paper.status, JSON.stringify(paper.body).slice(0, 400)).toBe(200);
    expectHarmless("the student's paper", paper.body);
    const question = (kind: Kind) => paper.body.questions.find((q: Json) => q.id === id[kind]);
    expect(question("ordering").items.map((item: Json) => item.text).sort()).toEqual(p.map((text) => text.trim()).sort());

    const matching = question("matching");
    const ordering = question("ordering");
    const cloze = question("cloze");
    const answers = [
      { questionId: id.trueFalse, answer: [question("trueFalse").options[0].id] },
      { questionId: id.shortAnswer, answer: { text: p[8] } },
      { questionId: id.numerical, answer: { value: "1", unit: p[9].slice(0, 60) } },
      { questionId: id.matching, answer: { pairs: p.slice(0, 3).map((text) => ({ stemId: partId(matching.stems, text.trim()), choiceId: partId(matching.choices, `${text.trim()} ✓`) })) } },
      { questionId: id.ordering, answer: { order: ordering.items.map((item: Json) => item.id) } },
      { questionId: id.cloze, answer: { gaps: [p[3], partId(cloze.gaps[1].choices, p[0].trim())] } },
      { questionId: id.essay, answer: { html: `<p>My essay.</p>\n${p.join("\n")}` } },
    ];
    const submitted = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: paper.body.takenQuizId, answers });
    expect(submitted.status, JSON.stringify(submitted.body).slice(0, 400)).toBe(200);
    expectHarmless("the hand-in's answer", submitted.body);
    const takenQuizId = paper.body.takenQuizId;

    const queue = await post(tenant.teacher, "/takenQuiz/gradingQueue", { quizId: quiz.id, queryParams: {} });
    expect(queue.body.entities).toHaveLength(1);
    expectHarmless("the grading queue", queue.body);
    expectHarmless("the attempt read by its teacher", (await post(tenant.teacher, "/takenQuiz/fetchById", { takenQuizId })).body);

    const graded = await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId, questionId: id.essay, rubric: p.map((_, criterion) => ({ criterion, level: 0 })), comment: p.join(" ").slice(0, 2000) });
    expect(graded.status, JSON.stringify(graded.body).slice(0, 400)).toBe(200);
    expectHarmless("the grade's answer", graded.body);
    const result = await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId });
    expect(result.status).toBe(200);
    expectHarmless("the student's result", result.body);
    expectHarmless("the attempt read by the owner", (await post(tenant.owner, "/takenQuiz/fetchById", { takenQuizId })).body);

    const mails = await services.db.select().from(emailOutbox).where(eq(emailOutbox.tag, "attempt-graded"));
    expect(mails).toHaveLength(1);
    expect(executableMarkupInDocument(mails[0].html ?? "")).toEqual([]);
  }, 60_000);
});
