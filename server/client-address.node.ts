import type { Http2Bindings, HttpBindings } from "@hono/node-server";
import type { IpRange } from "../api/services/auth/ip-address";
import { CLIENT_ADDRESS_HEADER, clientAddressStamp, resolveClientAddress, stampClientAddress } from "../api/services/auth/client-address";

type NodeFetch = (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

/**
 * Wraps the Node server's fetch so that the shared app sees the client's address stamped
 * from the socket (api/services/auth/client-address.ts): the peer itself, or, when the peer
 * is one of the deployer's TRUSTED_PROXIES, the client that X-Forwarded-For names.
 */
export function withSocketClientAddress(fetch: NodeFetch, trustedProxies: IpRange[]): NodeFetch {
  // Each connection's answer for the X-Forwarded-For it last came with: a kept-alive
  // connection sends request after request from the same peer, and parsing and formatting
  // its address twice on each was ~4 % of an autosave's server CPU (issue 25 point 8).
  const known = new WeakMap<object, { forwardedFor: string | null; address: string; stamp: string }>();
  return (request, env) => {
    const { incoming } = env;
    const header = incoming.headers["x-forwarded-for"];
    const forwardedFor = Array.isArray(header) ? header.join(", ") : (header ?? null);
    let entry = known.get(incoming.socket);
    if (!entry || entry.forwardedFor !== forwardedFor) {
      const address = resolveClientAddress(incoming.socket.remoteAddress, forwardedFor, trustedProxies);
      entry = { forwardedFor, address, stamp: clientAddressStamp(address) };
      known.set(incoming.socket, entry);
    }
    const { address, stamp } = entry;
    // Checked, not assumed: should the request's headers already have been read into a
    // copy, the stamp would not show, and the request is copied with it as before.
    if (stampIncoming(incoming, stamp) && request.headers.get(CLIENT_ADDRESS_HEADER) === stamp) return fetch(request, env);
    return fetch(stampClientAddress(request, address), env);
  };
}

/**
 * The stamp written into the socket's own request, before @hono/node-server builds anything
 * from it: its Request reads headers and body straight from the IncomingMessage when asked.
 * Copying the Request instead (stampClientAddress) made every request a full web Request
 * with a web-stream body, about a tenth of an autosave's server CPU (issue 19). Every copy
 * the client sent of the header goes; the stamp is the only one left.
 */
function stampIncoming(incoming: HttpBindings["incoming"] | Http2Bindings["incoming"], stamp: string): boolean {
  const raw = incoming.rawHeaders;
  if (!Array.isArray(raw)) return false;
  for (let i = raw.length - 2; i >= 0; i -= 2) if (raw[i].toLowerCase() === CLIENT_ADDRESS_HEADER) raw.splice(i, 2);
  raw.push(CLIENT_ADDRESS_HEADER, stamp);
  incoming.headers[CLIENT_ADDRESS_HEADER] = stamp;
  return true;
}
