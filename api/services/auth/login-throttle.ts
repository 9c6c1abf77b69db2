import { eq, inArray, sql } from "drizzle-orm";
import { prepared } from "../../../db/prepared";
import { bound } from "../../../db/prepared-batch";
import { loginThrottle } from "../../../db/schema/auth";
import type { AppServices } from "../core/app-services";
import { TooManyRequests } from "../core/errors";
import { say } from "../message-codes";
import { addressThrottleKey } from "./client-address";
import { minutesToWait } from "./try-again";

/**
 * Guessing limits (stored in login_throttle so that they hold across processes and Worker
 * isolates). Failures are counted per account and per client address; reaching a limit
 * within 15 minutes locks that key for 15 minutes
 * (docs/decisions/0009-client-address-and-throttles.md).
 *
 * - Per account (e-mail) 10 failures: this is what stops guessing one password, from any
 *   number of addresses.
 * - Per client address only a ceiling: a school signs in from one NAT address, and 1,000
 *   students with three typos each make 3,000 failures in a minute. The ceiling leaves a
 *   wide margin over that and still stops one host spraying a password over every account.
 * - Per public key 30 wrong private keys (key login and the auto-login URL).
 */
const WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;
export const LOGIN_LIMITS = { account: 10, address: 10_000, publicKey: 30 } as const;

/** The login counters; the "email:" key is also cleared by a password reset (reset-password.ts). */
export function throttleKeys(email: string, clientAddress: string) {
  return { account: `email:${email}`, address: `ip:${addressThrottleKey(clientAddress)}` };
}

export function publicKeyThrottleKey(publicKey: string): string {
  return `keys:${publicKey}`;
}

/** Throws 429 while either key is locked; checked before any password hash is computed. */
export async function assertNotThrottled(services: AppServices, keys: [string] | [string, string]): Promise<void> {
  const { query, values } = throttleCountersRead(services, keys);
  assertUnlocked(services, await query.all(values));
}

/**
 * The counters of one or two keys as a prepared read, for sending beside other reads
 * (db/prepared-batch.ts readTogether: sign-in reads them with the account); assertUnlocked judges them.
 */
export function throttleCountersRead(services: AppServices, [first, second = first]: [string] | [string, string]) {
  const query = prepared(services.db, "loginThrottle:counters", (db) =>
    db
      .select({ lockedUntil: loginThrottle.lockedUntil })
      .from(loginThrottle)
      .where(inArray(loginThrottle.key, [sql.placeholder("first"), sql.placeholder("second")]))
      .prepare(),
  );
  return bound(query, { first, second });
}

/** Throws 429 while any of the counters read is locked. */
export function assertUnlocked(services: AppServices, counters: { lockedUntil: Date | null }[]): void {
  const now = services.now().getTime();
  const lockedUntil = Math.max(0, ...counters.map((row) => row.lockedUntil?.getTime() ?? 0));
  if (lockedUntil > now) {
    const seconds = Math.ceil((lockedUntil - now) / 1000);
    throw new TooManyRequests(say("SIGN_IN_THROTTLED", { minutes: minutesToWait(seconds) }), seconds);
  }
}

/**
 * Counts one failure against each key, each in a single upsert (no read-modify-write race)
 * and all in one batch: a failure after the window has passed starts a new window;
 * reaching the key's limit sets its lock.
 */
export async function recordFailures(services: AppServices, counters: Array<{ key: string; limit: number }>): Promise<void> {
  if (counters.length === 0) return;
  const now = services.now();
  const windowStart = now.getTime() - WINDOW_MS;
  const stale = sql`${loginThrottle.windowStartedAt} <= ${windowStart}`;
  const failures = sql`case when ${stale} then 1 else ${loginThrottle.failures} + 1 end`;
  const statements = counters.map(({ key, limit }) =>
    services.db
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStartedAt: now, lockedUntil: limit <= 1 ? new Date(now.getTime() + LOCK_MS) : null })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures,
          windowStartedAt: sql`case when ${stale} then ${now.getTime()} else ${loginThrottle.windowStartedAt} end`,
          lockedUntil: sql`case when (${failures}) >= ${limit} then ${now.getTime() + LOCK_MS} else ${loginThrottle.lockedUntil} end`,
        },
      }),
  );
  await services.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
}

export async function clearFailures(services: AppServices, key: string): Promise<void> {
  await clearFailuresStatement(services, key);
}

/** The statement of clearFailures, for a batch (sign-in clears the account's count with the session's writes). */
export function clearFailuresStatement(services: AppServices, key: string) {
  return services.db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
