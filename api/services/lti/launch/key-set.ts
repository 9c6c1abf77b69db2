import { createLocalJWKSet, type JSONWebKeySet, type JWTHeaderParameters, type FlattenedJWSInput } from "jose";
import type { AppConfig } from "../../core/config";
import { LmsCallFailed, type PlatformAnswer, platformFetch } from "../platform-fetch";
import { refuse } from "./refusals";

/**
 * The platforms' public key sets (IMS Security 1.0 §6.3), fetched from their `key_set_url`
 * and cached per URL in this process: a launch signed with a known `kid` costs no fetch. A
 * token whose `kid` the cached set lacks (the platform rotated) makes one refetch, at most one
 * per URL every REFETCH_GAP_MS, so a stream of tokens with made-up `kid`s cannot turn this
 * server into a fetch loop against the platform. The fetch is platform-fetch.ts's, as for every
 * call to an LMS (its time limit, size cap, URL rule and same-origin redirects); whatever fails
 * there is LTI_KEYS_UNAVAILABLE here, the reason code kept for the server log.
 */
export const KEY_SET_TTL_MS = 10 * 60 * 1000;
export const REFETCH_GAP_MS = 10 * 1000;

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

async function fetchKeySet(url: string, config: Pick<AppConfig, "ltiAllowHttp">): Promise<CachedKeySet> {
  let answer: PlatformAnswer;
  try {
    answer = await platformFetch(config, url, { headers: { accept: "application/json" } });
  } catch (error) {
    return refuse("LTI_KEYS_UNAVAILABLE", `key set ${url}: ${error instanceof LmsCallFailed ? error.message : "unknown failure"}`);
  }
  const keys = (answer.json as { keys?: unknown } | undefined)?.keys;
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
