import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLATFORM_MAX_BYTES, platformFetch } from "./platform-fetch";

/** Every call to an LMS (issue 29): what a misbehaving LMS answers becomes a reason code, never a throw of its own. */
const held: ServerResponse[] = [];
const server = createServer((request, response) => {
  const path = request.url ?? "/";
  if (path === "/json") return void response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
  if (path === "/empty") return void response.writeHead(204).end();
  if (path === "/garbage") return void response.writeHead(200, { "content-type": "application/json" }).end("<html>oops");
  if (path === "/down") return void response.writeHead(502).end("Bad gateway");
  if (path === "/refused") return void response.writeHead(403).end("{}");
  if (path === "/huge") return void response.writeHead(200).end("x".repeat(PLATFORM_MAX_BYTES + 10));
  if (path === "/same-host") return void response.writeHead(302, { location: "/json" }).end();
  if (path === "/other-host") return void response.writeHead(302, { location: "https://evil.example/steal" }).end();
  if (path === "/slow") return void held.push(response);
  response.writeHead(404).end();
});
let origin = "";
const allow = { ltiAllowHttp: true };

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  held.forEach((response) => response.end());
  server.closeAllConnections();
  server.close();
});

const reasonOf = (address: string, config = allow, timeoutMs?: number) =>
  platformFetch(config, address, { timeoutMs }).then(
    () => "answered",
    (error: { reason?: string }) => error.reason ?? String(error),
  );

describe("platformFetch", () => {
  it("answers JSON, an empty body, and a redirect within the same host", async () => {
    expect((await platformFetch(allow, `${origin}/json`)).json).toEqual({ ok: true });
    expect((await platformFetch(allow, `${origin}/empty`)).json).toBeUndefined();
    expect((await platformFetch(allow, `${origin}/same-host`)).json).toEqual({ ok: true });
  });

  it("turns garbage, a 5xx, a 4xx, an oversized body and a silent LMS into reason codes", async () => {
    expect(await reasonOf(`${origin}/garbage`)).toBe("LTI_LMS_GARBAGE");
    expect(await reasonOf(`${origin}/down`)).toBe("LTI_LMS_SERVER_ERROR");
    expect(await reasonOf(`${origin}/refused`)).toBe("LTI_LMS_REFUSED");
    expect(await reasonOf(`${origin}/huge`)).toBe("LTI_LMS_TOO_LARGE");
    expect(await reasonOf(`${origin}/slow`, allow, 200)).toBe("LTI_LMS_TIMEOUT");
    expect(await reasonOf("http://127.0.0.1:1/nothing-listens")).toBe("LTI_LMS_UNREACHABLE");
  });

  it("follows no redirect to another host, and calls http only to this machine when allowed", async () => {
    expect(await reasonOf(`${origin}/other-host`)).toBe("LTI_LMS_REDIRECT_REFUSED");
    expect(await reasonOf(`${origin}/json`, { ltiAllowHttp: false })).toBe("LTI_LMS_URL_REFUSED");
    expect(await reasonOf("http://lms.example/token")).toBe("LTI_LMS_URL_REFUSED");
    expect(await reasonOf("https://user:pass@lms.example/token")).toBe("LTI_LMS_URL_REFUSED");
    expect(await reasonOf("not a url")).toBe("LTI_LMS_URL_REFUSED");
  });
});
