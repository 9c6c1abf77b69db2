import { and, eq, sql } from "drizzle-orm";
import { categories, courses } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor } from "../core/permissions";

export interface CategoryCourseRef {
  categoryId: number;
  courseId: number;
  category: string;
  course: string;
}

/**
 * The category and course of a business with these names, matched without regard to case
 * as they were created (create-category-course.ts), or null. The one lookup behind both
 * doors: `findCategoryCourse` for pages, `resolveCategoryCourse` (a 400 on the naming
 * field, decisions: boundary names) for API input.
 */
export async function lookupCategoryCourse(
  services: AppServices,
  businessId: number,
  names: { category: string; course: string },
): Promise<CategoryCourseRef | null> {
  const [row] = await services.db
    .select({ categoryId: categories.id, courseId: courses.id, category: categories.name, course: courses.name })
    .from(courses)
    .innerJoin(categories, eq(categories.id, courses.categoryId))
    .where(
      and(
        eq(categories.businessId, businessId),
        sql`lower(${categories.name}) = lower(${names.category})`,
        sql`lower(${courses.name}) = lower(${names.course})`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** For an author: the pair, or null (the bank's pages send an unknown pair back to step 1). */
export async function findCategoryCourse(
  services: AppServices,
  caller: Caller,
  names: { category: string; course: string },
): Promise<CategoryCourseRef | null> {
  assertAuthor(caller);
  return lookupCategoryCourse(services, caller.businessId, names);
}
