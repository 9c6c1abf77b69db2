import { beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../../db/hash";
import { apiKeyPairs } from "../../../db/schema";
import type { AppServices } from "../../services/core/app-services";
import { LOGIN_LIMITS } from "../../services/auth/login-throttle";
import { type AuthApp, authSchool, type MovableClock, post, type Tenant } from "./auth-helpers.node.ts";

describe("POST /auth/login_using_keys is throttled per public key", () => {
  let app: AuthApp, services: AppServices, clock: MovableClock, tenant: Tenant;

  beforeAll(async () => {
    ({ app, services, clock, tenant } = await authSchool("Key Throttle School", { quizModule: true }));
  });

  /** A pair as create-key-pair stores it (the private key only as its hash). */
  async function keyPair(user: { id: number; businessId: number }, name: string) {
    const pair = { public_key: `pk_${name}`, private_key: `sk_${name}_${"s".repeat(40)}`, module_id: "quiz" };
    await services.db.insert(apiKeyPairs).values({
      userId: user.id,
      businessId: user.businessId,
      publicKey: pair.public_key,
      privateKeyHash: await sha256Hex(pair.private_key),
      createdAt: services.now(),
      expiresAt: new Date(services.now().getTime() + 180 * 24 * 3600 * 1000),
    });
    return pair;
  }

  it("30 wrong private keys meet 429 with Retry-After; then even the right key is refused until the lock ends", async () => {
    expect(LOGIN_LIMITS.publicKey).toBe(30);
    const keys = await keyPair(tenant.student, "guessed");
    const untouched = await keyPair(tenant.teacher, "untouched");
    for (let i = 0; i < 30; i++) {
      const wrong = await post(app, "/login_using_keys", { ...keys, private_key: `sk_guess_${i}` }, { "x-forwarded-for": `198.51.100.${i}` });
      expect(wrong.status).toBe(401);
    }
    const locked = await post(app, "/login_using_keys", keys);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ status: false, userexists: false, message: expect.stringMatching(/^Too many failed sign-in attempts/) });
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    // Another public key is not affected.
    expect((await post(app, "/login_using_keys", untouched)).status).toBe(200);

    clock.advance(15 * 60 * 1000 + 1000);
    const later = await post(app, "/login_using_keys", keys);
    expect(later.status).toBe(200);
    expect(later.body.user.id).toBe(tenant.student.id);
  });

  it("a successful key login clears the public key's earlier failures", async () => {
    const keys = await keyPair(tenant.owner, "owner");
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 20; i++) expect((await post(app, "/login_using_keys", { ...keys, private_key: `sk_nope_${i}` })).status).toBe(401);
      expect((await post(app, "/login_using_keys", keys)).status).toBe(200);
    }
  });
});
