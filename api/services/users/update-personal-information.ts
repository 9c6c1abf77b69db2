import { and, eq } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import { UpdatePersonalInformationInput } from "../auth/schemas";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { say, type SaidAs } from "../message-codes";
import { isUniqueViolation } from "../auth/create-account";
import { assertUsernameFree, USERNAME_INDEX, usernameTaken } from "./username";

export { PERSONAL_INFORMATION_UPDATED, USERNAME_TAKEN } from "./account-messages";

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
 * takes no user id. The username must be free within the business, case-insensitively
 * (users/username.ts, the rule every door shares); the unique index settles two users racing
 * for one name.
 */
export async function updatePersonalInformation(
  services: AppServices,
  caller: Caller,
  input: UpdatePersonalInformationInput,
): Promise<SaidAs<"PERSONAL_INFORMATION_UPDATED"> & { entity: PersonalInformation }> {
  const data = UpdatePersonalInformationInput.parse(input);
  await assertUsernameFree(services, caller.businessId, data.username, caller.userId);
  const [updated] = await services.db
    .update(users)
    .set({ fullname: data.fullname, username: data.username, updatedAt: services.now() })
    .where(and(eq(users.id, caller.userId), eq(users.businessId, caller.businessId)))
    .returning({ fullname: users.fullname, username: users.username, email: users.email })
    .catch((error: unknown) => {
      throw isUniqueViolation(error, USERNAME_INDEX) ? usernameTaken() : error;
    });
  if (!updated) throw new NotFound("user");
  return { ...say("PERSONAL_INFORMATION_UPDATED"), entity: updated };
}
