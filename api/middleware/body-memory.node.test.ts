import { serve } from "@hono/node-server";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { rawConnection } from "../../server/test-support/raw-connections.node";
import { toErrorResponse } from "../errors";
import { BODY_MEMORY_RETRY_SECONDS, createBodyBudget, limitBody } from "./body-limit";

/**
 * Issue 25 point 17: stalled bodies of 1 MiB each, with no cap on how many. On a real Node
 * socket: while two stalled requests hold a 2 MiB budget, the next body is refused at once
 * (429 SERVER_BUSY with Retry-After, nothing read); once they are gone it is taken again.
 */
const MiB = 1024 * 1024;
const app = new Hono();
app.onError(toErrorResponse);
app.use(limitBody(MiB, () => new Response("too large", { status: 413 }), { budget: createBodyBudget(2 * MiB) }));
app.post("/save", async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }));
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
const ready = new Promise<number>((resolve) => server.once("listening", () => resolve((server.address() as AddressInfo).port)));
afterAll(() => void server.close());

const stalled = (port: number) => rawConnection(port, `POST /save HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: ${MiB}\r\n\r\n${"x".repeat(1000)}`);

describe("the process's budget of request bodies", () => {
  it("refuses a body while stalled ones hold it, and takes it again once they are gone", async () => {
    const port = await ready;
    const save = (bytes: number) => fetch(`http://127.0.0.1:${port}/save`, { method: "POST", body: new Uint8Array(bytes) });
    expect(await (await save(1000)).json()).toEqual({ bytes: 1000 });

    const holders = [stalled(port), stalled(port)];
    // Each is reading its body (its budget reserved) once a small request no longer fits beside them.
    await expect.poll(async () => (await save(1000)).status, { timeout: 10_000 }).toBe(429);
    const refused = await save(1000);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe(String(BODY_MEMORY_RETRY_SECONDS));
    expect(await refused.json()).toMatchObject({ code: "SERVER_BUSY" });

    for (const holder of holders) holder.end();
    await Promise.all(holders.map((holder) => holder.closed));
    await expect.poll(async () => (await save(1000)).status, { timeout: 10_000 }).toBe(200);
  }, 30_000);
});
