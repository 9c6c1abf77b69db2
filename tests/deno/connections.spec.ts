import { expect, test } from "@playwright/test";
import { rawConnection } from "../../server/test-support/raw-connections.node";

// Issue 25 point 14 on the real Deno entry: half-sent request heads are answered 408 and
// closed once HEADERS_TIMEOUT_MS (3 s in playwright.config.ts) has passed, and the server
// still answers. Before, Deno.serve kept every one of them open until it ran out of files.
test("Deno closes connections that never finish their head, and keeps answering", async ({ request, baseURL }) => {
  const port = Number(new URL(baseURL!).port);
  const halfHeads = Array.from({ length: 40 }, () => rawConnection(port, "GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: "));
  expect((await request.get("/api/health")).status()).toBe(200);
  for (const text of await Promise.all(halfHeads.map((connection) => connection.closed))) expect(text).toMatch(/^HTTP\/1\.1 408 /);
  expect((await request.get("/api/health")).status()).toBe(200);
});
