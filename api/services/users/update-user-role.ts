import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { endSessionsStatements } from "../auth/revoke-credentials";
import { assertOwner, userTypeChange } from "../core/permissions";
import { say, type SaidAs } from "../message-codes";
import { UserRoleUpdate } from "./schemas";
import { targetUser } from "./target-user";
import { toUserEntity, type UserEntity, userEntityColumns } from "./user-entity";

/**
 * The owner sets an account's user type (Student or Teacher) and role level (spec 6's
 * levels; with `maximumRoleLevelForTeacher` it decides who may switch). Making someone a
 * Teacher settles any teacher request. A change of either ends the user's sessions, because
 * access tokens carry both: a demoted teacher loses author rights at once.
 */
export async function updateUserRole(services: AppServices, caller: Caller, input: unknown): Promise<SaidAs<"USER_UPDATED"> & { entity: UserEntity }> {
  assertOwner(caller);
  const { userId, userType, role_level } = UserRoleUpdate.parse(input);
  const user = await targetUser(services, caller, userId);
  const change = userTypeChange(user, { userType, roleLevel: role_level });
  const update = services.db
    .update(users)
    .set({ ...change.set, updatedAt: services.now() })
    .where(eq(users.id, userId))
    .returning(userEntityColumns);
  const [[updated]] = change.endsSessions ? await services.db.batch([update, ...endSessionsStatements(services, userId)]) : await services.db.batch([update]);
  return { ...say("USER_UPDATED"), entity: toUserEntity(caller, updated) };
}
