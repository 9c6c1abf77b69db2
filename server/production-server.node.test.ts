import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, createTestServices } from "../api/test-support/test-app.node";
import { precompressDirectory } from "../precompress.config";
import { chooseContentCoding } from "./accept-encoding";
import { COMPRESS_AT_ONCE_MAX, COMPRESS_THRESHOLD } from "./compress-responses.node";
import { createProductionServer } from "./production-server.node";
import { carriesSecret } from "./secret-answers";
import { IMMUTABLE, SHORT_CACHE } from "./static-files.node";

/**
 * Issue 19 point 3, through the handler `npm start` serves (server/node.ts builds it the same
 * way): a client build in a temp folder, compressed by the build step itself, and the real
 * /api on a migrated libSQL database.
 */
const SCRIPT = "/quiz/assets/take-quiz-D5MYMXfq.js";
const TINY = "/quiz/assets/clock-BldtzWH4.js";
const scriptText = `export function questionCard(q){return "${"<li class=question>answer</li>".repeat(300)}"+q}\n`;
const PAPER = { questions: Array.from({ length: 50 }, (_, i) => ({ id: 1000 + i, questionText: `<p>Exam question ${i + 1}: which way?</p>`, options: ["Alpha", "Bravo", "Charlie", "Delta"].map((optionText, k) => ({ id: i * 7919 + k * 104729, optionText })) })) };
let clientDir: string;
let server: Hono;
let releasePage: () => void = () => {};

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), "quiz-client-"));
  mkdirSync(path.join(clientDir, "quiz/assets"), { recursive: true });
  writeFileSync(path.join(clientDir, SCRIPT), scriptText);
  writeFileSync(path.join(clientDir, TINY), "export const a=1;");
  writeFileSync(path.join(clientDir, "quiz/favicon.svg"), `<svg xmlns="http://www.w3.org/2000/svg">${"<path d='M0 0h1v1z'/>".repeat(80)}</svg>`);
  writeFileSync(path.join(clientDir, "quiz/assets/logo-AbCdEf12.png"), Buffer.alloc(4096, 1));
  await precompressDirectory(clientDir);

  const services = await createTestServices();
  const app = new Hono();
  app.route("/api", createTestApi(services));
  // A page streamed as React Router streams one: the shell now, the rest when the data is in.
  app.get("/quiz/streamed", () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(`<!DOCTYPE html><html><body><h1>Shell</h1>${"<p>filler</p>".repeat(200)}`));
        await new Promise<void>((resolve) => (releasePage = resolve));
        controller.enqueue(encoder.encode("<p>Deferred</p></body></html>"));
        controller.close();
      },
    });
    return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  });
  app.get("/quiz/events", () => new Response("data: x\n\n".repeat(500), { headers: { "Content-Type": "text/event-stream" } }));
  app.get("/api/auth/secret", () => Response.json({ accessToken: "t".repeat(4000) }));
  app.get("/quiz/cookie", () => new Response("<p>x</p>".repeat(500), { headers: { "Content-Type": "text/html", "Set-Cookie": "s=1; HttpOnly" } }));
  // An exam paper's size (~17 KB), built as the API builds its answers (c.json).
  app.get("/quiz/paper.json", (c) => c.json(PAPER));
  // An answer of the app as the app left it: the real app (server/app.ts) sets its own security headers.
  app.get("/quiz/as-the-app-left-it", (c) => c.text("ok"));

  // A page action's answer (the profile's new key pair) and the owner's outbox (issue 25 point 17).
  app.post("/quiz/user-profile", () => new Response(`<p>private key ${"k".repeat(3000)}</p>`, { headers: { "Content-Type": "text/html" } }));
  app.post("/quiz/user-profile.data", () => Response.json({ keyPair: { private_key: "k".repeat(3000) } }));
  app.get("/quiz/admin/outbox", () => new Response(`<a href="/reset?token=${"t".repeat(3000)}">reset</a>`, { headers: { "Content-Type": "text/html" } }));
  app.get("/quiz/admin/outbox/7.data", () => Response.json({ body: `reset token ${"t".repeat(3000)}` }));
  app.get("/quiz/photo.png", () => new Response(new Uint8Array(5000), { headers: { "Content-Type": "image/png" } }));
  server = createProductionServer({ config: services.config, clientDir, app });
});

afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const get = (url: string, headers: Record<string, string> = {}, method = "GET") => server.request(url, { method, headers });
const post = (url: string) => server.request(url, { method: "POST", headers: { "Accept-Encoding": "br, gzip", "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=create-key" });

describe("built scripts and styles: pre-compressed, chosen by Accept-Encoding", () => {
  it("sends the Brotli file to a browser that accepts it, with its length, type, Vary and a year's immutable cache", async () => {
    const res = await get(SCRIPT, { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(body.length);
    expect(body).toEqual(readFileSync(path.join(clientDir, `${SCRIPT}.br`)));
    expect(body.length).toBeLessThan(scriptText.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(scriptText);
  });

  it("sends gzip to a client without Brotli, and to one that refuses Brotli with q=0", async () => {
    for (const accept of ["gzip, deflate", "br;q=0, gzip", "gzip;q=1, br;q=0.5"]) {
      const res = await get(SCRIPT, { "Accept-Encoding": accept });
      expect(res.headers.get("content-encoding"), accept).toBe("gzip");
      expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
      const body = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get("content-length"))).toBe(body.length);
      expect(gunzipSync(body).toString()).toBe(scriptText);
    }
  });

  it("sends the plain file to a client that accepts no coding we have, still with Vary", async () => {
    for (const headers of [{} as Record<string, string>, { "Accept-Encoding": "identity" }, { "Accept-Encoding": "deflate" }, { "Accept-Encoding": "gzip;q=0, br;q=0" }]) {
      const res = await get(SCRIPT, headers);
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(scriptText)));
      expect(await res.text()).toBe(scriptText);
    }
  });

  it("answers 304 to a revalidation with the ETag of the same coding, 200 with another coding's", async () => {
    const br = await get(SCRIPT, { "Accept-Encoding": "br" });
    const gz = await get(SCRIPT, { "Accept-Encoding": "gzip" });
    const etag = br.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    expect(gz.headers.get("etag")).not.toBe(etag);
    const again = await get(SCRIPT, { "Accept-Encoding": "br", "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(await again.text()).toBe("");
    const otherCoding = await get(SCRIPT, { "Accept-Encoding": "gzip", "If-None-Match": etag });
    expect(otherCoding.status).toBe(200);
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await get(SCRIPT, { "Accept-Encoding": "br" }, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(Number(res.headers.get("content-length"))).toBe(readFileSync(path.join(clientDir, `${SCRIPT}.br`)).length);
    expect(await res.text()).toBe("");
  });

  it("sends a file too small to shrink as it is, and images uncompressed", async () => {
    const tiny = await get(TINY, { "Accept-Encoding": "br, gzip" });
    expect(tiny.headers.get("content-encoding")).toBeNull();
    expect(await tiny.text()).toBe("export const a=1;");
    expect(tiny.headers.get("cache-control")).toBe(IMMUTABLE);
    const png = await get("/quiz/assets/logo-AbCdEf12.png", { "Accept-Encoding": "br, gzip" });
    expect(png.headers.get("content-encoding")).toBeNull();
    expect(png.headers.get("content-type")).toBe("image/png");
  });

  it("caches a file whose name carries no hash (the favicon) for an hour only", async () => {
    const res = await get("/quiz/favicon.svg", { "Accept-Encoding": "br" });
    expect(res.headers.get("cache-control")).toBe(SHORT_CACHE);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
  });

  it("puts the security headers on the built files itself, and leaves the app's answers with the app's own (one pass over an answer's headers, not two)", async () => {
    for (const file of [SCRIPT, "/quiz/favicon.svg", "/quiz/assets/logo-AbCdEf12.png"]) {
      const res = await get(file, { "Accept-Encoding": "gzip" });
      expect(res.headers.get("x-content-type-options"), file).toBe("nosniff");
      expect(res.headers.get("x-frame-options"), file).toBe("DENY");
    }
    const answer = await get("/quiz/as-the-app-left-it");
    expect(await answer.text()).toBe("ok");
    expect(answer.headers.get("x-content-type-options")).toBeNull();
    expect(answer.headers.get("x-frame-options")).toBeNull();
  });

  it("serves nothing outside the build, nor the .br files by name, nor unknown files", async () => {
    for (const url of ["/quiz/assets/../../../etc/passwd", "/quiz/assets/%2e%2e/%2e%2e/etc/passwd", `${SCRIPT}.br`, "/quiz/assets/nope-AbCdEf12.js"]) {
      const res = await get(url, { "Accept-Encoding": "br" });
      expect(res.status, url).toBe(404);
      expect(res.headers.get("cache-control"), url).not.toBe(IMMUTABLE);
    }
  });
});

describe("pages and API answers: compressed on the fly where the client accepts it", () => {
  it("compresses a large JSON answer of the real API with Brotli, its length exact", async () => {
    const plain = await (await get("/api/openapi.json")).text();
    expect(plain.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const res = await get("/api/openapi.json", { "Accept-Encoding": "gzip, deflate, br" });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(body.length);
    expect(body.length).toBeLessThan(plain.length / 3);
    expect(JSON.parse(brotliDecompressSync(body).toString())).toEqual(JSON.parse(plain));
  });

  it("compresses it with gzip for a client without Brotli, and not at all for one that accepts nothing", async () => {
    const gz = await get("/api/openapi.json", { "Accept-Encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).openapi).toBe("3.1.0");
    const plain = await get("/api/openapi.json");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toMatch(/accept-encoding/i);
    expect((await plain.json()).openapi).toBe("3.1.0");
  });

  it("leaves a small answer (an acknowledgement, a health check) as it is", async () => {
    const res = await get("/api/health", { "Accept-Encoding": "br, gzip" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    const body = await res.text();
    expect(body.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(JSON.parse(body)).toBeTruthy();
  });

  it("compresses a streamed page piece by piece: the shell arrives before the rest is rendered", async () => {
    const res = await get("/quiz/streamed", { "Accept-Encoding": "br" });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("content-length")).toBeNull();
    const decompressor = createBrotliDecompress();
    let text = "";
    decompressor.on("data", (chunk: Buffer) => (text += chunk.toString()));
    const reader = res.body!.getReader();
    // The page has not finished (releasePage not called), yet its shell can be read and decoded.
    while (!text.includes("<h1>Shell</h1>")) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      await new Promise<void>((resolve) => decompressor.write(value, () => resolve()));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(text).not.toContain("Deferred");
    releasePage();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      decompressor.write(value);
    }
    await new Promise<void>((resolve) => decompressor.end(() => resolve()));
    expect(text).toContain("<p>Deferred</p></body></html>");
  });

  it("never compresses server-sent events or images", async () => {
    const events = await get("/quiz/events", { "Accept-Encoding": "br, gzip" });
    expect(events.headers.get("content-encoding")).toBeNull();
    expect(await events.text()).toMatch(/^data: x/);
    const photo = await get("/quiz/photo.png", { "Accept-Encoding": "br, gzip" });
    expect(photo.headers.get("content-encoding")).toBeNull();
  });

  it("never compresses an answer that carries a secret (BREACH): /api/auth, or one that sets a cookie", async () => {
    for (const secret of ["/api/auth/secret", "/quiz/cookie"]) {
      const res = await get(secret, { "Accept-Encoding": "br, gzip" });
      expect(res.headers.get("content-encoding"), secret).toBeNull();
      expect((await res.text()).length, secret).toBeGreaterThan(3000);
    }
  });

  it("never compresses a page action's answer nor the outbox, as page or as .data (issue 25 point 17)", async () => {
    for (const action of ["/quiz/user-profile", "/quiz/user-profile.data"]) {
      const res = await post(action);
      expect(res.headers.get("content-encoding"), action).toBeNull();
      expect((await res.text()).length, action).toBeGreaterThan(3000);
    }
    for (const outbox of ["/quiz/admin/outbox", "/quiz/admin/outbox/7.data"]) {
      const res = await get(outbox, { "Accept-Encoding": "br, gzip" });
      expect(res.headers.get("content-encoding"), outbox).toBeNull();
    }
    expect(carriesSecret({ method: "GET", path: "/api/outbox" }, new Headers())).toBe(true);
    expect(carriesSecret({ method: "GET", path: "/api/outbox/12" }, new Headers())).toBe(true);
    // Pages read with GET, and the API's own writes, are compressed as before.
    expect(carriesSecret({ method: "GET", path: "/quiz/user-profile" }, new Headers())).toBe(false);
    expect(carriesSecret({ method: "POST", path: "/api/quiz/list" }, new Headers())).toBe(false);
    expect(carriesSecret({ method: "GET", path: "/quiz/admin/outboxes" }, new Headers())).toBe(false);
  });
});

describe("on a real Node server (@hono/node-server, as npm start serves), for a fetch client (Accept-Encoding: gzip, deflate)", () => {
  /** Serves the production handler on a socket; `answers` gets each Response the handler returned, as node-server receives it. */
  async function serveCapturing(): Promise<{ origin: string; answers: Response[]; close(): void }> {
    const { serve } = await import("@hono/node-server");
    const answers: Response[] = [];
    const node = serve({ fetch: async (request) => { const res = await server.fetch(request); answers.push(res); return res; }, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => node.once("listening", () => resolve()));
    const { port } = node.address() as import("node:net").AddressInfo;
    return { origin: `http://127.0.0.1:${port}`, answers, close: () => node.close() };
  }
  /** node-server writes a Response it made itself (holding its body) straight to the socket; any other one is read through a web stream. */
  const onFastPath = (res: Response) => Object.getOwnPropertySymbols(res).some((symbol) => symbol.description === "cache");
  const ask = (url: string, acceptEncoding: string) => new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    import("node:http").then(({ get: httpGet }) => {
      httpGet(url, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on("error", reject);
    }, reject);
  });

  it("leaves a small JSON answer the Response it was made as (on node-server's fast path), with Vary and its exact body", async () => {
    const running = await serveCapturing();
    try {
      const { headers, body } = await ask(`${running.origin}/api/health`, "gzip, deflate");
      expect(headers["content-encoding"]).toBeUndefined();
      expect(headers["vary"]).toMatch(/accept-encoding/i);
      expect(Number(headers["content-length"])).toBe(body.length);
      expect(JSON.parse(body.toString())).toBeTruthy();
      expect(onFastPath(running.answers[0])).toBe(true);
    } finally {
      running.close();
    }
  });

  it("compresses an exam paper's JSON with gzip or Brotli, decoding to the same JSON, its length exact, still on the fast path", async () => {
    const running = await serveCapturing();
    try {
      const plain = JSON.stringify(PAPER);
      expect(plain.length).toBeGreaterThan(COMPRESS_THRESHOLD);
      const gz = await ask(`${running.origin}/quiz/paper.json`, "gzip, deflate");
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(Number(gz.headers["content-length"])).toBe(gz.body.length);
      expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(PAPER);
      expect(gz.body.length).toBeLessThan(plain.length / 3);
      const br = await ask(`${running.origin}/quiz/paper.json`, "br");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(PAPER);
      expect(running.answers.every(onFastPath)).toBe(true);
    } finally {
      running.close();
    }
  });

  it("compresses a JSON answer too big to compress at once (the OpenAPI document) in the thread pool, decoding to the same JSON", async () => {
    const running = await serveCapturing();
    try {
      const plain = await (await get("/api/openapi.json")).text();
      expect(plain.length).toBeGreaterThan(COMPRESS_AT_ONCE_MAX);
      const gz = await ask(`${running.origin}/api/openapi.json`, "gzip, deflate");
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(JSON.parse(plain));
    } finally {
      running.close();
    }
  });
});

describe("Accept-Encoding", () => {
  it("prefers Brotli, then gzip, honours q-values, q=0 and the wildcard", () => {
    expect(chooseContentCoding("gzip, deflate, br")).toBe("br");
    expect(chooseContentCoding("gzip")).toBe("gzip");
    expect(chooseContentCoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(chooseContentCoding("*")).toBe("br");
    expect(chooseContentCoding("*, br;q=0")).toBe("gzip");
    expect(chooseContentCoding("identity")).toBeNull();
    expect(chooseContentCoding("")).toBeNull();
    expect(chooseContentCoding(null)).toBeNull();
    expect(chooseContentCoding("gzip;q=garbage")).toBeNull();
  });
});
