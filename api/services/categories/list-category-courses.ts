import { and, count, eq, inArray, sql } from "drizzle-orm";
import { categories, courses } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor } from "../core/permissions";
import { orderBy, pageWindow } from "../listing/list-query";
import { type CategoryCourse, CategoryCourseListQuery } from "./schemas";

/**
 * The business's categories with their courses, a page of categories at a time (spec 7,
 * getAllCategoryCourse). Two queries for the page whatever its size: the categories, then
 * every course of those categories at once (no query per category).
 */
export async function listCategoryCourses(
  services: AppServices,
  caller: Caller,
  input: unknown,
): Promise<{ totalCount: number; entities: CategoryCourse[] }> {
  assertAuthor(caller);
  const { queryParams } = CategoryCourseListQuery.parse(input);
  const search = queryParams.filter.category;
  const where = and(
    eq(categories.businessId, caller.businessId),
    // instr() instead of LIKE: the typed text is matched literally, % and _ included.
    search ? sql`instr(lower(${categories.name}), lower(${search})) > 0` : undefined,
  );
  const { limit, offset } = pageWindow(queryParams);
  const [[{ total }], page] = await services.db.batch([
    services.db.select({ total: count() }).from(categories).where(where),
    services.db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(where)
      .orderBy(...orderBy(queryParams, { category: sql`lower(${categories.name})` }, categories.id))
      .limit(limit)
      .offset(offset),
  ]);
  if (page.length === 0) return { totalCount: total, entities: [] };

  const courseRows = await services.db
    .select({ categoryId: courses.categoryId, name: courses.name })
    .from(courses)
    .where(and(eq(courses.businessId, caller.businessId), inArray(courses.categoryId, page.map((row) => row.id))))
    .orderBy(sql`lower(${courses.name})`, courses.id);
  const coursesOf = new Map<number, string[]>();
  for (const row of courseRows) coursesOf.set(row.categoryId, [...(coursesOf.get(row.categoryId) ?? []), row.name]);

  return {
    totalCount: total,
    entities: page.map((row) => ({ id: row.id, category: row.name, course: coursesOf.get(row.id) ?? [] })),
  };
}
