import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, clientAddressOf, parseTrustedProxies } from "../api/services/auth/client-address";
import { withSocketClientAddress } from "./client-address.node.ts";

/** The Node entry's wrapping on a real socket: what the shared app sees as the client. */
async function start(trustedProxies: string | undefined): Promise<{ url: string; server: ServerType }> {
  const app = new Hono().post("/echo", async (c) =>
    // Every copy the app can see, also once the headers are read out in full.
    c.json({ address: clientAddressOf(c.req.raw.headers), whole: [...c.req.raw.headers].find(([name]) => name === CLIENT_ADDRESS_HEADER)?.[1], body: await c.req.text() }),
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
    expect(await res.json()).toEqual({ address: "127.0.0.1", whole: "127.0.0.1", body: "payload" });
  });

  it("every copy of a spoofed address header is replaced, whatever its case", async () => {
    // Written by hand: two copies of the header, in two spellings (clients may send any).
    const { connect } = await import("node:net");
    const { port } = new URL(direct.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () =>
        socket.write(
          `POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\n${CLIENT_ADDRESS_HEADER}: 203.0.113.1\r\nX-Quiz-Client-Address: 203.0.113.2\r\nContent-Length: 7\r\nConnection: close\r\n\r\npayload`,
        ),
      );
      let text = "";
      socket.on("data", (chunk: Buffer) => (text += chunk));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    const body = answer.slice(answer.indexOf("\r\n\r\n") + 4);
    expect(JSON.parse(body)).toEqual({ address: "127.0.0.1", whole: "127.0.0.1", body: "payload" });
  });

  it("behind a trusted proxy takes the last X-Forwarded-For hop the proxy appended", async () => {
    const res = await fetch(`${behindProxy.url}/echo`, { method: "POST", headers: spoofing, body: "payload" });
    expect(await res.json()).toEqual({ address: "198.51.100.2", whole: "198.51.100.2", body: "payload" });
  });

  it("on one kept-alive connection, each request's own X-Forwarded-For decides (the per-connection memo is keyed by it)", async () => {
    const { Agent, request } = await import("node:http");
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const { port } = new URL(behindProxy.url);
    const ask = (forwardedFor: string | undefined) =>
      new Promise<{ address: string; socket: unknown }>((resolve, reject) => {
        const req = request({ agent, host: "127.0.0.1", port, method: "POST", path: "/echo", headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} }, (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk));
          res.on("end", () => resolve({ address: (JSON.parse(text) as { address: string }).address, socket: req.socket }));
        });
        req.on("error", reject);
        req.end("payload");
      });
    try {
      const answers = [await ask("198.51.100.7"), await ask("198.51.100.8"), await ask(undefined), await ask("198.51.100.8")];
      expect(answers.map((a) => a.address)).toEqual(["198.51.100.7", "198.51.100.8", "127.0.0.1", "198.51.100.8"]);
      // The same connection throughout, so the memo was asked each time.
      expect(new Set(answers.map((a) => a.socket)).size).toBe(1);
    } finally {
      agent.destroy();
    }
  });
});
