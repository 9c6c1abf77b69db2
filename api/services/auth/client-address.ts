import { formatIp, ipInRange, ipPrefix, parseIp, parseIpRange, type IpRange } from "./ip-address";

/**
 * The client's address, as the throttles count it (docs/decisions/0009-client-address-and-throttles.md).
 *
 * Only the runtime entries decide it: server/node.ts from the socket's peer address (and
 * X-Forwarded-For only when that peer is a proxy named in TRUSTED_PROXIES), server/worker.ts
 * from Cloudflare's cf-connecting-ip. The entry drops any copy of CLIENT_ADDRESS_HEADER the
 * client sent and stamps its own on the request before the shared app sees it, so the /api
 * routes and the React Router actions (which build their own Request objects, headers
 * included) read the one trusted value through `clientAddressOf`.
 */
export const CLIENT_ADDRESS_HEADER = "x-quiz-client-address";
export const UNKNOWN_ADDRESS = "unknown";

/** The address the runtime entry stamped; "unknown" when it could not tell. */
export function clientAddressOf(headers: Headers): string {
  const stamped = headers.get(CLIENT_ADDRESS_HEADER);
  const address = stamped ? parseIp(stamped) : null;
  return address ? formatIp(address) : UNKNOWN_ADDRESS;
}

/**
 * A copy of `request` whose CLIENT_ADDRESS_HEADER is `address` (canonical form), whatever
 * the client sent in it. For the runtime entries only.
 */
export function stampClientAddress(request: Request, address: string | null | undefined): Request {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_ADDRESS_HEADER);
  headers.set(CLIENT_ADDRESS_HEADER, clientAddressStamp(address));
  return new Request(request, { headers });
}

/** The value CLIENT_ADDRESS_HEADER carries for `address`: its canonical form, or "unknown". */
export function clientAddressStamp(address: string | null | undefined): string {
  const parsed = address ? parseIp(address) : null;
  return parsed ? formatIp(parsed) : UNKNOWN_ADDRESS;
}

/**
 * TRUSTED_PROXIES: comma-separated addresses or CIDR ranges of the deployer's own proxies.
 * A malformed entry stops the start with a message, rather than silently trusting nothing
 * (every client would share the proxy's address) or too much.
 */
export function parseTrustedProxies(setting: string | undefined): IpRange[] {
  const entries = (setting ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  return entries.map((entry) => {
    const range = parseIpRange(entry);
    if (!range) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    return range;
  });
}

/**
 * The client behind `peer` (the socket's remote address). X-Forwarded-For is read right to
 * left, and only while the hop that wrote an entry is a trusted proxy: the first address
 * not in TRUSTED_PROXIES is the client. Entries further left were written by whoever
 * sent the request, so they are never believed.
 */
export function resolveClientAddress(peer: string | undefined, forwardedFor: string | null, trustedProxies: IpRange[]): string {
  let client = peer ? parseIp(peer) : null;
  if (!client) return UNKNOWN_ADDRESS;
  const hops = (forwardedFor ?? "").split(",").map((hop) => hop.trim()).filter(Boolean).reverse();
  for (const hop of hops) {
    const current = client;
    if (!trustedProxies.some((range) => ipInRange(current, range))) break;
    const next = parseIp(hop);
    // A trusted proxy that passes on garbage: keep the proxy's own address (stricter, not looser).
    if (!next) break;
    client = next;
  }
  return formatIp(client);
}

/**
 * The throttle key part of an address. An IPv6 client usually holds a whole /64, so it
 * is counted as one: otherwise rotating through its own addresses would lift any ceiling.
 */
export function addressThrottleKey(address: string): string {
  const parsed = parseIp(address);
  if (!parsed) return UNKNOWN_ADDRESS;
  return parsed.v4 ? formatIp(parsed) : `${formatIp(ipPrefix(parsed, 64))}/64`;
}
