/**
 * The exam's calls to /api from the browser (same origin, the session cookie). A network
 * failure is `{ offline: true }`, never an exception, so callers keep the answers and retry.
 */
export type ApiAnswer<T> = { ok: true; data: T } | { ok: false; offline: false; status: number; message: string } | { ok: false; offline: true };

export async function postJson<T>(path: string, body: unknown): Promise<ApiAnswer<T>> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });
  } catch {
    return { ok: false, offline: true };
  }
  const data = (await res.json().catch(() => ({}))) as T & { message?: string };
  if (res.ok) return { ok: true, data };
  return { ok: false, offline: false, status: res.status, message: data.message ?? "Something wrong!" };
}
