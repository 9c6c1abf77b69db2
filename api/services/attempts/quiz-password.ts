import { eq, or, sql } from "drizzle-orm";
import { prepared } from "../../../db/prepared";
import { loginThrottle } from "../../../db/schema/auth";
import type { Quiz } from "../../../db/schema/quizzes";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Invalid, TooManyRequests } from "../core/errors";
import { addressThrottleKey } from "../auth/client-address";
import { clearFailures, recordFailures } from "../auth/login-throttle";
import { ATTEMPT_MESSAGES } from "./schemas";

/**
 * A quiz password, checked so it cannot be guessed at speed (ADR 0031), the way sign-in
 * counts wrong passwords (login-throttle.ts, ADR 0009), in the same login_throttle table so
 * the counts hold across processes and Worker isolates:
 *
 * - per student and quiz, 10 wrong passwords within 15 minutes lock that student out of
 *   that quiz's password for 15 minutes (the right password too: otherwise the lock would
 *   only slow the guessing down). A student who mistypes gets 9 more tries; the right
 *   password clears the count.
 * - per client address, 1,000 wrong quiz passwords within 15 minutes lock the address for
 *   15 minutes: a ceiling only, for one host guessing with many accounts. A school behind
 *   one NAT address stays far below it (a class of 1,000 mistyping once each).
 *
 * Before the lock: 'Password required!' / 'password invalid' as the spec says (400 on the
 * `password` field); while locked: 429 with Retry-After and QUIZ_PASSWORD_WAIT.
 */
export const QUIZ_PASSWORD_LIMITS = { perStudentQuiz: 10, perAddress: 1_000 } as const;

/** The wait message; the take page matches it (app/components/exam/messages.ts). */
export function quizPasswordWait(retryAfterSeconds: number): TooManyRequests {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new TooManyRequests(`Too many wrong passwords for this quiz. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, retryAfterSeconds);
}

export function quizPasswordKeys(caller: Pick<Caller, "userId">, quizId: number, clientAddress: string) {
  return { student: `quiz-password:${quizId}:user:${caller.userId}`, address: `quiz-password:ip:${addressThrottleKey(clientAddress)}` };
}

/**
 * Throws unless `password` opens `quiz` for this student now: any of `passwords` (the quiz's,
 * or those of the student's classes that replace it: ADR 0079). A quiz without a password
 * costs nothing; an empty password is 'Password required!' and is not counted (no guess).
 */
export async function assertQuizPassword(services: AppServices, caller: Caller, quiz: Pick<Quiz, "id"> & { passwords: readonly string[] }, password: string | undefined, clientAddress: string): Promise<void> {
  if (quiz.passwords.length === 0) return;
  if (!password) throw new Invalid(ATTEMPT_MESSAGES.passwordRequired, { password: ATTEMPT_MESSAGES.passwordRequired }, "QUIZ_PASSWORD_REQUIRED");
  const keys = quizPasswordKeys(caller, quiz.id, clientAddress);
  // Every start of a password quiz asks this: built once (db/prepared.ts).
  const counters = await prepared(services.db, "quizPassword:counters", (db) =>
    db
      .select({ key: loginThrottle.key, lockedUntil: loginThrottle.lockedUntil })
      .from(loginThrottle)
      .where(or(eq(loginThrottle.key, sql.placeholder("student")), eq(loginThrottle.key, sql.placeholder("address"))))
      .prepare(),
  ).all(keys);
  const now = services.now().getTime();
  const lockedUntil = Math.max(0, ...counters.map((row) => row.lockedUntil?.getTime() ?? 0));
  if (lockedUntil > now) throw quizPasswordWait(Math.ceil((lockedUntil - now) / 1000));

  if (!quiz.passwords.includes(password)) {
    await recordFailures(services, [
      { key: keys.student, limit: QUIZ_PASSWORD_LIMITS.perStudentQuiz },
      { key: keys.address, limit: QUIZ_PASSWORD_LIMITS.perAddress },
    ]);
    throw new Invalid(ATTEMPT_MESSAGES.passwordInvalid, { password: ATTEMPT_MESSAGES.passwordInvalid }, "QUIZ_PASSWORD_INVALID");
  }
  // The right password clears the student's count (only when there is one: no write on the usual start).
  if (counters.some((row) => row.key === keys.student)) await clearFailures(services, keys.student);
}
