import { and, eq } from "drizzle-orm";
import { departments, profiles } from "../../../db/schema/businesses";
import { users } from "../../../db/schema/users";
import { accountPolicy } from "../admin-settings/account-policy";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict, Invalid } from "../core/errors";
import { assertOwner, isOwner, profileForUserType } from "../core/permissions";
import { assertUsernameFree } from "../users/username";
import { insertUser } from "./create-account";
import { loadSessionUser } from "./load-session-user";
import { hashPassword } from "./password";
import { CreateUserWithUserDataInput } from "./schemas";
import type { SessionUser } from "./types";
import { say } from "../message-codes";

/**
 * The owner adds a Student or Teacher to their own business (spec 7
 * create_user_with_userdata). Profile and department must be the business's own; without
 * a password the new user sets one through "forgot password". The owner profile (2) is
 * refused (issue 25, point 17): an account made here is a Student or Teacher that the Users
 * page can change and remove, and an owner it cannot was the result before.
 */
export async function createUserWithUserData(
  services: AppServices,
  caller: Caller,
  input: CreateUserWithUserDataInput,
): Promise<SessionUser> {
  assertOwner(caller);
  const data = CreateUserWithUserDataInput.parse(input);
  const businessId = caller.businessId;
  const profile = data.profile ?? profileForUserType(data.userType);
  if (isOwner({ profile })) throw new Invalid(say("OWNER_PROFILE_REFUSED"), { profile: say("OWNER_PROFILE_REFUSED") });

  const [[existing], [profileRow], departmentRows] = await Promise.all([
    services.db.select({ id: users.id }).from(users).where(eq(users.email, data.email)).limit(1),
    services.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.businessId, businessId), eq(profiles.code, profile)))
      .limit(1),
    data.department_id === undefined
      ? Promise.resolve([{ id: 0 }])
      : services.db
          .select({ id: departments.id })
          .from(departments)
          .where(and(eq(departments.businessId, businessId), eq(departments.id, data.department_id)))
          .limit(1),
  ]);
  if (existing) throw new Conflict(say("EMAIL_TAKEN"));
  if (!profileRow) throw new Invalid("Profile is not valid", { profile: "Profile is not valid" });
  if (departmentRows.length === 0) throw new Invalid("Department is not valid", { department_id: "Department is not valid" });
  await assertUsernameFree(services, businessId, data.username);

  const now = services.now();
  const userId = await insertUser(services, {
    businessId,
    departmentId: data.department_id ?? null,
    email: data.email,
    fullname: data.fullname,
    username: data.username,
    passwordHash: data.password ? await hashPassword(data.password, services.config.passwordPepper) : null,
    userType: data.userType,
    profile,
    roleLevel: data.role_level ?? (await accountPolicy(services, businessId)).defaultRoleLevel,
    // A module of the same business vouches for its own users.
    emailVerified: true,
    createdAt: now,
    updatedAt: now,
  });
  const user = await loadSessionUser(services, userId);
  if (!user) throw new Error(`user ${userId} vanished after creation`);
  return user;
}
