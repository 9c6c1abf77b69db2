import { beforeEach, describe, expect, it } from "vitest";
import { categories, courses } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { CATEGORY_COURSE_ADDED, CATEGORY_COURSE_EXISTS } from "../services/categories/create-category-course";
import { CATEGORY_REQUIRED, COURSE_REQUIRED } from "../services/categories/schemas";
import { bearer } from "../test-support/test-app.node";
import { createTestBed, type TestApi, type TestBed, type Tenant, type Who } from "../test-support/test-bed.node";

let services: AppServices;
let app: TestApi;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];

beforeEach(async () => {
  ({ services, app, tenant, other, post } = await createTestBed("Category School"));
});

const add = (who: Who, category: string, course: string) => post(who, "/categoryCourse", { category, course });
const list = (who: Who, queryParams?: unknown) => post(who, "/getAllCategoryCourse", queryParams === undefined ? {} : { queryParams });

describe("POST /categoryCourse", () => {
  it("creates the category with its first course, then adds courses to it, matching names without regard to case", async () => {
    const first = await add(tenant.teacher, "  Mathematics ", "Algebra");
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ message: CATEGORY_COURSE_ADDED, code: "CATEGORY_COURSE_ADDED", entity: { id: expect.any(Number), category: "Mathematics", course: ["Algebra"] } });

    const second = await add(tenant.owner, "mathematics", "Geometry");
    expect(second.status).toBe(201);
    expect(second.body.entity).toEqual({ id: first.body.entity.id, category: "Mathematics", course: ["Algebra", "Geometry"] });
    expect(await services.db.select().from(categories)).toHaveLength(1);
  });

  it("refuses a course the category already has (any case) and changes nothing", async () => {
    await add(tenant.teacher, "Science", "Physics");
    const again = await add(tenant.teacher, "SCIENCE", "physics");
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CATEGORY_COURSE_EXISTS);
    expect(await services.db.select().from(courses)).toHaveLength(1);
  });

  it("answers the spec's messages for missing names and the 2-50 rule, and stores nothing", async () => {
    const missing = await post(tenant.teacher, "/categoryCourse", {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ category: CATEGORY_REQUIRED, course: COURSE_REQUIRED });
    const blank = await add(tenant.teacher, "   ", "");
    expect(blank.body.errors).toEqual({ category: CATEGORY_REQUIRED, course: COURSE_REQUIRED });
    const lengths = await add(tenant.teacher, "M", "x".repeat(51));
    expect(lengths.status).toBe(400);
    expect(lengths.body.errors).toEqual({ category: "Category must be 2 to 50 characters", course: "Course must be 2 to 50 characters" });
    for (const body of ["null", "[]", "{", { category: 5, course: ["a"] }, { category: "x".repeat(100_000), course: "ok" }]) {
      expect((await post(tenant.teacher, "/categoryCourse", body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect(await services.db.select().from(categories)).toHaveLength(0);
  });

  it("is for authors only: no session 401, a student 403", async () => {
    expect((await add(null, "Maths", "Algebra")).status).toBe(401);
    const student = await add(tenant.student, "Maths", "Algebra");
    expect(student.status).toBe(403);
    expect(student.body.message).toBe("Sorry! you don't have permissions for this operation");
    expect(await services.db.select().from(categories)).toHaveLength(0);
  });
});

describe("POST /getAllCategoryCourse", () => {
  it("lists the caller's business only, categories by name with their courses, 100 to a page by default", async () => {
    await add(tenant.teacher, "Science", "Physics");
    await add(tenant.teacher, "art", "Drawing");
    await add(tenant.teacher, "Science", "Biology");
    await add(other.teacher, "Secret Other", "Hidden");

    const res = await list(tenant.teacher);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      totalCount: 2,
      entities: [
        { id: expect.any(Number), category: "art", course: ["Drawing"] },
        { id: expect.any(Number), category: "Science", course: ["Biology", "Physics"] },
      ],
    });
    const empty = await app.request("/getAllCategoryCourse", { method: "POST", headers: await bearer(services, tenant.owner) });
    expect(empty.status).toBe(200);
    expect(((await empty.json()) as { totalCount: number }).totalCount).toBe(2);
  });

  it("filters by part of the category name (literally), sorts and pages", async () => {
    for (const name of ["Alpha", "Beta", "Gamma", "Delta", "100% Maths"]) await add(tenant.teacher, name, "Course");
    expect((await list(tenant.teacher, { filter: { category: "ta" } })).body.entities.map((e: { category: string }) => e.category)).toEqual(["Beta", "Delta"]);
    expect((await list(tenant.teacher, { filter: { category: "%" } })).body.entities.map((e: { category: string }) => e.category)).toEqual(["100% Maths"]);
    const page2 = await list(tenant.teacher, { sortField: "category", sortOrder: "desc", pageNumber: 2, pageSize: 2 });
    expect(page2.body.totalCount).toBe(5);
    expect(page2.body.entities.map((e: { category: string }) => e.category)).toEqual(["Beta", "Alpha"]); // Gamma, Delta | Beta, Alpha | 100% Maths
  });

  it("refuses unknown sort fields, bad paging and bad filters with a 400", async () => {
    for (const queryParams of [{ sortField: "id" }, { sortOrder: "up" }, { pageNumber: 0 }, { pageSize: 101 }, { filter: { category: 7 } }, "text"]) {
      const res = await list(tenant.teacher, queryParams);
      expect(res.status, JSON.stringify(queryParams)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it("is for authors only: no session 401, a student 403", async () => {
    expect((await list(null)).status).toBe(401);
    expect((await list(tenant.student)).status).toBe(403);
  });
});
