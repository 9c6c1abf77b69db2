import type { AppConfig } from "../core/config";
import { readBodyWithin } from "../core/read-body";
import { isPlatformUrlAllowed } from "./platform-urls";

/**
 * Every call the tool makes to an LMS (issue 29; lti-shared brief): the launch's key set, the
 * OpenID configuration and client registration of Dynamic Registration, the client-credentials
 * token, AGS line items and scores, NRPS memberships. An LMS is a server we do not control, so
 * each call has a time limit, a size limit on what it answers, a JSON parse that never throws
 * raw, and no redirect to another host; the address must be https (or http to this machine
 * when the configuration allows it, for the tests' LMS stand-in). A failure is an
 * `LmsCallFailed` with a reason code (stored in the grade outbox and shown to the teacher in
 * their language), never the LMS's own words. Web-standard fetch only: Node, Deno, Workers.
 */

export const PLATFORM_TIMEOUT_MS = 5000;
export const PLATFORM_MAX_BYTES = 1024 * 1024;
/** Redirects followed within the same origin; more is a loop. */
const MAX_REDIRECTS = 3;

/** Why a call to the LMS failed: the codes the teacher's list translates (locales/<lang>/lti.json "reasons"). */
export const LMS_FAILURE_REASONS = [
  "LTI_LMS_URL_REFUSED",
  "LTI_LMS_UNREACHABLE",
  "LTI_LMS_TIMEOUT",
  "LTI_LMS_TOO_LARGE",
  "LTI_LMS_REDIRECT_REFUSED",
  "LTI_LMS_SERVER_ERROR",
  "LTI_LMS_REFUSED",
  "LTI_LMS_GARBAGE",
  "LTI_LMS_TOKEN_REFUSED",
  // Not the LMS's answer but why a send could not be made: no gradebook column or no right to
  // post scores in the link's launch, a platform the owner disabled, the tool's keys sealed away.
  "LTI_NO_LINE_ITEM",
  "LTI_PLATFORM_DISABLED",
  "LTI_KEYS_UNAVAILABLE",
  "LTI_SEND_ERROR",
] as const;
export type LmsFailureReason = (typeof LMS_FAILURE_REASONS)[number];

export class LmsCallFailed extends Error {
  constructor(
    readonly reason: LmsFailureReason,
    /** The LMS's HTTP status when it answered one. */
    readonly status?: number,
  ) {
    super(`LMS call failed: ${reason}${status ? ` (${status})` : ""}`);
  }
}

export interface PlatformAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body; undefined for an empty body. */
  json: unknown;
}

export interface PlatformRequest {
  method?: "GET" | "POST" | "PUT";
  headers?: Record<string, string>;
  body?: string;
  /** Overrides for tests of a slow LMS; production uses the defaults. */
  timeoutMs?: number;
}

function parseUrl(config: Pick<AppConfig, "ltiAllowHttp">, address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new LmsCallFailed("LTI_LMS_URL_REFUSED");
  }
  if (!isPlatformUrlAllowed(url, config.ltiAllowHttp)) throw new LmsCallFailed("LTI_LMS_URL_REFUSED");
  return url;
}

/**
 * One call; a 2xx answer with a JSON body (or none) comes back, anything else throws
 * LmsCallFailed: 5xx SERVER_ERROR (worth retrying), 401/403 from a token endpoint TOKEN_REFUSED
 * (decided by the caller), other 4xx REFUSED, a body that is not JSON GARBAGE.
 */
export async function platformFetch(config: Pick<AppConfig, "ltiAllowHttp">, address: string, request: PlatformRequest = {}): Promise<PlatformAnswer> {
  let url = parseUrl(config, address);
  const signal = AbortSignal.timeout(request.timeoutMs ?? PLATFORM_TIMEOUT_MS);
  for (let hop = 0; ; hop++) {
    let response: Response;
    try {
      response = await fetch(url, { method: request.method ?? "GET", headers: request.headers, body: request.body, redirect: "manual", signal });
    } catch {
      throw new LmsCallFailed(signal.aborted ? "LTI_LMS_TIMEOUT" : "LTI_LMS_UNREACHABLE");
    }
    if (response.status >= 300 && response.status < 400) {
      void response.body?.cancel().catch(() => {});
      const location = response.headers.get("location");
      const next = location ? safeUrl(location, url) : null;
      // A redirect to another host could carry our bearer token to it: refused.
      if (!next || next.origin !== url.origin || hop >= MAX_REDIRECTS || !isPlatformUrlAllowed(next, config.ltiAllowHttp)) throw new LmsCallFailed("LTI_LMS_REDIRECT_REFUSED", response.status);
      url = next;
      continue;
    }
    const json = await readJson(response, signal);
    if (response.status >= 500) throw new LmsCallFailed("LTI_LMS_SERVER_ERROR", response.status);
    if (response.status >= 400) throw new LmsCallFailed("LTI_LMS_REFUSED", response.status);
    if (response.status < 200 || json === GARBAGE) throw new LmsCallFailed("LTI_LMS_GARBAGE", response.status);
    return { status: response.status, headers: response.headers, json };
  }
}

const GARBAGE = Symbol("garbage");

function safeUrl(location: string, base: URL): URL | null {
  try {
    return new URL(location, base);
  } catch {
    return null;
  }
}

async function readJson(response: Response, signal: AbortSignal): Promise<unknown> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > PLATFORM_MAX_BYTES) {
    void response.body?.cancel().catch(() => {});
    throw new LmsCallFailed("LTI_LMS_TOO_LARGE", response.status);
  }
  let bytes: Uint8Array | null;
  try {
    bytes = response.body ? await readBodyWithin(response.body, PLATFORM_MAX_BYTES) : new Uint8Array();
  } catch {
    throw new LmsCallFailed(signal.aborted ? "LTI_LMS_TIMEOUT" : "LTI_LMS_UNREACHABLE", response.status);
  }
  if (bytes === null) throw new LmsCallFailed("LTI_LMS_TOO_LARGE", response.status);
  const text = new TextDecoder().decode(bytes).trim();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return GARBAGE;
  }
}
