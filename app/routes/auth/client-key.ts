/**
 * The key that login throttling counts failures against (login-throttle.ts): the client's
 * address as the edge reports it. Cloudflare sets cf-connecting-ip; other proxies append
 * to x-forwarded-for, whose first entry is the original client.
 */
export function clientKeyFromHeaders(headers: Headers): string {
  const cloudflare = headers.get("cf-connecting-ip")?.trim();
  if (cloudflare) return cloudflare;
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  if (forwarded) return forwarded;
  return "unknown";
}
