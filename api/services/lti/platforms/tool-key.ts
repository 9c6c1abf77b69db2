import { desc, isNull } from "drizzle-orm";
import { ltiToolKeys } from "../../../../db/schema";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { AppError, TooManyRequests } from "../../core/errors";
import { assertMayManageLtiPlatforms } from "../../core/permissions";
import { say } from "../../message-codes";
import { rotateSigningKey, signingKey, type SigningKey, ToolKeysUnavailable } from "../tool-keys";

/** The server cannot seal or open the tool's keys (no PAYMENT_SECRETS_KEY, or another one): a 503 said by code. */
function keysUnavailable(): AppError {
  return new AppError(503, say("LTI_TOOL_KEYS_UNAVAILABLE"));
}

async function coded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ToolKeysUnavailable) throw keysUnavailable();
    throw error;
  }
}

/** The key that signs our messages now, with ToolKeysUnavailable turned into the coded 503. */
export function toolSigningKey(services: AppServices): Promise<SigningKey> {
  return coded(() => signingKey(services.db, services.config.paymentSecretsKey, services.now()));
}

/** The tool's keys serve every business of the server: one rotation an hour is plenty. */
export const ROTATION_MIN_INTERVAL_MS = 60 * 60 * 1000;

/**
 * POST /api/lti/platform/rotateKey (owner only): a new signing key; the old one stays published
 * for 7 days (tool-keys.ts), so a message signed just before still verifies. At most once an hour.
 */
export async function rotateToolKey(services: AppServices, caller: Caller) {
  assertMayManageLtiPlatforms(caller);
  const now = services.now();
  const [current] = await services.db.select({ createdAt: ltiToolKeys.createdAt }).from(ltiToolKeys).where(isNull(ltiToolKeys.retiredAt)).orderBy(desc(ltiToolKeys.id)).limit(1);
  const waitMs = current ? current.createdAt.getTime() + ROTATION_MIN_INTERVAL_MS - now.getTime() : 0;
  if (waitMs > 0) throw new TooManyRequests(say("TOO_MANY_ATTEMPTS", { minutes: Math.ceil(waitMs / 60_000) }), Math.ceil(waitMs / 1000));
  const key = await coded(() => rotateSigningKey(services.db, services.config.paymentSecretsKey, now));
  return { ...say("LTI_KEY_ROTATED"), kid: key.kid };
}
