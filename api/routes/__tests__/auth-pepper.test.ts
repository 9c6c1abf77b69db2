import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTenant, TEST_PASSWORD } from "../../test-support/factories.node.ts";
import { users } from "../../../db/schema";
import { readConfig } from "../../services/core/config";
import { verifyPassword } from "../../services/auth/password";
import { authTestApp, post } from "./auth-helpers.node.ts";

const PEPPER = "school-pepper-kept-outside-the-database";

describe("a deployment with PASSWORD_PEPPER", () => {
  it("keys an older, unpeppered hash at the next successful sign-in, and signs in with it afterwards", async () => {
    const config = readConfig({ JWT_SECRET: "x".repeat(32), PASSWORD_PEPPER: PEPPER });
    const { app, services } = await authTestApp({ config });
    const { student } = await createTenant(services.db); // hashed without a pepper (api/test-support/factories.node.ts)
    const stored = async () => (await services.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, student.id)))[0].hash!;
    expect(await stored()).not.toContain("keyid=");

    const wrong = await post(app, "/login", { email: student.email, password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(await stored()).not.toContain("keyid="); // nothing is rewritten on a failure

    expect((await post(app, "/login", { email: student.email, password: TEST_PASSWORD })).status).toBe(200);
    const keyed = await stored();
    expect(keyed).toContain(",keyid=AQ$");
    expect(await verifyPassword(TEST_PASSWORD, keyed, PEPPER)).toBe(true);
    expect(await verifyPassword(TEST_PASSWORD, keyed, null)).toBe(false);

    expect((await post(app, "/login", { email: student.email, password: TEST_PASSWORD })).status).toBe(200);
    expect(await stored()).toBe(keyed);
  });

  it("keys every new password: registration", async () => {
    const config = readConfig({ JWT_SECRET: "x".repeat(32), PASSWORD_PEPPER: PEPPER });
    const { app, services } = await authTestApp({ config });
    await createTenant(services.db);
    const res = await post(app, "/register", { email: "pepper@school.test", fullname: "Pia Pepper", username: "pia", password: "Lantern-orbit-meadow-72" });
    expect(res.status).toBe(201);
    const [row] = await services.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, "pepper@school.test"));
    expect(await verifyPassword("Lantern-orbit-meadow-72", row.hash!, PEPPER)).toBe(true);
    expect(row.hash).toContain(",keyid=AQ$");
  });

  it("refuses a pepper shorter than 32 characters", () => {
    expect(() => readConfig({ JWT_SECRET: "x".repeat(32), PASSWORD_PEPPER: "short" })).toThrow("PASSWORD_PEPPER must be at least 32 characters");
  });
});
