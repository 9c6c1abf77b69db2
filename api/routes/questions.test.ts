import type { Client } from "@libsql/client";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createAttempt, createCategoryCourse, createQuiz } from "../test-support/factories.node";
import { questionOptions, questions, questionTags, tags } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { IMAGE_NOT_UPLOADED } from "../services/questions/check-image-keys";
import { QUESTION_ADDED } from "../services/questions/create-question";
import { QUESTION_DELETED } from "../services/questions/delete-question";
import { QUESTION_IN_USE, QUESTION_TAKEN } from "../services/questions/question-usage";
import { UNKNOWN_CATEGORY, UNKNOWN_COURSE } from "../services/categories/resolve-category-course";
import { QUESTION_MESSAGES as M } from "../services/questions/schemas";
import { QUESTION_UPDATED } from "../services/questions/update-question";
import { bearer } from "../test-support/test-app.node";
import { createTestBed, type TestApi, type TestBed, type Tenant, type Who } from "../test-support/test-bed.node";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const FORBIDDEN = "Sorry! you don't have permissions for this operation";
const NOT_FOUND = "The requested question is not found";

let services: AppServices;
let app: TestApi;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];

beforeEach(async () => {
  ({ services, app, tenant, other, post } = await createTestBed("Question School"));
  await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Maths", course: "Algebra" });
  await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Science", course: "Physics" });
  await createCategoryCourse(services.db, { businessId: other.business.id, category: "Maths", course: "Algebra" });
});


const radio = (overrides: Record<string, unknown> = {}) => ({
  questionText: "What is 2 + 2?",
  optionType: "radio",
  options: [
    { optionText: "3", optionStatus: false },
    { optionText: "4", optionStatus: true },
    { optionText: "5", optionStatus: false },
  ],
  category: "Maths",
  course: "Algebra",
  tags: ["arithmetic"],
  answerExplaination: "<p>Two and two make <strong>four</strong>.</p>",
  ...overrides,
});
const checkbox = (overrides: Record<string, unknown> = {}) =>
  radio({
    questionText: "Which are even?",
    optionType: "checkbox",
    options: [
      { optionText: "2", optionStatus: true },
      { optionText: "3", optionStatus: false },
      { optionText: "4", optionStatus: true },
    ],
    ...overrides,
  });
const create = async (who: Who, body: unknown) => post(who, "/question", body);
const created = async (body: unknown = radio(), who: Who = tenant.teacher) => {
  const res = await create(who, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.entity;
};
async function uploadImage(who: Who, folder = "question-images") {
  const body = new FormData();
  const file = folder === "csv-uploads" ? new File(["questionText\nWhy?\n"], "q.csv") : new File([PNG.slice()], "photo.png");
  body.set("file", file);
  body.set("folder", folder);
  const res = await app.request("/files/upload", { method: "POST", body, headers: who ? await bearer(services, who) : undefined });
  expect(res.status).toBe(201);
  return ((await res.json()) as { key: string }).key;
}
const count = async (table: typeof questions | typeof questionOptions | typeof tags) => (await services.db.select().from(table)).length;

describe("POST /question", () => {
  it("adds a radio question with its options, tags and a sanitised explanation, by category and course name", async () => {
    const res = await create(tenant.teacher, radio({ category: " maths ", course: "ALGEBRA", tags: [" Arithmetic ", "arithmetic", "Basics"] }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: QUESTION_ADDED,
      code: "QUESTION_ADDED",
      entity: {
        id: expect.any(Number),
        questionId: res.body.entity.id,
        questionText: "What is 2 + 2?",
        questionImage: null,
        questionImageUrl: null,
        image: null,
        imageUrl: null,
        optionType: "radio",
        options: [
          { id: expect.any(Number), optionText: "3", optionStatus: false },
          { id: expect.any(Number), optionText: "4", optionStatus: true },
          { id: expect.any(Number), optionText: "5", optionStatus: false },
        ],
        answerKey: null,
        defaultMark: 1,
        category: "Maths",
        course: "Algebra",
        questionCategory: "Maths",
        questionCourse: "Algebra",
        tags: ["Arithmetic", "Basics"],
        answerExplaination: "<p>Two and two make <strong>four</strong>.</p>",
        used: false,
        thumbsUpCount: 0,
        thumbsDownCount: 0,
        teacherId: tenant.teacher.id,
        mayChange: true,
      },
    });
    // A second question reuses the business's tag whatever its case.
    const second = await created(checkbox({ tags: ["ARITHMETIC"] }), tenant.owner);
    expect(second.tags).toEqual(["Arithmetic"]);
    expect(await count(tags)).toBe(2);
  });

  it("accepts the spec's aliases questionCategory and questionCourse", async () => {
    const { category, course, ...rest } = radio();
    const entity = await created({ ...rest, questionCategory: category, questionCourse: course });
    expect([entity.category, entity.course]).toEqual(["Maths", "Algebra"]);
  });

  it("strips script, event handlers, javascript: URLs and styles from the explanation", async () => {
    const entity = await created(
      radio({
        answerExplaination:
          '<p onclick="steal()" style="color:red">See <a href="javascript:alert(1)">this</a> and <a href="https://example.org/x" target="_blank">that</a></p>' +
          '<script>alert(1)</script><img src=x onerror="alert(1)"><iframe src="https://evil.example"></iframe>',
      }),
    );
    const stored = (await services.db.select({ html: questions.answerExplanation }).from(questions).where(eq(questions.id, entity.id)))[0].html;
    for (const html of [entity.answerExplaination, stored]) {
      expect(html).toBe('<p>See <a rel="noopener noreferrer nofollow">this</a> and <a rel="noopener noreferrer nofollow" href="https://example.org/x">that</a></p>');
      expect(html).not.toMatch(/script|onerror|onclick|javascript:|style|iframe|<img/i);
    }
  });

  it("keeps image keys of the business's uploads and signs them for 3600 s", async () => {
    services.now = () => new Date("2026-05-01T08:00:00Z");
    const questionImage = await uploadImage(tenant.teacher);
    const image = await uploadImage(tenant.owner);
    const entity = await created(radio({ questionImage, image }));
    expect(entity.questionImage).toBe(questionImage);
    expect(entity.image).toBe(image);
    expect(entity.questionImageUrl).toBe(`/api/files/${questionImage}?expires=${1777622400 + 3600}&signature=${new URL(entity.questionImageUrl, "http://x").searchParams.get("signature")}`);
    const served = await app.request(entity.imageUrl.replace(/^\/api/, ""));
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it("refuses image keys that are made up, another business's, or not under question-images", async () => {
    const foreign = await uploadImage(other.teacher);
    const csv = await uploadImage(tenant.teacher, "csv-uploads");
    for (const [field, key] of [["questionImage", foreign], ["image", csv], ["questionImage", "question-images/1/nothing.png"], ["image", "../../etc/passwd"]]) {
      const res = await create(tenant.teacher, radio({ [field]: key }));
      expect(res.status, key).toBe(400);
      expect(res.body.errors).toEqual({ [field]: IMAGE_NOT_UPLOADED });
    }
    expect(await count(questions)).toBe(0);
  });

  it("names every missing required field at once ('fields empty')", async () => {
    const res = await create(tenant.teacher, { options: [{ optionText: "a" }, { optionText: "b", optionStatus: true }] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      questionText: M.questionTextRequired,
      optionType: M.optionTypeRequired,
      category: "Question category is required",
      course: "Question course is required",
      answerExplaination: M.explanationRequired,
    });
    const blank = await create(tenant.teacher, radio({ questionText: "   ", answerExplaination: "<p> </p><script>x</script>", category: "", course: " " }));
    expect(blank.body.errors).toEqual({
      questionText: M.questionTextRequired,
      category: "Question category is required",
      course: "Question course is required",
      answerExplaination: M.explanationRequired,
    });
  });

  it("applies the option rules: 2 to 5, all with text, radio one correct, checkbox more than one and fewer than all", async () => {
    const option = (optionText: string, optionStatus = false) => ({ optionText, optionStatus });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [radio({ options: [option("only", true)] }), { options: M.optionsCount }],
      [radio({ options: ["a", "b", "c", "d", "e", "f"].map((t, i) => option(t, i === 0)) }), { options: M.optionsCount }],
      [radio({ options: [option("a", true), option(" "), option("c")] }), { "options.1.optionText": M.optionEmpty }],
      [radio({ options: [option("a", true), option("b"), { optionStatus: false }] }), { "options.2.optionText": M.optionEmpty }],
      [radio({ options: [option("a"), option("b"), option("c")] }), { options: M.radioChecks }],
      [radio({ options: [option("a", true), option("b", true), option("c")] }), { options: M.radioChecks }],
      [checkbox({ options: [option("a", true), option("b"), option("c")] }), { options: M.checkboxChecks }],
      [checkbox({ options: [option("a", true), option("b", true), option("c", true)] }), { options: M.checkboxChecks }],
      [checkbox({ options: [option("a", true), option("b", true)] }), { options: M.checkboxChecks }],
      [radio({ optionType: "dropdown" }), { optionType: M.optionTypeRequired }],
      [radio({ options: [option("a", true), { optionText: "b", optionStatus: "yes" }] }), { "options.1.optionStatus": M.optionStatus }],
    ];
    for (const [body, errors] of cases) {
      const res = await create(tenant.teacher, body);
      expect(res.status, JSON.stringify(body.options)).toBe(400);
      expect(res.body.errors, JSON.stringify(body.options)).toEqual(errors);
    }
    // The edges that are allowed: 2 and 5 options, checkbox with all but one checked.
    await created(radio({ options: [option("a", true), option("b")] }));
    await created(checkbox({ options: ["a", "b", "c", "d", "e"].map((t, i) => option(t, i !== 4)) }));
    expect(await count(questions)).toBe(2);
  });

  it("allows at most 6 distinct tags of 1 to 50 characters", async () => {
    const seven = await create(tenant.teacher, radio({ tags: ["a", "b", "c", "d", "e", "f", "g"] }));
    expect(seven.status).toBe(400);
    expect(seven.body.errors).toEqual({ tags: M.tooManyTags });
    const long = await create(tenant.teacher, radio({ tags: ["x".repeat(51)] }));
    expect(long.body.errors).toEqual({ tags: M.tagLength });
    // Duplicates (any case) and blanks do not count towards the six.
    const entity = await created(radio({ tags: ["a", "A", " a ", "", "b", "c", "d", "e", "f"] }));
    expect(entity.tags).toEqual(["a", "b", "c", "d", "e", "f"]);
  });

  it("bounds every length so huge input is a 4xx, never a 500, and stores nothing", async () => {
    const cases: [unknown, number, Record<string, string> | undefined][] = [
      [radio({ questionText: "q".repeat(2001) }), 400, { questionText: M.questionTextLength }],
      [radio({ options: [{ optionText: "o".repeat(501), optionStatus: true }, { optionText: "b" }] }), 400, { "options.0.optionText": M.optionLength }],
      [radio({ answerExplaination: `<p>${"e".repeat(20_001)}</p>` }), 400, { answerExplaination: M.explanationLength }],
      [radio({ answerExplaination: "<b>x</b>".repeat(20_000) }), 400, { answerExplaination: M.explanationLength }],
      [radio({ options: Array.from({ length: 10_000 }, (_, i) => ({ optionText: `o${i}`, optionStatus: i === 0 })) }), 400, { options: M.optionsCount }],
      [radio({ tags: Array.from({ length: 100_000 }, (_, i) => `t${i}`) }), 400, { tags: M.tooManyTags }],
      // Over the API's 1 MB JSON limit: refused before it is read.
      [radio({ questionText: "x".repeat(5 * 1024 * 1024) }), 413, undefined],
    ];
    for (const [body, status, errors] of cases) {
      const res = await create(tenant.teacher, body);
      expect(res.status).toBe(status);
      expect(res.body.message).toEqual(expect.any(String));
      if (errors) expect(res.body.errors).toEqual(errors);
    }
    expect(await count(questions)).toBe(0);
  });

  it("answers 400 for a category or course the business does not have (another business's included)", async () => {
    await createCategoryCourse(services.db, { businessId: other.business.id, category: "Secret", course: "Hidden" });
    const category = await create(tenant.teacher, radio({ category: "Secret", course: "Hidden" }));
    expect(category.status).toBe(400);
    expect(category.body.errors).toEqual({ category: UNKNOWN_CATEGORY });
    const course = await create(tenant.teacher, radio({ category: "Maths", course: "Physics" }));
    expect(course.body.errors).toEqual({ course: UNKNOWN_COURSE });
    expect(await count(questions)).toBe(0);
  });
});

describe("POST /question/findOne, /question/update, /question/delete", () => {
  it("finds a question of the business; another business's id and a missing id are 404", async () => {
    const entity = await created();
    expect(await post(tenant.owner, "/question/findOne", { questionId: entity.id })).toEqual({ status: 200, body: entity });
    for (const path of ["/question/findOne", "/question/delete", "/question/update"]) {
      for (const questionId of [entity.id, 999_999]) {
        const res = await post(other.teacher, path, path.endsWith("update") ? { ...radio(), questionId } : { questionId });
        expect(res, `${path} ${questionId}`).toEqual({ status: 404, body: { code: "NOT_FOUND", message: NOT_FOUND } });
      }
    }
    expect(await count(questions)).toBe(1);
  });

  it("updates text, options, tags, category and course as one write", async () => {
    const entity = await created();
    const res = await post(tenant.teacher, "/question/update", {
      ...checkbox({ category: "science", course: "physics", tags: ["Forces"], answerExplaination: "<p>Now <em>this</em><script>x</script></p>" }),
      questionId: entity.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(QUESTION_UPDATED);
    expect(res.body.entity).toMatchObject({
      id: entity.id,
      questionText: "Which are even?",
      optionType: "checkbox",
      options: [
        { optionText: "2", optionStatus: true },
        { optionText: "3", optionStatus: false },
        { optionText: "4", optionStatus: true },
      ],
      category: "Science",
      course: "Physics",
      tags: ["Forces"],
      answerExplaination: "<p>Now <em>this</em></p>",
    });
    expect(await count(questionOptions)).toBe(3);
    expect(await services.db.select().from(questionTags)).toHaveLength(1);
  });

  it("refuses an invalid update and keeps the question as it was", async () => {
    const entity = await created();
    const res = await post(tenant.teacher, "/question/update", { ...radio({ options: [{ optionText: "a" }, { optionText: "b" }] }), questionId: entity.id });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ options: M.radioChecks });
    expect((await post(tenant.teacher, "/question/findOne", { questionId: entity.id })).body).toEqual(entity);
  });

  it("lets a used question without attempts be edited (used: true), refuses once its quiz is taken", async () => {
    const entity = await created();
    const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: [entity.id] });
    const found = await post(tenant.teacher, "/question/findOne", { questionId: entity.id });
    expect(found.body.used).toBe(true);
    const edited = await post(tenant.teacher, "/question/update", { ...radio({ questionText: "Edited?" }), questionId: entity.id });
    expect(edited.status).toBe(200);
    expect(edited.body.entity).toMatchObject({ questionText: "Edited?", used: true });

    await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId: tenant.student.id });
    const refused = await post(tenant.teacher, "/question/update", { ...radio({ questionText: "Again?" }), questionId: entity.id });
    expect(refused).toEqual({ status: 409, body: { code: "QUESTIONS_LOCKED_BY_ATTEMPTS", message: QUESTION_TAKEN } });
    expect((await post(tenant.teacher, "/question/findOne", { questionId: entity.id })).body.questionText).toBe("Edited?");
  });

  it("deletes an unused question with its options and tag links, refuses a used one", async () => {
    const unused = await created();
    const used = await created(checkbox());
    await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: [used.id] });

    expect(await post(tenant.teacher, "/question/delete", { questionId: unused.id })).toEqual({ status: 200, body: { message: QUESTION_DELETED, code: "QUESTION_DELETED" } });
    expect(await services.db.select().from(questionOptions).where(eq(questionOptions.questionId, unused.id))).toHaveLength(0);
    expect(await services.db.select().from(questionTags).where(eq(questionTags.questionId, unused.id))).toHaveLength(0);
    expect((await post(tenant.teacher, "/question/findOne", { questionId: unused.id })).status).toBe(404);

    expect(await post(tenant.owner, "/question/delete", { questionId: used.id })).toEqual({ status: 409, body: { code: "QUESTION_IN_USE", message: QUESTION_IN_USE } });
    expect((await post(tenant.teacher, "/question/findOne", { questionId: used.id })).status).toBe(200);
  });
});

describe("POST /question/findAll", () => {
  const list = (queryParams: unknown, who: Who = tenant.teacher) => post(who, "/question/findAll", { queryParams });
  const texts = (res: { body: { entities: { questionText: string }[] } }) => res.body.entities.map((e) => e.questionText);
  const bank = { category: "Maths", course: "Algebra" };

  it("lists one category and course of the business, text ascending, searched by text and tag, paged", async () => {
    for (const [text, tagNames] of [["Beta 100%?", ["Hard"]], ["alpha?", []], ["Delta?", ["hard", "Proof"]], ["Gamma?", []]] as const) {
      await created(radio({ questionText: text, tags: tagNames }));
    }
    await created(radio({ questionText: "Elsewhere?", category: "Science", course: "Physics" }));
    await created(radio({ questionText: "Other school?" }), other.teacher);

    const all = await list({ filter: bank });
    expect(all.status).toBe(200);
    expect(all.body.totalCount).toBe(4);
    expect(texts(all)).toEqual(["Beta 100%?", "Delta?", "Gamma?", "alpha?"]); // by the stored text, as the index sorts
    expect(all.body.entities[0]).toMatchObject({ tags: ["Hard"], options: [{ optionText: "3" }, { optionText: "4" }, { optionText: "5" }], used: false });

    expect(texts(await list({ filter: { ...bank, search: "TA" } }))).toEqual(["Beta 100%?", "Delta?"]);
    expect(texts(await list({ filter: { ...bank, search: "%" } }))).toEqual(["Beta 100%?"]);
    expect(texts(await list({ filter: { ...bank, tag: "HARD" } }))).toEqual(["Beta 100%?", "Delta?"]);
    const page = await list({ filter: bank, sortField: "questionText", sortOrder: "desc", pageNumber: 2, pageSize: 3 });
    expect(page.body).toMatchObject({ totalCount: 4 });
    expect(texts(page)).toEqual(["Beta 100%?"]);
    expect(texts(await list({ filter: { category: "science", course: "PHYSICS" } }))).toEqual(["Elsewhere?"]);
  });

  it("needs both category and course, known names, a whitelisted sort field and valid paging", async () => {
    const missing = await list({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ "queryParams.filter.category": "Question category is required", "queryParams.filter.course": "Question course is required" });
    expect((await list({ filter: { category: "Maths", course: "Nope" } })).body.errors).toEqual({ "queryParams.filter.course": UNKNOWN_COURSE });
    for (const queryParams of [
      { filter: bank, sortField: "answerExplanation" },
      { filter: bank, sortOrder: "sideways" },
      { filter: bank, pageNumber: 0 },
      { filter: bank, pageSize: 101 },
      { filter: { ...bank, search: 5 } },
      { filter: { ...bank, tag: ["a"] } },
      "all",
    ]) {
      const res = await list(queryParams);
      expect(res.status, JSON.stringify(queryParams)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it("loads a full page of 100 with its options, tags and use in a fixed number of queries", async () => {
    const { category, course } = await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Big", course: "Bank" });
    const rows = await services.db
      .insert(questions)
      .values(Array.from({ length: 100 }, (_, i) => ({ businessId: tenant.business.id, teacherId: tenant.teacher.id, categoryId: category.id, courseId: course.id, questionText: `Q${String(i).padStart(3, "0")}`, optionType: "radio" as const })))
      .returning({ id: questions.id });
    await services.db.insert(questionOptions).values(rows.flatMap(({ id }) => [0, 1].map((position) => ({ questionId: id, position, optionText: `o${position}`, isCorrect: position === 0 }))));
    await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: [rows[99].id] });

    // Count every statement the database client runs, single or batched.
    let queries = 0;
    const client = (services.db as unknown as { $client: Client }).$client;
    const { execute, batch } = client;
    client.execute = ((...args: Parameters<typeof execute>) => (queries++, execute.apply(client, args))) as typeof execute;
    client.batch = ((...args: Parameters<typeof batch>) => ((queries += args[0].length), batch.apply(client, args))) as typeof batch;
    const statementsFor = async (pageSize: number) => {
      queries = 0;
      const page = await list({ filter: { category: "Big", course: "Bank" }, pageSize });
      expect(page.body.entities).toHaveLength(pageSize);
      return { page, statements: queries };
    };
    const one = await statementsFor(1);
    const full = await statementsFor(100);
    expect(full.page.body.entities.every((e: { options: unknown[] }) => e.options.length === 2)).toBe(true);
    expect(full.page.body.entities[99]).toMatchObject({ questionText: "Q099", used: true });
    // The session check, the category and course, count + page, then options + tags + use.
    expect(full.statements).toBe(one.statements);
    expect(full.statements).toBeLessThanOrEqual(8);
  });
});

describe("POST /question/findAllRandom", () => {
  it("picks at most 10 distinct questions of the category and course, optionally by tag", async () => {
    for (let i = 0; i < 14; i++) await created(radio({ questionText: `Algebra ${i}?`, tags: i < 3 ? ["Pick"] : [] }));
    await created(radio({ questionText: "Physics?", category: "Science", course: "Physics" }));
    await created(radio({ questionText: "Foreign?" }), other.teacher);

    const res = await post(tenant.teacher, "/question/findAllRandom", { category: "Maths", course: "Algebra", pageLoadTime: 1, hidePrevious: false, totalQuestion: 5 });
    expect(res.status).toBe(200);
    expect(res.body.entities).toHaveLength(10);
    expect(res.body.totalCount).toBe(10);
    expect(new Set(res.body.entities.map((e: { id: number }) => e.id)).size).toBe(10);
    expect(res.body.entities.every((e: { category: string; course: string; questionText: string }) => e.course === "Algebra" && e.questionText.startsWith("Algebra"))).toBe(true);

    const tagged = await post(tenant.teacher, "/question/findAllRandom", { category: "Maths", course: "Algebra", tags: ["pick"] });
    expect(tagged.body.entities.map((e: { questionText: string }) => e.questionText).sort()).toEqual(["Algebra 0?", "Algebra 1?", "Algebra 2?"]);
    const few = await post(tenant.teacher, "/question/findAllRandom", { category: "Science", course: "Physics" });
    expect(few.body.entities.map((e: { questionText: string }) => e.questionText)).toEqual(["Physics?"]);
    expect((await post(tenant.teacher, "/question/findAllRandom", { category: "Maths" })).body.errors).toEqual({ course: "Question course is required" });
  });
});

describe("POST /tags", () => {
  it("lists the business's tags by name, filtered by part of the name", async () => {
    await created(radio({ tags: ["Geometry", "algebra"] }));
    await created(radio({ tags: ["Secret"] }), other.teacher);
    const all = await post(tenant.teacher, "/tags", {});
    expect(all).toEqual({ status: 200, body: { totalCount: 2, entities: [{ id: expect.any(Number), name: "algebra" }, { id: expect.any(Number), name: "Geometry" }] } });
    expect((await post(tenant.owner, "/tags", { queryParams: { filter: { name: "GEO" } } })).body.entities.map((t: { name: string }) => t.name)).toEqual(["Geometry"]);
    const empty = await app.request("/tags", { method: "POST", headers: await bearer(services, tenant.teacher) });
    expect(empty.status).toBe(200);
    expect((await post(tenant.teacher, "/tags", { queryParams: { sortField: "id" } })).status).toBe(400);
  });
});

describe("security", () => {
  const endpoints = (questionId: number): [string, unknown][] => [
    ["/question", radio()],
    ["/question/update", { ...radio(), questionId }],
    ["/question/findOne", { questionId }],
    ["/question/delete", { questionId }],
    ["/question/findAll", { queryParams: { filter: { category: "Maths", course: "Algebra" } } }],
    ["/question/findAllRandom", { category: "Maths", course: "Algebra" }],
    ["/tags", {}],
  ];

  it("refuses a student on every endpoint (403, so optionStatus never reaches one) and no session (401)", async () => {
    const entity = await created();
    for (const [path, body] of endpoints(entity.id)) {
      const student = await post(tenant.student, path, body);
      expect(student, path).toEqual({ status: 403, body: { code: "FORBIDDEN", message: FORBIDDEN } });
      expect(JSON.stringify(student.body)).not.toContain("optionStatus");
      // Even with a body that would not validate, the student learns nothing more.
      expect((await post(tenant.student, path, "[]")).status, path).toBe(403);
      expect((await post(null, path, body)).status, path).toBe(401);
    }
    expect(await count(questions)).toBe(1);
  });

  it("never answers 5xx to malformed input on any endpoint", async () => {
    const entity = await created();
    const bodies: unknown[] = [
      "null", "42", '"text"', "[]", "{", "{}",
      { questionId: null, queryParams: null, options: null, tags: null },
      { questionId: "1; drop table questions", queryParams: { filter: [] }, options: "a", tags: "a", category: {}, course: [] },
      { questionId: 1e300, queryParams: { pageNumber: "x", pageSize: -1 }, options: [null, 1, "x"], tags: [1, null], optionType: ["radio"] },
      { ...radio(), questionId: entity.id, questionImage: 5, image: {}, answerExplaination: { $gt: "" } },
      { ...radio(), questionId: entity.id, questionText: "\u0000\ud800", category: "\u0000", course: "é".repeat(60) },
    ];
    for (const [path] of endpoints(entity.id)) {
      for (const body of bodies) {
        // A valid id with junk around it would really delete: that is tested above.
        if (path === "/question/delete" && typeof body === "object" && body !== null && "questionText" in body) continue;
        const res = await post(tenant.teacher, path, body);
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBeLessThan(500);
        if (res.status >= 400) expect(res.body.message).toEqual(expect.any(String));
      }
    }
    expect((await post(tenant.teacher, "/question/findOne", { questionId: entity.id })).body).toEqual(entity);
  });

  it("documents every endpoint with its request and response schemas", async () => {
    const document = (await (await app.request("/openapi.json")).json()) as { paths: Record<string, { post?: { requestBody?: unknown; responses: Record<string, unknown>; security?: unknown[] } }> };
    for (const path of ["/question", "/question/update", "/question/findOne", "/question/delete", "/question/findAll", "/question/findAllRandom", "/tags"]) {
      const operation = document.paths[path]?.post;
      expect(operation?.requestBody, path).toBeDefined();
      expect(operation?.security, path).toEqual([{ bearer: [] }]);
      expect(Object.keys(operation?.responses ?? {}), path).toEqual(expect.arrayContaining(["400", "401", "403"]));
    }
  });
});
