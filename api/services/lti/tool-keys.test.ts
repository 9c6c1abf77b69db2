/**
 * The tool's keys (issue 29 point 1, ADR 0088): sealed at rest, published at /api/lti/jwks by
 * kid with a short cache, rotated without breaking a message signed just before, and a server
 * without its secrets key answers a coded 503, never a 500.
 */
import { createLocalJWKSet, exportJWK, jwtVerify, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { ltiToolKeys } from "../../../db/schema";
import { createTenant } from "../../test-support/factories.node";
import { bearer, createTestApi, createTestServices } from "../../test-support/test-app.node";
import { JWKS_MAX_AGE_SECONDS } from "../../routes/lti-platforms";
import { publishedKeySet, RETIRED_KEY_PUBLISHED_MS, rotateSigningKey, signingKey, ToolKeysUnavailable } from "./tool-keys";

const SECRETS = "s".repeat(32);
const OTHER_SECRETS = "o".repeat(32);

async function signed(privateKey: CryptoKey, kid: string, now: Date) {
  return new SignJWT({ purpose: "test" })
    .setProtectedHeader({ alg: "RS256", kid })
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + 3600)
    .sign(privateKey);
}

describe("the tool's signing keys", () => {
  it("the stored private JWK is sealed: none of the key's private numbers are in the row, and another secrets key cannot open it", async () => {
    const { db } = await createTestServices();
    const now = new Date();
    const key = await signingKey(db, SECRETS, now);
    const privateJwk = await exportJWK(key.privateKey);
    const [row] = await db.select().from(ltiToolKeys);
    for (const part of ["d", "p", "q", "dp", "dq", "qi"] as const) {
      expect(privateJwk[part]).toBeTruthy();
      expect(row.privateJwkSealed).not.toContain(privateJwk[part]);
    }
    expect(row.publicJwk).not.toContain(`"d"`);
    await expect(signingKey(db, OTHER_SECRETS, now)).rejects.toBeInstanceOf(ToolKeysUnavailable);
    await expect(signingKey(db, null, now)).rejects.toBeInstanceOf(ToolKeysUnavailable);
    // The right key still opens it (the failure above is the key's, not the row's).
    expect((await signingKey(db, SECRETS, now)).kid).toBe(key.kid);
  });

  it("a message signed before a rotation still verifies against the published set; once the retired key's week is over it does not", async () => {
    const { db } = await createTestServices();
    const before = new Date("2026-11-01T10:00:00Z");
    const old = await signingKey(db, SECRETS, before);
    const token = await signed(old.privateKey, old.kid, before);
    const rotatedAt = new Date(before.getTime() + 60_000);
    const next = await rotateSigningKey(db, SECRETS, rotatedAt);
    expect(next.kid).not.toBe(old.kid);
    expect((await signingKey(db, SECRETS, rotatedAt)).kid).toBe(next.kid);

    const published = await publishedKeySet(db, rotatedAt);
    expect(published.keys.map((key) => key.kid)).toEqual([next.kid, old.kid]);
    const { payload } = await jwtVerify(token, createLocalJWKSet(published), { algorithms: ["RS256"], currentDate: rotatedAt });
    expect(payload.purpose).toBe("test");

    const weekLater = new Date(rotatedAt.getTime() + RETIRED_KEY_PUBLISHED_MS + 1000);
    const later = await publishedKeySet(db, weekLater);
    expect(later.keys.map((key) => key.kid)).toEqual([next.kid]);
    await expect(jwtVerify(token, createLocalJWKSet(later), { algorithms: ["RS256"], currentDate: rotatedAt })).rejects.toThrow();
  });
});

describe("GET /api/lti/jwks and the owner's rotation", () => {
  it("answers the public keys by kid with a short public cache, never a private part; the owner's rotation adds a key and keeps the old", async () => {
    const services = await createTestServices();
    const app = createTestApi(services);
    const { owner, teacher } = await createTenant(services.db);
    const empty = await app.request("/lti/jwks");
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ keys: [] });

    const first = await signingKey(services.db, services.config.paymentSecretsKey, services.now());
    const answer = await app.request("/lti/jwks");
    expect(answer.headers.get("cache-control")).toBe(`public, max-age=${JWKS_MAX_AGE_SECONDS}`);
    const body = (await answer.json()) as { keys: Record<string, string>[] };
    expect(body.keys).toEqual([expect.objectContaining({ kid: first.kid, alg: "RS256", use: "sig", kty: "RSA" })]);
    expect(Object.keys(body.keys[0]).sort()).toEqual(["alg", "e", "kid", "kty", "n", "use"]);

    const refused = await app.request("/lti/platform/rotateKey", { method: "POST", headers: await bearer(services, teacher) });
    expect(refused.status).toBe(403);
    // The key was made a moment ago: a second rotation within the hour is a 429 (a key per hour is plenty).
    const tooSoon = await app.request("/lti/platform/rotateKey", { method: "POST", headers: await bearer(services, owner) });
    expect(tooSoon.status).toBe(429);
    services.now = () => new Date(Date.now() + 2 * 60 * 60 * 1000);
    const rotated = await app.request("/lti/platform/rotateKey", { method: "POST", headers: await bearer(services, owner) });
    expect(rotated.status).toBe(200);
    const { kid, code } = (await rotated.json()) as { kid: string; code: string };
    expect(code).toBe("LTI_KEY_ROTATED");
    const after = (await (await app.request("/lti/jwks")).json()) as { keys: { kid: string }[] };
    expect(after.keys.map((key) => key.kid)).toEqual([kid, first.kid]);
  });

  it("without the server's secrets key the rotation is a coded 503 (LTI_TOOL_KEYS_UNAVAILABLE), not a 500", async () => {
    const base = await createTestServices();
    const services = await createTestServices({ db: base.db, config: { ...base.config, paymentSecretsKey: null } });
    const app = createTestApi(services);
    const { owner } = await createTenant(services.db);
    const answer = await app.request("/lti/platform/rotateKey", { method: "POST", headers: await bearer(services, owner) });
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ code: "LTI_TOOL_KEYS_UNAVAILABLE" });
  });
});
