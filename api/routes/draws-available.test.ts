import { beforeEach, describe, expect, it } from "vitest";
import type { AppServices } from "../services/core/app-services";
import { createCategoryCourse, createQuestion } from "../test-support/factories.node";
import { createTestBed, type Tenant, type TestBed } from "../test-support/test-bed.node";

/** POST /api/quiz/drawsAvailable: the wizard's "N available" (ADR 0077) in the API and its document. */
let services: AppServices;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];
let pool: number[];
let theirs: number;

beforeEach(async () => {
  ({ services, tenant, other, post } = await createTestBed("Count School"));
  const place = await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Maths", course: "Algebra" });
  pool = [];
  for (let i = 0; i < 5; i++) pool.push((await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, categoryId: place.category.id, courseId: place.course.id })).question.id);
  const elsewhere = await createCategoryCourse(services.db, { businessId: other.business.id, category: "Maths", course: "Algebra" });
  theirs = (await createQuestion(services.db, { businessId: other.business.id, teacherId: other.teacher.id, categoryId: elsewhere.category.id, courseId: elsewhere.course.id })).question.id;
});

describe("POST /quiz/drawsAvailable", () => {
  it("counts each draw as the save does, leaving the quiz's own questions out, for the teacher and the owner", async () => {
    const draws = [{ category: "maths", count: 2 }, { category: "Maths", course: "Algebra", count: 1 }];
    for (const who of [tenant.teacher, tenant.owner]) {
      const counted = await post(who, "/quiz/drawsAvailable", { draws, selectedQuestions: [pool[0]] });
      expect(counted.status, JSON.stringify(counted.body)).toBe(200);
      // 4 left after the own question; the second draw is sure of 4 less the first's 2.
      expect(counted.body).toEqual({ data: { available: [4, 2] } });
    }
  });

  it("refuses students (403 with a code), and another business's question like one never made (400 on selectedQuestions)", async () => {
    const draws = [{ category: "Maths", count: 1 }];
    const student = await post(tenant.student, "/quiz/drawsAvailable", { draws });
    expect(student.status).toBe(403);
    expect(student.body.code).toEqual(expect.any(String));
    const foreign = await post(tenant.teacher, "/quiz/drawsAvailable", { draws, selectedQuestions: [theirs] });
    const never = await post(tenant.teacher, "/quiz/drawsAvailable", { draws, selectedQuestions: [999_999] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errorCodes).toEqual({ selectedQuestions: "QUIZ_UNKNOWN_QUESTIONS" });
    expect(never.body).toEqual(foreign.body);
    const bad = await post(tenant.teacher, "/quiz/drawsAvailable", { draws: [{ category: "Maths", count: 0 }] });
    expect(bad.status).toBe(400);
  });
});
