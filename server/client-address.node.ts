import type { Http2Bindings, HttpBindings } from "@hono/node-server";
import type { IpRange } from "../api/services/auth/ip-address";
import { resolveClientAddress, stampClientAddress } from "../api/services/auth/client-address";

type NodeFetch = (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

/**
 * Wraps the Node server's fetch so that the shared app sees the client's address stamped
 * from the socket (api/services/auth/client-address.ts): the peer itself, or, when the peer
 * is one of the deployer's TRUSTED_PROXIES, the client that X-Forwarded-For names.
 */
export function withSocketClientAddress(fetch: NodeFetch, trustedProxies: IpRange[]): NodeFetch {
  return (request, env) => {
    const address = resolveClientAddress(env.incoming.socket.remoteAddress, request.headers.get("x-forwarded-for"), trustedProxies);
    return fetch(stampClientAddress(request, address), env);
  };
}
