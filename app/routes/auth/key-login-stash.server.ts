import { parse, serialize } from "hono/utils/cookie";
import type { AppConfig } from "../../../api/services/core/config";
import type { KeyLoginValues } from "../../components/auth/key-login";

/**
 * The key sign-in URL (/quiz/auth/login/{public}/{private}/{module}) carries a secret in its
 * path. So that the secret never stays in the address bar, the history, a Referer header or
 * a page the browser could cache, the URL itself only stashes the keys in a short-lived
 * httpOnly cookie and redirects (no-referrer, no-store) to /quiz/auth/login?method=keys,
 * whose form posts the sign-in; the cookie is cleared by that post whatever its outcome.
 * (A page at the key URL cannot post itself: under `Referrer-Policy: no-referrer` browsers
 * send `Origin: null`, which the CSRF checks refuse.) docs/decisions: key sign-in URL.
 */
const STASH_COOKIE = "quiz_key_login";
/** Long enough for a slow page load, short enough that a forgotten stash soon dies. */
const STASH_MAX_AGE_SECONDS = 300;
/** Covers the form post to /quiz/auth/login and its client fetch /quiz/auth/login.data. */
const STASH_PATH = "/quiz/auth";

function cookieOptions(config: Pick<AppConfig, "secureCookies">, maxAge: number) {
  return { path: STASH_PATH, httpOnly: true, secure: config.secureCookies, sameSite: "Lax" as const, maxAge };
}

/** Headers of the redirect that the key URL answers with. */
export function stashKeysHeaders(config: Pick<AppConfig, "secureCookies">, values: KeyLoginValues): Headers {
  return new Headers({
    "Set-Cookie": serialize(STASH_COOKIE, JSON.stringify(values), cookieOptions(config, STASH_MAX_AGE_SECONDS)),
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
  });
}

/** The stashed keys, or null when there are none (or they are not ours). */
export function readStashedKeys(cookieHeader: string | null): KeyLoginValues | null {
  const raw = cookieHeader ? parse(cookieHeader, STASH_COOKIE)[STASH_COOKIE] : undefined;
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof KeyLoginValues, unknown>>;
    const { public_key, private_key, module_id } = value;
    if (typeof public_key !== "string" || typeof private_key !== "string" || typeof module_id !== "string") return null;
    return { public_key, private_key, module_id };
  } catch {
    return null;
  }
}

export function clearStashedKeysCookie(config: Pick<AppConfig, "secureCookies">): string {
  return serialize(STASH_COOKIE, "", cookieOptions(config, 0));
}
