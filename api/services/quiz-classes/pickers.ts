import { and, asc, eq, sql } from "drizzle-orm";
import { classes, classStudents, quizClasses, users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor, classesCallerMaySetQuizFor, studentAccounts } from "../core/permissions";

/** As many choices as a page's picker lists (a school's classes; a year group's students). */
export const PICKER_LIMIT = 500;

/** The classes the author may set a quiz for (ADR 0079), by name: the wizard's "Classes" choices. */
export async function classesForQuizzes(services: AppServices, caller: Caller): Promise<{ id: number; name: string }[]> {
  assertAuthor(caller);
  return services.db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.businessId, caller.businessId), classesCallerMaySetQuizFor(caller, classes.id)))
    .orderBy(sql`lower(${classes.name})`, asc(classes.id))
    .limit(PICKER_LIMIT);
}

/**
 * The students an override may be given to on the overrides panel: the students of the quiz's
 * classes, or, for a quiz set for no class, the school's students. The quiz is one the caller
 * may change (checked by the page's other reads); the API takes any student of the school.
 */
export async function overrideCandidates(services: AppServices, caller: Caller, quizId: number): Promise<{ userId: number; fullname: string; email: string }[]> {
  assertAuthor(caller);
  const ofQuizClasses = sql`${users.id} in (select ${classStudents.userId} from ${classStudents} where ${classStudents.classId} in (select ${quizClasses.classId} from ${quizClasses} where ${quizClasses.quizId} = ${quizId}))`;
  const setForClasses = sql`exists (select 1 from ${quizClasses} where ${quizClasses.quizId} = ${quizId})`;
  return services.db
    .select({ userId: users.id, fullname: users.fullname, email: users.email })
    .from(users)
    .where(and(eq(users.businessId, caller.businessId), studentAccounts(), sql`(not ${setForClasses} or ${ofQuizClasses})`))
    .orderBy(sql`lower(${users.fullname})`, asc(users.id))
    .limit(PICKER_LIMIT);
}
