/**
 * Which platform addresses the tool calls or stores (ADR 0088): https anywhere; plain http only
 * to this machine (the tests' LMS stand-in) and only when the config allows it (LTI_ALLOW_HTTP=1
 * or NODE_ENV=test). Never another scheme, never credentials in the URL. The one rule for the
 * URLs an owner or a platform gives us and for every call platform-fetch.ts makes.
 */
const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

export function isPlatformUrlAllowed(value: string | URL, allowHttp: boolean): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === "https:") return true;
  return allowHttp && url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname);
}
