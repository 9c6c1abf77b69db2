import { and, eq } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { assertMayChangeAccount } from "../core/permissions";

/**
 * The account of the owner's business an owner's verb acts on: another business's id is a
 * 404, and an owner's account (their own included) is never changed from this screen, so
 * no owner can lock the business out of its admin area.
 */
export async function targetUser(services: AppServices, caller: Caller, userId: number) {
  const [row] = await services.db
    .select({ id: users.id, userType: users.userType, profile: users.profile, roleLevel: users.roleLevel, teacherRequest: users.teacherRequest })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.businessId, caller.businessId)))
    .limit(1);
  if (!row) throw new NotFound("user");
  assertMayChangeAccount(caller, row);
  return row;
}
