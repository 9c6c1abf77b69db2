/**
 * The browser's calls to /api, through Hono's typed client built from the API's own type
 * (`ApiType`, api/app.ts): paths, request bodies and answers are checked by `npm run
 * typecheck` against the routes' zod schemas, so an answer the OpenAPI document leaves a
 * field out of cannot be read here (docs/decisions/0038-typed-client.md).
 *
 * Same origin, the session cookie. A network failure is `{ offline: true }`, never an
 * exception, so callers keep what the user did and retry.
 */
import { hc, type ClientResponse } from "hono/client";
import type { ApiType } from "../../api/app";
import type { ErrorCode } from "../../api/services/core/errors";

/** `code` is the API's machine-readable case (docs/decisions/0034): callers decide on it, `message` is for people. */
export type ApiAnswer<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      offline: false;
      status: number;
      code: ErrorCode;
      message: string;
      /** The values the code's words take (`{{max}}`), when the refusal has any (ADR 0061). */
      params?: Readonly<Record<string, string | number>>;
      /** From a 429's Retry-After. */
      retryAfterSeconds?: number;
    }
  | { ok: false; offline: true };

const REFRESH_PATH = "/api/auth/refresh";
let refreshing: Promise<boolean> | null = null;

/**
 * The access cookie lives 15 minutes and page loads renew it, but an exam stays on one page
 * and talks only to /api, often for longer. A 401 renews the session with the refresh cookie
 * and the call is sent again. One renewal at a time: the refresh token is spent by its use,
 * so two at once would end the session.
 */
function renewSession(fetchImpl: typeof fetch): Promise<boolean> {
  refreshing ??= fetchImpl(REFRESH_PATH, { method: "POST", credentials: "same-origin" })
    .then((res) => res.ok)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function renewingFetch(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    const res = await fetchImpl(input, init);
    if (res.status !== 401 || String(input).endsWith(REFRESH_PATH)) return res;
    // The body hc sends is a string, so the same request can be sent again.
    return (await renewSession(fetchImpl)) ? fetchImpl(input, init) : res;
  };
}

/** A typed client over a fetch (the browser's by default; tests pass their own). */
export function createApiClient(fetchImpl: typeof fetch = (input, init) => fetch(input, init)) {
  return hc<ApiType>("/api", { fetch: renewingFetch(fetchImpl), init: { credentials: "same-origin" } });
}

export const api = createApiClient();

/** The browser's fetch with the same session renewal, for answers that are files rather than JSON (the question export). */
export const apiFetch: typeof fetch = renewingFetch((input, init) => fetch(input, { credentials: "same-origin", ...init }));

type SuccessStatus = 200 | 201 | 202;
/** The body of a call's successful answer, as its route's response schema declares it. */
type OkBody<R> = R extends ClientResponse<infer T, infer S, "json"> ? (S extends SuccessStatus ? T : never) : never;

/**
 * Sends one typed call and reads its answer into an `ApiAnswer`:
 * `await callApi(() => api.takeQuiz.saveAnswers.$post({ json }))`.
 */
export async function callApi<R extends ClientResponse<unknown, number, string>>(send: () => Promise<R>): Promise<ApiAnswer<OkBody<R>>> {
  let res: R;
  try {
    res = await send();
  } catch {
    return { ok: false, offline: true };
  }
  const body = (await res.json().catch(() => ({}))) as { message?: unknown; code?: unknown; params?: unknown };
  if (res.ok) return { ok: true, data: body as OkBody<R> };
  const retryAfter = Number(res.headers.get("Retry-After") ?? NaN);
  // A proxy's own error page has no envelope: INTERNAL, as the API would say.
  return {
    ok: false,
    offline: false,
    status: res.status,
    code: typeof body.code === "string" ? (body.code as ErrorCode) : "INTERNAL",
    message: typeof body.message === "string" ? body.message : "Something wrong!",
    ...(body.params && typeof body.params === "object" ? { params: body.params as Readonly<Record<string, string | number>> } : {}),
    ...(Number.isFinite(retryAfter) ? { retryAfterSeconds: retryAfter } : {}),
  };
}
