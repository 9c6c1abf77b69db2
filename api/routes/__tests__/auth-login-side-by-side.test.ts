import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loginThrottle } from "../../../db/schema";
import { createRemoteLikeDb } from "../../test-support/remote-like-db.node";
import { createTenant, createUser, TEST_PASSWORD } from "../../test-support/factories.node.ts";
import type { AppServices } from "../../services/core/app-services";
import { throttleKeys } from "../../services/auth/login-throttle";
import { type AuthApp, authTestApp, fromNewAddress, post, type Tenant } from "./auth-helpers.node.ts";

/**
 * Sign-in reads its throttle counters and the account together (db/prepared-batch.ts
 * readTogether): in one batch on libSQL, side by side on D1, where drizzle's batch cannot take
 * them. No D1 runs here, so this is the D1 path on a database that tells itself apart the way D1
 * does (test-support/remote-like-db.node.ts `readsSideBySide`): every rule of sign-in holds.
 */
describe("POST /auth/login with its reads side by side (as on D1)", () => {
  let app: AuthApp, services: AppServices, tenant: Tenant;

  beforeAll(async () => {
    ({ app, services } = await authTestApp({ db: await createRemoteLikeDb({ readsSideBySide: true }) }));
    tenant = await createTenant(services.db, "Side By Side School");
  });

  it("signs in, refuses a wrong password and counts it, and clears the count on the next sign-in", async () => {
    const user = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    const account = throttleKeys(user.email, "any").account;
    expect((await post(app, "/login", { email: user.email, password: "wrong" }, fromNewAddress())).status).toBe(401);
    expect((await services.db.select().from(loginThrottle).where(eq(loginThrottle.key, account)))[0]?.failures).toBe(1);
    const signedIn = await post(app, "/login", { email: user.email, password: TEST_PASSWORD }, fromNewAddress());
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ id: user.id, userType: "Student" });
    expect((await services.db.select().from(loginThrottle).where(eq(loginThrottle.key, account)))[0]?.failures ?? 0).toBe(0);
  });

  it("locks the account after 10 failures, the right password included", async () => {
    const user = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    for (let i = 0; i < 10; i++) expect((await post(app, "/login", { email: user.email, password: `wrong ${i}` }, fromNewAddress())).status).toBe(401);
    const locked = await post(app, "/login", { email: user.email, password: TEST_PASSWORD }, fromNewAddress());
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: "SIGN_IN_THROTTLED" });
  });
});
