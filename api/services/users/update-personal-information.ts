import { and, eq, ne, notExists, sql } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import { UpdatePersonalInformationInput } from "../auth/schemas";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Invalid, NotFound } from "../core/errors";

export const USERNAME_TAKEN = "This username is already used by another account of your school";
export const PERSONAL_INFORMATION_UPDATED = "Your personal information has been updated";

export interface PersonalInformation {
  fullname: string;
  username: string;
  email: string;
}

/** What the form shows: the caller's own row, never anyone else's. */
export async function getPersonalInformation(services: AppServices, caller: Caller): Promise<PersonalInformation> {
  const [row] = await services.db
    .select({ fullname: users.fullname, username: users.username, email: users.email })
    .from(users)
    .where(and(eq(users.id, caller.userId), eq(users.businessId, caller.businessId)))
    .limit(1);
  if (!row) throw new NotFound("user");
  return row;
}

/**
 * The signed-in user renames themselves (docs/decisions/0046). Only the caller's row: the verb
 * takes no user id. The username must be free within the business, case-insensitively; the
 * check sits inside the UPDATE (one statement), so two users racing for one name cannot both win.
 */
export async function updatePersonalInformation(
  services: AppServices,
  caller: Caller,
  input: UpdatePersonalInformationInput,
): Promise<{ message: string; entity: PersonalInformation }> {
  const data = UpdatePersonalInformationInput.parse(input);
  const others = services.db
    .select({ one: sql`1` })
    .from(users)
    .where(and(eq(users.businessId, caller.businessId), ne(users.id, caller.userId), sql`lower(${users.username}) = lower(${data.username})`));
  const [updated] = await services.db
    .update(users)
    .set({ fullname: data.fullname, username: data.username, updatedAt: services.now() })
    .where(and(eq(users.id, caller.userId), eq(users.businessId, caller.businessId), notExists(others)))
    .returning({ fullname: users.fullname, username: users.username, email: users.email });
  if (updated) return { message: PERSONAL_INFORMATION_UPDATED, entity: updated };
  // Nothing changed: either the name is taken or the account is gone.
  await getPersonalInformation(services, caller);
  throw new Invalid(USERNAME_TAKEN, { username: USERNAME_TAKEN });
}
