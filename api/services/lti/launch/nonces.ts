import { lt } from "drizzle-orm";
import { ltiUsedNonces } from "../../../../db/schema/lti";
import type { AppServices } from "../../core/app-services";
import { CLOCK_SKEW_SECONDS } from "./verify-id-token";
import { refuse } from "./refusals";

/**
 * A nonce is used once (IMS Security 1.0 §5.1.3 step 9): the first launch of an id_token
 * records it until the token could no longer pass the expiry check, and a replay of the same
 * token (the same nonce) meets the unique index and is refused. Expired rows are swept by
 * each launch, through the expiry index, so the table holds only live nonces.
 */
export async function useNonce(services: AppServices, platformId: number, nonce: string, exp: number): Promise<void> {
  const now = services.now();
  const expiresAt = new Date((exp + CLOCK_SKEW_SECONDS) * 1000);
  const [, inserted] = await services.db.batch([
    services.db.delete(ltiUsedNonces).where(lt(ltiUsedNonces.expiresAt, now)),
    services.db.insert(ltiUsedNonces).values({ platformId, nonce, expiresAt }).onConflictDoNothing().returning({ nonce: ltiUsedNonces.nonce }),
  ]);
  if (inserted.length === 0) refuse("LTI_NONCE_REUSED");
}
