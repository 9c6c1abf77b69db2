import { and, eq } from "drizzle-orm";
import { sha256Hex } from "../../../../db/hash";
import { ltiUsers, users } from "../../../../db/schema";
import { accountPolicy } from "../../admin-settings/account-policy";
import type { AppServices } from "../../core/app-services";
import { isStudent, isTeacher, ltiLaunchUserType, profileForUserType, userTypeChange } from "../../core/permissions";
import { freeUsernameLike } from "../../users/username";
import { insertUser } from "../../auth/create-account";
import { AppError } from "../../core/errors";
import { type LtiClaims, isTeacherRole, LTI_CLAIM } from "./claims";

/**
 * (platform, sub) → one user of the platform's business (ADR 0087). The first launch makes
 * the account: a Student, or a Teacher (an author) when the LMS says Instructor or
 * Administrator; no password (the LMS signs them in; the reset flow can give one when their
 * e-mail is known). Later launches find it by (platform, sub) alone: never by e-mail, because
 * an LMS's e-mail is whatever its user or admin typed (Moodle lets a learner change theirs),
 * so matching by it would let an LMS account sign in as any existing account, the owner's
 * included. The claim's e-mail is kept on a NEW account only when no account of any business
 * has it (e-mails are unique across the deployment); otherwise the account gets an
 * undeliverable placeholder and signs in through the LMS only.
 */
export const PLACEHOLDER_EMAIL_DOMAIN = "lti.invalid";

export interface LtiIdentity {
  userId: number;
  userType: "Student" | "Teacher" | "Admin";
}

async function placeholderEmail(platformId: number, sub: string): Promise<string> {
  return `lti-${platformId}-${(await sha256Hex(sub)).slice(0, 24)}@${PLACEHOLDER_EMAIL_DOMAIN}`;
}

function nameOf(claims: LtiClaims): string {
  const joined = [claims.given_name, claims.family_name].filter(Boolean).join(" ");
  return (claims.name?.trim() || joined.trim() || "LMS user").slice(0, 100);
}

async function emailFor(services: AppServices, platformId: number, claims: LtiClaims): Promise<string> {
  const claimed = claims.email?.trim().toLowerCase();
  if (claimed && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(claimed) && !claimed.endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`)) {
    const [taken] = await services.db.select({ id: users.id }).from(users).where(eq(users.email, claimed)).limit(1);
    if (!taken) return claimed;
  }
  return placeholderEmail(platformId, claims.sub);
}

async function createLtiUser(services: AppServices, platform: { id: number; businessId: number }, claims: LtiClaims, userType: "Student" | "Teacher"): Promise<number> {
  const now = services.now();
  const fullname = nameOf(claims);
  const values = {
    businessId: platform.businessId,
    fullname,
    username: await freeUsernameLike(services, platform.businessId, claims.given_name || fullname, 50),
    passwordHash: null,
    // The LMS asserts the address; we have not seen its owner receive our mail.
    emailVerified: false,
    userType,
    profile: profileForUserType(userType),
    roleLevel: (await accountPolicy(services, platform.businessId)).defaultRoleLevel,
    createdAt: now,
    updatedAt: now,
  };
  try {
    return await insertUser(services, { ...values, email: await emailFor(services, platform.id, claims) });
  } catch (error) {
    // Another account took the address between the look and the write: the placeholder then.
    if (!(error instanceof AppError && error.code === "EMAIL_TAKEN")) throw error;
    return insertUser(services, { ...values, email: await placeholderEmail(platform.id, claims.sub) });
  }
}

async function linkedUser(services: AppServices, platformId: number, sub: string) {
  const [row] = await services.db
    .select({ userId: users.id, userType: users.userType, profile: users.profile, roleLevel: users.roleLevel, businessId: users.businessId })
    .from(ltiUsers)
    .innerJoin(users, eq(users.id, ltiUsers.userId))
    .where(and(eq(ltiUsers.platformId, platformId), eq(ltiUsers.sub, sub)))
    .limit(1);
  return row;
}

/**
 * The user of this launch: found, or made and linked. A Student whom the LMS now calls an
 * Instructor becomes a Teacher; a Teacher is never demoted by a learner's launch (an LMS
 * teacher is a learner in other courses, and the school's author rights are not per course).
 */
export async function userOfLaunch(services: AppServices, platform: { id: number; businessId: number }, claims: LtiClaims): Promise<LtiIdentity> {
  const wanted = ltiLaunchUserType(isTeacherRole(claims[LTI_CLAIM.roles]));
  let found = await linkedUser(services, platform.id, claims.sub);
  if (!found) {
    const userId = await createLtiUser(services, platform, claims, wanted);
    const linked = await services.db.insert(ltiUsers).values({ platformId: platform.id, sub: claims.sub, userId, createdAt: services.now() }).onConflictDoNothing().returning();
    // A concurrent first launch of the same person linked its own account first: keep that one.
    if (linked.length === 0) await services.db.delete(users).where(eq(users.id, userId));
    found = await linkedUser(services, platform.id, claims.sub);
    if (!found) throw new Error("LTI user vanished after linking");
  }
  if (found.businessId !== platform.businessId) throw new Error("LTI user of another business");
  if (wanted === "Teacher" && !isTeacher(found) && isStudent(found)) {
    const { set } = userTypeChange(found, { userType: "Teacher" });
    await services.db.update(users).set({ ...set, updatedAt: services.now() }).where(eq(users.id, found.userId));
    return { userId: found.userId, userType: "Teacher" };
  }
  return { userId: found.userId, userType: found.userType };
}
