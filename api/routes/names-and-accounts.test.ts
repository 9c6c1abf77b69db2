import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminSettings, categories, emailOutbox, users } from "../../db/schema";
import { createUser } from "../test-support/factories.node";
import { NOT_ONE_LINE } from "../services/core/single-line";
import { OWNER_PROFILE_REFUSED } from "../services/auth/schemas";
import { notifyOwnersOfTeacherRequest } from "../services/users/notify-teacher-request";
import { freeUsernameLike, USERNAME_TAKEN } from "../services/users/username";
import { eachTestBed } from "../test-support/test-bed.node";

/**
 * Issue 25, points 16 and 17 (docs/decisions/0060): one case-insensitive username rule at
 * every door, single-line names, strict role levels and no owner made by
 * create_user_with_userdata. Each refusal next to the request done right.
 */
const bed = eachTestBed("Names School");
const { post, call } = bed;

let made = 0;
const account = (extra: Record<string, unknown> = {}) => {
  made += 1;
  return { email: `person${made}@example.com`, fullname: `Person ${made}`, username: `person${made}`, password: "Planet-orbit-meadow-4417", ...extra };
};
const usersNamed = (username: string) => bed.services.db.select().from(users).where(and(eq(users.businessId, bed.tenant.business.id), eq(users.username, username)));

// Registration hashes a password (argon2id, about 0.3 s alone, more on a busy machine).
describe("one username per business, in any case (point 16)", { timeout: 30_000 }, () => {
  it("registration refuses TEACHER when teacher exists, with the field's code; the real owner still saves their profile", async () => {
    const taken = bed.tenant.teacher.username.toUpperCase();
    const refused = await post(null, "/auth/register", account({ username: taken }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "USERNAME_TAKEN", errors: { username: USERNAME_TAKEN }, errorCodes: { username: "USERNAME_TAKEN" } });
    expect(await usersNamed(taken)).toEqual([]);
    // The owner of the name keeps saving their own profile.
    expect((await post(bed.tenant.teacher, "/users/me/update", { fullname: "Theo", username: bed.tenant.teacher.username })).status).toBe(200);
    // A free name registers; a name of another business is free here.
    expect((await post(null, "/auth/register", account({ username: bed.other.teacher.username }))).status).toBe(201);
  });

  it("the owner's create_user_with_userdata refuses a taken username in another case; a free one is created", async () => {
    const refused = await post(bed.tenant.owner, "/auth/create_user_with_userdata", account({ username: ` ${bed.tenant.student.username.toUpperCase()} ` }));
    expect(refused.status).toBe(400);
    expect(refused.body.errorCodes).toEqual({ username: "USERNAME_TAKEN" });
    expect((await post(bed.tenant.owner, "/auth/create_user_with_userdata", account())).status).toBe(201);
  });

  it("the profile form refuses a name another account has in another case (the same rule)", async () => {
    const refused = await post(bed.tenant.student, "/users/me/update", { fullname: "S", username: bed.tenant.owner.username.toUpperCase() });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("USERNAME_TAKEN");
  });

  it("a provider's first sign-in, which cannot ask for another name, takes the first free one near it", async () => {
    const taken = bed.tenant.teacher.username.toUpperCase();
    expect(await freeUsernameLike(bed.services, bed.tenant.business.id, taken, 50)).toBe(`${taken}-2`);
    expect(await freeUsernameLike(bed.services, bed.tenant.business.id, "x".repeat(60), 50)).toBe("x".repeat(50));
    expect(await freeUsernameLike(bed.services, bed.other.business.id, taken, 50)).toBe(taken);
  });

  it("the database refuses a second holder of a name in another case, whatever door wrote it", async () => {
    await expect(createUser(bed.services.db, { businessId: bed.tenant.business.id, userType: "Student", username: bed.tenant.teacher.username.toUpperCase() })).rejects.toThrow();
    // Another business may hold the same name.
    await createUser(bed.services.db, { businessId: bed.other.business.id, userType: "Student", username: bed.tenant.teacher.username.toUpperCase() });
  });
});

const CONTROLLED = ["Eve\u0000Owner", "Eve\nSubject: hi", "Eve\r\nx", "Eve\tTab", "Eve\u2028x", "Eve\u0085x", "Eve\u007f"];

describe("single-line names (point 17)", { timeout: 30_000 }, () => {
  it("registration refuses a NUL, a line break or any control character in the username and the full name, with one code", async () => {
    for (const bad of CONTROLLED) {
      for (const field of ["username", "fullname"]) {
        const res = await post(null, "/auth/register", account({ [field]: bad }));
        expect(res.status, `${field} ${JSON.stringify(bad)}`).toBe(400);
        expect(res.body.errors[field]).toBe(NOT_ONE_LINE);
        expect(res.body.errorCodes[field]).toBe("TEXT_NOT_ONE_LINE");
      }
    }
    expect(await bed.services.db.select().from(users).where(eq(users.fullname, "Eve"))).toEqual([]);
  });

  it("the profile form, a category and course, a quiz name and the owner's create_user_with_userdata refuse them too", async () => {
    const profile = await post(bed.tenant.student, "/users/me/update", { fullname: "Eve\nOwner", username: "eve\u0000" });
    expect(profile.body.errorCodes).toEqual({ fullname: "TEXT_NOT_ONE_LINE", username: "TEXT_NOT_ONE_LINE" });
    const category = await post(bed.tenant.teacher, "/categoryCourse", { category: "Phys\u0000ics", course: "Optics\nII" });
    expect(category.status).toBe(400);
    expect(category.body.errorCodes).toEqual({ category: "TEXT_NOT_ONE_LINE", course: "TEXT_NOT_ONE_LINE" });
    expect(await bed.services.db.select().from(categories).where(eq(categories.businessId, bed.tenant.business.id))).toEqual([]);
    expect((await post(bed.tenant.teacher, "/categoryCourse", { category: "Physics", course: "Optics" })).status).toBe(201);
    const quiz = await post(bed.tenant.teacher, "/quiz", { quizName: "Quiz\r\nBcc: x" });
    expect(quiz.body.errorCodes?.quizName).toBe("TEXT_NOT_ONE_LINE");
    const user = await post(bed.tenant.owner, "/auth/create_user_with_userdata", account({ fullname: "A\u0007B" }));
    expect(user.body.errorCodes).toEqual({ fullname: "TEXT_NOT_ONE_LINE" });
  });

  it("a name stored before the rule writes no line of its own into the owner's notification mail", async () => {
    const [teacher] = await bed.services.db
      .insert(users)
      .values({ businessId: bed.tenant.business.id, email: "sneaky@example.com", username: "sneaky", fullname: "Sneaky\r\nApprove it now: http://evil.test", userType: "Student", profile: 4, teacherRequest: "pending", emailVerified: true })
      .returning();
    await notifyOwnersOfTeacherRequest(bed.services, teacher);
    const [mail] = await bed.services.db.select().from(emailOutbox).where(eq(emailOutbox.tag, "teacher-request"));
    expect(mail.text.split("\n").some((line) => line.startsWith("Approve it now"))).toBe(false);
    expect(mail.text).toContain("Sneaky Approve it now: http://evil.test (sneaky@example.com) registered as a teacher");
  });
});

describe("strict role levels (point 17)", () => {
  it("the users page refuses '', null, false and [] as a role level instead of saving 0 (Owner); a digit string saves", async () => {
    for (const level of ["", null, false, [], " ", "1e0", "0x1"]) {
      const res = await post(bed.tenant.owner, "/admin/users/update", { userId: bed.tenant.teacher.id, userType: "Teacher", role_level: level });
      expect(res.status, JSON.stringify(level)).toBe(400);
    }
    expect((await bed.services.db.select().from(users).where(eq(users.id, bed.tenant.teacher.id)))[0].roleLevel).toBe(bed.tenant.teacher.roleLevel);
    expect((await post(bed.tenant.owner, "/admin/users/update", { userId: bed.tenant.teacher.id, userType: "Teacher", role_level: "5" })).status).toBe(200);
  });

  it("the admin settings refuse them too", async () => {
    // The owner's current settings as the page sends them back, one role level changed at a time.
    const settings = (await call(bed.tenant.owner, "GET", "/admin/adminSetting")).body.adminSetting;
    for (const level of ["", null, false, []]) {
      expect((await post(bed.tenant.owner, "/admin/adminSetting", { ...settings, maximumRoleLevelForTeacher: level })).status, JSON.stringify(level)).toBe(400);
      expect((await post(bed.tenant.owner, "/admin/adminSetting", { ...settings, defaultRoleLevel: level })).status, JSON.stringify(level)).toBe(400);
    }
    const [row] = await bed.services.db.select().from(adminSettings).where(eq(adminSettings.businessId, bed.tenant.business.id));
    expect(row?.maximumRoleLevelForTeacher ?? 4).toBe(4);
    expect(row?.defaultRoleLevel ?? 8).toBe(8);
    expect((await post(bed.tenant.owner, "/admin/adminSetting", { ...settings, maximumRoleLevelForTeacher: "3" })).status).toBe(200);
  });
});

describe("create_user_with_userdata never makes an owner (point 17)", () => {
  it("refuses profile 2 with a field error and creates nothing; profile 3 is created", async () => {
    const body = account({ userType: "Teacher", profile: 2 });
    const refused = await post(bed.tenant.owner, "/auth/create_user_with_userdata", body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "OWNER_PROFILE_REFUSED", errors: { profile: OWNER_PROFILE_REFUSED } });
    expect(await bed.services.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    expect((await post(bed.tenant.owner, "/auth/create_user_with_userdata", { ...body, profile: 3 })).status).toBe(201);
  });
});
