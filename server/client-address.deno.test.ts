import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, clientAddressOf, parseTrustedProxies } from "../api/services/auth/client-address";
import { withConnectionClientAddress } from "./client-address.deno.ts";
import { hashWorkersFrom } from "./heavy-work.deno.ts";

/**
 * The Deno entry's wrapping (server/deno.ts): what the shared app sees as the client, from the
 * peer address Deno.serve hands the handler. Plain TypeScript, so it runs here under Node;
 * the Deno smoke (tests/deno) serves through it for real.
 */
const spoofing = {
  [CLIENT_ADDRESS_HEADER]: "203.0.113.99",
  "x-forwarded-for": "198.51.100.1, 198.51.100.2",
  "cf-connecting-ip": "198.51.100.3",
};

async function seenAddress(peer: string | undefined, trustedProxies: string | undefined, transport: "tcp" | "unix" = "tcp") {
  const handler = withConnectionClientAddress((request) => new Response(clientAddressOf(request.headers)), parseTrustedProxies(trustedProxies));
  const response = await handler(new Request("http://localhost/", { headers: spoofing }), { remoteAddr: { transport, hostname: peer, port: 40000 } });
  return response.text();
}

describe("withConnectionClientAddress (server/deno.ts)", () => {
  it("without TRUSTED_PROXIES takes the connection's peer; spoofed headers change nothing", async () => {
    expect(await seenAddress("192.0.2.7", undefined)).toBe("192.0.2.7");
    expect(await seenAddress("::ffff:192.0.2.7", undefined)).toBe("192.0.2.7");
  });

  it("believes X-Forwarded-For only when the peer is a trusted proxy", async () => {
    expect(await seenAddress("10.0.0.5", "10.0.0.0/8")).toBe("198.51.100.2");
    expect(await seenAddress("192.0.2.7", "10.0.0.0/8")).toBe("192.0.2.7");
  });

  it("stamps 'unknown' for a connection without an address (a Unix socket), never the client's header", async () => {
    expect(await seenAddress(undefined, undefined, "unix")).toBe("unknown");
  });
});

describe("hashWorkersFrom (server/heavy-work.deno.ts)", () => {
  it("reads PASSWORD_HASH_THREADS as Node does, else one core less than the machine has, 1 to 4", () => {
    expect(hashWorkersFrom({ PASSWORD_HASH_THREADS: "3" }, 2)).toBe(3);
    expect(hashWorkersFrom({ PASSWORD_HASH_THREADS: "0" }, 8)).toBe(0);
    expect(hashWorkersFrom({ PASSWORD_HASH_THREADS: "lots" }, 2)).toBe(1);
    expect(hashWorkersFrom({}, 1)).toBe(1);
    expect(hashWorkersFrom({}, 16)).toBe(4);
  });
});
