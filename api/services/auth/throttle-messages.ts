import type { MessageParams } from "../core/coded";
import { tryAgainInMinutes } from "./try-again";

/**
 * The sign-in throttle's text, in a module of texts only (the message catalogue,
 * api/services/message-codes.ts, imports it; docs/decisions/0061-codes-and-params.md).
 * { minutes }: the wait, whole minutes, at least one.
 */
export const SIGN_IN_THROTTLED = (params: MessageParams) => `Too many failed sign-in attempts. ${tryAgainInMinutes(Number(params.minutes))}`;
