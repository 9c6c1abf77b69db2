import { readBodyWithin } from "../../core/read-body";
import { isPlatformUrlAllowed } from "./platform-urls";

// TODO(coordinator): fold into api/services/lti/platform-fetch.ts ("ltigrades") when both land;
// this local copy keeps the pinned rules (5 s, 1 MB, JSON that never throws raw, no redirects).

export const PLATFORM_FETCH_TIMEOUT_MS = 5_000;
export const PLATFORM_ANSWER_MAX_BYTES = 1_000_000;

/** A platform's answer: its status and JSON body, or why there is none (never a raw exception). */
export type PlatformAnswer = { kind: "json"; status: number; body: unknown } | { kind: "unreachable" | "notJson" | "tooLarge" | "notAllowed" | "redirected"; status?: number };

/** Reads at most `max` bytes of a body as text; null when it is longer (core/read-body.ts cancels the rest). */
async function readCapped(response: Response, max: number): Promise<string | null> {
  if (!response.body) return "";
  const bytes = await readBodyWithin(response.body, max);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}

/** One call to a platform under the pinned limits; `allowHttp` is the config's LTI test allowance. */
export async function platformFetch(url: string, init: RequestInit, allowHttp: boolean): Promise<PlatformAnswer> {
  if (!isPlatformUrlAllowed(url, allowHttp)) return { kind: "notAllowed" };
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(PLATFORM_FETCH_TIMEOUT_MS) });
  } catch {
    return { kind: "unreachable" };
  }
  // A redirect could lead anywhere (another host, a local address): not followed.
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    return { kind: "redirected", status: response.status };
  }
  let text: string | null;
  try {
    text = await readCapped(response, PLATFORM_ANSWER_MAX_BYTES);
  } catch {
    return { kind: "unreachable", status: response.status };
  }
  if (text === null) return { kind: "tooLarge", status: response.status };
  try {
    return { kind: "json", status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    return { kind: "notJson", status: response.status };
  }
}
