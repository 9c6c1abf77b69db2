import { and, eq } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { addressThrottleKey } from "./client-address";
import { isStrongEnough, passwordScore, type PasswordOwner } from "./password-strength";
import { rateLimit } from "./rate-limit";
import { newPasswordField, PasswordStrengthInput } from "./schemas";

/**
 * The password strength meter (ASVS 2.1.8) asks the server as the user types, so that the
 * zxcvbn dictionaries (about 1.5 MB) never ship to the browser and the meter judges with
 * exactly the rule that setting the password will apply.
 *
 * It needs no session (registration uses it) and each answer costs a zxcvbn check, so it is
 * counted per client address: the UI asks at most once per ~300 ms pause in typing, and a
 * class registering together from one school address stays well under the ceiling.
 */
export const STRENGTH_METER_LIMIT = { perAddress: 600, windowMs: 60 * 60 * 1000 } as const;

export interface PasswordStrengthAnswer {
  /** zxcvbn's 0-4 for this user. */
  score: number;
  /** Whether registration, reset and change would take this password (length and guessability). */
  acceptable: boolean;
}

export async function ratePasswordStrength(
  services: AppServices,
  caller: Caller | null,
  input: PasswordStrengthInput,
  { clientAddress }: { clientAddress: string },
): Promise<PasswordStrengthAnswer> {
  const { password, ...hints } = PasswordStrengthInput.parse(input);
  await rateLimit(services, [
    { key: `password-strength:ip:${addressThrottleKey(clientAddress)}`, limit: STRENGTH_METER_LIMIT.perAddress, windowMs: STRENGTH_METER_LIMIT.windowMs },
  ]);
  const score = await passwordScore(password, await ownerOf(services, caller, hints));
  // The same two checks a new password meets when it is set: the schema (length) and the score.
  return { score, acceptable: newPasswordField.safeParse(password).success && isStrongEnough(score) };
}

/**
 * Signed in (the profile's change-password form), the account's own e-mail and names are
 * what count, as changePassword counts them; anonymous (registration), what the form holds.
 */
async function ownerOf(services: AppServices, caller: Caller | null, hints: PasswordOwner): Promise<PasswordOwner> {
  if (!caller) return hints;
  const [account] = await services.db
    .select({ email: users.email, fullname: users.fullname, username: users.username })
    .from(users)
    .where(and(eq(users.id, caller.userId), eq(users.businessId, caller.businessId)))
    .limit(1);
  return account ?? hints;
}
