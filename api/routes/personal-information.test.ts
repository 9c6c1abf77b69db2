import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { PERSONAL_INFORMATION_UPDATED, USERNAME_TAKEN } from "../services/users/update-personal-information";
import { eachTestBed } from "../test-support/test-bed.node";

/** ADR 0046: the signed-in user changes their own names, and only their own. */
const bed = eachTestBed("Profile School");
const { post, call } = bed;

const rowOf = async (id: number) => (await bed.services.db.select().from(users).where(eq(users.id, id)))[0];

describe("POST /api/users/me/update", () => {
  it("changes the caller's full name and username, and the session user reads the new name", async () => {
    const res = await post(bed.tenant.student, "/users/me/update", { fullname: "  Ada Lovelace ", username: "ada" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: PERSONAL_INFORMATION_UPDATED, code: "PERSONAL_INFORMATION_UPDATED", entity: { fullname: "Ada Lovelace", username: "ada", email: bed.tenant.student.email } });
    const row = await rowOf(bed.tenant.student.id);
    expect([row.fullname, row.username, row.email]).toEqual(["Ada Lovelace", "ada", bed.tenant.student.email]);
    // The session user (the header's name) is read from the database on each request.
    const me = await call(bed.tenant.student, "GET", "/auth/me");
    expect(me.body.user.fullname).toBe("Ada Lovelace");
  });

  it("refuses a username another account of the business holds (any case), with a field error, and changes nothing", async () => {
    const res = await post(bed.tenant.student, "/users/me/update", { fullname: "New Name", username: bed.tenant.teacher.username.toUpperCase() });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ username: USERNAME_TAKEN });
    expect((await rowOf(bed.tenant.student.id)).fullname).toBe(bed.tenant.student.fullname);
  });

  it("allows a username used only in another business, and keeping one's own", async () => {
    expect((await post(bed.tenant.student, "/users/me/update", { fullname: "X", username: bed.other.student.username })).status).toBe(200);
    expect((await post(bed.tenant.teacher, "/users/me/update", { fullname: "Teacher Renamed", username: bed.tenant.teacher.username })).status).toBe(200);
  });

  it("refuses a 10,000-character name and an empty username with the registration form's messages", async () => {
    const long = await post(bed.tenant.student, "/users/me/update", { fullname: "a".repeat(10_000), username: "ok" });
    expect(long.status).toBe(400);
    expect(long.body.errors.fullname).toBe("Fullname must be at most 100 characters");
    const empty = await post(bed.tenant.student, "/users/me/update", { fullname: "Name", username: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.username).toBe("Username is required");
    expect((await rowOf(bed.tenant.student.id)).fullname).toBe(bed.tenant.student.fullname);
  });

  it("answers 401 without a session", async () => {
    const res = await post(null, "/users/me/update", { fullname: "Intruder", username: "intruder" });
    expect(res.status).toBe(401);
  });

  it("changes only the caller's row: an id in the body is ignored", async () => {
    const res = await post(bed.tenant.student, "/users/me/update", { fullname: "Mine", username: "mine", userId: bed.tenant.teacher.id, id: bed.tenant.teacher.id });
    expect(res.status).toBe(200);
    expect((await rowOf(bed.tenant.teacher.id)).fullname).toBe(bed.tenant.teacher.fullname);
    expect((await rowOf(bed.tenant.student.id)).fullname).toBe("Mine");
  });
});
