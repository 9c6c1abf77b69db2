import { and, asc, eq, sql } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertMayCreateClass, studentAccounts } from "../core/permissions";
import { loadManagedClass } from "./load-class";

/** The picker shows a page of matches: the search narrows a school of thousands. */
export const CANDIDATES_SHOWN = 50;

/**
 * The class page's picker: the school's students not yet in the class whose name, username or
 * e-mail holds the search text (literally: instr, not LIKE), by name.
 */
export async function classCandidates(services: AppServices, caller: Caller, input: { classId: number; search: string }) {
  assertMayCreateClass(caller);
  const klass = await loadManagedClass(services, caller, input.classId);
  const search = input.search.trim().toLowerCase().slice(0, 100);
  return services.db
    .select({ userId: users.id, fullname: users.fullname, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.businessId, caller.businessId),
        studentAccounts(),
        sql`${users.id} not in (select user_id from class_students where class_id = ${klass.id})`,
        search ? sql`(instr(lower(${users.fullname}), ${search}) > 0 or instr(lower(${users.email}), ${search}) > 0 or instr(lower(${users.username}), ${search}) > 0)` : undefined,
      ),
    )
    .orderBy(asc(users.fullname), asc(users.id))
    .limit(CANDIDATES_SHOWN);
}
