import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createAttempt, createCategoryCourse, createQuiz } from "../test-support/factories.node";
import { quizQuestions } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { UNKNOWN_CATEGORY, UNKNOWN_COURSE } from "../services/categories/resolve-category-course";
import { COURSE_REQUIRED } from "../services/categories/schemas";
import { QUESTION_TAKEN } from "../services/questions/question-usage";
import { QUESTION_UPDATED } from "../services/questions/update-question";
import { createTestBed, type TestBed, type Tenant } from "../test-support/test-bed.node";
import { MATHS_ALGEBRA, radioQuestionBody } from "../test-support/request-bodies";

/**
 * Moving a question to another category and course: the editor's pickers send them with the
 * rest of the question to POST /question/update (docs/decisions/0017-question-editor-ui.md).
 */
let services: AppServices;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];

beforeEach(async () => {
  ({ services, tenant, other, post } = await createTestBed("Move School"));
  await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Maths", course: "Algebra" });
  await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Science", course: "Physics" });
  await createCategoryCourse(services.db, { businessId: other.business.id, category: "Secret", course: "Hidden" });
});

const question = (place: { category: string; course: string }) => radioQuestionBody(place);
const maths = MATHS_ALGEBRA;
const physics = { category: "Science", course: "Physics" };

async function createdIn(place: { category: string; course: string }): Promise<number> {
  const res = await post(tenant.teacher, "/question", question(place));
  expect(res.status).toBe(201);
  return res.body.entity.id;
}
const bankIds = async (place: { category: string; course: string }) =>
  ((await post(tenant.teacher, "/question/findAll", { queryParams: { filter: place } })).body.entities as { id: number }[]).map((entity) => entity.id);
const placeOf = async (id: number) => {
  const { category, course } = (await post(tenant.teacher, "/question/findOne", { questionId: id })).body;
  return { category, course };
};

describe("moving a question with POST /question/update", () => {
  it("moves it to the other bank: the new bank lists it, the old one no longer does, a quiz without attempts keeps it", async () => {
    const id = await createdIn(maths);
    const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: [id] });

    const res = await post(tenant.teacher, "/question/update", { ...question({ category: "science", course: "PHYSICS" }), questionId: id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: QUESTION_UPDATED, entity: { id, category: "Science", course: "Physics", used: true } });
    expect(await bankIds(physics)).toEqual([id]);
    expect(await bankIds(maths)).toEqual([]);
    // A question-based quiz may use any question of the business (decision 0016): the link stays.
    expect(await services.db.select({ questionId: quizQuestions.questionId }).from(quizQuestions).where(eq(quizQuestions.quizId, quiz.id))).toEqual([{ questionId: id }]);
  });

  it("answers a per-field 400 for a place the business does not have, a course of another category or no course, and keeps the question where it was", async () => {
    const id = await createdIn(maths);
    const cases: [{ category: string; course: string }, Record<string, string>][] = [
      [{ category: "Secret", course: "Hidden" }, { category: UNKNOWN_CATEGORY }], // another business's
      [{ category: "History", course: "Rome" }, { category: UNKNOWN_CATEGORY }],
      [{ category: "Science", course: "Algebra" }, { course: UNKNOWN_COURSE }],
      // The editor clears the course when the category changes (spec 4): sent like that, it is required.
      [{ category: "Science", course: "" }, { course: COURSE_REQUIRED }],
    ];
    for (const [place, errors] of cases) {
      const res = await post(tenant.teacher, "/question/update", { ...question(place), questionId: id });
      expect(res.status, JSON.stringify(place)).toBe(400);
      expect(res.body.errors, JSON.stringify(place)).toEqual(errors);
    }
    expect(await placeOf(id)).toEqual(maths);
  });

  it("refuses to move a question of a taken quiz (spec 8's message) and leaves it in its bank", async () => {
    const id = await createdIn(maths);
    const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: [id] });
    await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId: tenant.student.id });
    const res = await post(tenant.owner, "/question/update", { ...question(physics), questionId: id });
    expect(res).toEqual({ status: 409, body: { code: "QUESTIONS_LOCKED_BY_ATTEMPTS", message: QUESTION_TAKEN } });
    expect(await placeOf(id)).toEqual(maths);
  });

  it("lets another business's teacher neither move nor see it (404)", async () => {
    const id = await createdIn(maths);
    const res = await post(other.teacher, "/question/update", { ...question({ category: "Secret", course: "Hidden" }), questionId: id });
    expect(res.status).toBe(404);
    expect(await placeOf(id)).toEqual(maths);
  });
});
