import { describe, expect, it } from "vitest";
import { createBusiness } from "../../test-support/factories.node.ts";
import { createTestServices } from "../../test-support/test-app.node.ts";
import { Conflict } from "../core/errors";
import { EMAIL_TAKEN, insertUser } from "./create-account";

describe("insertUser", () => {
  it("turns the database's unique e-mail violation (a lost race) into a 409, not a 500", async () => {
    const services = await createTestServices();
    const business = await createBusiness(services.db);
    const values = { businessId: business.id, email: "race@test.quiz", username: "race", fullname: "Race", userType: "Student" as const, profile: 4, emailVerified: false };
    await insertUser(services, values);
    const second = insertUser(services, { ...values, username: "race2" });
    await expect(second).rejects.toBeInstanceOf(Conflict);
    await expect(second).rejects.toMatchObject({ status: 409, message: EMAIL_TAKEN });
  });

  it("does the same for a provider subject that is already linked", async () => {
    const services = await createTestServices();
    const business = await createBusiness(services.db);
    const base = { businessId: business.id, fullname: "P", userType: "Student" as const, profile: 4, oidcSubject: "same-subject", emailVerified: true };
    // Names differ, so the subject's own unique rule is what refuses the second (not the username's).
    await insertUser(services, { ...base, username: "p1", email: "p1@test.quiz" });
    await expect(insertUser(services, { ...base, username: "p2", email: "p2@test.quiz" })).rejects.toMatchObject({ status: 409 });
  });
});
