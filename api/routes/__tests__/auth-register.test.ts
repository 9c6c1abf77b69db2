import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness } from "../../test-support/factories.node.ts";
import { users } from "../../../db/schema";
import type { AppServices } from "../../services/core/app-services";
import { authTestApp, cookiesOf, post } from "./auth-helpers.node.ts";

const valid = {
  email: "  New.Student@Example.COM ",
  fullname: "New Student",
  username: "newstudent",
  password: "correct horse",
  confirmPassword: "correct horse",
  acceptTerms: true,
};

describe("POST /auth/register", () => {
  let app: Awaited<ReturnType<typeof authTestApp>>["app"];
  let services: AppServices;
  let firstBusinessId: number;

  beforeAll(async () => {
    ({ app, services } = await authTestApp());
    firstBusinessId = (await createBusiness(services.db, { name: "First School" })).id;
    await createBusiness(services.db, { name: "Second School" });
  });

  const userCount = async () => (await services.db.select({ n: count() }).from(users))[0].n;

  it("creates a Student in the deployment's (first) business and signs in", async () => {
    const res = await post(app, "/register", valid);
    expect(res.status).toBe(201);
    expect(res.body.accessToken).toEqual(expect.any(String));
    expect(res.body.refreshToken).toEqual(expect.any(String));
    expect(res.body.user).toMatchObject({
      email: "new.student@example.com",
      fullname: "New Student",
      userType: "Student",
      profile: 4,
      // docs/decisions/0029: sign-ups start at 8 (User), below the default switch ceiling of 4.
      role_level: 8,
      teacherRequest: null,
      current_business: firstBusinessId,
      business_name: "First School",
      canSwitchUserType: false,
    });
    const cookies = cookiesOf(res.headers);
    expect(cookies.quiz_access).toBe(res.body.accessToken);
    expect(cookies.quiz_refresh).toBe(res.body.refreshToken);
    expect(res.headers.getSetCookie().every((line) => /HttpOnly/i.test(line))).toBe(true);
    const [row] = await services.db.select().from(users).where(eq(users.email, "new.student@example.com"));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("takes a Teacher sign-up as a request: a Student until the owner approves (API, without confirmPassword or acceptTerms)", async () => {
    const res = await post(app, "/register", { email: "t@example.com", fullname: "T", username: "t", password: "Teacher-orbit-meadow-4", userType: "Teacher" });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ userType: "Student", profile: 4, role_level: 8, teacherRequest: "pending", canSwitchUserType: false });
  });

  it("refuses a duplicate e-mail whatever its case", async () => {
    const before = await userCount();
    const res = await post(app, "/register", { ...valid, email: "NEW.STUDENT@example.com" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("An account with this e-mail already exists");
    expect(await userCount()).toBe(before);
  });

  it.each([
    ["missing fields", {}, { email: "Email is required", fullname: "Fullname is required", username: "Username is required", password: "Password is required" }],
    ["empty strings", { ...valid, email: " ", fullname: "" }, { email: "Email is required", fullname: "Fullname is required" }],
    ["a malformed e-mail", { ...valid, email: "not-an-email" }, { email: "Email is not valid" }],
    ["wrong types", { ...valid, email: 42, acceptTerms: "yes" }, { email: "Email is not valid", acceptTerms: "Accepting terms & conditions are required" }],
    ["a short password", { ...valid, password: "short", confirmPassword: "short" }, { password: "Password must be at least 12 characters" }],
    ["over-long strings", { ...valid, fullname: "x".repeat(101), username: "u".repeat(51) }, { fullname: "Fullname must be at most 100 characters", username: "Username must be at most 50 characters" }],
    ["mismatched confirmation", { ...valid, confirmPassword: "something else" }, { confirmPassword: "Password and Confirm Password didn't match." }],
    ["declined terms", { ...valid, acceptTerms: false }, { acceptTerms: "Accepting terms & conditions are required" }],
    ["the Admin user type", { ...valid, userType: "Admin" }, { userType: "User type is not valid" }],
  ])("answers 400 with field errors for %s and writes nothing", async (_name, body, errors) => {
    const before = await userCount();
    const res = await post(app, "/register", body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject(errors);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await userCount()).toBe(before);
  });

  it("answers 400 for malformed JSON and for a non-object body", async () => {
    const malformed = await post(app, "/register", "{ not json");
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toEqual(expect.any(String));
    const array = await post(app, "/register", [1, 2]);
    expect(array.status).toBe(400);
    expect(array.body.message).toBe("The request body must be a JSON object");
  });

  it("refuses a body that is not JSON", async () => {
    const res = await post(app, "/register", "email=a@b.co", { "content-type": "application/x-www-form-urlencoded" });
    expect(res.status).toBe(415);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it("is closed until the owner account exists", async () => {
    const empty = await authTestApp();
    const res = await post(empty.app, "/register", valid);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Registration is closed until the owner account is created");
  });
});
