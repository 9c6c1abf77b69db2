import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { sha256Hex } from "../../../db/hash";
import { loginThrottle, passwordResetTokens } from "../../../db/schema/auth";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import { Invalid } from "../core/errors";
import { hashPassword } from "./password";
import { assertStrongPassword } from "./password-strength";
import { revokeCredentialsStatements } from "./revoke-credentials";
import { sendSecurityNotice } from "./security-notice";
import { ResetPasswordInput } from "./schemas";
import { say } from "../message-codes";
import { AUTH_MESSAGES } from "./messages";

export const RESET_LINK_INVALID = AUTH_MESSAGES.RESET_LINK_INVALID;

/**
 * Sets a new password from a reset link. The token is claimed with one conditional update
 * (unused and unexpired), so a link works exactly once even under concurrent clicks; then
 * every session and key pair of the user is revoked, because whoever knew the old password
 * may hold one.
 */
export async function resetPassword(services: AppServices, input: ResetPasswordInput): Promise<{ message: string }> {
  const { token, password } = ResetPasswordInput.parse(input);
  const now = services.now();
  const tokenHash = await sha256Hex(token);
  // A guessable password is refused before the link is spent, so the user can try again.
  const [owner] = await services.db
    .select({ email: users.email, fullname: users.fullname, username: users.username })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .limit(1);
  if (!owner) throw new Invalid(say("RESET_LINK_INVALID"));
  await assertStrongPassword(password, owner);

  const [claimed] = await services.db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  if (!claimed) throw new Invalid(say("RESET_LINK_INVALID"));

  const passwordHash = await hashPassword(password, services.config.passwordPepper);
  await services.db.batch([
    services.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, claimed.userId)),
    // Other links sent earlier must not work after the password changed.
    services.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt))),
    // Whoever knew the old password may hold a session or a key pair: end them all.
    ...revokeCredentialsStatements(services, claimed.userId),
    // Proving control of the mailbox lifts a guessing lock on the account (login-throttle.ts keys).
    services.db
      .delete(loginThrottle)
      .where(eq(loginThrottle.key, sql`'email:' || (select ${users.email} from ${users} where ${users.id} = ${claimed.userId})`)),
  ]);
  await sendSecurityNotice(services, claimed.userId, "password-reset");
  return say("PASSWORD_RESET_DONE");
}
