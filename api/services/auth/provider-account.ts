import { and, eq, isNull } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import { accountPolicy } from "../admin-settings/account-policy";
import type { AppServices } from "../core/app-services";
import { Conflict, Unauthorized } from "../core/errors";
import { insertUser } from "./create-account";
import { freeUsernameLike } from "../users/username";
import type { ProviderIdentity } from "./provider-token";
import { profileForUserType } from "../core/permissions";
import { say } from "../message-codes";
import { AUTH_MESSAGES } from "./messages";

/**
 * Matching a provider identity to a local account: first by the provider's subject, then
 * by e-mail, which links the account. An e-mail is trusted only when the provider says it
 * is verified: otherwise anyone could claim a victim's address at a lax provider and be
 * signed in to (or later share) the victim's account. Likewise the local account must have
 * confirmed its e-mail: anyone can self-register a victim's address with a password of their
 * own, and linking that account to the victim's provider sign-in would share it with them.
 */
export const UNCONFIRMED_ACCOUNT = AUTH_MESSAGES.PROVIDER_UNCONFIRMED_ACCOUNT;

export async function findProviderUser(services: AppServices, identity: ProviderIdentity): Promise<number | null> {
  const [bySubject] = await services.db.select({ id: users.id }).from(users).where(eq(users.oidcSubject, identity.subject)).limit(1);
  if (bySubject) return bySubject.id;
  if (!identity.email || !identity.emailVerified) return null;
  const [byEmail] = await services.db
    .select({ id: users.id, oidcSubject: users.oidcSubject, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, identity.email))
    .limit(1);
  if (!byEmail) return null;
  if (byEmail.oidcSubject !== null) throw new Conflict("This e-mail is already linked to another provider account");
  if (!byEmail.emailVerified) throw new Conflict(say("PROVIDER_UNCONFIRMED_ACCOUNT"));
  // Guarded again in the write, so a concurrent link of the same account cannot slip between.
  const linked = await services.db
    .update(users)
    .set({ oidcSubject: identity.subject, updatedAt: services.now() })
    .where(and(eq(users.id, byEmail.id), eq(users.emailVerified, true), isNull(users.oidcSubject)))
    .returning({ id: users.id });
  if (linked.length === 0) throw new Conflict("This e-mail is already linked to another provider account");
  return byEmail.id;
}

/** Whether an account exists for this identity, without linking anything. */
export async function providerUserExists(services: AppServices, identity: ProviderIdentity): Promise<boolean> {
  const [bySubject] = await services.db.select({ id: users.id }).from(users).where(eq(users.oidcSubject, identity.subject)).limit(1);
  if (bySubject) return true;
  if (!identity.email || !identity.emailVerified) return false;
  const [byEmail] = await services.db.select({ id: users.id }).from(users).where(eq(users.email, identity.email)).limit(1);
  return Boolean(byEmail);
}

export interface NewProviderUser {
  businessId: number;
  userType: "Student" | "Teacher";
  fullname?: string;
  username?: string;
}

/** Creates the account for a provider identity (spec 2.2: an unknown user becomes a Student). */
export async function createProviderUser(services: AppServices, identity: ProviderIdentity, data: NewProviderUser): Promise<number> {
  if (!identity.email || !identity.emailVerified) {
    throw new Unauthorized("The sign-in provider did not confirm an e-mail address for this account");
  }
  const localPart = identity.email.split("@")[0];
  const now = services.now();
  return insertUser(services, {
    businessId: data.businessId,
    email: identity.email,
    fullname: (data.fullname ?? identity.name ?? localPart).slice(0, 100),
    // Nobody can be asked for another name mid sign-in: a taken one gets a number (users/username.ts).
    username: await freeUsernameLike(services, data.businessId, data.username ?? identity.preferredUsername ?? localPart, 50),
    passwordHash: null,
    oidcSubject: identity.subject,
    // Created only for an e-mail the provider vouches for (checked above).
    emailVerified: true,
    userType: data.userType,
    profile: profileForUserType(data.userType),
    roleLevel: (await accountPolicy(services, data.businessId)).defaultRoleLevel,
    createdAt: now,
    updatedAt: now,
  });
}
