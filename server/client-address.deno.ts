import type { IpRange } from "../api/services/auth/ip-address";
import { resolveClientAddress, stampClientAddress } from "../api/services/auth/client-address";
import type { DenoServeHandlerInfo } from "./deno-runtime.deno.ts";

type DenoFetch = (request: Request, info: DenoServeHandlerInfo) => Response | Promise<Response>;

/**
 * Wraps the Deno server's handler so that the shared app sees the client's address stamped
 * from the connection (api/services/auth/client-address.ts), as server/client-address.node.ts
 * does on Node: the peer itself, or, when the peer is one of the deployer's TRUSTED_PROXIES,
 * the client that X-Forwarded-For names. Never a header the client alone decides.
 */
export function withConnectionClientAddress(fetch: (request: Request) => Response | Promise<Response>, trustedProxies: IpRange[]): DenoFetch {
  return (request, info) => {
    const peer = info.remoteAddr.transport === "tcp" ? info.remoteAddr.hostname : undefined;
    const address = resolveClientAddress(peer, request.headers.get("x-forwarded-for"), trustedProxies);
    return fetch(stampClientAddress(request, address));
  };
}
