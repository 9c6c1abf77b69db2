import { and, eq, sql } from "drizzle-orm";
import { categories, courses } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict } from "../core/errors";
import { assertAuthor } from "../core/permissions";
import { type CategoryCourse, CategoryCourseInput } from "./schemas";
import { CATEGORY_COURSE_ADDED, CATEGORY_COURSE_EXISTS } from "./messages";
import { say } from "../message-codes";


/**
 * Spec 4 "create a category and course": adds the course to the category of that name,
 * creating the category when the business has none yet. Names match without regard to
 * case ("maths" joins "Maths"), so the bank does not split into near-duplicates. Two
 * teachers adding the same names at once are settled by the unique constraints.
 */
export async function createCategoryCourse(
  services: AppServices,
  caller: Caller,
  input: CategoryCourseInput,
): Promise<{ message: string; code: "CATEGORY_COURSE_ADDED"; entity: CategoryCourse }> {
  assertAuthor(caller);
  const data = CategoryCourseInput.parse(input);
  const category = await findOrCreateCategory(services, caller.businessId, data.category);

  const [existing] = await services.db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.categoryId, category.id), sql`lower(${courses.name}) = lower(${data.course})`))
    .limit(1);
  if (existing) throw new Conflict(say("CATEGORY_COURSE_EXISTS"));
  const inserted = await services.db
    .insert(courses)
    .values({ businessId: caller.businessId, categoryId: category.id, name: data.course })
    .onConflictDoNothing()
    .returning({ id: courses.id });
  if (inserted.length === 0) throw new Conflict(say("CATEGORY_COURSE_EXISTS"));

  const names = await services.db
    .select({ name: courses.name })
    .from(courses)
    .where(eq(courses.categoryId, category.id))
    .orderBy(sql`lower(${courses.name})`, courses.id);
  return { ...say("CATEGORY_COURSE_ADDED"), entity: { id: category.id, category: category.name, course: names.map((row) => row.name) } };
}

async function findOrCreateCategory(services: AppServices, businessId: number, name: string): Promise<{ id: number; name: string }> {
  const find = () =>
    services.db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(and(eq(categories.businessId, businessId), sql`lower(${categories.name}) = lower(${name})`))
      .limit(1);
  const [found] = await find();
  if (found) return found;
  const [created] = await services.db
    .insert(categories)
    .values({ businessId, name })
    .onConflictDoNothing()
    .returning({ id: categories.id, name: categories.name });
  // Lost a race with another teacher creating the same category: use theirs.
  return created ?? (await find())[0];
}

/** Kept here for the verb's callers; the text lives in messages.ts, which the message catalogue reads. */
export { CATEGORY_COURSE_ADDED, CATEGORY_COURSE_EXISTS };
