import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant } from "../../test-support/factories.node.ts";
import { users } from "../../../db/schema";
import type { AppServices } from "../../services/core/app-services";
import { authTestApp, cookiesOf, post, send } from "./auth-helpers.node.ts";
import { startTestProvider, TEST_CLIENT_ID } from "./oidc-provider.node.ts";

const INVALID = "The sign-in token is invalid or has expired";

describe("provider sign-in (OpenID Connect)", () => {
  let app: Awaited<ReturnType<typeof authTestApp>>["app"];
  let services: AppServices;
  let provider: Awaited<ReturnType<typeof startTestProvider>>;
  let first: Awaited<ReturnType<typeof createTenant>>;
  let sub = 0;
  const identity = (extra: Record<string, unknown> = {}) => {
    sub++;
    return { sub: `subject-${sub}`, email: `person${sub}@provider.test`, email_verified: true, name: `Person ${sub}`, ...extra };
  };

  beforeAll(async () => {
    provider = await startTestProvider();
    ({ app, services } = await authTestApp());
    services.config = { ...services.config, oidc: { issuer: provider.issuer, clientId: TEST_CLIENT_ID } };
    first = await createTenant(services.db, "Deployment School");
    await createTenant(services.db, "Second School");
  });
  afterAll(() => provider.close());

  const userByEmail = async (email: string) => (await services.db.select().from(users).where(eq(users.email, email)))[0];

  describe("GET /auth/provider", () => {
    it("reports the popup's settings when the provider answers", async () => {
      const res = await send(app, "GET", "/provider");
      expect(res.body).toEqual({ enabled: true, issuer: provider.issuer, clientId: TEST_CLIENT_ID, authorizationEndpoint: `${provider.issuer}/authorize` });
    });

    it("is disabled without configuration, or when the provider cannot be reached", async () => {
      const plain = await authTestApp();
      expect((await send(plain.app, "GET", "/provider")).body).toEqual({ enabled: false });
      plain.services.config = { ...plain.services.config, oidc: { issuer: "http://127.0.0.1:9", clientId: "x" } };
      expect((await send(plain.app, "GET", "/provider")).body).toMatchObject({ enabled: false });
    });
  });

  describe("POST /auth/login_with_user_module", () => {
    it("creates an unknown user as a Student of the deployment's business and signs in", async () => {
      const claims = identity({ preferred_username: "person-u" });
      const res = await post(app, "/login_with_user_module", { token: await provider.sign(claims) });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ email: claims.email, fullname: claims.name, userType: "Student", current_business: first.business.id });
      expect(cookiesOf(res.headers).quiz_access).toBe(res.body.accessToken);
      const row = await userByEmail(claims.email);
      expect(row).toMatchObject({ oidcSubject: claims.sub, passwordHash: null, username: "person-u", profile: 4 });

      const again = await post(app, "/login_with_user_module", { token: await provider.sign(claims) });
      expect(again.body.user.id).toBe(row.id);
    });

    it("links an existing account by verified e-mail", async () => {
      const claims = identity({ email: first.teacher.email.toUpperCase() });
      const res = await post(app, "/login_with_user_module", { token: await provider.sign(claims) });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ id: first.teacher.id, userType: "Teacher" });
      expect((await userByEmail(first.teacher.email)).oidcSubject).toBe(claims.sub);
    });

    it("never links or creates by an unverified e-mail", async () => {
      const claims = identity({ email: first.student.email, email_verified: false });
      const res = await post(app, "/login_with_user_module", { token: await provider.sign(claims) });
      expect(res.status).toBe(401);
      expect((await userByEmail(first.student.email)).oidcSubject).toBeNull();
      const fresh = identity({ email_verified: undefined });
      expect((await post(app, "/login_with_user_module", { token: await provider.sign(fresh) })).status).toBe(401);
      expect(await userByEmail(fresh.email)).toBeUndefined();
    });

    it.each([
      ["the wrong audience", { audience: "someone-else" }],
      ["the wrong issuer", { issuer: "https://evil.test" }],
      ["an expired token", { expiresAt: Math.floor(Date.now() / 1000) - 60 }],
      ["a key the provider does not publish", { forged: true }],
    ])("refuses %s with 401 and creates nobody", async (_name, options) => {
      const claims = identity();
      const res = await post(app, "/login_with_user_module", { token: await provider.sign(claims, options) });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: "PROVIDER_TOKEN_INVALID", message: INVALID });
      expect(await userByEmail(claims.email)).toBeUndefined();
    });

    it("refuses a token signed with a shared secret and garbage tokens", async () => {
      const hmac = await new SignJWT(identity())
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer(provider.issuer)
        .setAudience(TEST_CLIENT_ID)
        .setExpirationTime("5m")
        .sign(new TextEncoder().encode(TEST_CLIENT_ID.padEnd(32, "x")));
      expect((await post(app, "/login_with_user_module", { token: hmac })).status).toBe(401);
      expect((await post(app, "/login_with_user_module", { token: "not-a-jwt" })).status).toBe(401);
    });

    it("answers 400 for bad input and 404 when no provider is configured", async () => {
      expect((await post(app, "/login_with_user_module", {})).body.errors).toEqual({ token: "Token is required" });
      expect((await post(app, "/login_with_user_module", { token: 1 })).status).toBe(400);
      expect((await post(app, "/login_with_user_module", { token: "x".repeat(5000) })).status).toBe(400);
      expect((await post(app, "/login_with_user_module", "{")).status).toBe(400);
      const plain = await authTestApp();
      const res = await post(plain.app, "/login_with_user_module", { token: "anything" });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Sign-in with the provider is not configured");
    });

    it("answers 503 when the provider cannot be reached", async () => {
      const down = await authTestApp();
      down.services.config = { ...down.services.config, oidc: { issuer: "http://127.0.0.1:9", clientId: TEST_CLIENT_ID } };
      const res = await post(down.app, "/login_with_user_module", { token: await provider.sign(identity()) });
      expect(res.status).toBe(503);
    });
  });

  describe("POST /auth/login_with_user_module_with_user_data", () => {
    it("uses the given names when it creates the account, and ignores them otherwise", async () => {
      const claims = identity();
      const res = await post(app, "/login_with_user_module_with_user_data", { token: await provider.sign(claims), fullname: "Chosen Name", username: "chosen" });
      expect(res.status).toBe(200);
      expect(res.body.user.fullname).toBe("Chosen Name");
      const again = await post(app, "/login_with_user_module_with_user_data", { token: await provider.sign(claims), fullname: "Other" });
      expect(again.body.user.fullname).toBe("Chosen Name");
      expect((await post(app, "/login_with_user_module_with_user_data", { token: "t", fullname: "x".repeat(101) })).status).toBe(400);
    });
  });
});
