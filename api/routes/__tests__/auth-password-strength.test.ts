import { count, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createUser } from "../../test-support/factories.node.ts";
import { emailOutbox, passwordResetTokens, users } from "../../../db/schema";
import type { AppServices } from "../../services/core/app-services";
import { WEAK_PASSWORD } from "../../services/auth/password-strength";
import { authTestApp, post } from "./auth-helpers.node.ts";

describe("guessable passwords are refused where a password is set", () => {
  let app: Awaited<ReturnType<typeof authTestApp>>["app"];
  let services: AppServices;
  let businessId: number;
  beforeAll(async () => {
    ({ app, services } = await authTestApp());
    businessId = (await createBusiness(services.db)).id;
  });
  const userCount = async () => (await services.db.select({ n: count() }).from(users))[0].n;

  it("registration answers 400 on the password field and creates nothing", async () => {
    const before = await userCount();
    for (const password of ["123456789012", "password1234", "alicesmith123"]) {
      const res = await post(app, "/register", { email: "alice@school.test", fullname: "Alice Smith", username: "alice", password });
      expect(res.status, password).toBe(400);
      expect(res.body).toEqual({ code: "PASSWORD_WEAK", message: WEAK_PASSWORD, errors: { password: WEAK_PASSWORD }, errorCodes: { password: "PASSWORD_WEAK" } });
    }
    expect(await userCount()).toBe(before);
    const strong = await post(app, "/register", { email: "alice@school.test", fullname: "Alice Smith", username: "alice", password: "Lantern-orbit-meadow-72" });
    expect(strong.status).toBe(201);
  });

  it("a reset answers 400 on the password field and leaves the link usable", async () => {
    const user = await createUser(services.db, { businessId, userType: "Student" });
    expect((await post(app, "/forgot-password", { email: user.email })).status).toBe(200);
    const [mail] = await services.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
    const token = mail.text.match(/reset-password\/([A-Za-z0-9_-]+)/)![1];

    const weak = await post(app, "/reset-password", { token, password: "qwerty123456", confirmPassword: "qwerty123456" });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual({ password: WEAK_PASSWORD });
    const [row] = await services.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row.usedAt).toBeNull();

    const strong = await post(app, "/reset-password", { token, password: "Velvet-harbor-quartz-19", confirmPassword: "Velvet-harbor-quartz-19" });
    expect(strong.status).toBe(200);
  });

  it("sign-in does not judge existing passwords", async () => {
    // The demo data's Demo1234! (and any older password) keeps working: only setting one is checked.
    const user = await createUser(services.db, { businessId, userType: "Student" });
    const login = await post(app, "/login", { email: user.email, password: "Test-password-1" });
    expect(login.status).toBe(200);
  });
});
