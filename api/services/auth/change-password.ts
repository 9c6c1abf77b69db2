import { and, eq, isNull } from "drizzle-orm";
import { passwordResetTokens } from "../../../db/schema/auth";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Invalid } from "../core/errors";
import { issueSession } from "./issue-session";
import { hashPassword } from "./password";
import { assertStrongPassword } from "./password-strength";
import { revokeCredentialsStatements } from "./revoke-credentials";
import { sendSecurityNotice } from "./security-notice";
import { ChangePasswordInput } from "./schemas";
import type { SignInDevice } from "./sessions";
import type { SessionTokens } from "./types";
import { verifyCurrentPassword } from "./verify-current-password";
import { say } from "../message-codes";
import { AUTH_MESSAGES } from "./messages";

export const SAME_PASSWORD = AUTH_MESSAGES.SAME_PASSWORD;

/**
 * The signed-in user changes their password, proving the current one first. Whoever knew
 * the old password may hold a session, a key pair or a reset link: all of them end, this
 * device's session included, and this device gets a fresh sign-in in their place.
 */
export async function changePassword(
  services: AppServices,
  caller: Caller,
  input: ChangePasswordInput,
  device: SignInDevice = {},
): Promise<SessionTokens & { message: string }> {
  const data = ChangePasswordInput.parse(input);
  const user = await verifyCurrentPassword(services, caller, data.currentPassword);
  if (data.password === data.currentPassword) throw new Invalid(say("SAME_PASSWORD"), { password: say("SAME_PASSWORD") });
  await assertStrongPassword(data.password, { email: user.email, fullname: user.fullname, username: user.username });

  const now = services.now();
  await services.db.batch([
    services.db
      .update(users)
      .set({ passwordHash: await hashPassword(data.password, services.config.passwordPepper), updatedAt: now })
      .where(and(eq(users.id, caller.userId), eq(users.businessId, caller.businessId))),
    services.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, caller.userId), isNull(passwordResetTokens.usedAt))),
    ...revokeCredentialsStatements(services, caller.userId),
  ]);
  const tokens = await issueSession(services, caller.userId, device);
  await sendSecurityNotice(services, caller.userId, "password-changed");
  return { ...tokens, message: "Your password has been changed. Your other sessions and key pairs have been signed out." };
}
