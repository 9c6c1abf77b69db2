import { asc, eq } from "drizzle-orm";
import Papa from "papaparse";
import { beforeEach, describe, expect, it } from "vitest";
import { questionOptions, questions } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { CSV_COLUMNS } from "../services/imports/parse-csv";
import { createCategoryCourse, createQuiz } from "../test-support/factories.node";
import { createTestBed, type Tenant, type TestBed } from "../test-support/test-bed.node";

/**
 * Issue 26 point 6: TeX in a question's texts is rendered to MathML when the question is
 * saved, through every door (editor/API, CSV, GIFT), and a student reads MathML, never a
 * script (docs/decisions/0066-maths-on-the-server.md).
 */
let services: AppServices;
let tenant: Tenant;
let post: TestBed["post"];
let upload: TestBed["upload"];

beforeEach(async () => {
  ({ services, tenant, post, upload } = await createTestBed("Maths School"));
  await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Maths", course: "Algebra" });
});

const SOURCE = '<annotation encoding="application/x-tex">';
const withMaths = {
  questionText: String.raw`What is \(x^2\) when \(x = 3\)? <script>alert(1)</script>`,
  optionType: "radio",
  options: [
    { optionText: String.raw`\(9\)`, optionStatus: true },
    { optionText: String.raw`\(\frac{3}{2}\)`, optionStatus: false },
    { optionText: "six", optionStatus: false },
  ],
  category: "Maths",
  course: "Algebra",
  answerExplaination: String.raw`<p>Because \[x^2 = 3 \cdot 3\]</p><p onclick="alert(1)">typo: \(\frac{1\)</p>`,
};

/** Every script-capable thing a page could be given. */
const SCRIPTABLE = /<script|\son\w+=|javascript:|<annotation-xml|<maction|xlink:|href=/i;

/** The HTML a page puts into its markup as it is (the plain texts are text, escaped by React). */
function htmlIn(body: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown, key = "") => {
    if (typeof value === "string" && (key.endsWith("Html") || key === "answerExplaination")) found.push(value);
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, Array.isArray(value) ? key : k);
  };
  walk(body);
  return found;
}

describe("a question with maths", () => {
  it("is stored with its formulas rendered, and saving what was read back changes nothing", async () => {
    const created = await post(tenant.teacher, "/question", withMaths);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const entity = created.body.entity;
    expect(entity.questionText).toBe(withMaths.questionText);
    expect(entity.questionTextHtml).toMatch(/^What is <math><semantics><msup><mi>x<\/mi><mn>2<\/mn><\/msup>/);
    expect(entity.questionTextHtml).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(entity.options.map((o: { optionTextHtml?: string }) => o.optionTextHtml?.slice(0, 15) ?? "none")).toEqual(["<math><semantic", "<math><semantic", "none"]);
    expect(entity.answerExplaination).toContain('<math display="block"');
    expect(entity.answerExplaination).toContain(`${SOURCE}x^2 = 3 \\cdot 3</annotation>`);
    // The typo is shown as written, marked, and the question is saved all the same.
    expect(entity.answerExplaination).toContain("<merror><mtext>\\frac{1</mtext></merror>");
    expect(htmlIn(entity)).toHaveLength(4);
    for (const html of htmlIn(entity)) expect(html).not.toMatch(SCRIPTABLE);

    const [row] = await services.db.select().from(questions).where(eq(questions.id, entity.id));
    expect(row.questionHtml).toBe(entity.questionTextHtml);
    expect(row.answerExplanation).toBe(entity.answerExplaination);

    // An API client sends back what it read: the rendered explanation is the same explanation.
    const again = await post(tenant.teacher, "/question/update", { ...withMaths, questionId: entity.id, answerExplaination: entity.answerExplaination });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.entity.answerExplaination).toBe(entity.answerExplaination);
    expect(again.body.entity.questionTextHtml).toBe(entity.questionTextHtml);
  });

  it("reaches the student as MathML on the paper and in the result, without a script, and a question without maths as before", async () => {
    const created = await post(tenant.teacher, "/question", withMaths);
    const plain = await post(tenant.teacher, "/question", { ...withMaths, questionText: "No maths here?", options: [{ optionText: "a", optionStatus: true }, { optionText: "b", optionStatus: false }], answerExplaination: "<p>Plain.</p>" });
    const [place] = await services.db.select({ categoryId: questions.categoryId, courseId: questions.courseId }).from(questions).where(eq(questions.id, created.body.entity.id));
    const { quiz } = await createQuiz(services.db, {
      businessId: tenant.business.id,
      teacherId: tenant.teacher.id,
      ...place,
      questionIds: [created.body.entity.id, plain.body.entity.id],
      showAnswer: true,
    });
    const started = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const [maths, none] = started.body.questions;
    expect(maths.questionTextHtml).toContain(`<math><semantics><msup><mi>x</mi><mn>2</mn></msup>${SOURCE}x^2</annotation></semantics></math>`);
    expect(maths.options.filter((o: { optionTextHtml?: string }) => o.optionTextHtml?.startsWith("<math>"))).toHaveLength(2);
    expect(Object.keys(none)).not.toContain("questionTextHtml");
    expect(none.options.every((o: object) => !("optionTextHtml" in o))).toBe(true);
    for (const html of htmlIn(started.body)) expect(html).not.toMatch(SCRIPTABLE);
    // No part of the key: the explanation is not on the paper.
    expect(JSON.stringify(started.body)).not.toContain("cdot");

    const answers = started.body.questions.map((q: { questionId: number; options: { id: number }[] }) => ({ questionId: q.questionId, answer: [q.options[0].id] }));
    const done = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: started.body.takenQuizId, quizId: quiz.id, answers });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const result = await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId: started.body.takenQuizId });
    expect(result.status).toBe(200);
    const [first] = result.body.takenQuizAnswers;
    expect(first.question.questionTextHtml).toContain("<msup>");
    expect(first.answerFurthers[0].optionTextHtml ?? first.question.options[0].optionTextHtml).toContain("<math>");
    expect(first.answerExplaination).toContain('<math display="block"');
    expect(htmlIn(result.body).length).toBeGreaterThan(3);
    for (const html of htmlIn(result.body)) expect(html).not.toMatch(SCRIPTABLE);
  });

  it("is rendered when it comes in a CSV or GIFT file", async () => {
    const cells: Record<string, string> = {
      questionText: String.raw`Solve \(2x = 4\)`,
      optionType: "radio",
      option1: String.raw`\(x = 2\)`,
      option2: "x = 3",
      option3: "",
      option4: "",
      option5: "",
      correct: "1",
      category: "Maths",
      course: "Algebra",
      tags: "",
      answerExplaination: String.raw`Divide by \(2\).`,
    };
    const csv = [CSV_COLUMNS.join(","), Papa.unparse([CSV_COLUMNS.map((name) => cells[name] ?? "")])].join("\n") + "\n";
    expect((await post(tenant.teacher, "/csvquestion", { location: await upload(tenant.teacher, csv) })).status).toBe(202);
    // GIFT's own escapes (\{ \} \= …) hold in TeX too, as in Moodle.
    const gift = String.raw`What is \(\sqrt\{9\}\)? {=3 ~4 #### Since \(3^2 \= 9\)}` + "\n";
    expect((await post(tenant.teacher, "/giftquestion", { location: await upload(tenant.teacher, gift, "bank.gift"), category: "Maths", course: "Algebra" })).status).toBe(202);

    const stored = await services.db.select().from(questions).where(eq(questions.businessId, tenant.business.id)).orderBy(asc(questions.id));
    expect(stored.map((q) => q.questionText)).toEqual([String.raw`Solve \(2x = 4\)`, String.raw`What is \(\sqrt{9}\)?`]);
    for (const question of stored) {
      expect(question.questionHtml).toContain(SOURCE);
      expect(question.answerExplanation).toContain(SOURCE);
    }
    const options = await services.db.select().from(questionOptions).where(eq(questionOptions.questionId, stored[0].id)).orderBy(asc(questionOptions.position));
    expect(options.map((o) => o.optionHtml !== null)).toEqual([true, false]);
  });
});
