import { and, eq, ne, sql } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import { Invalid } from "../core/errors";
import { say } from "../message-codes";

/**
 * One username rule for every door (issue 25, point 16; docs/decisions/0060): registration,
 * the owner's create_user_with_userdata, a provider's first sign-in and the profile form. A
 * username is unique within its business without regard to case (`Teacher` is `teacher`),
 * as the unique index `users_business_username_lower_uq` on (business_id, lower(username))
 * enforces underneath: the check below gives the clear message, the index settles a race.
 * SQLite's lower() folds ASCII letters only, so the check uses it too: both agree.
 */
export { USERNAME_TAKEN } from "./account-messages";

/** The unique index's name, as a violation of it names it. */
export const USERNAME_INDEX = "users_business_username_lower_uq";

/** Whether another account of the business (not `exceptUserId`) already has this username, in any case. */
export async function isUsernameTaken(services: AppServices, businessId: number, username: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await services.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.businessId, businessId), sql`lower(${users.username}) = lower(${username})`, exceptUserId === undefined ? undefined : ne(users.id, exceptUserId)))
    .limit(1);
  return Boolean(row);
}

/** The refusal of a taken username: a field error on `username`. */
export function usernameTaken(): Invalid {
  return new Invalid(say("USERNAME_TAKEN"), { username: say("USERNAME_TAKEN") });
}

/** Refuses a username another account of the business has (in any case). */
export async function assertUsernameFree(services: AppServices, businessId: number, username: string, exceptUserId?: number): Promise<void> {
  if (await isUsernameTaken(services, businessId, username, exceptUserId)) throw usernameTaken();
}

/**
 * A free username near `wanted`, for accounts whose name nobody typed here (a provider's
 * preferred username, an e-mail's local part): `wanted`, else `wanted-2`, `wanted-3`, …
 */
export async function freeUsernameLike(services: AppServices, businessId: number, wanted: string, maxLength: number): Promise<string> {
  for (let n = 1; n < 50; n++) {
    const suffix = n === 1 ? "" : `-${n}`;
    const candidate = `${wanted.slice(0, maxLength - suffix.length)}${suffix}`;
    if (!(await isUsernameTaken(services, businessId, candidate))) return candidate;
  }
  return `${wanted.slice(0, maxLength - 13)}-${crypto.randomUUID().slice(0, 12)}`;
}
