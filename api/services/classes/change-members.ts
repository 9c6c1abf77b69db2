import { and, eq, inArray } from "drizzle-orm";
import { classStudents, users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertMayCreateClass, mayBeInClass } from "../core/permissions";
import { say } from "../message-codes";
import { isAccountEmail } from "./email";
import { loadManagedClass } from "./load-class";
import type { RosterReason } from "./messages";
import { ClassMembersInput } from "./schemas";

export interface MembersAnswer {
  message: string;
  code: string;
  params: { added: number; removed: number };
  added: { userId: number; email: string }[];
  removed: number[];
  /** Each e-mail or id that changed nothing, with why; the others went through. */
  refused: { email?: string; userId?: number; reason: RosterReason }[];
}


/**
 * POST /api/classes/members: adds the school's students by e-mail and removes students by id.
 * An e-mail that is no student account of this school (unknown, or another school's: the
 * same reason, so nothing tells another school's accounts apart), a teacher's, or one already
 * in the class changes nothing and is named with its reason.
 */
export async function changeMembers(services: AppServices, caller: Caller, input: ClassMembersInput): Promise<MembersAnswer> {
  assertMayCreateClass(caller);
  const data = ClassMembersInput.parse(input);
  const row = await loadManagedClass(services, caller, data.classId);
  const refused: MembersAnswer["refused"] = [];

  const emails = [...new Set((data.add ?? []).map((email) => email.toLowerCase()))];
  const wellFormed = emails.filter((email) => isAccountEmail(email) || (refused.push({ email, reason: "emailInvalid" }), false));
  const accounts = wellFormed.length
    ? await services.db
        .select({ id: users.id, email: users.email, userType: users.userType, profile: users.profile, inClass: classStudents.userId })
        .from(users)
        .leftJoin(classStudents, and(eq(classStudents.classId, row.id), eq(classStudents.userId, users.id)))
        .where(and(eq(users.businessId, caller.businessId), inArray(users.email, wellFormed)))
    : [];
  const toAdd: { userId: number; email: string }[] = [];
  for (const email of wellFormed) {
    const account = accounts.find((a) => a.email === email);
    if (!account) refused.push({ email, reason: "noStudentAccount" });
    else if (!mayBeInClass(account)) refused.push({ email, reason: "notAStudent" });
    else if (account.inClass !== null) refused.push({ email, reason: "alreadyInClass" });
    else toAdd.push({ userId: account.id, email });
  }

  const removeIds = [...new Set(data.remove ?? [])];
  const present = removeIds.length
    ? await services.db
        .select({ userId: classStudents.userId })
        .from(classStudents)
        .where(and(eq(classStudents.classId, row.id), inArray(classStudents.userId, removeIds)))
    : [];
  const removed = removeIds.filter((id) => present.some((p) => p.userId === id));
  for (const userId of removeIds) if (!removed.includes(userId)) refused.push({ userId, reason: "notInClass" });

  const now = services.now();
  const writes = [
    ...(toAdd.length ? [services.db.insert(classStudents).values(toAdd.map(({ userId }) => ({ classId: row.id, userId, joinedBy: "teacher" as const, joinedAt: now }))).onConflictDoNothing()] : []),
    ...(removed.length ? [services.db.delete(classStudents).where(and(eq(classStudents.classId, row.id), inArray(classStudents.userId, removed)))] : []),
  ];
  if (writes.length) await services.db.batch(writes as [(typeof writes)[number], ...typeof writes]);
  const params = { added: toAdd.length, removed: removed.length };
  return { ...say("CLASS_MEMBERS_CHANGED", params), params, added: toAdd, removed, refused };
}
