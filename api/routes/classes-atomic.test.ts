import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { classes, classImports, classStudents, classTeachers, passwordResetTokens, users } from "../../db/schema";
import { STALE_IMPORT_MS } from "../services/imports/read-imports";
import { eachTestBed } from "../test-support/test-bed.node";

/**
 * ADR 0075: a class is never left half written. The failure is injected at the database (a
 * trigger that raises, in this test's own database), so the real verbs and the real SQL run.
 */
const bed = eachTestBed("Atomic School");
const { post } = bed;

const refuseWrites = (table: string, on: "insert" | "delete") =>
  bed.services.db.run(sql.raw(`create trigger injected_failure before ${on} on ${table} begin select raise(abort, 'injected failure'); end`));
const allowWrites = () => bed.services.db.run(sql.raw("drop trigger injected_failure"));

describe("deleting a class", () => {
  it.each(["class_students", "class_teachers", "classes"])("is one statement: when deleting from %s fails, the class, its teachers and its students all stay", async (table) => {
    const made = await post(bed.tenant.teacher, "/classes", { name: "Year 9 History" });
    expect(made.status).toBe(201);
    const classId = made.body.entity.id as number;
    expect((await post(bed.tenant.teacher, "/classes/members", { classId, add: [bed.tenant.student.email] })).status).toBe(200);

    await refuseWrites(table, "delete");
    const failed = await post(bed.tenant.teacher, "/classes/delete", { classId });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await bed.services.db.select({ id: classes.id }).from(classes)).toEqual([{ id: classId }]);
    expect(await bed.services.db.select({ userId: classTeachers.userId }).from(classTeachers)).toEqual([{ userId: bed.tenant.teacher.id }]);
    expect(await bed.services.db.select({ userId: classStudents.userId }).from(classStudents)).toEqual([{ userId: bed.tenant.student.id }]);

    await allowWrites();
    expect((await post(bed.tenant.teacher, "/classes/delete", { classId })).status).toBe(200);
    expect(await bed.services.db.select().from(classStudents)).toEqual([]);
    expect(await bed.services.db.select().from(classTeachers)).toEqual([]);
  });
});

describe("a roster import's new account", () => {
  const importOne = async (email: string) => {
    const made = await post(bed.tenant.teacher, "/classes", { name: "Year 9 Biology" });
    const location = await bed.upload(bed.tenant.teacher, `fullname,email\nNew Person,${email}\n`, "roster.csv");
    const accepted = await post(bed.tenant.teacher, "/classes/import", { classId: made.body.entity.id, location });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    return (await post(bed.tenant.teacher, "/classes/import/status", { importId: accepted.body.importId })).body as { status: string };
  };

  for (const [table, what] of [
    ["password_reset_tokens", "its invitation link"],
    ["class_students", "its place in the class"],
  ] as const) {
    it(`is one batch with ${what}: when that write fails, no account is left behind`, async () => {
      await refuseWrites(table, "insert");
      const status = await importOne("half.made@school.test");
      expect(status.status).toBe("failed");
      expect(await bed.services.db.select().from(users).where(eq(users.email, "half.made@school.test"))).toEqual([]);
      expect(await bed.services.db.select().from(classStudents)).toEqual([]);
      expect(await bed.services.db.select().from(passwordResetTokens)).toEqual([]);
    });
  }
});

describe("a roster import cut off by a stopped process", () => {
  it("reads as failed once silent past the cut-off, so the page stops waiting; a live one still reads running", async () => {
    const made = await post(bed.tenant.teacher, "/classes", { name: "Year 9 Chemistry" });
    const now = Date.now();
    const row = (minutesAgo: number) => ({ businessId: bed.tenant.business.id, classId: made.body.entity.id, userId: bed.tenant.teacher.id, fileName: "roster.csv", status: "running" as const, total: 500, createdAt: new Date(now - minutesAgo * 60_000), updatedAt: new Date(now - minutesAgo * 60_000) });
    const [stopped, live] = await bed.services.db.insert(classImports).values([row(STALE_IMPORT_MS / 60_000 + 1), row(0)]).returning({ id: classImports.id });
    expect((await post(bed.tenant.teacher, "/classes/import/status", { importId: stopped.id })).body.status).toBe("failed");
    expect((await post(bed.tenant.teacher, "/classes/import/status", { importId: live.id })).body.status).toBe("running");
  });
});

