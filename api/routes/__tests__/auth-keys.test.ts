import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTenant, TEST_PASSWORD } from "../../test-support/factories.node.ts";
import { apiKeyPairs, modules } from "../../../db/schema";
import { sha256Hex } from "../../../db/hash";
import type { AppServices } from "../../services/core/app-services";
import { bearer } from "../../test-support/test-app.node.ts";
import { authTestApp, cookiesOf, post, send } from "./auth-helpers.node.ts";

describe("key pairs and POST /auth/login_using_keys", () => {
  let app: Awaited<ReturnType<typeof authTestApp>>["app"];
  let services: AppServices;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let other: Awaited<ReturnType<typeof createTenant>>;

  beforeAll(async () => {
    ({ app, services } = await authTestApp());
    tenant = await createTenant(services.db, "Key School");
    other = await createTenant(services.db, "Other School");
    await services.db.insert(modules).values([
      { businessId: tenant.business.id, moduleId: "quiz", name: "Quiz", identifier: "quiz", url: "http://a.test" },
      { businessId: tenant.business.id, moduleId: "crm", name: "CRM", identifier: "crm", url: "http://crm.test" },
      { businessId: other.business.id, moduleId: "hr", name: "HR", identifier: "hr", url: "http://hr.test" },
    ]);
  });

  const createKeys = async (user: Parameters<typeof bearer>[1]) => (await post(app, "/keys", { currentPassword: TEST_PASSWORD }, await bearer(services, user))).body;

  it("POST /auth/keys returns a pair once and stores only the private key's hash", async () => {
    const res = await post(app, "/keys", { currentPassword: TEST_PASSWORD }, await bearer(services, tenant.student));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      public_key: expect.stringMatching(/^pk_/),
      private_key: expect.stringMatching(/^sk_/),
      module_id: "quiz",
      expires_at: expect.any(Number),
    });
    const [row] = await services.db.select().from(apiKeyPairs).where(eq(apiKeyPairs.publicKey, res.body.public_key));
    expect(row).toMatchObject({ userId: tenant.student.id, businessId: tenant.business.id, revokedAt: null });
    expect(row.privateKeyHash).toBe(await sha256Hex(res.body.private_key));
  });

  it("signs in with the spec's answer shape, for any module of the key owner's business, and records use", async () => {
    const keys = await createKeys(tenant.teacher);
    for (const module_id of ["quiz", "crm"]) {
      const res = await post(app, "/login_using_keys", { ...keys, module_id });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: true, userexists: true, message: "Login successful", user: { id: tenant.teacher.id } });
      expect(res.body.token).toBe(res.body.accessToken);
      expect(res.body.refreshToken).toEqual(expect.any(String));
      expect(cookiesOf(res.headers).quiz_access).toBe(res.body.token);
    }
    const [row] = await services.db.select().from(apiKeyPairs).where(eq(apiKeyPairs.publicKey, keys.public_key));
    expect(row.lastUsedAt).not.toBeNull();
  });

  it("answers 401 with status false for a wrong private key, unknown public key, or another business's module", async () => {
    const keys = await createKeys(tenant.student);
    for (const body of [
      { ...keys, private_key: `${keys.private_key}x` },
      { ...keys, public_key: "pk_unknown" },
      { ...keys, module_id: "hr" },
      { ...keys, module_id: "nonexistent" },
    ]) {
      const res = await post(app, "/login_using_keys", body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: false, userexists: false, code: "LOGIN_INCORRECT", message: "The login detail is incorrect" });
    }
  });

  it("a new pair replaces the old one, and DELETE /auth/keys revokes the current one", async () => {
    const first = await createKeys(other.teacher);
    const second = await createKeys(other.teacher);
    expect((await post(app, "/login_using_keys", { ...first, module_id: "hr" })).status).toBe(401);
    expect((await post(app, "/login_using_keys", { ...second, module_id: "hr" })).status).toBe(200);

    const revoked = await send(app, "DELETE", "/keys", undefined, await bearer(services, other.teacher));
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ message: "Key pair revoked", revoked: 1 });
    expect((await post(app, "/login_using_keys", { ...second, module_id: "hr" })).status).toBe(401);
    const again = await send(app, "DELETE", "/keys", undefined, await bearer(services, other.teacher));
    expect(again.body.revoked).toBe(0);
  });

  it("revoking touches only the caller's own pairs", async () => {
    const keys = await createKeys(tenant.owner);
    await send(app, "DELETE", "/keys", undefined, await bearer(services, other.owner));
    expect((await post(app, "/login_using_keys", { ...keys, module_id: "quiz" })).status).toBe(200);
  });

  it("answers 400 with the spec's field messages for missing, empty, wrongly typed or over-long keys", async () => {
    const missing = await post(app, "/login_using_keys", {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      status: false,
      userexists: false,
      errors: { public_key: "Public key is invalid", private_key: "Private key is invalid", module_id: "Module id is invalid" },
    });
    const bad = await post(app, "/login_using_keys", { public_key: "", private_key: 5, module_id: "m".repeat(101) });
    expect(bad.body.errors).toEqual({ public_key: "Public key is invalid", private_key: "Private key is invalid", module_id: "Module id is invalid" });
    const malformed = await post(app, "/login_using_keys", "{");
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ status: false, userexists: false, message: expect.any(String) });
  });

  it("needs a session to create or revoke keys", async () => {
    expect((await post(app, "/keys")).status).toBe(401);
    expect((await send(app, "DELETE", "/keys")).status).toBe(401);
  });
});
