import { eq, inArray, sql } from "drizzle-orm";
import { loginThrottle } from "../../../db/schema/auth";
import type { AppServices } from "../../context";
import { TooManyRequests } from "../../errors";

/**
 * Password guessing limits (stored in login_throttle so that they hold across processes
 * and Worker isolates): 5 failures per e-mail or 20 per client address within 15 minutes
 * lock that key for 15 minutes. The per-address limit stops one client spraying many
 * accounts; the per-e-mail limit stops many clients guessing one account.
 */
const WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;
export const LOGIN_LIMITS = { email: 5, client: 20 } as const;

export function throttleKeys(email: string, clientKey: string) {
  return { email: `email:${email}`, client: `ip:${clientKey}` };
}

/** Throws 429 while either key is locked; checked before any password hash is computed. */
export async function assertNotThrottled(services: AppServices, keys: string[]): Promise<void> {
  const now = services.now().getTime();
  const rows = await services.db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys));
  const lockedUntil = Math.max(0, ...rows.map((row) => row.lockedUntil?.getTime() ?? 0));
  if (lockedUntil > now) {
    const seconds = Math.ceil((lockedUntil - now) / 1000);
    const minutes = Math.ceil(seconds / 60);
    throw new TooManyRequests(
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      seconds,
    );
  }
}

/**
 * Counts one failure against a key in a single upsert (no read-modify-write race): a
 * failure after the window has passed starts a new window; reaching the limit sets the lock.
 */
export async function recordFailure(services: AppServices, key: string, limit: number): Promise<void> {
  const now = services.now();
  const windowStart = now.getTime() - WINDOW_MS;
  const stale = sql`${loginThrottle.windowStartedAt} <= ${windowStart}`;
  const failures = sql`case when ${stale} then 1 else ${loginThrottle.failures} + 1 end`;
  await services.db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: limit <= 1 ? new Date(now.getTime() + LOCK_MS) : null })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures,
        windowStartedAt: sql`case when ${stale} then ${now.getTime()} else ${loginThrottle.windowStartedAt} end`,
        lockedUntil: sql`case when (${failures}) >= ${limit} then ${now.getTime() + LOCK_MS} else ${loginThrottle.lockedUntil} end`,
      },
    });
}

export async function clearFailures(services: AppServices, key: string): Promise<void> {
  await services.db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
