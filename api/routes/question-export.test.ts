import { XMLParser, XMLValidator } from "fast-xml-parser";
import { strFromU8, unzipSync } from "fflate";
import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createCategoryCourse } from "../test-support/factories.node";
import { bearer } from "../test-support/test-app.node";
import { eachTestBed } from "../test-support/test-bed.node";
import { addQuestions, everyTypeBodies, TINY_PNG, uploadBytes } from "../test-support/bank-of-every-type.node";
import { MAX_EXPORT_QUESTIONS } from "../services/exchange/export/schemas";
import { EXPORT_LIMITS } from "../services/exchange/export/export-questions";

/** POST /api/question/export (issue 28 point 3, docs/decisions/0085): the file, who may have it, and its limits. */
const bed = eachTestBed("Export School");
const place = { category: "Maths", course: "Algebra" };
let ids: number[] = [];

beforeEach(async () => {
  await createCategoryCourse(bed.services.db, { businessId: bed.tenant.business.id, ...place });
  await createCategoryCourse(bed.services.db, { businessId: bed.other.business.id, category: "Other", course: "Bank" });
  const image = await uploadBytes(bed, await bearer(bed.services, bed.tenant.teacher), TINY_PNG, "dot.png", "question-images");
  ids = await addQuestions(bed, bed.tenant.teacher, everyTypeBodies(place, image));
});

type Who = Parameters<typeof bearer>[1] | null;
async function exportAs(who: Who, body: unknown) {
  const headers: Record<string, string> = { "content-type": "application/json", ...(who ? await bearer(bed.services, who) : {}) };
  return bed.app.request("/question/export", { method: "POST", headers, body: JSON.stringify(body) });
}
const parser = new XMLParser({ ignoreAttributes: false, processEntities: false, htmlEntities: false, parseTagValue: false });
const today = () => bed.services.now().toISOString().slice(0, 10);

describe("POST /question/export", () => {
  it("a teacher's Moodle XML of a course: an attachment named course-category-day.xml, never cached, well-formed, every question with its type, grade, tags and image", async () => {
    const res = await exportAs(bed.tenant.teacher, { ...place, format: "moodlexml" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="algebra-maths-${today()}.xml"`);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("x-exported-count")).toBe("9");
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const quiz = parser.parse(xml).quiz;
    const types = quiz.question.map((q: Record<string, string>) => q["@_type"]);
    expect(types).toEqual(["category", "multichoice", "multichoice", "truefalse", "shortanswer", "numerical", "matching", "ordering", "multianswer", "essay"]);
    expect(quiz.question[0].category.text).toBe("$course$/Algebra/Maths");
    const radio = quiz.question[1];
    expect(radio.defaultgrade).toBe("2.0000000");
    expect(radio.tags.tag.map((t: { text: string }) => t.text)).toEqual(["round trip", "x&lt;y"]);
    expect(radio.questiontext.file["@_encoding"]).toBe("base64");
    expect(atob(radio.questiontext.file["#text"])).toBe(String.fromCharCode(...TINY_PNG));
    expect(radio.questiontext.text).toContain(`@@PLUGINFILE@@/${radio.questiontext.file["@_name"]}`);
    expect(quiz.question[8].questiontext.text).toContain("{2:NUMERICAL:=4:0.5}");
  });

  it("the owner gets a QTI 3.0 package: a manifest naming one item per question and the image, each item well-formed in the QTI 3.0 namespace", async () => {
    const res = await exportAs(bed.tenant.owner, { ...place, format: "qti3" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="algebra-maths-${today()}.zip"`);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const manifest = parser.parse(strFromU8(files["imsmanifest.xml"])).manifest;
    expect(manifest["@_xmlns"]).toBe("http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1");
    const resources = manifest.resources.resource as Record<string, string>[];
    const items = resources.filter((r) => r["@_type"] === "imsqti_item_xmlv3p0");
    expect(items).toHaveLength(9);
    for (const item of items) {
      const text = strFromU8(files[item["@_href"]]);
      expect(XMLValidator.validate(text)).toBe(true);
      expect(parser.parse(text)["qti-assessment-item"]["@_xmlns"]).toBe("http://www.imsglobal.org/xsd/imsqtiasi_v3p0");
    }
    const image = resources.find((r) => r["@_type"] === "webcontent")!;
    expect([...files[image["@_href"]]]).toEqual([...TINY_PNG]);
  });

  it("GIFT: every type GIFT holds; ordering and cloze are left out and named in the answer and the file", async () => {
    const res = await exportAs(bed.tenant.teacher, { ...place, format: "gift" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="algebra-maths-${today()}.txt"`);
    expect(res.headers.get("x-not-exported")).toBe(`${ids[6]},${ids[7]}`);
    expect(res.headers.get("x-exported-count")).toBe("7");
    const text = await res.text();
    expect(text).toContain(`// Not exported (GIFT has no ordering question): question ${ids[6]}`);
    expect(text).toContain(`// Not exported (GIFT has no cloze question): question ${ids[7]}`);
    expect(text.match(/^\/\/ question: /gm)).toHaveLength(7);
  });

  it("a chosen set: only those questions; an id of another bank or business is 404 and nothing is sent", async () => {
    const chosen = await exportAs(bed.tenant.teacher, { ...place, format: "moodlexml", questionIds: [ids[0], ids[3]] });
    expect(chosen.status).toBe(200);
    const quiz = parser.parse(await chosen.text()).quiz;
    expect(quiz.question.map((q: Record<string, string>) => q["@_type"])).toEqual(["category", "multichoice", "shortanswer"]);

    const [foreign] = await addQuestions(bed, bed.other.teacher, [{ ...everyTypeBodies({ category: "Other", course: "Bank" }, null)[1] }]);
    const refused = await exportAs(bed.tenant.teacher, { ...place, format: "moodlexml", questionIds: [ids[0], foreign] });
    expect(refused.status).toBe(404);
  });

  it("who may: no token 401, a student 403, another business's teacher 404 (its bank names are unknown there), bad input 400 with its code", async () => {
    expect((await exportAs(null, { ...place, format: "gift" })).status).toBe(401);
    expect((await exportAs(bed.tenant.student, { ...place, format: "gift" })).status).toBe(403);
    expect((await exportAs(bed.other.teacher, { ...place, format: "gift" })).status).toBe(404);
    expect((await exportAs(bed.tenant.teacher, { category: "Other", course: "Bank", format: "gift" })).status).toBe(404);
    const badFormat = await exportAs(bed.tenant.teacher, { ...place, format: "pdf" });
    expect(badFormat.status).toBe(400);
    expect((await badFormat.json()).errorCodes).toMatchObject({ format: "QUESTION_EXPORT_FORMAT_INVALID" });
    const badIds = await exportAs(bed.tenant.teacher, { ...place, format: "gift", questionIds: Array.from({ length: MAX_EXPORT_QUESTIONS + 1 }, (_, i) => i + 1) });
    expect(badIds.status).toBe(400);
    expect((await badIds.json()).errorCodes).toMatchObject({ questionIds: "QUESTION_EXPORT_IDS_INVALID" });
  });

  it(`past ${EXPORT_LIMITS.perTenMinutes} exports in ten minutes an author gets 429 with Retry-After; another author still exports`, async () => {
    for (let i = 0; i < EXPORT_LIMITS.perTenMinutes; i++) expect((await exportAs(bed.tenant.teacher, { ...place, format: "gift", questionIds: [ids[0]] })).status).toBe(200);
    const refused = await exportAs(bed.tenant.teacher, { ...place, format: "gift", questionIds: [ids[0]] });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await exportAs(bed.tenant.owner, { ...place, format: "gift", questionIds: [ids[0]] })).status).toBe(200);
  });

  it(`more than ${MAX_EXPORT_QUESTIONS.toLocaleString("en")} questions: 400 saying the cap and the count, before any is read`, async () => {
    const [{ id: businessId }] = [bed.tenant.business];
    // 10,001 more rows in one statement (the editor's route would take minutes): copies of the bank's first question.
    await bed.services.db.run(sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${MAX_EXPORT_QUESTIONS})
      insert into questions (business_id, category_id, course_id, teacher_id, question_text, option_type, answer_explanation, default_mark_hundredths, created_at, updated_at)
      select business_id, category_id, course_id, teacher_id, question_text || ' copy ' || n.i, option_type, answer_explanation, default_mark_hundredths, created_at, updated_at
      from questions, n where questions.id = ${ids[0]} and questions.business_id = ${businessId}`);
    const res = await exportAs(bed.tenant.teacher, { ...place, format: "gift" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("QUESTION_EXPORT_TOO_MANY");
    expect(body.params).toEqual({ max: MAX_EXPORT_QUESTIONS, count: MAX_EXPORT_QUESTIONS + 9 });
  });
});
