import { eq } from "drizzle-orm";
import { sha256Hex } from "../../../db/hash";
import { refreshTokens } from "../../../db/schema/auth";
import type { AppServices } from "../../context";
import { revokeFamily } from "./refresh-session";
import { RefreshInput } from "./schemas";

/**
 * Ends a sign-in by revoking its refresh-token family (the token and any sibling a
 * concurrent refresh produced). Idempotent and silent: an unknown or already revoked token
 * is not an error, so signing out always succeeds. (The access token lives on until its
 * short expiry; the cookies are cleared by the caller.)
 */
export async function logout(services: AppServices, input: RefreshInput): Promise<void> {
  const { refreshToken } = RefreshInput.parse(input);
  if (!refreshToken) return;
  const [token] = await services.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, await sha256Hex(refreshToken)))
    .limit(1);
  if (token) await revokeFamily(services, token.familyId, services.now());
}
