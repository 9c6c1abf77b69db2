import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { classStudents, classTeachers, emailOutbox, loginThrottle, users } from "../../db/schema";
import { CLIENT_ADDRESS_HEADER } from "../services/auth/client-address";
import { bearer } from "../test-support/test-app.node";
import { JOIN_CODE_ALPHABET, JOIN_CODE_BITS, JOIN_CODE_LENGTH, newJoinCode } from "../services/classes/join-code";
import { JOIN_LIMITS } from "../services/classes/join-class";
import { createUser } from "../test-support/factories.node";
import { eachTestBed, type Who } from "../test-support/test-bed.node";

/** decisions.md "Classes" (issue 27 point 1, ADR 0075): each rule of the class verbs. */
const bed = eachTestBed("Class School");
const { post } = bed;

async function makeClass(who: Who, name = "Year 10 Maths", code?: string) {
  const made = await post(who, "/classes", { name, ...(code ? { code } : {}) });
  expect(made.status).toBe(201);
  return made.body.entity as { id: number; classId: number; name: string; joinCode: string; teachers: { userId: number }[] };
}
const student = (fields: Partial<Parameters<typeof createUser>[1]> = {}) => createUser(bed.services.db, { businessId: bed.tenant.business.id, userType: "Student", ...fields });

describe("POST /classes", () => {
  it("makes a class its maker teaches, with an unguessable join code", async () => {
    const made = await post(bed.tenant.teacher, "/classes", { name: "  Year 10 Maths ", code: "10M" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ code: "CLASS_CREATED", entity: { name: "Year 10 Maths", code: "10M", studentCount: 0, teachers: [{ userId: bed.tenant.teacher.id, fullname: bed.tenant.teacher.fullname }] } });
    expect(made.body.entity.classId).toBe(made.body.entity.id);
    expect(made.body.entity.joinCode).toMatch(new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`));
  });

  it("refuses a missing or one-letter name, a second class with the same code, and students", async () => {
    expect(await post(bed.tenant.teacher, "/classes", {})).toMatchObject({ status: 400, body: { errorCodes: { name: "CLASS_NAME_REQUIRED" } } });
    expect(await post(bed.tenant.teacher, "/classes", { name: "A" })).toMatchObject({ status: 400, body: { errorCodes: { name: "CLASS_NAME_LENGTH" } } });
    expect(await post(bed.tenant.teacher, "/classes", { name: "Two\nlines" })).toMatchObject({ status: 400, body: { errorCodes: { name: "TEXT_NOT_ONE_LINE" } } });
    await makeClass(bed.tenant.teacher, "Maths", "10M");
    expect(await post(bed.tenant.owner, "/classes", { name: "Other", code: "10m" })).toMatchObject({ status: 400, body: { code: "CLASS_CODE_TAKEN", errorCodes: { code: "CLASS_CODE_TAKEN" } } });
    // Another school may use the same code.
    expect((await post(bed.other.teacher, "/classes", { name: "Maths", code: "10M" })).status).toBe(201);
    expect((await post(bed.tenant.student, "/classes", { name: "Mine" })).status).toBe(403);
  });

  it("gives every class its own code, drawn evenly from an alphabet without look-alikes (at least 40 bits)", () => {
    expect(JOIN_CODE_BITS).toBeGreaterThanOrEqual(40);
    expect(JOIN_CODE_ALPHABET).not.toMatch(/[01IOLU]/);
    const codes = Array.from({ length: 3000 }, newJoinCode);
    expect(new Set(codes).size).toBe(codes.length);
    const counts = new Map<string, number>();
    for (const c of codes.join("")) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(JOIN_CODE_ALPHABET.length);
    // 30,000 characters: even, the first 16 letters get ~16,000 (σ ≈ 86); a byte folded by % 30 without
    // rejection favours them (9/256 against 8/256), ~16,875.
    const first16 = [...JOIN_CODE_ALPHABET.slice(0, 16)].reduce((sum, c) => sum + (counts.get(c) ?? 0), 0);
    expect(first16).toBeLessThan(16_400);
  });
});

describe("who sees which class", () => {
  it("shows a teacher the classes they teach, the owner all, and another school's class as unknown", async () => {
    const mine = await makeClass(bed.tenant.teacher, "Mine");
    const colleague = await createUser(bed.services.db, { businessId: bed.tenant.business.id, userType: "Teacher" });
    const theirs = await makeClass(colleague, "Theirs");
    const names = async (who: Who) => (await post(who, "/classes/all", {})).body.entities.map((e: { name: string }) => e.name);
    expect(await names(bed.tenant.teacher)).toEqual(["Mine"]);
    expect(await names(bed.tenant.owner)).toEqual(["Mine", "Theirs"]);
    expect(await names(bed.other.owner)).toEqual([]);
    expect((await post(bed.tenant.teacher, "/classes/findOne", { classId: theirs.id })).status).toBe(404);
    expect((await post(bed.tenant.owner, "/classes/findOne", { classId: theirs.id })).status).toBe(200);
    for (const path of ["/classes/findOne", "/classes/update", "/classes/delete"]) {
      expect(await post(bed.other.owner, path, { classId: mine.id, name: "Taken over" })).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
    }
    expect((await post(bed.other.owner, "/classes/members", { classId: mine.id, add: [bed.other.student.email] })).status).toBe(404);
    expect((await post(bed.tenant.owner, "/classes/findOne", { classId: mine.id })).body.entity.name).toBe("Mine");
  });

  it("lists a student's own classes without their join codes, and refuses them the teachers' verbs", async () => {
    const klass = await makeClass(bed.tenant.teacher, "Chemistry");
    await makeClass(bed.tenant.teacher, "Physics");
    await post(bed.tenant.teacher, "/classes/members", { classId: klass.id, add: [bed.tenant.student.email] });
    const list = await post(bed.tenant.student, "/classes/all", {});
    expect(list.body).toEqual({ totalCount: 1, entities: [{ id: klass.id, classId: klass.id, name: "Chemistry", code: null, teachers: [{ userId: bed.tenant.teacher.id, fullname: bed.tenant.teacher.fullname }] }] });
    expect((await post(bed.tenant.student, "/classes/findOne", { classId: klass.id })).status).toBe(403);
  });
});

describe("POST /classes/update", () => {
  it("replaces the teachers with authors of the school only, all or nothing", async () => {
    const klass = await makeClass(bed.tenant.teacher);
    const colleague = await createUser(bed.services.db, { businessId: bed.tenant.business.id, userType: "Teacher" });
    for (const wrong of [bed.other.teacher.id, bed.tenant.student.id, 987654]) {
      const refused = await post(bed.tenant.teacher, "/classes/update", { classId: klass.id, name: "Renamed", teachers: [colleague.id, wrong] });
      expect(refused).toMatchObject({ status: 400, body: { errorCodes: { teachers: "CLASS_TEACHERS_UNKNOWN" } } });
    }
    expect((await post(bed.tenant.teacher, "/classes/findOne", { classId: klass.id })).body.entity.name).toBe("Year 10 Maths");
    const updated = await post(bed.tenant.teacher, "/classes/update", { classId: klass.id, name: "Renamed", teachers: [bed.tenant.teacher.id, colleague.id] });
    expect(updated.body.entity.teachers.map((t: { userId: number }) => t.userId).sort()).toEqual([bed.tenant.teacher.id, colleague.id].sort());
    expect((await post(colleague, "/classes/all", {})).body.entities.map((e: { name: string }) => e.name)).toEqual(["Renamed"]);
  });

  it("renews the join code: the old one no longer joins", async () => {
    const klass = await makeClass(bed.tenant.teacher);
    const renewed = await post(bed.tenant.teacher, "/classes/update", { classId: klass.id, newJoinCode: true });
    expect(renewed.body.code).toBe("CLASS_JOIN_CODE_RENEWED");
    expect(renewed.body.entity.joinCode).not.toBe(klass.joinCode);
    expect((await post(bed.tenant.student, "/classes/join", { joinCode: klass.joinCode })).status).toBe(400);
    expect((await post(bed.tenant.student, "/classes/join", { joinCode: renewed.body.entity.joinCode })).status).toBe(200);
  });
});

describe("POST /classes/members", () => {
  it("adds the school's students by e-mail and says why each other e-mail changed nothing", async () => {
    const klass = await makeClass(bed.tenant.teacher);
    const second = await student({ email: "second@test.quiz" });
    await post(bed.tenant.teacher, "/classes/members", { classId: klass.id, add: [second.email] });
    const answer = await post(bed.tenant.teacher, "/classes/members", {
      classId: klass.id,
      add: [bed.tenant.student.email.toUpperCase(), "nobody@test.quiz", bed.other.student.email, bed.tenant.teacher.email, bed.tenant.owner.email, second.email, "not-an-email"],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.added).toEqual([{ userId: bed.tenant.student.id, email: bed.tenant.student.email }]);
    expect(answer.body.refused).toEqual([
      { email: "not-an-email", reason: "emailInvalid" },
      // Another school's account reads as no account at all.
      { email: "nobody@test.quiz", reason: "noStudentAccount" },
      { email: bed.other.student.email, reason: "noStudentAccount" },
      { email: bed.tenant.teacher.email, reason: "notAStudent" },
      { email: bed.tenant.owner.email, reason: "notAStudent" },
      { email: second.email, reason: "alreadyInClass" },
    ]);
    const roster = await bed.services.db.select({ userId: classStudents.userId }).from(classStudents).where(eq(classStudents.classId, klass.id));
    expect(roster.map((r) => r.userId).sort()).toEqual([bed.tenant.student.id, second.id].sort());
  });

  it("removes students by id and names the ids that were not in the class", async () => {
    const klass = await makeClass(bed.tenant.teacher);
    await post(bed.tenant.teacher, "/classes/members", { classId: klass.id, add: [bed.tenant.student.email] });
    const answer = await post(bed.tenant.owner, "/classes/members", { classId: klass.id, remove: [bed.tenant.student.id, bed.other.student.id] });
    expect(answer.body).toMatchObject({ code: "CLASS_MEMBERS_CHANGED", params: { added: 0, removed: 1 }, removed: [bed.tenant.student.id], refused: [{ userId: bed.other.student.id, reason: "notInClass" }] });
    expect(await post(bed.tenant.owner, "/classes/members", { classId: klass.id })).toMatchObject({ status: 400, body: { errorCodes: { add: "CLASS_MEMBERS_EMPTY" } } });
  });
});

describe("POST /classes/join", () => {
  it("joins a student by the code however it is typed, once, and answers a wrong or foreign code with one message", async () => {
    const klass = await makeClass(bed.tenant.teacher, "History");
    const typed = `${klass.joinCode.slice(0, 5).toLowerCase()}-${klass.joinCode.slice(5)} `;
    const joined = await post(bed.tenant.student, "/classes/join", { joinCode: typed });
    expect(joined.body).toMatchObject({ code: "CLASS_JOINED", entity: { classId: klass.id, name: "History" } });
    expect(joined.body.entity.joinCode).toBeUndefined();
    expect((await post(bed.tenant.student, "/classes/join", { joinCode: klass.joinCode })).body.code).toBe("CLASS_ALREADY_JOINED");
    const foreign = await makeClass(bed.other.teacher, "Elsewhere");
    for (const joinCode of ["WRONGWRONG", foreign.joinCode]) {
      expect(await post(bed.tenant.student, "/classes/join", { joinCode })).toMatchObject({ status: 400, body: { code: "CLASS_JOIN_CODE_UNKNOWN", errorCodes: { joinCode: "CLASS_JOIN_CODE_UNKNOWN" } } });
    }
    expect(await post(bed.tenant.student, "/classes/join", { joinCode: " " })).toMatchObject({ status: 400, body: { errorCodes: { joinCode: "CLASS_JOIN_CODE_REQUIRED" } } });
    expect(await post(bed.tenant.teacher, "/classes/join", { joinCode: klass.joinCode })).toMatchObject({ status: 403, body: { code: "STUDENTS_ONLY" } });
    const rows = await bed.services.db.select().from(classStudents).where(eq(classStudents.userId, bed.tenant.student.id));
    expect(rows).toHaveLength(1);
  });

  it("stops a student's guessing after the limit, and the limit stops even the right code", async () => {
    const klass = await makeClass(bed.tenant.teacher);
    for (let i = 0; i < JOIN_LIMITS.perUser; i++) expect((await post(bed.tenant.student, "/classes/join", { joinCode: `GUESS${i}` })).status).toBe(400);
    expect(await post(bed.tenant.student, "/classes/join", { joinCode: klass.joinCode })).toMatchObject({ status: 429, body: { code: "TOO_MANY_ATTEMPTS" } });
    // Another student of the same address is not held up.
    expect((await post(await student(), "/classes/join", { joinCode: klass.joinCode })).status).toBe(200);
  });

  it("stops an address's guessing after its limit, whichever students it signs in, and only that address", async () => {
    const klass = await makeClass(bed.tenant.teacher);
    const joinFrom = async (address: string) => {
      const res = await bed.app.request("/classes/join", {
        method: "POST",
        headers: { "content-type": "application/json", [CLIENT_ADDRESS_HEADER]: address, ...(await bearer(bed.services, await student())) },
        body: JSON.stringify({ joinCode: klass.joinCode }),
      });
      return { status: res.status, body: (await res.json()) as { code: string } };
    };
    expect((await joinFrom("203.0.113.7")).status).toBe(200);
    // The address's counter as JOIN_LIMITS.perAddress joins by as many students (made in one statement, not thousands of requests).
    await bed.services.db.update(loginThrottle).set({ failures: JOIN_LIMITS.perAddress }).where(like(loginThrottle.key, "class-join:ip:%"));
    expect(await joinFrom("203.0.113.7")).toMatchObject({ status: 429, body: { code: "TOO_MANY_ATTEMPTS" } });
    expect((await joinFrom("198.51.100.20")).status).toBe(200);
  });
});

describe("POST /classes/delete", () => {
  it("deletes the class and its roster, not the accounts", async () => {
    const klass = await makeClass(bed.tenant.teacher);
    await post(bed.tenant.teacher, "/classes/members", { classId: klass.id, add: [bed.tenant.student.email] });
    const colleague = await createUser(bed.services.db, { businessId: bed.tenant.business.id, userType: "Teacher" });
    expect((await post(colleague, "/classes/delete", { classId: klass.id })).status).toBe(404);
    expect(await post(bed.tenant.teacher, "/classes/delete", { classId: klass.id })).toMatchObject({ status: 200, body: { code: "CLASS_DELETED" } });
    expect(await bed.services.db.select().from(classStudents)).toEqual([]);
    expect(await bed.services.db.select().from(classTeachers)).toEqual([]);
    expect((await bed.services.db.select().from(users).where(eq(users.id, bed.tenant.student.id))).length).toBe(1);
    expect((await post(bed.tenant.teacher, "/classes/findOne", { classId: klass.id })).status).toBe(404);
  });
});

describe("POST /classes/import", () => {
  const importRoster = async (who: NonNullable<Who>, classId: number, csv: string) => {
    const location = await bed.upload(who, csv, "roster.csv");
    return post(who, "/classes/import", { classId, location });
  };

  it("makes and invites new students, reuses the school's, and rejects every other row with its reason, leaving nothing of it", async () => {
    const klass = await makeClass(bed.tenant.teacher, "Biology");
    const csv = [
      "Email,FullName",
      "new.one@school.test,New One",
      `${bed.tenant.student.email},Existing Student`,
      `${bed.other.student.email},Other School`,
      `${bed.tenant.teacher.email},A Teacher`,
      "NEW.ONE@school.test,New One Again",
      "broken,Bad Mail",
      "no.name@school.test,",
      '"=HYPERLINK(""http://evil.test"")@school.test",Formula Mail',
      'formula@school.test,"=HYPERLINK(""http://evil.test"",""x"")"',
      "script@school.test,<script>alert(1)</script>",
    ].join("\n");
    const accepted = await importRoster(bed.tenant.teacher, klass.id, csv);
    expect(accepted).toMatchObject({ status: 202, body: { code: "CLASS_IMPORT_STARTED" } });
    const status = await post(bed.tenant.teacher, "/classes/import/status", { importId: accepted.body.importId });
    expect(status.body).toMatchObject({ status: "done", total: 10, processed: 10, created: 3, existing: 1, duplicates: 1, rejectedCount: 6 });
    expect(status.body.rejected).toEqual([
      { number: 4, reason: "emailNotAvailable" },
      { number: 5, reason: "notAStudent" },
      { number: 6, reason: "duplicateInFile" },
      { number: 7, reason: "emailInvalid" },
      { number: 8, reason: "nameRequired" },
      { number: 9, reason: "emailInvalid" },
    ]);
    const roster = (await post(bed.tenant.teacher, "/classes/findOne", { classId: klass.id })).body.entity.students as { fullname: string; email: string; joinedBy: string }[];
    expect(roster.map((s) => [s.email, s.fullname, s.joinedBy]).sort()).toEqual(
      [
        ["new.one@school.test", "New One", "import"],
        [bed.tenant.student.email, bed.tenant.student.fullname, "import"],
        ["formula@school.test", '=HYPERLINK("http://evil.test","x")', "import"],
        ["script@school.test", "<script>alert(1)</script>", "import"],
      ].sort(),
    );
    const [created] = await bed.services.db.select().from(users).where(eq(users.email, "new.one@school.test"));
    expect(created).toMatchObject({ businessId: bed.tenant.business.id, userType: "Student", passwordHash: null });
    // Nothing of the refused rows: no account for the broken and nameless e-mails.
    expect(await bed.services.db.select().from(users).where(eq(users.email, "no.name@school.test"))).toEqual([]);
    const mails = await bed.services.db.select().from(emailOutbox).where(eq(emailOutbox.tag, "class-invitation"));
    expect(mails.map((m) => m.to).sort()).toEqual(["formula@school.test", "new.one@school.test", "script@school.test"]);
    const link = /\/quiz\/auth\/reset-password\/([\w-]+)/.exec(mails.find((m) => m.to === "new.one@school.test")!.text)![1];
    expect(mails.find((m) => m.to === "script@school.test")!.html).not.toContain("<script>");
    // The invitation's link is the existing one-time reset link: it sets the password, and the new student signs in.
    expect((await post(null, "/auth/reset-password", { token: link, password: "A-new-password-9", confirmPassword: "A-new-password-9" })).status).toBe(200);
    expect((await post(null, "/auth/login", { email: "new.one@school.test", password: "A-new-password-9" })).status).toBe(200);
  });

  it("refuses a whole file over the question import's cap or without its columns, before anything is stored", async () => {
    const klass = await makeClass(bed.tenant.teacher);
    const header = "fullname,email\n";
    const tooMany = header + Array.from({ length: 10_001 }, (_, i) => `S ${i},s${i}@x.test`).join("\n");
    expect(await importRoster(bed.tenant.teacher, klass.id, tooMany)).toMatchObject({ status: 400, body: { code: "IMPORT_TOO_MANY_ROWS", params: { max: 10000, count: 10001 } } });
    expect(await importRoster(bed.tenant.teacher, klass.id, "name,mail\nA,a@x.test")).toMatchObject({ status: 400, body: { code: "IMPORT_MISSING_COLUMNS" } });
    expect(await bed.services.db.select().from(classStudents)).toEqual([]);
  });

  it("imports only into a class the caller manages, and shows its status only to who ran it and the owner", async () => {
    const klass = await makeClass(bed.tenant.teacher);
    const colleague = await createUser(bed.services.db, { businessId: bed.tenant.business.id, userType: "Teacher" });
    expect((await importRoster(colleague, klass.id, "fullname,email\nA B,ab@x.test")).status).toBe(404);
    const accepted = await importRoster(bed.tenant.teacher, klass.id, "fullname,email\nA B,ab@x.test");
    expect((await post(colleague, "/classes/import/status", { importId: accepted.body.importId })).status).toBe(404);
    expect((await post(bed.other.owner, "/classes/import/status", { importId: accepted.body.importId })).status).toBe(404);
    expect((await post(bed.tenant.owner, "/classes/import/status", { importId: accepted.body.importId })).body.created).toBe(1);
    const inClass = await bed.services.db.select().from(classStudents).where(and(eq(classStudents.classId, klass.id)));
    expect(inClass).toHaveLength(1);
  });
});
