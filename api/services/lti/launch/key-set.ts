import { createLocalJWKSet, type JSONWebKeySet, type JWTHeaderParameters, type FlattenedJWSInput } from "jose";
import type { AppConfig } from "../../core/config";
import { readBodyWithin } from "../../core/read-body";
import { refuse } from "./refusals";

/**
 * The platforms' public key sets (IMS Security 1.0 §6.3), fetched from their `key_set_url`
 * and cached per URL in this process: a launch signed with a known `kid` costs no fetch. A
 * token whose `kid` the cached set lacks (the platform rotated) makes one refetch, at most one
 * per URL every REFETCH_GAP_MS, so a stream of tokens with made-up `kid`s cannot turn this
 * server into a fetch loop against the platform.
 *
 * TODO(ltigrades): fold the fetch below into api/services/lti/platform-fetch.ts (one helper
 * for every outgoing platform call) when both branches are merged.
 */
export const KEY_SET_TTL_MS = 10 * 60 * 1000;
export const REFETCH_GAP_MS = 10 * 1000;
export const KEY_SET_TIMEOUT_MS = 5000;
export const KEY_SET_MAX_BYTES = 1024 * 1024;

interface CachedKeySet {
  keys: ReturnType<typeof createLocalJWKSet>;
  kids: Set<string>;
  fetchedAt: number;
}

/** When each URL was last refetched for an unknown `kid` (the scheduled fetches do not count). */
const lastRefetch = new Map<string, number>();

const cache = new Map<string, CachedKeySet>();
const inFlight = new Map<string, Promise<CachedKeySet>>();

/** Forget every cached key set (tests: a platform's keys changed under the same URL). */
export function forgetKeySets(): void {
  cache.clear();
  inFlight.clear();
  lastRefetch.clear();
}

/** http is allowed only to this machine, and only when the configuration says so (tests, the stand-in). */
export function allowedPlatformUrl(url: string, config: Pick<AppConfig, "ltiAllowHttp">): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === "https:") return true;
  return parsed.protocol === "http:" && config.ltiAllowHttp && ["localhost", "127.0.0.1", "[::1]"].includes(parsed.hostname);
}

async function readCapped(response: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return null;
  if (!response.body) return "";
  const bytes = await readBodyWithin(response.body, maxBytes);
  return bytes && new TextDecoder().decode(bytes);
}

async function fetchKeySet(url: string, config: Pick<AppConfig, "ltiAllowHttp">): Promise<CachedKeySet> {
  if (!allowedPlatformUrl(url, config)) return refuse("LTI_KEYS_UNAVAILABLE", `key set URL not allowed: ${url}`);
  let text: string | null;
  try {
    // "manual", not "error" (which Workers' fetch does not take): a redirect is a 3xx, refused below.
    const response = await fetch(url, { signal: AbortSignal.timeout(KEY_SET_TIMEOUT_MS), redirect: "manual", headers: { accept: "application/json" } });
    if (!response.ok) {
      await response.body?.cancel();
      return refuse("LTI_KEYS_UNAVAILABLE", `key set answered ${response.status}`);
    }
    text = await readCapped(response, KEY_SET_MAX_BYTES);
  } catch (error) {
    return refuse("LTI_KEYS_UNAVAILABLE", `key set unreachable: ${error instanceof Error ? error.message : "unknown"}`);
  }
  if (text === null) return refuse("LTI_KEYS_UNAVAILABLE", "key set too large");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse("LTI_KEYS_UNAVAILABLE", "key set is not JSON");
  }
  const keys = (body as { keys?: unknown })?.keys;
  if (!Array.isArray(keys)) return refuse("LTI_KEYS_UNAVAILABLE", "key set has no keys");
  const usable = keys.filter((key): key is JSONWebKeySet["keys"][number] => typeof key === "object" && key !== null && typeof (key as { kty?: unknown }).kty === "string");
  return {
    keys: createLocalJWKSet({ keys: usable }),
    kids: new Set(usable.map((key) => key.kid).filter((kid): kid is string => typeof kid === "string")),
    fetchedAt: Date.now(),
  };
}

function load(url: string, config: Pick<AppConfig, "ltiAllowHttp">): Promise<CachedKeySet> {
  let pending = inFlight.get(url);
  if (!pending) {
    pending = fetchKeySet(url, config).finally(() => inFlight.delete(url));
    inFlight.set(url, pending);
  }
  return pending.then((keySet) => {
    cache.set(url, keySet);
    return keySet;
  });
}

/**
 * A jose key resolver for one platform: the cached set while it is fresh and knows the
 * token's `kid`; else one refetch (rate-limited per URL).
 */
export function platformKeys(url: string, config: Pick<AppConfig, "ltiAllowHttp">) {
  return async (header: JWTHeaderParameters, token: FlattenedJWSInput) => {
    let keySet = cache.get(url);
    const now = Date.now();
    if (!keySet || now - keySet.fetchedAt > KEY_SET_TTL_MS) {
      keySet = await load(url, config);
    } else if (header.kid !== undefined && !keySet.kids.has(header.kid) && now - (lastRefetch.get(url) ?? 0) >= REFETCH_GAP_MS) {
      lastRefetch.set(url, now);
      keySet = await load(url, config);
    }
    if (!keySet) return refuse("LTI_KEYS_UNAVAILABLE", "no key set");
    return keySet.keys(header, token);
  };
}
