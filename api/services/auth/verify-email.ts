import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import { sha256Hex } from "../../../db/hash";
import { emailVerificationTokens } from "../../../db/schema/auth";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import { Invalid } from "../core/errors";
import { VerifyEmailInput } from "./schemas";
import { say } from "../message-codes";
import { AUTH_MESSAGES } from "./messages";

export const EMAIL_CONFIRMED = AUTH_MESSAGES.EMAIL_CONFIRMED;
export const VERIFY_LINK_INVALID = AUTH_MESSAGES.VERIFY_LINK_INVALID;
export const VERIFY_LINK_USED = AUTH_MESSAGES.VERIFY_LINK_USED;
export const VERIFY_LINK_EXPIRED = AUTH_MESSAGES.VERIFY_LINK_EXPIRED;

/**
 * Confirms the e-mail of the account a link was sent for. One batch (atomic on libSQL, Turso
 * and D1) sets the flag and spends every open link of that user, each statement guarded by
 * "this token is unused and unexpired", so concurrent clicks confirm once and a spent or
 * expired link changes nothing. Only when nothing was claimed do we look at why.
 */
export async function verifyEmail(services: AppServices, input: VerifyEmailInput): Promise<{ message: string }> {
  const { token } = VerifyEmailInput.parse(input);
  const now = services.now();
  const tokenHash = await sha256Hex(token);
  const db = services.db;
  const ownerOfOpenToken = db
    .select({ userId: emailVerificationTokens.userId })
    .from(emailVerificationTokens)
    .where(
      and(
        eq(emailVerificationTokens.tokenHash, tokenHash),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, now),
      ),
    );
  const [, spent] = await db.batch([
    db.update(users).set({ emailVerified: true, updatedAt: now }).where(inArray(users.id, ownerOfOpenToken)),
    db
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(inArray(emailVerificationTokens.userId, ownerOfOpenToken), isNull(emailVerificationTokens.usedAt)))
      .returning({ userId: emailVerificationTokens.userId }),
  ]);
  if (spent.length > 0) return say("EMAIL_CONFIRMED");

  const [known] = await db
    .select({ usedAt: emailVerificationTokens.usedAt })
    .from(emailVerificationTokens)
    .where(eq(emailVerificationTokens.tokenHash, tokenHash))
    .limit(1);
  if (!known) throw new Invalid(say("VERIFY_LINK_INVALID"), { token: say("VERIFY_LINK_INVALID") });
  if (known.usedAt) throw new Invalid(say("VERIFY_LINK_USED"), { token: say("VERIFY_LINK_USED") });
  throw new Invalid(say("VERIFY_LINK_EXPIRED"), { token: say("VERIFY_LINK_EXPIRED") });
}
