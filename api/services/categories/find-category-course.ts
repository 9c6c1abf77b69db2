import { and, eq } from "drizzle-orm";
import { categories, courses } from "../../../db/schema";
import type { AppServices } from "../../context";
import type { Caller } from "../../env";
import { assertAuthor } from "../authoring/permissions";

export interface CategoryCourseRef {
  categoryId: number;
  courseId: number;
  category: string;
  course: string;
}

/**
 * The category and course of the caller's business with exactly these names (as stored;
 * the bank's URLs carry them), or null. Callers decide what "unknown" means for them: a
 * 400 for API input (decisions: boundary names), a way back to step 1 for the bank's pages.
 */
export async function findCategoryCourse(
  services: AppServices,
  caller: Caller,
  names: { category: string; course: string },
): Promise<CategoryCourseRef | null> {
  assertAuthor(caller);
  const [row] = await services.db
    .select({ categoryId: categories.id, courseId: courses.id, category: categories.name, course: courses.name })
    .from(courses)
    .innerJoin(categories, eq(categories.id, courses.categoryId))
    .where(and(eq(categories.businessId, caller.businessId), eq(categories.name, names.category), eq(courses.name, names.course)))
    .limit(1);
  return row ?? null;
}
