import { and, eq, isNull } from "drizzle-orm";
import { sha256Hex } from "../../../db/hash";
import { refreshTokens } from "../../../db/schema/auth";
import type { AppServices } from "../../context";
import { RefreshInput } from "./schemas";

/**
 * Ends a session by revoking its refresh token. Idempotent and silent: an unknown or
 * already revoked token is not an error, so signing out always succeeds. (The access token
 * lives on until its short expiry; the cookies are cleared by the caller.)
 */
export async function logout(services: AppServices, input: RefreshInput): Promise<void> {
  const { refreshToken } = RefreshInput.parse(input);
  if (!refreshToken) return;
  await services.db
    .update(refreshTokens)
    .set({ revokedAt: services.now() })
    .where(and(eq(refreshTokens.tokenHash, await sha256Hex(refreshToken)), isNull(refreshTokens.revokedAt)));
}
