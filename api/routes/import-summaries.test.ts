import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { categories, courses, questionImports, questions, users } from "../../db/schema";
import { seedDemo } from "../../db/seed";
import { hashPassword } from "../services/auth/password";
import type { AppServices } from "../services/core/app-services";
import { UNKNOWN_CATEGORY } from "../services/categories/resolve-category-course";
import { OPTIONAL_CSV_COLUMNS } from "../services/imports/csv-template";
import { MAX_STORED_REJECTIONS } from "../services/imports/import-record";
import { STALE_IMPORT_MS } from "../services/imports/read-imports";
import { createCategoryCourse, createTestDb, createUser } from "../test-support/factories.node";
import { bearer } from "../test-support/test-app.node";
import { createTestBed, type TestApi, type TestBed, type Tenant, type Who } from "../test-support/test-bed.node";

/**
 * Issue 18 point 1: an import's progress and summary in the app (GET /api/questionImports and
 * /{id}), for the author who ran it and the owner only, and the template that imports
 * unchanged on the demo data (docs/decisions/0047-import-summaries.md).
 */
let services: AppServices;
let app: TestApi;
let tenant: Tenant;
let other: Tenant;
let call: TestBed["call"];
let post: TestBed["post"];
let upload: TestBed["upload"];
let demoTeacher: Tenant["teacher"];
let demoOwner: Tenant["owner"];

beforeEach(async () => {
  // The demo school first (seedDemo seeds only an empty database), then the two test businesses.
  const db = await createTestDb();
  await seedDemo(db, { hashPassword: (password) => hashPassword(password, null) });
  ({ services, app, tenant, other, call, post, upload } = await createTestBed("Import School", { db }));
  [demoTeacher] = await db.select().from(users).where(eq(users.email, "teacher@demo.quiz"));
  [demoOwner] = await db.select().from(users).where(eq(users.email, "owner@demo.quiz"));
  await createCategoryCourse(db, { businessId: tenant.business.id, category: "Maths", course: "Algebra" });
});

const importCsv = async (content: string, who: Tenant["teacher"] = tenant.teacher) => post(who, "/csvquestion", { location: await upload(who, content) });
const summary = (id: number | string, who: Who = tenant.teacher) => call(who, "GET", `/questionImports/${id}`);
const HEADER = "questionText,optionType,option1,option2,option3,option4,option5,correct,category,course,tags,answerExplaination";
const row = (text: string, category = "Maths") => `${text},radio,3,4,,,,2,${category},Algebra,,Four.`;

describe("the CSV template on the demo data", () => {
  it("downloads, names its optional columns and imports unchanged into the demo bank with zero rejected rows", async () => {
    const res = await app.request("/csvquestion/template");
    expect(res.status).toBe(200);
    const template = await res.text();
    const [comment, ...lines] = template.split("\r\n");
    expect(comment).toContain(`Optional columns: ${OPTIONAL_CSV_COLUMNS.join(", ")}`);
    // A note per type, then the header: the spec's columns, then the typed questions' (ADR 0073).
    expect(lines.slice(0, 4).map((line) => line.replace(/^"?# (\w+).*/, "$1"))).toEqual(["radio", "trueFalse", "shortAnswer", "numerical"]);
    expect(lines[4]).toBe(`${HEADER},credits,tolerances,units,caseSensitive`);

    const accepted = await importCsv(template, demoTeacher);
    expect(accepted).toEqual({ status: 202, body: { message: "data is being processed", importId: expect.any(Number) } });
    const { status, body } = await summary(accepted.body.importId, demoTeacher);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "done", format: "CSV", unit: "Row", fileName: "questions.csv", teacher: "Theo Teacher", total: 5, processed: 5, imported: 5, duplicates: 0, rejectedCount: 0, rejected: [] });

    // In the demo bank's Mathematics › Algebra, beside the seeded questions.
    const [algebra] = await services.db
      .select({ id: courses.id })
      .from(courses)
      .innerJoin(categories, eq(categories.id, courses.categoryId))
      .where(and(eq(categories.name, "Mathematics"), eq(courses.name, "Algebra"), eq(courses.businessId, demoTeacher.businessId)));
    const stored = await services.db.select({ text: questions.questionText, type: questions.optionType }).from(questions).where(eq(questions.courseId, algebra.id));
    expect(stored.map((q) => [q.text, q.type])).toEqual(
      expect.arrayContaining([
        ["What is 2 + 2?", "radio"],
        ["Which numbers are even?", "checkbox"],
        ["Zero is an even number.", "trueFalse"],
        ["Name the smallest prime number.", "shortAnswer"],
        ["What is 1 divided by 3 to two decimals?", "numerical"],
      ]),
    );

    // The same file again: all skipped as duplicates, still nothing rejected.
    const again = await importCsv(template, demoTeacher);
    expect((await summary(again.body.importId, demoTeacher)).body).toMatchObject({ imported: 0, duplicates: 5, rejectedCount: 0 });
  });

  it("downloaded from a bank, names that bank and imports into it, not into the demo bank (issue 25 point 6)", async () => {
    // A comma and a quote in the names: the cells are quoted and read back whole.
    const bank = { category: 'Biology, "cells"', course: "Year 1" };
    await createCategoryCourse(services.db, { businessId: tenant.business.id, ...bank });
    const res = await app.request(`/csvquestion/template?${new URLSearchParams(bank)}`);
    expect(res.status).toBe(200);
    const accepted = await importCsv(await res.text());
    expect((await summary(accepted.body.importId)).body).toMatchObject({ imported: 5, rejectedCount: 0 });
    const stored = await services.db
      .select({ text: questions.questionText, category: categories.name, course: courses.name })
      .from(questions)
      .innerJoin(courses, eq(courses.id, questions.courseId))
      .innerJoin(categories, eq(categories.id, courses.categoryId))
      .where(eq(questions.businessId, tenant.business.id));
    expect(stored).toEqual(expect.arrayContaining([{ text: "What is 2 + 2?", ...bank }, { text: "Which numbers are even?", ...bank }, { text: "Zero is an even number.", ...bank }]));
    expect(stored).toHaveLength(5);
  });

  it("refuses a bank name longer than a bank's may be, with the category form's message", async () => {
    const res = await app.request(`/csvquestion/template?category=${"x".repeat(51)}&course=Algebra`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: { category: "Category must be 2 to 50 characters" } });
  });

  it("numbers rows as a spreadsheet does when comment lines come before the header, quoted or not", async () => {
    const content = ['"# a note, with commas",,,', "# another note", HEADER, row("Fine?"), row("Nowhere?", "History")].join("\n");
    const accepted = await importCsv(content);
    const { body } = await summary(accepted.body.importId);
    expect(body).toMatchObject({ imported: 1, rejectedCount: 1, rejected: [{ number: 5, problems: [{ code: "unknownCategory" }] }] });
  });
});

describe("GET /questionImports/{id}: the summary", () => {
  it("counts imported and duplicates and names each rejected row with its reason", async () => {
    await importCsv([HEADER, row("Already there?")].join("\n"));
    const accepted = await importCsv([HEADER, row("New one?"), row("Already there?"), row("Unknown place?", "History"), row(""), row("New one?")].join("\n"));
    const { status, body } = await summary(accepted.body.importId);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "done", total: 5, processed: 5, imported: 1, duplicates: 2, rejectedCount: 2 });
    expect(body.rejected).toEqual([
      { number: 4, problems: [{ code: "unknownCategory" }] },
      { number: 5, problems: [{ code: "questionTextRequired", values: {}, column: "questionText" }] },
    ]);
    // The code is the rule's own message: the one the e-mail and the dialog translate.
    expect(UNKNOWN_CATEGORY).toBe("This category does not exist. Please create it first");
    expect(body.finishedAt).toEqual(expect.any(String));
  });

  it("counts GIFT questions, not rows: a description (no question) is rejected question n", async () => {
    const body = new FormData();
    body.set("file", new File(["Two and two? {=4 ~3}\n\nJust a description.\n\nTrue? {T}\n"], "bank.gift"));
    body.set("folder", "csv-uploads");
    const stored = await app.request("/files/upload", { method: "POST", body, headers: await bearer(services, tenant.teacher) });
    const { key } = (await stored.json()) as { key: string };
    const accepted = await post(tenant.teacher, "/giftquestion", { location: key, category: "Maths", course: "Algebra" });
    expect(accepted.status).toBe(202);
    const { body: view } = await summary(accepted.body.importId);
    expect(view).toMatchObject({ format: "GIFT", unit: "Question", fileName: "bank.gift", total: 3, imported: 2, rejectedCount: 1 });
    expect(view.rejected).toEqual([{ number: 2, problems: [{ code: "giftDescription", values: { line: 3 } }] }]);
  });

  it("shows progress while the import runs (Workers: after the answer) and the summary once it ends", async () => {
    const location = await upload(tenant.teacher, [HEADER, ...Array.from({ length: 30 }, (_, i) => row(`Question ${i}?`))].join("\n"));
    const pending: Promise<unknown>[] = [];
    const executionCtx = { waitUntil: (promise: Promise<unknown>) => void pending.push(promise), passThroughOnException: () => {}, props: {} };
    const headers = { "content-type": "application/json", ...(await bearer(services, tenant.teacher)) };
    const res = await app.request("/csvquestion", { method: "POST", headers, body: JSON.stringify({ location }) }, undefined, executionCtx);
    const { importId } = (await res.json()) as { importId: number };
    expect((await summary(importId)).body).toMatchObject({ status: "running", total: 30, processed: 0, imported: 0, finishedAt: null });
    await Promise.all(pending);
    expect((await summary(importId)).body).toMatchObject({ status: "done", total: 30, processed: 30, imported: 30 });
  });

  it("keeps the first rejected rows for the app and counts them all", async () => {
    const accepted = await importCsv([HEADER, ...Array.from({ length: MAX_STORED_REJECTIONS + 5 }, (_, i) => row(`Bad ${i}?`, "History"))].join("\n"));
    const { body } = await summary(accepted.body.importId);
    expect(body.rejectedCount).toBe(MAX_STORED_REJECTIONS + 5);
    expect(body.rejected).toHaveLength(MAX_STORED_REJECTIONS);
  });

  it("reports an import cut off by a restart (running, silent for long) as failed, not running forever", async () => {
    const long = new Date(Date.now() - STALE_IMPORT_MS - 1000);
    const [cut] = await services.db
      .insert(questionImports)
      .values({ businessId: tenant.business.id, userId: tenant.teacher.id, format: "CSV", fileName: "big.csv", status: "running", total: 9000, processed: 250, createdAt: long, updatedAt: long })
      .returning();
    expect((await summary(cut.id)).body).toMatchObject({ status: "failed", processed: 250, total: 9000 });
  });
});

describe("who sees an import", () => {
  it("shows it to the author who ran it and the owner; refuses another author, a student and no session", async () => {
    const { body } = await importCsv([HEADER, row("Mine?")].join("\n"));
    const colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });

    expect((await summary(body.importId, tenant.teacher)).status).toBe(200);
    expect((await summary(body.importId, tenant.owner)).body).toMatchObject({ imported: 1, teacher: tenant.teacher.fullname });
    expect(await summary(body.importId, colleague)).toEqual({ status: 403, body: { message: "Sorry! you don't have permissions for this operation", code: "FORBIDDEN" } });
    expect((await summary(body.importId, tenant.student)).status).toBe(403);
    expect((await summary(body.importId, null)).status).toBe(401);
  });

  it("answers 404 with the error envelope for another business's import, to its teacher and its owner alike", async () => {
    const { body } = await importCsv([HEADER, row("Mine?")].join("\n"));
    const notFound = { status: 404, body: { message: "The requested import is not found", code: "NOT_FOUND" } };
    expect(await summary(body.importId, other.teacher)).toEqual(notFound);
    expect(await summary(body.importId, other.owner)).toEqual(notFound);
    expect(await summary(body.importId, demoOwner)).toEqual(notFound);
  });

  it.each(["999999", "0", "-1", "abc", "1.5", "99999999999999999999", "%20"])("answers 404, never 500, for the id %s", async (id) => {
    expect(await summary(id)).toEqual({ status: 404, body: { message: "The requested import is not found", code: "NOT_FOUND" } });
  });

  it("lists the author's own past imports, newest first; the owner's list holds every author's of the business", async () => {
    const colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });
    const first = await importCsv([HEADER, row("First?")].join("\n"));
    const second = await importCsv([HEADER, row("Second?"), row("Nowhere?", "History")].join("\n"));
    const theirs = await importCsv([HEADER, row("Theirs?")].join("\n"), colleague);
    await importCsv([HEADER, row("Elsewhere?")].join("\n"), other.teacher).catch(() => undefined);

    const mine = await call(tenant.teacher, "GET", "/questionImports");
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((item: { id: number }) => item.id)).toEqual([second.body.importId, first.body.importId]);
    expect(mine.body.data[0]).toMatchObject({ fileName: "questions.csv", status: "done", imported: 1, rejectedCount: 1, teacher: tenant.teacher.fullname });
    expect(mine.body.data[0]).not.toHaveProperty("rejected");

    const owners = await call(tenant.owner, "GET", "/questionImports");
    expect(owners.body.data.map((item: { id: number }) => item.id)).toEqual([theirs.body.importId, second.body.importId, first.body.importId]);
    expect((await call(other.owner, "GET", "/questionImports")).body.data.map((item: { id: number }) => item.id)).not.toContain(first.body.importId);
    expect((await call(tenant.student, "GET", "/questionImports")).status).toBe(403);
  });
});
