import { and, eq, sql } from "drizzle-orm";
import { categories } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import { Invalid } from "../core/errors";
import { type CategoryCourseRef, lookupCategoryCourse } from "./find-category-course";
import { UNKNOWN_CATEGORY, UNKNOWN_COURSE } from "./messages";
import { say } from "../message-codes";

export type ResolvedCategoryCourse = CategoryCourseRef;


/**
 * API input names its category and course (decisions: "referenced by name"); this finds
 * them in the caller's business, without regard to case as they were created. A name the
 * business does not have is a 400 on the field that named it (`fields` gives the paths, e.g.
 * `queryParams.filter.category` for a list).
 */
export async function resolveCategoryCourse(
  services: AppServices,
  businessId: number,
  names: { category: string; course: string },
  fields: { category: string; course: string } = { category: "category", course: "course" },
): Promise<ResolvedCategoryCourse> {
  const found = await lookupCategoryCourse(services, businessId, names);
  if (found) return found;

  const [category] = await services.db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.businessId, businessId), sql`lower(${categories.name}) = lower(${names.category})`))
    .limit(1);
  if (!category) throw new Invalid(say("UNKNOWN_CATEGORY"), { [fields.category]: say("UNKNOWN_CATEGORY") });
  throw new Invalid(say("UNKNOWN_COURSE"), { [fields.course]: say("UNKNOWN_COURSE") });
}

/** Kept here for the verb's callers; the text lives in messages.ts, which the message catalogue reads. */
export { UNKNOWN_CATEGORY, UNKNOWN_COURSE };
