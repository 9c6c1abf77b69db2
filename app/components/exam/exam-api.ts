/**
 * The exam's calls to /api from the browser (same origin, the session cookie). A network
 * failure is `{ offline: true }`, never an exception, so callers keep the answers and retry.
 */
import type { ErrorCode } from "../../../api/errors";

/** `code` is the API's machine-readable case (docs/decisions/0034): callers decide on it, `message` is for people. */
export type ApiAnswer<T> = { ok: true; data: T } | { ok: false; offline: false; status: number; code: ErrorCode; message: string } | { ok: false; offline: true };

type Sent = { ok: true; res: Response } | { ok: false };

async function send(path: string, body: unknown): Promise<Sent> {
  try {
    return { ok: true, res: await fetch(`/api${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" }) };
  } catch {
    return { ok: false };
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * The access cookie lives 15 minutes and page loads renew it, but an exam stays on one page
 * and talks only to /api, often for longer. A 401 renews the session with the refresh cookie
 * (POST /api/auth/refresh) and the call is sent again. One renewal at a time: the refresh
 * token is spent by its use, so two at once would end the session.
 */
function renewSession(): Promise<boolean> {
  refreshing ??= send("/auth/refresh", {})
    .then((sent) => sent.ok && sent.res.ok)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

export async function postJson<T>(path: string, body: unknown): Promise<ApiAnswer<T>> {
  let sent = await send(path, body);
  if (sent.ok && sent.res.status === 401 && (await renewSession())) sent = await send(path, body);
  if (!sent.ok) return { ok: false, offline: true };
  const { res } = sent;
  const data = (await res.json().catch(() => ({}))) as T & { message?: string; code?: ErrorCode };
  if (res.ok) return { ok: true, data };
  // A proxy's own error page has no envelope: INTERNAL, as the API would say.
  return { ok: false, offline: false, status: res.status, code: data.code ?? "INTERNAL", message: data.message ?? "Something wrong!" };
}
