import { asc, eq } from "drizzle-orm";
import { departments, profiles } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor } from "../core/permissions";

/** Spec 3 lookups as decisions.md shapes them: `{ id, Name }`. */
export interface Lookup {
  id: number;
  Name: string;
}

/**
 * The business's profiles, for a quiz's visibility list. A profile's `id` here is its code
 * (2 = owner), the number users and quizzes store (db/schema/businesses.ts).
 */
export async function listProfiles(services: AppServices, caller: Caller): Promise<Lookup[]> {
  assertAuthor(caller);
  return services.db
    .select({ id: profiles.code, Name: profiles.name })
    .from(profiles)
    .where(eq(profiles.businessId, caller.businessId))
    .orderBy(asc(profiles.code));
}

/** The business's departments, for a quiz's visibility list. */
export async function listDepartments(services: AppServices, caller: Caller): Promise<Lookup[]> {
  assertAuthor(caller);
  return services.db
    .select({ id: departments.id, Name: departments.name })
    .from(departments)
    .where(eq(departments.businessId, caller.businessId))
    .orderBy(asc(departments.name), asc(departments.id));
}
