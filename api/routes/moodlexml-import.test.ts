import { readFileSync } from "node:fs";
import { asc, eq, like } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, files, questionImports, questions } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { createCategoryCourse } from "../test-support/factories.node";
import { MATHS_ALGEBRA } from "../test-support/request-bodies";
import { createTestBed, type TestBed, type Tenant } from "../test-support/test-bed.node";

/** POST /api/moodlexmlquestion through the real route (decisions.md "Exchange", ADR 0083), files from exchange/moodlexml/fixtures. */
let services: AppServices;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];
let call: TestBed["call"];
let upload: TestBed["upload"];

beforeEach(async () => {
  ({ services, tenant, other, post, call, upload } = await createTestBed("Moodle School"));
  await createCategoryCourse(services.db, { businessId: tenant.business.id, ...MATHS_ALGEBRA });
});

const fixture = (name: string) => readFileSync(new URL(`../services/exchange/moodlexml/fixtures/${name}`, import.meta.url), "utf8");
type Who = Tenant["teacher"];
const importXml = async (content: string, who: Who = tenant.teacher, bank: object = MATHS_ALGEBRA) =>
  post(who, "/moodlexmlquestion", { location: await upload(who, content, "bank.xml"), ...bank });
const bank = () => services.db.select().from(questions).where(eq(questions.businessId, tenant.business.id)).orderBy(asc(questions.id));
const images = () => services.db.select().from(files).where(like(files.key, "question-images/%"));

describe("POST /moodlexmlquestion", () => {
  it("imports a file with images: 202 with the import's id, each image stored as the question's, the summary naming every rejected question, the same e-mail", async () => {
    const res = await importXml(fixture("images.xml"));
    expect(res).toEqual({ status: 202, body: { message: "data is being processed", importId: expect.any(Number) } });

    const stored = await bank();
    expect(stored.map((q) => [q.questionText, q.optionType])).toEqual([
      ["Which colour is the square?", "radio"],
      ["This square is red.", "trueFalse"],
    ]);
    const keys = (await images()).map((file) => file.key);
    expect(keys).toHaveLength(2);
    expect(stored.map((q) => q.questionImage)).toEqual(keys);
    expect(keys[0]).toMatch(new RegExp(`^question-images/${tenant.business.id}/\\d+-[a-z0-9]+-red-square\\.png$`));

    const summary = await call(tenant.teacher, "GET", `/questionImports/${res.body.importId}`);
    expect(summary.body).toMatchObject({
      format: "MOODLEXML",
      status: "done",
      unit: "Question",
      total: 5,
      imported: 2,
      duplicates: 0,
      rejectedCount: 3,
      rejected: [
        { number: 3, problems: [{ code: "moodleXmlImages", values: { count: 2 } }] },
        { number: 4, problems: [{ code: "importFileMissing", values: { name: "https://example.org/cat.png" } }] },
        { number: 5, problems: [{ code: "importFileNotImage", values: { name: "note.png" } }] },
      ],
    });
    const [mail] = await services.db.select().from(emailOutbox).where(eq(emailOutbox.tag, "question-import"));
    expect(mail.subject).toBe("Question import (MOODLEXML): 2 imported, 3 rejected");
    expect(mail.text).toContain("Question 5: the image note.png is not a JPEG or PNG image (jpg, jpeg, png, jfif)");

    // The question as the editor reads it: its image signed for the page.
    const read = await post(tenant.teacher, "/question/findOne", { questionId: stored[0].id });
    expect(read.body.entity ?? read.body).toMatchObject({ questionImage: keys[0], questionImageUrl: expect.stringContaining("red-square.png") });
  });

  it("imports every type of the fixtures and rejects what cannot be said, by number", async () => {
    const names = ["multichoice.xml", "truefalse.xml", "shortanswer.xml", "numerical.xml", "match.xml", "ordering.xml", "multianswer.xml", "essay.xml"];
    for (const name of names) expect((await importXml(fixture(name))).status, name).toBe(202);
    const types = new Set((await bank()).map((q) => q.optionType));
    expect([...types].sort()).toEqual(["checkbox", "cloze", "essay", "matching", "numerical", "ordering", "radio", "shortAnswer", "trueFalse"]);
    expect(await bank()).toHaveLength(14);
  });

  it("refuses a file declaring entities, XML that is not Moodle's and a file without questions with a clear 400, storing nothing and keeping no record", async () => {
    for (const [content, code] of [
      [fixture("bomb.xml"), "IMPORT_XML_ENTITIES"],
      [fixture("external-entity.xml"), "IMPORT_XML_ENTITIES"],
      [fixture("not-moodle.xml"), "IMPORT_NOT_MOODLE_XML"],
      [fixture("not-xml.xml"), "IMPORT_XML_MALFORMED"],
      ['<?xml version="1.0"?><quiz><question type="category"><category><text>$course$/x</text></category></question></quiz>', "IMPORT_NO_MOODLE_XML_QUESTIONS"],
    ]) {
      const res = await importXml(content);
      expect(res.status, code).toBe(400);
      expect(res.body.code, content.slice(0, 80)).toBe(code);
    }
    expect(await bank()).toEqual([]);
    expect(await services.db.select().from(questionImports)).toEqual([]);
  });

  it("is for authors of the business: a student 403, another business's file 404, an unknown course 400", async () => {
    const ours = await upload(tenant.teacher, fixture("truefalse.xml"), "bank.xml");
    expect((await post(tenant.student, "/moodlexmlquestion", { location: ours, ...MATHS_ALGEBRA })).status).toBe(403);
    const theirs = await upload(other.teacher, fixture("truefalse.xml"), "bank.xml");
    expect((await post(tenant.teacher, "/moodlexmlquestion", { location: theirs, ...MATHS_ALGEBRA })).status).toBe(404);
    expect((await importXml(fixture("truefalse.xml"), tenant.teacher, { category: "Maths", course: "History" })).status).toBe(400);
    expect(await bank()).toEqual([]);
  });
});
