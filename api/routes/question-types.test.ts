import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { questionOptions, questions } from "../../db/schema";
import { OPTION_TYPES } from "../../db/schema/questions";
import type { AppServices } from "../services/core/app-services";
import { QUESTION_TYPES } from "../services/marking/question-types";
import { createAttempt, createCategoryCourse, createQuiz } from "../test-support/factories.node";
import { createTestBed, type Tenant, type TestBed, type Who } from "../test-support/test-bed.node";

/**
 * Issue 26 point 1, the authoring side: every type of question through POST /question,
 * /question/update, /question/findOne and /question/findAll, with the shapes decisions.md pins
 * ("Question types, marking and exchange"). A key is for authors only, like optionStatus.
 */
let services: AppServices;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];

beforeEach(async () => {
  ({ services, tenant, other, post } = await createTestBed("Question Types School"));
  await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Maths", course: "Algebra" });
  await createCategoryCourse(services.db, { businessId: other.business.id, category: "Maths", course: "Algebra" });
});

const base = { category: "Maths", course: "Algebra", tags: [], answerExplaination: "<p>Because.</p>" };

/** One valid question of each type, and what its key reads back as (the schema's defaults filled in). */
const VALID = {
  radio: {
    body: { questionText: "2 + 2?", optionType: "radio", options: [{ optionText: "4", optionStatus: true }, { optionText: "5", optionStatus: false }] },
    key: null,
  },
  checkbox: {
    body: {
      questionText: "Even?",
      optionType: "checkbox",
      options: [
        { optionText: "2", optionStatus: true },
        { optionText: "4", optionStatus: true },
        { optionText: "5", optionStatus: false },
      ],
    },
    key: null,
  },
  trueFalse: {
    body: { questionText: "The earth is round.", optionType: "trueFalse", options: [{ optionText: "True", optionStatus: true }, { optionText: "False", optionStatus: false }] },
    key: null,
  },
  shortAnswer: {
    body: { questionText: "Capital of France?", optionType: "shortAnswer", answerKey: { answers: [{ text: " Paris ", credit: 100 }, { text: "Par*", credit: 50 }], caseSensitive: true } },
    key: { answers: [{ text: "Paris", credit: 100 }, { text: "Par*", credit: 50 }], caseSensitive: true },
  },
  numerical: {
    body: {
      questionText: "g on earth?",
      optionType: "numerical",
      defaultMark: 2.5,
      answerKey: { answers: [{ value: 9.81, tolerance: 0.05, credit: 100 }, { value: 10, credit: 50 }], units: [{ unit: "m/s²", multiplier: 1 }], unitRequired: true, unitPenalty: 0.2 },
    },
    key: { answers: [{ value: 9.81, tolerance: 0.05, credit: 100 }, { value: 10, tolerance: 0, credit: 50 }], units: [{ unit: "m/s²", multiplier: 1 }], unitRequired: true, unitPenalty: 0.2 },
  },
  matching: {
    body: {
      questionText: "Match each country to its capital.",
      optionType: "matching",
      answerKey: { pairs: [{ stem: "France", choice: "Paris" }, { stem: "\\(x^2\\) at 3", choice: "9" }], distractors: ["Lyon"] },
    },
    key: { pairs: [{ stem: "France", choice: "Paris" }, { stem: "\\(x^2\\) at 3", choice: "9" }], distractors: ["Lyon"] },
  },
  ordering: {
    body: { questionText: "Smallest first.", optionType: "ordering", answerKey: { items: ["1", "\\(\\pi\\)", "4"], grading: "relativeToNext" } },
    key: { items: ["1", "\\(\\pi\\)", "4"], grading: "relativeToNext" },
  },
  cloze: {
    body: {
      questionText: "Paris is in {1}; 2 + 2 = {2}; pick {3}.",
      optionType: "cloze",
      answerKey: {
        gaps: [
          { kind: "text", answers: [{ text: "France", credit: 100 }] },
          { kind: "number", answers: [{ value: 4, credit: 100 }], tolerance: 0, weight: 2 },
          { kind: "choice", choices: ["red", "\\(\\alpha\\)"], answers: [{ text: "red", credit: 100 }] },
        ],
      },
    },
    key: {
      gaps: [
        { kind: "text", answers: [{ text: "France", credit: 100 }], weight: 1 },
        { kind: "number", answers: [{ value: 4, credit: 100 }], tolerance: 0, weight: 2 },
        { kind: "choice", choices: ["red", "\\(\\alpha\\)"], answers: [{ text: "red", credit: 100 }], weight: 1 },
      ],
    },
  },
  essay: {
    body: {
      questionText: "Explain photosynthesis.",
      optionType: "essay",
      answerKey: {
        minWords: 10,
        maxWords: 200,
        graderInfo: "<p>Light, water <script>x</script>and CO₂.</p>",
        responseTemplate: "<p>Start with \\(6CO_2\\)</p>",
        rubric: [{ criterion: "Clarity", levels: [{ label: "Poor", points: 0 }, { label: "Good", points: 2 }] }],
      },
    },
    key: {
      minWords: 10,
      maxWords: 200,
      graderInfo: "<p>Light, water and CO₂.</p>",
      responseTemplate: "<p>Start with \\(6CO_2\\)</p>",
      rubric: [{ criterion: "Clarity", levels: [{ label: "Poor", points: 0 }, { label: "Good", points: 2 }] }],
    },
  },
} as const satisfies Record<(typeof OPTION_TYPES)[number], { body: Record<string, unknown>; key: unknown }>;

/** For each type, a body its rules refuse, and the field and code that say why. */
const INVALID: Record<(typeof OPTION_TYPES)[number], { body: Record<string, unknown>; field: string; code: string; params?: Record<string, number> }> = {
  radio: { body: { ...VALID.radio.body, options: [{ optionText: "4", optionStatus: false }, { optionText: "5", optionStatus: false }] }, field: "options", code: "QUESTION_RADIO_CHECKS" },
  checkbox: { body: { ...VALID.checkbox.body, answerKey: { answers: [] } }, field: "answerKey", code: "ANSWER_KEY_SHAPE" },
  trueFalse: { body: { ...VALID.trueFalse.body, options: [{ optionText: "Yes", optionStatus: true }, { optionText: "No", optionStatus: false }] }, field: "options", code: "ANSWER_KEY_TRUE_FALSE_OPTIONS" },
  shortAnswer: { body: { ...VALID.shortAnswer.body, answerKey: { answers: [{ text: "Paris", credit: 90 }] } }, field: "answerKey.answers", code: "ANSWER_KEY_FULL_CREDIT_NEEDED" },
  numerical: { body: { ...VALID.numerical.body, answerKey: { answers: [{ value: 1, credit: 100 }], unitRequired: true } }, field: "answerKey.unitRequired", code: "ANSWER_KEY_UNIT_REQUIRED_WITHOUT_UNITS" },
  matching: {
    body: { ...VALID.matching.body, answerKey: { pairs: Array.from({ length: 10_000 }, (_, i) => ({ stem: `s${i}`, choice: `c${i}` })), distractors: [] } },
    field: "answerKey.pairs",
    code: "ANSWER_KEY_PAIRS_COUNT",
    params: { min: 2, max: 30 },
  },
  ordering: { body: { ...VALID.ordering.body, answerKey: { items: ["a", "b", " a"] } }, field: "answerKey.items", code: "ANSWER_KEY_ITEMS_REPEATED" },
  cloze: { body: { ...VALID.cloze.body, questionText: "Paris is in {1}; 2 + 2 = {2}; pick {2}." }, field: "questionText", code: "ANSWER_KEY_GAPS_NOT_IN_TEXT", params: { count: 3 } },
  essay: { body: { ...VALID.essay.body, answerKey: { minWords: 50, maxWords: 10 } }, field: "answerKey.minWords", code: "ANSWER_KEY_WORD_LIMITS_ORDER" },
};

const bodyOf = (type: keyof typeof VALID, overrides: Record<string, unknown> = {}) => ({ ...base, ...VALID[type].body, ...overrides });
const create = async (body: unknown, who: Who = tenant.teacher) => {
  const res = await post(who, "/question", body);
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(201);
  return res.body.entity;
};
const snapshot = async () => [await services.db.select().from(questions), await services.db.select().from(questionOptions)];

describe("every question type through the question verbs", () => {
  it("has OPTION_TYPES equal to the marking engine's QUESTION_TYPES", () => {
    expect([...OPTION_TYPES]).toEqual([...QUESTION_TYPES]);
  });

  describe.each(Object.keys(VALID) as (keyof typeof VALID)[])("%s", (type) => {
    it("is created, read back by findOne and findAll, and updated", async () => {
      const entity = await create(bodyOf(type));
      expect(entity).toMatchObject({ optionType: type, answerKey: VALID[type].key, defaultMark: "defaultMark" in VALID[type].body ? VALID[type].body.defaultMark : 1 });
      if (VALID[type].key !== null) expect(entity.options).toEqual([]);
      else expect(entity.options.length).toBeGreaterThanOrEqual(2);

      const found = await post(tenant.teacher, "/question/findOne", { questionId: entity.id });
      expect(found.status).toBe(200);
      expect(found.body).toEqual(entity);
      const listed = await post(tenant.teacher, "/question/findAll", { queryParams: { filter: { category: "Maths", course: "Algebra" } } });
      expect(listed.body.entities).toEqual([entity]);

      // The owner changes the mark and the text; the key is kept as sent again.
      const updated = await post(tenant.owner, "/question/update", { ...bodyOf(type), questionId: entity.id, defaultMark: 12.34 });
      expect(updated.status, JSON.stringify(updated.body).slice(0, 300)).toBe(200);
      expect(updated.body.entity).toMatchObject({ id: entity.id, optionType: type, answerKey: VALID[type].key, defaultMark: 12.34 });
      const [row] = await services.db.select({ mark: questions.defaultMarkHundredths }).from(questions).where(eq(questions.id, entity.id));
      expect(row.mark).toBe(1234);
    });

    it("refuses a body its rules refuse (400, by code, at the field) and changes nothing, on create and update", async () => {
      const entity = await create(bodyOf(type));
      const before = await snapshot();
      const { body, field, code, params } = INVALID[type];
      for (const [path, sent] of [
        ["/question", { ...base, ...body }],
        ["/question/update", { ...base, ...body, questionId: entity.id }],
      ] as const) {
        const res = await post(tenant.teacher, path, sent);
        expect(res.status, path).toBe(400);
        expect(res.body.errorCodes?.[field], JSON.stringify(res.body).slice(0, 400)).toBe(code);
        if (params) expect(res.body.errorParams?.[field]).toEqual(params);
        expect(res.body.errors[field]).not.toMatch(/\u{E000}/u);
      }
      expect(await snapshot()).toEqual(before);
    });

    it("is 404 to another business and 403 to a student, whose answers carry no key", async () => {
      const entity = await create(bodyOf(type));
      const foreign = await post(other.teacher, "/question/findOne", { questionId: entity.id });
      expect(foreign.status).toBe(404);
      const foreignUpdate = await post(other.owner, "/question/update", { ...bodyOf(type), questionId: entity.id });
      expect(foreignUpdate.status).toBe(404);
      for (const path of ["/question/findOne", "/question/findAll", "/question/findAllRandom"]) {
        const res = await post(tenant.student, path, { questionId: entity.id, category: "Maths", course: "Algebra", queryParams: { filter: { category: "Maths", course: "Algebra" } } });
        expect(res.status, path).toBe(403);
        expect(JSON.stringify(res.body)).not.toMatch(/answerKey|optionStatus/);
      }
      expect((await post(tenant.student, "/question", bodyOf(type))).status).toBe(403);
    });
  });
});

describe("the rules every keyed type shares", () => {
  it("needs a key, refuses options beside it, and bounds the default mark to 0.5–100 with two decimals", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [bodyOf("shortAnswer", { answerKey: undefined }), "answerKey", "ANSWER_KEY_SHAPE"],
      [bodyOf("ordering", { answerKey: null }), "answerKey", "ANSWER_KEY_SHAPE"],
      [bodyOf("matching", { answerKey: "pairs" }), "answerKey", "ANSWER_KEY_SHAPE"],
      [bodyOf("essay", { options: [{ optionText: "a", optionStatus: true }] }), "options", "QUESTION_OPTIONS_NOT_FOR_TYPE"],
      [bodyOf("radio", { defaultMark: 0.25 }), "defaultMark", "ANSWER_KEY_DEFAULT_MARK"],
      [bodyOf("numerical", { defaultMark: 100.5 }), "defaultMark", "ANSWER_KEY_DEFAULT_MARK"],
      [bodyOf("cloze", { defaultMark: 1.005 }), "defaultMark", "ANSWER_KEY_DEFAULT_MARK"],
      [bodyOf("cloze", { defaultMark: "2" }), "defaultMark", "ANSWER_KEY_DEFAULT_MARK"],
      [bodyOf("radio", { optionType: "dropdown" }), "optionType", "QUESTION_OPTION_TYPE_REQUIRED"],
    ];
    for (const [body, field, code] of cases) {
      const res = await post(tenant.teacher, "/question", body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body.errorCodes?.[field], JSON.stringify(res.body).slice(0, 300)).toBe(code);
    }
    expect(await services.db.select().from(questions)).toEqual([]);
  });

  it("changes a question's type: a choice question becomes keyed (its options go) and back (its key goes)", async () => {
    const entity = await create(bodyOf("radio"));
    const keyed = await post(tenant.teacher, "/question/update", { ...bodyOf("ordering"), questionId: entity.id });
    expect(keyed.body.entity).toMatchObject({ optionType: "ordering", options: [], answerKey: VALID.ordering.key });
    expect(await services.db.select().from(questionOptions)).toEqual([]);
    const back = await post(tenant.teacher, "/question/update", { ...bodyOf("trueFalse"), questionId: entity.id });
    expect(back.body.entity).toMatchObject({ optionType: "trueFalse", answerKey: null });
    const [row] = await services.db.select({ key: questions.answerKey }).from(questions).where(eq(questions.id, entity.id));
    expect(row.key).toBeNull();
  });

  it("refuses to change a keyed question once a quiz using it was taken (it has no options for the guard to touch)", async () => {
    const entity = await create(bodyOf("essay"));
    const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: [entity.id] });
    await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId: tenant.student.id });
    const before = await snapshot();
    const res = await post(tenant.teacher, "/question/update", { ...bodyOf("essay"), questionId: entity.id, questionText: "Changed" });
    expect(res.status).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it("renders TeX in stems, choices, items, gap choices and the essay's texts when saved, and keeps the TeX as typed in the key", async () => {
    const matching = await create(bodyOf("matching"));
    expect(matching.answerKey.pairs[1].stem).toBe("\\(x^2\\) at 3");
    expect(Object.keys(matching.answerKeyHtml)).toEqual(["pairs.1.stem"]);
    expect(matching.answerKeyHtml["pairs.1.stem"]).toMatch(/^<math[^>]*>.*<\/math> at 3$/s);
    const ordering = await create(bodyOf("ordering"));
    expect(Object.keys(ordering.answerKeyHtml)).toEqual(["items.1"]);
    const cloze = await create(bodyOf("cloze"));
    expect(Object.keys(cloze.answerKeyHtml)).toEqual(["gaps.2.choices.1"]);
    const essay = await create(bodyOf("essay"));
    expect(Object.keys(essay.answerKeyHtml)).toEqual(["responseTemplate"]);
    expect(essay.answerKeyHtml.responseTemplate).toContain("<math");
    // A key without formulas stores and answers nothing more.
    const plain = await create(bodyOf("shortAnswer"));
    expect(plain).not.toHaveProperty("answerKeyHtml");
    const [row] = await services.db.select({ key: questions.answerKey }).from(questions).where(eq(questions.id, plain.id));
    expect(row.key).toEqual(VALID.shortAnswer.key);
  });

  it("filters the bank by type", async () => {
    for (const type of Object.keys(VALID) as (keyof typeof VALID)[]) await create(bodyOf(type));
    const list = (optionType?: string) => post(tenant.teacher, "/question/findAll", { queryParams: { filter: { category: "Maths", course: "Algebra", optionType } } });
    expect((await list()).body.totalCount).toBe(9);
    const cloze = await list("cloze");
    expect(cloze.body).toMatchObject({ totalCount: 1, entities: [{ optionType: "cloze" }] });
    const bad = await list("dropdown");
    expect(bad.status).toBe(400);
    expect(bad.body.errorCodes?.["queryParams.filter.optionType"]).toBe("QUESTION_OPTION_TYPE_REQUIRED");
  });
});

describe("what a student reads of a quiz made of keyed questions", () => {
  it("never carries a key: the quiz's own reads name the questions, never their answers", async () => {
    const secrets = ["Paris", "Lyon", "relativeToNext", "France", "Clarity", "m/s²"];
    const ids = [];
    for (const type of ["shortAnswer", "numerical", "matching", "ordering", "cloze", "essay"] as const) ids.push((await create(bodyOf(type))).id);
    const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: ids });
    const reads = [await post(tenant.student, "/quiz/findOne", { quizId: quiz.id }), await post(tenant.student, "/quiz/findAll", { queryParams: {} })];
    for (const read of reads) {
      const text = JSON.stringify(read.body);
      expect(text).not.toMatch(/answerKey|answer_key|graderInfo|rubric/);
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
  });
});
