import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTenant, createUser, TEST_PASSWORD } from "../../test-support/factories.node.ts";
import type { AppServices } from "../../services/core/app-services";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "../../services/auth/password";
import { authTestApp, fromNewAddress, post } from "./auth-helpers.node.ts";

// The real verifier, watched: the test sees which hash every sign-in paid for.
vi.mock("../../services/auth/password", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../services/auth/password")>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

/** Everything of a PHC string but salt and digest: the algorithm and its cost. */
const costOf = (phc: string) => phc.split("$").slice(0, 4).join("$");
const digestLengthOf = (phc: string) => atob(phc.split("$")[5]).length;

describe("sign-in timing does not reveal which e-mails have a password", () => {
  let app: Awaited<ReturnType<typeof authTestApp>>["app"];
  let services: AppServices;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  const verifier = vi.mocked(verifyPassword);

  beforeAll(async () => {
    ({ app, services } = await authTestApp());
    tenant = await createTenant(services.db, "Timing School");
  });
  beforeEach(() => verifier.mockClear());

  it("the dummy hash costs what a real one costs and matches no password", async () => {
    const real = await hashPassword("any password at all", null);
    expect(costOf(DUMMY_PASSWORD_HASH)).toBe(costOf(real));
    expect(costOf(DUMMY_PASSWORD_HASH)).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);
    expect(digestLengthOf(DUMMY_PASSWORD_HASH)).toBe(digestLengthOf(real));
    expect(await verifyPassword("", DUMMY_PASSWORD_HASH, null)).toBe(false);
  });

  it("an unknown e-mail runs the password verifier once, against the dummy hash", async () => {
    const res = await post(app, "/login", { email: "nobody-at-all@test.quiz", password: "a guess" }, fromNewAddress());
    expect(res.status).toBe(401);
    expect(verifier).toHaveBeenCalledTimes(1);
    expect(verifier).toHaveBeenCalledWith("a guess", DUMMY_PASSWORD_HASH, null);
  });

  it("an account without a password (provider only) does the same, even with the right test password", async () => {
    const providerOnly = await createUser(services.db, { businessId: tenant.business.id, userType: "Student", passwordHash: null, oidcSubject: "sub-timing" });
    const res = await post(app, "/login", { email: providerOnly.email, password: TEST_PASSWORD }, fromNewAddress());
    expect(res.status).toBe(401);
    expect(verifier).toHaveBeenCalledTimes(1);
    expect(verifier).toHaveBeenCalledWith(TEST_PASSWORD, DUMMY_PASSWORD_HASH, null);
  });

  it("a wrong password for a real account runs it once, against the account's hash", async () => {
    const res = await post(app, "/login", { email: tenant.student.email, password: "wrong password" }, fromNewAddress());
    expect(res.status).toBe(401);
    expect(verifier).toHaveBeenCalledTimes(1);
    const [, hash] = verifier.mock.calls[0];
    expect(hash).not.toBe(DUMMY_PASSWORD_HASH);
    expect(costOf(hash)).toBe(costOf(DUMMY_PASSWORD_HASH));
  });
});
