import { and, asc, eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertMayCreateClass, classTeacherAccounts } from "../core/permissions";

/** A school has tens of teachers, not thousands: the list is shown whole, up to this. */
export const TEACHER_CHOICES_SHOWN = 200;

/**
 * The class page's teacher picker (ADR 0075): the school's accounts who may teach a class
 * (permissions.ts classTeacherAccounts: its Teachers and its owner), by name. updateClass
 * checks the ids sent back by the same rule.
 */
export async function classTeacherChoices(services: AppServices, caller: Caller): Promise<{ userId: number; fullname: string }[]> {
  assertMayCreateClass(caller);
  return services.db
    .select({ userId: users.id, fullname: users.fullname })
    .from(users)
    .where(and(eq(users.businessId, caller.businessId), classTeacherAccounts()))
    .orderBy(asc(users.fullname), asc(users.id))
    .limit(TEACHER_CHOICES_SHOWN);
}
