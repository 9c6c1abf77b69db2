/**
 * The key that login throttling counts failures against (login-throttle.ts): the client's
 * address as the edge reports it. Cloudflare sets cf-connecting-ip; other proxies append
 * to x-forwarded-for, whose first entry is the original client.
 */
export function clientKeyFromHeaders(headers: Headers): string {
  // Without either header all clients share one bucket ("unknown"): the limit only gets stricter.
  const address = headers.get("cf-connecting-ip") ?? headers.get("x-forwarded-for")?.split(",")[0];
  return address?.trim().slice(0, 100) || "unknown";
}
