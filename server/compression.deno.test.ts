import { describe, expect, it } from "vitest";
import { withSecretsUncompressed } from "./compression.deno.ts";

/**
 * The Deno entry's wrapping (server/deno.ts): Deno.serve compresses whatever it is not told to
 * leave alone, so the answers that carry a secret must leave it marked `no-transform`, and the
 * others unmarked. Plain TypeScript, so it runs here under Node; tests/deno/smoke.spec.ts
 * checks the bytes Deno actually sends.
 */
async function cacheControlOf(path: string, answer: () => Response) {
  const handler = withSecretsUncompressed(() => answer());
  const response = await handler(new Request(`http://localhost${path}`));
  return response.headers.get("Cache-Control");
}

const json = (headers: Record<string, string> = {}) => () => new Response(JSON.stringify({ accessToken: "x".repeat(2000) }), { headers: { "Content-Type": "application/json", ...headers } });

describe("withSecretsUncompressed (server/deno.ts)", () => {
  it("marks every /api/auth answer no-transform, keeping what Cache-Control said", async () => {
    expect(await cacheControlOf("/api/auth/login", json())).toBe("no-transform");
    expect(await cacheControlOf("/api/auth/me", json({ "Cache-Control": "no-store" }))).toBe("no-store, no-transform");
  });

  it("marks any answer that sets a cookie (a page's sign-in too)", async () => {
    expect(await cacheControlOf("/quiz/auth/login", () => new Response("<p>signed in</p>", { headers: { "Set-Cookie": "session=abc; HttpOnly" } }))).toBe("no-transform");
  });

  it("copies an answer whose headers are immutable (Response.redirect) rather than failing", async () => {
    const handler = withSecretsUncompressed(() => Response.redirect("http://localhost/quiz", 302));
    const response = await handler(new Request("http://localhost/api/auth/oidc/callback"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("http://localhost/quiz");
    expect(response.headers.get("Cache-Control")).toBe("no-transform");
  });

  it("leaves the rest for Deno to compress, and does not repeat a no-transform already there", async () => {
    expect(await cacheControlOf("/api/quiz/list", json())).toBeNull();
    expect(await cacheControlOf("/quiz/student/quizPool", () => new Response("<html></html>", { headers: { "Cache-Control": "private" } }))).toBe("private");
    expect(await cacheControlOf("/api/auth/me", json({ "Cache-Control": "no-store, no-transform" }))).toBe("no-store, no-transform");
  });
});
