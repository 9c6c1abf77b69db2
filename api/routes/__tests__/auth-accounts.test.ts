import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDepartment, createTenant } from "../../test-support/factories.node.ts";
import { users } from "../../../db/schema";
import type { AppServices } from "../../services/core/app-services";
import { bearer } from "../../test-support/test-app.node.ts";
import { authTestApp, post } from "./auth-helpers.node.ts";
import { startTestProvider, TEST_CLIENT_ID } from "./oidc-provider.node.ts";

describe("account existence and creation", () => {
  let app: Awaited<ReturnType<typeof authTestApp>>["app"];
  let services: AppServices;
  let provider: Awaited<ReturnType<typeof startTestProvider>>;
  let first: Awaited<ReturnType<typeof createTenant>>;
  let second: Awaited<ReturnType<typeof createTenant>>;
  let n = 0;
  const identity = () => {
    n++;
    return { sub: `acct-${n}`, email: `acct${n}@provider.test`, email_verified: true, name: `Account ${n}` };
  };

  beforeAll(async () => {
    provider = await startTestProvider();
    ({ app, services } = await authTestApp());
    services.config = { ...services.config, oidc: { issuer: provider.issuer, clientId: TEST_CLIENT_ID } };
    first = await createTenant(services.db, "Deployment School");
    second = await createTenant(services.db, "Second School");
  });
  afterAll(() => provider.close());

  const userCount = async () => (await services.db.select({ n: count() }).from(users))[0].n;

  describe("POST /auth/check_user_existance", () => {
    it("answers for the holder of a provider token, without a session", async () => {
      const claims = identity();
      expect((await post(app, "/check_user_existance", { token: await provider.sign(claims) })).body).toEqual({ userexists: false });
      await post(app, "/login_with_user_module", { token: await provider.sign(claims) });
      expect((await post(app, "/check_user_existance", { token: await provider.sign(claims) })).body).toEqual({ userexists: true });
      expect((await post(app, "/check_user_existance", { token: await provider.sign(claims, { audience: "other" }) })).status).toBe(401);
    });

    it("answers e-mail questions for teachers and owners, within their own business only", async () => {
      const teacher = await bearer(services, first.teacher);
      expect((await post(app, "/check_user_existance", { email: first.student.email }, teacher)).body).toEqual({ userexists: true });
      expect((await post(app, "/check_user_existance", { email: second.student.email }, teacher)).body).toEqual({ userexists: false });
      expect((await post(app, "/check_user_existance", { email: second.student.email }, await bearer(services, second.owner))).body).toEqual({ userexists: true });
    });

    it("never answers e-mail questions for anonymous callers (401) or students (403)", async () => {
      expect((await post(app, "/check_user_existance", { email: first.student.email })).status).toBe(401);
      const res = await post(app, "/check_user_existance", { email: first.teacher.email }, await bearer(services, first.student));
      expect(res.status).toBe(403);
    });

    it("answers 400 unless exactly one of email and token is sent", async () => {
      const teacher = await bearer(services, first.teacher);
      expect((await post(app, "/check_user_existance", {}, teacher)).status).toBe(400);
      expect((await post(app, "/check_user_existance", { email: first.student.email, token: "t" }, teacher)).status).toBe(400);
      expect((await post(app, "/check_user_existance", { email: "bad" }, teacher)).body.errors).toEqual({ email: "Email is not valid" });
      expect((await post(app, "/check_user_existance", "{", teacher)).status).toBe(400);
    });
  });

  describe("POST /auth/create_user", () => {
    it("creates a provider account as a Student of the deployment's business for the token's holder", async () => {
      const claims = identity();
      const res = await post(app, "/create_user", { token: await provider.sign(claims), role: "Student" });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({ email: claims.email, userType: "Student", current_business: first.business.id });
      const again = await post(app, "/create_user", { token: await provider.sign(claims) });
      expect(again.status).toBe(409);
    });

    it("lets only the owner create Teachers, in the owner's business", async () => {
      const anonymous = await post(app, "/create_user", { token: await provider.sign(identity()), role: "Teacher" });
      expect(anonymous.status).toBe(403);
      const asTeacher = await post(app, "/create_user", { token: await provider.sign(identity()), role: "Teacher" }, await bearer(services, second.teacher));
      expect(asTeacher.status).toBe(403);
      const claims = identity();
      const res = await post(app, "/create_user", { token: await provider.sign(claims), role: "Teacher" }, await bearer(services, second.owner));
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({ userType: "Teacher", current_business: second.business.id });
    });

    it("refuses invalid tokens and input, creating nobody", async () => {
      const before = await userCount();
      expect((await post(app, "/create_user", { token: await provider.sign(identity(), { forged: true }) })).status).toBe(401);
      expect((await post(app, "/create_user", { token: "t", role: "Admin" })).status).toBe(400);
      expect((await post(app, "/create_user", { role: "Student" })).body.errors).toEqual({ token: "Token is required" });
      expect(await userCount()).toBe(before);
    });
  });

  describe("POST /auth/create_user_with_userdata", () => {
    const data = (extra: Record<string, unknown> = {}) => ({ email: `made${++n}@school.test`, fullname: "Made By Owner", username: `made${n}`, ...extra });

    it("lets the owner add a user to their own business, with profile and department", async () => {
      const department = await createDepartment(services.db, { businessId: second.business.id, name: "Physics" });
      const res = await post(app, "/create_user_with_userdata", data({ userType: "Teacher", profile: 1, role_level: 3, department_id: department.id }), await bearer(services, second.owner));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        message: "User created",
        user: { userType: "Teacher", profile: 1, role_level: 3, department_name: "Physics", current_business: second.business.id },
      });
      const [row] = await services.db.select().from(users).where(eq(users.id, res.body.user.id));
      expect(row.passwordHash).toBeNull();
    });

    it("hashes a given password so that the new user can sign in", async () => {
      const body = data({ password: "initial password" });
      expect((await post(app, "/create_user_with_userdata", body, await bearer(services, first.owner))).status).toBe(201);
      expect((await post(app, "/login", { email: body.email, password: "initial password" })).status).toBe(200);
    }, 20_000);

    it("refuses other businesses' departments, unknown profiles and taken e-mails", async () => {
      const foreign = await createDepartment(services.db, { businessId: first.business.id });
      const owner = await bearer(services, second.owner);
      const department = await post(app, "/create_user_with_userdata", data({ department_id: foreign.id }), owner);
      expect(department.status).toBe(400);
      expect(department.body.errors).toEqual({ department_id: "Department is not valid" });
      expect((await post(app, "/create_user_with_userdata", data({ profile: 99 }), owner)).body.errors).toEqual({ profile: "Profile is not valid" });
      expect((await post(app, "/create_user_with_userdata", data({ email: first.student.email }), owner)).status).toBe(409);
    });

    it("is for owners only", async () => {
      const before = await userCount();
      expect((await post(app, "/create_user_with_userdata", data())).status).toBe(401);
      expect((await post(app, "/create_user_with_userdata", data(), await bearer(services, first.teacher))).status).toBe(403);
      expect((await post(app, "/create_user_with_userdata", data({ userType: "Admin" }), await bearer(services, first.owner))).status).toBe(400);
      expect((await post(app, "/create_user_with_userdata", data({ role_level: 9 }), await bearer(services, first.owner))).status).toBe(400);
      expect((await post(app, "/create_user_with_userdata", "x", await bearer(services, first.owner))).status).toBe(400);
      expect(await userCount()).toBe(before);
    });
  });
});
