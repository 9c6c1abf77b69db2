import { sql } from "drizzle-orm";
import { loginThrottle } from "../../../db/schema/auth";
import type { AppServices } from "../core/app-services";
import { TooManyRequests } from "../core/errors";
import { type MessageCode, say } from "../message-codes";
import { addressThrottleKey } from "./client-address";
import { minutesToWait, tryAgainInMinutes } from "./try-again";

/** One counter: at most `limit` attempts per fixed window of `windowMs` for `key`. */
export interface RateLimitRule {
  key: string;
  limit: number;
  windowMs: number;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Actions that send an e-mail or create an account (registration, forgot password, the
 * verification resend): a few an hour per e-mail address, so nobody floods one mailbox,
 * and per client address only a ceiling that a class registering together stays under.
 */
export const EMAIL_ACTION_LIMITS = { perEmail: 5, perAddress: 100, windowMs: HOUR_MS } as const;

/** "Please try again in 3 minutes." (whole minutes, at least one): the tail of every 429 message. */
export function tryAgainIn(retryAfterSeconds: number): string {
  return tryAgainInMinutes(minutesToWait(retryAfterSeconds));
}

/** The default refusal of every limit: TOO_MANY_ATTEMPTS { minutes } (429 with Retry-After). */
export function tooManyAttempts(retryAfterSeconds: number): TooManyRequests {
  return new TooManyRequests(say("TOO_MANY_ATTEMPTS", { minutes: minutesToWait(retryAfterSeconds) }), retryAfterSeconds);
}

/** A 429 naming what there was too much of ("Too many uploads. Please try again in 5 minutes."). */
export const tooMany = (what: string) => (retryAfterSeconds: number) => new TooManyRequests(`${what}. ${tryAgainIn(retryAfterSeconds)}`, retryAfterSeconds);

/** A 429 said by its code, with the wait in whole minutes as its value ({ minutes }). */
export const tooManyAs = (code: MessageCode) => (retryAfterSeconds: number) => new TooManyRequests(say(code, { minutes: minutesToWait(retryAfterSeconds) }), retryAfterSeconds);

/**
 * Counts one attempt against every rule and throws 429 (`refusal`, by default "Too many
 * attempts…", with the seconds until the window that is over its limit ends) when any
 * counter is past its limit. Fixed windows in the
 * login_throttle table, so the limits hold across processes and Worker isolates; each
 * counter is one atomic upsert (no read-modify-write race) and all of them one batch.
 */
export async function rateLimit(services: AppServices, rules: RateLimitRule[], refusal: (retryAfterSeconds: number) => TooManyRequests = tooManyAttempts): Promise<void> {
  if (rules.length === 0) return;
  const now = services.now().getTime();
  const statements = rules.map((rule) => {
    const stale = sql`${loginThrottle.windowStartedAt} <= ${now - rule.windowMs}`;
    return services.db
      .insert(loginThrottle)
      .values({ key: rule.key, failures: 1, windowStartedAt: new Date(now) })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${stale} then 1 else ${loginThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${stale} then ${now} else ${loginThrottle.windowStartedAt} end`,
        },
      })
      .returning({ count: loginThrottle.failures, windowStartedAt: loginThrottle.windowStartedAt });
  });
  const results = await services.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  let retryAfterMs = 0;
  results.forEach(([counter], index) => {
    const rule = rules[index];
    if (counter && counter.count > rule.limit) {
      retryAfterMs = Math.max(retryAfterMs, counter.windowStartedAt.getTime() + rule.windowMs - now);
    }
  });
  if (retryAfterMs > 0) throw refusal(Math.ceil(retryAfterMs / 1000));
}

/**
 * The limits of an e-mail-sending action: `purpose` names the counter family
 * ("register", "forgot-password", "verify-resend"), so one action never spends another's
 * allowance. Call it after the input is parsed and before any lookup or e-mail.
 */
export function rateLimitEmailAction(
  services: AppServices,
  purpose: string,
  { email, clientAddress }: { email: string; clientAddress: string },
): Promise<void> {
  const { perEmail, perAddress, windowMs } = EMAIL_ACTION_LIMITS;
  return rateLimit(services, [
    { key: `${purpose}:email:${email.trim().toLowerCase()}`, limit: perEmail, windowMs },
    { key: `${purpose}:ip:${addressThrottleKey(clientAddress)}`, limit: perAddress, windowMs },
  ]);
}
