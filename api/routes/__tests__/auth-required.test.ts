/**
 * One security suite for every endpoint the contract marks as needing a session: without a
 * token, with a forged one and with an expired one, each answers 401 with the spec's
 * session-expired message (the UI turns it into the 'Session expired' dialog).
 */
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { createTenant } from "../../test-support/factories.node.ts";
import type { AppServices } from "../../services/core/app-services";
import { bearer, createTestApi, createTestServices } from "../../test-support/test-app.node.ts";

interface Operation {
  method: string;
  path: string;
}

let services: AppServices;
let app: ReturnType<typeof createTestApi>;
let secured: Operation[];
let expiredToken: string;

beforeAll(async () => {
  services = await createTestServices();
  app = createTestApi(services);
  const document = await (await app.request("/openapi.json")).json();
  secured = [];
  for (const [path, methods] of Object.entries<Record<string, { security?: object[] }>>(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const security = operation.security ?? [];
      // `{}` among the alternatives means the session is optional there.
      const required = security.length > 0 && security.every((alternative) => Object.keys(alternative).length > 0);
      if (required) secured.push({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, "1") });
    }
  }
  const tenant = await createTenant(services.db);
  const realNow = services.now;
  services.now = () => new Date(realNow().getTime() - 2 * services.config.accessTokenTtlSeconds * 1000);
  expiredToken = (await bearer(services, tenant.owner)).authorization;
  services.now = realNow;
});

const forged = async () =>
  `Bearer ${await new SignJWT({ bid: 1, typ: "Admin", prf: 2, rl: 0 })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer("quiz-app")
    .setSubject("1")
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode("a-different-secret-of-32-characters!!"))}`;

describe("endpoints that need a session", () => {
  it("are found in the contract", () => {
    expect(secured.length).toBeGreaterThanOrEqual(6);
    expect(secured).toContainEqual({ method: "GET", path: "/auth/me" });
  });

  for (const [label, authorization] of [
    ["no token", async () => undefined],
    ["a forged token", forged],
    ["an expired token", async () => expiredToken],
  ] as const) {
    it(`answer 401 with ${label}`, async () => {
      const token = await authorization();
      for (const { method, path } of secured) {
        const response = await app.request(path, {
          method,
          headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
          body: method === "GET" || method === "HEAD" ? undefined : "{}",
        });
        expect(response.status, `${method} ${path}`).toBe(401);
        expect((await response.json()).message, `${method} ${path}`).toBe("Your session has expired. Login again");
      }
    });
  }
});
