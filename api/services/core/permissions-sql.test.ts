import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { questionImports } from "../../../db/schema";
import { createTenant, createTestDb, createUser } from "../../test-support/factories.node";
import type { Caller } from "./caller";
import { AppError } from "./errors";
import { assertMaySubscribe, assertStudent, isStudent, mayReadAttempt, ownRowsUnlessOwner, readsAttemptAsAuthor, studentAccounts } from "./permissions";
import { users } from "../../../db/schema/users";

/**
 * Issue 25 point 10 (docs/decisions/0059): the predicates that also give a SQL condition say
 * the same thing both ways, on real rows; the students-only refusal is one text and one code.
 */
const callerOf = (user: { id: number; businessId: number; userType: Caller["userType"]; profile: number }): Caller => ({ userId: user.id, businessId: user.businessId, userType: user.userType, profile: user.profile, roleLevel: 4 });

describe("predicates with their SQL condition", () => {
  it("ownRowsUnlessOwner: the list's condition picks exactly the rows `allows` lets each caller read", async () => {
    const db = await createTestDb();
    const tenant = await createTenant(db, "Rows School");
    const colleague = await createUser(db, { businessId: tenant.business.id, userType: "Teacher" });
    for (const author of [tenant.teacher, colleague, tenant.owner, tenant.teacher]) {
      await db.insert(questionImports).values({ businessId: tenant.business.id, userId: author.id, format: "CSV", fileName: "q.csv", status: "done", total: 1, createdAt: new Date(), updatedAt: new Date() });
    }
    const rows = await db.select().from(questionImports).where(eq(questionImports.businessId, tenant.business.id));
    for (const reader of [tenant.teacher, colleague, tenant.owner, tenant.student]) {
      const caller = callerOf(reader);
      const listed = await db
        .select({ id: questionImports.id })
        .from(questionImports)
        .where(and(eq(questionImports.businessId, tenant.business.id), ownRowsUnlessOwner.where(caller, questionImports.userId)));
      const allowed = rows.filter((row) => ownRowsUnlessOwner.allows(caller, row.userId)).map((row) => row.id);
      expect(listed.map((row) => row.id).sort(), reader.email).toEqual(allowed.sort());
    }
    expect(rows.filter((row) => ownRowsUnlessOwner.allows(callerOf(tenant.owner), row.userId))).toHaveLength(4);
    expect(rows.filter((row) => ownRowsUnlessOwner.allows(callerOf(tenant.teacher), row.userId))).toHaveLength(2);
  });

  it("isStudent: studentAccounts() selects exactly the accounts isStudent says are students", async () => {
    const db = await createTestDb();
    const tenant = await createTenant(db, "Kinds School");
    const all = await db.select().from(users).where(eq(users.businessId, tenant.business.id));
    const picked = await db.select({ id: users.id }).from(users).where(and(eq(users.businessId, tenant.business.id), studentAccounts()));
    expect(picked.map((u) => u.id).sort()).toEqual(all.filter(isStudent).map((u) => u.id).sort());
    expect(picked).toHaveLength(1);
  });
});

describe("the students-only refusal and the attempt reader", () => {
  const who = (userId: number, userType: Caller["userType"], profile: number): Caller => ({ userId, businessId: 1, userType, profile, roleLevel: 8 });
  const owner = who(1, "Admin", 2);
  const teacher = who(2, "Teacher", 3);
  const student = who(4, "Student", 4);
  const classmate = who(5, "Student", 4);

  it("refuses every non-student with one text and the code STUDENTS_ONLY; subscribing likewise, the owner included", () => {
    for (const refuse of [assertStudent, assertMaySubscribe]) {
      for (const caller of [owner, teacher]) {
        const error = (() => {
          try {
            refuse(caller);
          } catch (thrown) {
            return thrown;
          }
        })();
        expect(error).toBeInstanceOf(AppError);
        expect([(error as AppError).status, (error as AppError).code, (error as AppError).message]).toEqual([403, "STUDENTS_ONLY", "Only students can do this"]);
      }
      expect(() => refuse(student)).not.toThrow();
    }
    expect(() => assertMaySubscribe({ userType: "Student", profile: 2 })).toThrow("Only students can do this");
  });

  it("lets the student who took an attempt and the business's authors read it; only the authors read it whole", () => {
    const attempt = { studentId: student.userId };
    expect([owner, teacher, student, classmate].map((c) => mayReadAttempt(c, attempt))).toEqual([true, true, true, false]);
    expect([owner, teacher, student, classmate].map((c) => readsAttemptAsAuthor(c, attempt))).toEqual([true, true, false, false]);
  });
});
