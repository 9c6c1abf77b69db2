import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { prepared } from "../../../db/prepared";
import { bound } from "../../../db/prepared-batch";
import { adminSettings } from "../../../db/schema/admin-settings";
import { businesses, departments } from "../../../db/schema/businesses";
import { isOwner, maySwitchUserType } from "../core/permissions";
import { userMfa } from "../../../db/schema/mfa";
import { users } from "../../../db/schema/users";
import { ADMIN_SETTING_DEFAULTS } from "../admin-settings/get-admin-setting";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import type { SessionUser } from "./types";

/**
 * The signed-in user as the UI shows it (spec 3, User (session)), with the two switches
 * the header needs already decided on the server (spec 4 user type toggle, spec 6 language).
 * Null when the user no longer exists (deleted after the token was issued).
 */
export async function loadSessionUser(services: AppServices, userId: number): Promise<SessionUser | null> {
  // Every page a signed-in user opens asks this: built once (db/prepared.ts).
  const query = prepared(services.db, "loadSessionUser", (db) => sessionUserSelect(db).where(eq(users.id, sql.placeholder("userId"))).limit(1).prepare());
  const [row] = await query.all({ userId });
  return row ? sessionUserOf(row) : null;
}

/**
 * The user of an e-mail address as sign-in needs it, for sending with the throttle's read
 * (login.ts): the stored password hash, and the session user the sign-in answers with (its
 * two-step status included), in the statement that finds the account.
 */
export function signInUserRead(services: AppServices, email: string) {
  const query = prepared(services.db, "signInUser", (db) => sessionUserSelect(db).where(eq(users.email, sql.placeholder("email"))).limit(1).prepare());
  return bound(query, { email });
}

type SessionUserRow = Awaited<ReturnType<typeof sessionUserSelect>>[number];

/** The user with what the session user shows (business, department, settings, two-step status). */
function sessionUserSelect(db: Db) {
  return db
    .select({
      user: users,
      businessName: businesses.name,
      departmentName: departments.name,
      maximumRoleLevelForTeacher: adminSettings.maximumRoleLevelForTeacher,
      internalizationSettingAllowed: adminSettings.internalizationSettingAllowed,
      schoolTimeZone: adminSettings.timeZone,
      mfaEnabledAt: userMfa.enabledAt,
    })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    // The department must belong to the user's business; a stray id never shows another tenant's name.
    .leftJoin(departments, and(eq(departments.id, users.departmentId), eq(departments.businessId, users.businessId)))
    .leftJoin(adminSettings, eq(adminSettings.businessId, users.businessId))
    .leftJoin(userMfa, eq(userMfa.userId, users.id));
}

/** The session user of a row of sessionUserSelect. */
export function sessionUserOf(row: SessionUserRow): SessionUser {
  const { user } = row;
  // Without a settings row the business runs on the defaults: Manager level (spec 6) and
  // the language switch allowed (the schema's default).
  const maxRoleLevel = row.maximumRoleLevelForTeacher ?? ADMIN_SETTING_DEFAULTS.maximumRoleLevelForTeacher;
  const languageAllowed = row.internalizationSettingAllowed ?? true;
  return {
    id: user.id,
    userid: user.id,
    fullname: user.fullname,
    email: user.email,
    emailVerified: user.emailVerified,
    mfaEnabled: row.mfaEnabledAt != null,
    pic: user.pic,
    userType: user.userType,
    role_level: user.roleLevel,
    teacherRequest: user.teacherRequest,
    profile: user.profile,
    isOwner: isOwner(user),
    current_business: user.businessId,
    business_name: row.businessName,
    department_name: row.departmentName ?? null,
    subscriptionId: user.subscriptionId === null ? null : String(user.subscriptionId),
    canSwitchUserType: maySwitchUserType(user, maxRoleLevel),
    canSwitchLanguage: languageAllowed || isOwner(user),
    schoolTimeZone: row.schoolTimeZone ?? null,
  };
}

/** What an access token carries for a user (api/services/core/caller.ts Caller). */
export function callerFor(user: SessionUser): Caller {
  return {
    userId: user.id,
    businessId: user.current_business,
    userType: user.userType,
    profile: user.profile,
    roleLevel: user.role_level,
  };
}
