import type { MessageParams } from "../core/coded";
import { tryAgainInMinutes } from "./try-again";

/**
 * The sign-in throttle's texts, in a module of texts only (the message catalogue,
 * api/services/message-codes.ts, imports it; docs/decisions/0061-codes-and-params.md).
 * { minutes }: the wait, whole minutes, at least one.
 */
export const SIGN_IN_THROTTLED = (params: MessageParams) => `Too many failed sign-in attempts. ${tryAgainInMinutes(Number(params.minutes))}`;

/**
 * Every other limit's default refusal (rate-limit.ts `rateLimit`: registration, password
 * resets, the verification resend, the password meter, certificate verification).
 * { minutes }: the wait, whole minutes, at least one.
 */
export const TOO_MANY_ATTEMPTS = (params: MessageParams) => `Too many attempts. ${tryAgainInMinutes(Number(params.minutes))}`;
