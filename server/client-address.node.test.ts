import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, clientAddressOf, parseTrustedProxies } from "../api/services/auth/client-address";
import { withSocketClientAddress } from "./client-address.node.ts";

/** The Node entry's wrapping on a real socket: what the shared app sees as the client. */
async function start(trustedProxies: string | undefined): Promise<{ url: string; server: ServerType }> {
  const app = new Hono().post("/echo", async (c) =>
    c.json({ address: clientAddressOf(c.req.raw.headers), body: await c.req.text() }),
  );
  return new Promise((resolve) => {
    const server = serve(
      { fetch: withSocketClientAddress((request, env) => app.fetch(request, env), parseTrustedProxies(trustedProxies)), port: 0, hostname: "127.0.0.1" },
      (info: AddressInfo) => resolve({ url: `http://127.0.0.1:${info.port}`, server }),
    );
  });
}

const spoofing = {
  [CLIENT_ADDRESS_HEADER]: "203.0.113.99",
  "x-forwarded-for": "198.51.100.1, 198.51.100.2",
  "cf-connecting-ip": "198.51.100.3",
};

describe("withSocketClientAddress (server/node.ts)", () => {
  let direct: Awaited<ReturnType<typeof start>>;
  let behindProxy: Awaited<ReturnType<typeof start>>;

  beforeAll(async () => {
    direct = await start(undefined);
    behindProxy = await start("127.0.0.1");
  });
  afterAll(() => {
    direct.server.close();
    behindProxy.server.close();
  });

  it("without TRUSTED_PROXIES takes the socket's peer; spoofed headers change nothing", async () => {
    const res = await fetch(`${direct.url}/echo`, { method: "POST", headers: spoofing, body: "payload" });
    expect(await res.json()).toEqual({ address: "127.0.0.1", body: "payload" });
  });

  it("behind a trusted proxy takes the last X-Forwarded-For hop the proxy appended", async () => {
    const res = await fetch(`${behindProxy.url}/echo`, { method: "POST", headers: spoofing, body: "payload" });
    expect(await res.json()).toEqual({ address: "198.51.100.2", body: "payload" });
  });
});
