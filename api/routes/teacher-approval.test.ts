import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createQuestion, createQuiz, createUser } from "../test-support/factories.node";
import { adminSettings, emailOutbox, users } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { TEACHER_SIGNUP_CLOSED } from "../services/auth/register";
import { NO_OPEN_REQUEST, OWNER_ACCOUNT_FIXED, TEACHER_REQUEST_APPROVED, TEACHER_REQUEST_REFUSED, USER_TYPE_INVALID, USER_UPDATED } from "../services/users/schemas";
import { bearer } from "../test-support/test-app.node";
import { createTestBed, type JsonAnswer, type TestApi, type TestBed, type Tenant } from "../test-support/test-bed.node";

/**
 * Issue 14 points 1 and 2 (docs/decisions/0029): nobody becomes a teacher on their own, and
 * authors see and change what is theirs. Each attack is the request that worked before,
 * next to the allowed path.
 */
let services: AppServices;
let app: TestApi;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];

beforeEach(async () => {
  ({ services, app, tenant, other, post } = await createTestBed("Approval School"));
});

let signUps = 0;
/** Registers through the public API (into the deployment's first business, the tenant) and returns its token and user. */
async function register(userType: "Student" | "Teacher") {
  signUps += 1;
  const res = await post(null, "/auth/register", {
    email: `visitor${signUps}@example.com`,
    fullname: `Visitor ${signUps}`,
    username: `visitor${signUps}`,
    password: "Planet-orbit-meadow-4417",
    userType,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { token: res.body.accessToken as string, user: res.body.user };
}

async function asToken(token: string, path: string, body: unknown): Promise<JsonAnswer> {
  const res = await app.request(path, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

const setPolicy = (values: Partial<typeof adminSettings.$inferInsert>) =>
  services.db
    .insert(adminSettings)
    .values({ businessId: tenant.business.id, ...values })
    .onConflictDoUpdate({ target: adminSettings.businessId, set: values });

// Each sign-up hashes a password (argon2id, about 0.3 s alone, more on a busy machine).
describe("a self-registered Teacher (point 1)", { timeout: 30_000 }, () => {
  it("is a Student with a pending request: no question, quiz password or bank change reaches it", async () => {
    const { question } = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
    await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, password: "open sesame" });
    const { token, user } = await register("Teacher");
    expect(user).toMatchObject({ userType: "Student", teacherRequest: "pending", role_level: 8, canSwitchUserType: false });

    // The attack of the issue: each of these answered 200 with the secret before.
    const findOne = await asToken(token, "/question/findOne", { questionId: question.id });
    expect(findOne.status).toBe(403);
    expect(JSON.stringify(findOne.body)).not.toContain("optionStatus");
    const quizzes = await asToken(token, "/quiz/allByTeacher", { queryParams: {} });
    expect(quizzes.status).toBe(403);
    const update = await asToken(token, "/question/update", { questionId: question.id, questionText: "Mine now", optionType: "radio", options: [] });
    expect(update.status).toBe(403);
    // Nor can it switch itself to Teacher: level 8 is above the default ceiling of 4.
    expect((await asToken(token, "/auth/switch_user_type", {})).status).toBe(403);
  });

  it("becomes an author once the owner approves; the old token ends with the approval", async () => {
    const { question } = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
    const { token, user } = await register("Teacher");

    const pending = await post(tenant.owner, "/admin/users", { queryParams: { filter: { teacherRequest: "pending" } } });
    expect(pending.status).toBe(200);
    expect(pending.body.entities.map((u: { userId: number }) => u.userId)).toEqual([user.id]);

    const approved = await post(tenant.owner, "/admin/users/teacherRequest", { userId: user.id, decision: "Approve" });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ message: TEACHER_REQUEST_APPROVED, code: "TEACHER_REQUEST_APPROVED", entity: { userId: user.id, userType: "Teacher", profile: 3, teacherRequest: null } });
    expect((await asToken(token, "/question/findOne", { questionId: question.id })).status).toBe(401);

    const [row] = await services.db.select().from(users).where(eq(users.id, user.id));
    const teacher = await post(row, "/question/findOne", { questionId: question.id });
    expect(teacher.status).toBe(200);
    expect(teacher.body.options.some((o: { optionStatus: boolean }) => o.optionStatus)).toBe(true);
    // Deciding again is a conflict, not a second change.
    const again = await post(tenant.owner, "/admin/users/teacherRequest", { userId: user.id, decision: "Refuse" });
    expect(again).toMatchObject({ status: 409, body: { message: NO_OPEN_REQUEST, code: "NO_TEACHER_REQUEST" } });
  });

  it("stays a Student when the owner refuses, and the session says so", async () => {
    const { token, user } = await register("Teacher");
    const refused = await post(tenant.owner, "/admin/users/teacherRequest", { userId: user.id, decision: "Refuse" });
    expect(refused.body).toMatchObject({ message: TEACHER_REQUEST_REFUSED, code: "TEACHER_REQUEST_REFUSED", entity: { userType: "Student", teacherRequest: "refused" } });
    const me = await app.request("/auth/me", { headers: { authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { user: unknown }).user).toMatchObject({ userType: "Student", teacherRequest: "refused" });
  });

  it("tells the owners by e-mail, once for a burst of requests, with a link to the Users page", async () => {
    const secondOwner = await createUser(services.db, { businessId: tenant.business.id, userType: "Admin" });
    await register("Teacher");
    await register("Teacher");
    await register("Student");
    const mails = await services.db.select().from(emailOutbox).where(eq(emailOutbox.tag, "teacher-request"));
    expect(mails.map((m) => m.to).sort()).toEqual([tenant.owner.email, secondOwner.email].sort());
    expect(mails[0].text).toContain("/quiz/admin/users?show=requests");
    expect(mails[0].text).toMatch(/Visitor \d+ \(visitor\d+@example\.com\) registered as a teacher/);
    expect(mails.every((m) => m.businessId === tenant.business.id)).toBe(true);
  });

  it("tells the teacher by e-mail when the owner decides, in the language they signed up in (issue 25 point 6)", async () => {
    const signUp = await app.request("/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "fr-FR,fr;q=0.9" },
      body: JSON.stringify({ email: "claire@example.com", fullname: "Claire Prof", username: "claire", password: "Planet-orbit-meadow-4417", userType: "Teacher" }),
    });
    expect(signUp.status).toBe(201);
    const french = ((await signUp.json()) as { user: { id: number } }).user;
    const english = (await register("Teacher")).user;

    expect((await post(tenant.owner, "/admin/users/teacherRequest", { userId: french.id, decision: "Approve" })).status).toBe(200);
    expect((await post(tenant.owner, "/admin/users/teacherRequest", { userId: english.id, decision: "Refuse" })).status).toBe(200);

    const [approved] = await services.db.select().from(emailOutbox).where(eq(emailOutbox.tag, "teacher-approved"));
    expect(approved).toMatchObject({ to: "claire@example.com", businessId: tenant.business.id, subject: "Votre compte enseignant est approuvé" });
    expect(approved.text).toContain(`Le propriétaire de ${tenant.business.name} a approuvé votre compte enseignant`);
    expect(approved.text).toContain("/quiz/auth/login");
    const [refused] = await services.db.select().from(emailOutbox).where(eq(emailOutbox.tag, "teacher-refused"));
    expect(refused).toMatchObject({ to: expect.stringMatching(/^visitor\d+@example\.com$/), subject: "Your teacher request was not approved" });
    expect(refused.text).toContain("Your account stays a student account");
  });

  it("is refused with a clear message when the owner turned teacher registration off, and writes nothing", async () => {
    await setPolicy({ teacherRegistration: "Off" });
    const before = (await services.db.select().from(users)).length;
    const res = await post(null, "/auth/register", { email: "closed@example.com", fullname: "Closed", username: "closed", password: "Planet-orbit-meadow-4417", userType: "Teacher" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: TEACHER_SIGNUP_CLOSED, code: "TEACHER_SIGNUP_CLOSED", errors: { userType: TEACHER_SIGNUP_CLOSED }, errorCodes: { userType: "TEACHER_SIGNUP_CLOSED" } });
    expect((await services.db.select().from(users)).length).toBe(before);
  });

  it("is a Teacher at once when the owner opened teacher registration, at the owner's default role level", async () => {
    await setPolicy({ teacherRegistration: "Open", defaultRoleLevel: 6 });
    expect((await register("Teacher")).user).toMatchObject({ userType: "Teacher", profile: 3, teacherRequest: null, role_level: 6 });
    expect((await register("Student")).user).toMatchObject({ userType: "Student", role_level: 6 });
  });
});

describe("the owner's accounts screen (point 1)", () => {
  it("changes a user's type and role level; a demoted teacher loses author rights at once", async () => {
    const { authorization } = await bearer(services, tenant.teacher);
    const token = authorization.replace("Bearer ", "");
    expect((await asToken(token, "/quiz/allByTeacher", { queryParams: {} })).status).toBe(200);
    const res = await post(tenant.owner, "/admin/users/update", { userId: tenant.teacher.id, userType: "Student", role_level: 7 });
    expect(res.body).toMatchObject({ message: USER_UPDATED, code: "USER_UPDATED", entity: { userType: "Student", role_level: 7, profile: 4 } });
    // The token minted before the change belongs to an ended session; a new sign-in is a Student's.
    expect((await asToken(token, "/quiz/allByTeacher", { queryParams: {} })).status).toBe(401);
    const [row] = await services.db.select().from(users).where(eq(users.id, tenant.teacher.id));
    expect((await post(row, "/quiz/allByTeacher", { queryParams: {} })).status).toBe(403);
  });

  it("lets a student the owner raises to the switch ceiling switch to Teacher", async () => {
    await post(tenant.owner, "/admin/users/update", { userId: tenant.student.id, userType: "Student", role_level: 4 });
    const [row] = await services.db.select().from(users).where(eq(users.id, tenant.student.id));
    const me = await post(row, "/auth/switch_user_type", {});
    expect(me.status, JSON.stringify(me.body)).toBe(200);
  });

  it("is the owner's alone, within the owner's business, never on an owner's account", async () => {
    for (const who of [tenant.teacher, tenant.student]) {
      expect((await post(who, "/admin/users", { queryParams: {} })).status).toBe(403);
      expect((await post(who, "/admin/users/update", { userId: tenant.student.id, userType: "Teacher", role_level: 0 })).status).toBe(403);
      expect((await post(who, "/admin/users/teacherRequest", { userId: tenant.student.id, decision: "Approve" })).status).toBe(403);
    }
    expect((await post(null, "/admin/users", { queryParams: {} })).status).toBe(401);
    expect((await post(tenant.owner, "/admin/users/update", { userId: other.teacher.id, userType: "Student", role_level: 8 })).status).toBe(404);
    const secondOwner = await createUser(services.db, { businessId: tenant.business.id, userType: "Admin" });
    for (const userId of [tenant.owner.id, secondOwner.id]) {
      const res = await post(tenant.owner, "/admin/users/update", { userId, userType: "Student", role_level: 8 });
      expect(res).toMatchObject({ status: 403, body: { message: OWNER_ACCOUNT_FIXED, code: "OWNER_ACCOUNT_FIXED" } });
    }
    const list = await post(tenant.owner, "/admin/users", { queryParams: { pageSize: 100 } });
    expect(list.body.entities.map((u: { email: string }) => u.email).sort()).toEqual([tenant.owner, tenant.teacher, tenant.student, secondOwner].map((u) => u.email).sort());
    expect(JSON.stringify(list.body)).not.toContain("argon2");
    const changeable = Object.fromEntries(list.body.entities.map((u: { userId: number; changeable: boolean }) => [u.userId, u.changeable]));
    expect(changeable).toEqual({ [tenant.owner.id]: false, [secondOwner.id]: false, [tenant.teacher.id]: true, [tenant.student.id]: true });
  });

  it("validates its input and changes nothing on bad input", async () => {
    for (const body of [{ userId: tenant.student.id, userType: "Admin", role_level: 1 }, { userId: tenant.student.id, userType: "Teacher", role_level: 9 }, { userId: "x" }, "[]"]) {
      const res = await post(tenant.owner, "/admin/users/update", body);
      expect(res.status).toBe(400);
    }
    // The page's own field checks, by code (docs/decisions/0061), the English as before.
    const wrongType = await post(tenant.owner, "/admin/users/update", { userId: tenant.student.id, userType: "Admin", role_level: 1 });
    expect(wrongType.body).toMatchObject({ code: "USER_TYPE_INVALID", message: USER_TYPE_INVALID, errors: { userType: USER_TYPE_INVALID }, errorCodes: { userType: "USER_TYPE_INVALID" } });
    const wrongLevel = await post(tenant.owner, "/admin/users/update", { userId: tenant.student.id, userType: "Teacher", role_level: 9 });
    expect(wrongLevel.body).toMatchObject({ code: "USER_ROLE_LEVEL_INVALID", message: "Role level must be a whole number from 0 to 8", errorCodes: { role_level: "USER_ROLE_LEVEL_INVALID" } });
    expect((await post(tenant.owner, "/admin/users", { queryParams: { sortField: "passwordHash" } })).status).toBe(400);
    expect((await post(tenant.owner, "/admin/users/teacherRequest", { userId: tenant.student.id, decision: "Approve" })).body).toMatchObject({ message: NO_OPEN_REQUEST, code: "NO_TEACHER_REQUEST" });
    const [row] = await services.db.select().from(users).where(eq(users.id, tenant.student.id));
    expect(row).toMatchObject({ userType: "Student", roleLevel: tenant.student.roleLevel });
  });

  it("finds accounts by part of the name or e-mail, wildcards taken literally", async () => {
    const ada = await createUser(services.db, { businessId: tenant.business.id, userType: "Student", fullname: "Ada 100% Lovelace" });
    const found = await post(tenant.owner, "/admin/users", { queryParams: { filter: { search: "100%" } } });
    expect(found.body.entities.map((u: { userId: number }) => u.userId)).toEqual([ada.id]);
    expect((await post(tenant.owner, "/admin/users", { queryParams: { filter: { search: "_" } } })).body.totalCount).toBe(0);
  });
});

describe("authors see and change what is theirs (point 2)", () => {
  it("shows a quiz's password only to its teacher and the owner; other authors see that it has one", async () => {
    const colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });
    const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, password: "open sesame" });
    const passwordFor = async (who: typeof colleague) => {
      const all = await post(who, "/quiz/all", { queryParams: {} });
      const one = await post(who, "/quiz/findOne", { quizId: quiz.id });
      const listed = all.body.entities.find((q: { quizId: number }) => q.quizId === quiz.id);
      expect(listed.hasPassword).toBe(true);
      expect(one.body.entity.hasPassword, JSON.stringify(one.body)).toBe(true);
      expect(one.body.entity.password).toBe(listed.password);
      return listed.password;
    };
    expect(await passwordFor(colleague)).toBe("");
    expect(await passwordFor(tenant.teacher)).toBe("open sesame");
    expect(await passwordFor(tenant.owner)).toBe("open sesame");
  });

  it("lets every author read a question's key, but only its author and the owner change or delete it", async () => {
    const colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });
    const { question } = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
    const read = await post(colleague, "/question/findOne", { questionId: question.id });
    expect(read.body).toMatchObject({ mayChange: false, teacherId: tenant.teacher.id });
    expect(read.body.options.filter((o: { optionStatus: boolean }) => o.optionStatus)).toHaveLength(1);

    const edit = { ...read.body, questionText: "Changed by a colleague", answerExplaination: "<p>Because.</p>", options: read.body.options.map((o: { optionText: string }, i: number) => ({ optionText: o.optionText, optionStatus: i === 0 })) };
    const refusedEdit = await post(colleague, "/question/update", edit);
    expect(refusedEdit.status, JSON.stringify(refusedEdit.body)).toBe(403);
    expect((await post(colleague, "/question/delete", { questionId: question.id })).status).toBe(403);
    expect((await post(tenant.teacher, "/question/findOne", { questionId: question.id })).body.questionText).toBe(question.questionText);

    expect((await post(tenant.teacher, "/question/findOne", { questionId: question.id })).body.mayChange).toBe(true);
    expect((await post(tenant.owner, "/question/update", { ...edit, questionText: "Changed by the owner" })).status).toBe(200);
    expect((await post(tenant.teacher, "/question/update", { ...edit, questionText: "Changed by its author" })).status).toBe(200);
    expect((await post(tenant.owner, "/question/delete", { questionId: question.id })).status).toBe(200);
  });
});
