import { z } from "@hono/zod-openapi";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { classes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { classesCallerMayFilterResultsBy } from "../core/permissions";

const notAnId = "classId must be an id";

/**
 * The optional `classId` of every results read (issue 27 point 2, ADR 0080): the quiz's stats,
 * the leader board, item analysis and their CSV. Missing, null or "" (the pickers' "All
 * students") is no filter; anything else must be a positive whole number.
 */
export const ClassFilterField = z
  .preprocess((value) => (value === null || value === "" ? undefined : value), z.coerce.number({ error: notAnId }).int(notAnId).positive(notAnId).max(Number.MAX_SAFE_INTEGER, notAnId).optional())
  .openapi({ type: "integer", description: "Only attempts of students who are members of this class (ADR 0080); a class the caller does not manage, or of another business, is a 404" });

/** A class the results are filtered by, checked: only its id travels on. */
export interface ClassFilter {
  classId: number;
}

/**
 * The class of a results filter, when one is asked for: a class the caller manages (its
 * teachers and the owner, ADR 0075; permissions.ts classesCallerMayFilterResultsBy), else the
 * 404 of an id never used, so a filter never confirms another teacher's or another business's
 * class. One statement, and none without a filter.
 */
export async function classFilterOf(services: AppServices, caller: Caller, classId: number | undefined): Promise<ClassFilter | undefined> {
  if (classId === undefined) return undefined;
  const [row] = await services.db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.businessId, caller.businessId), classesCallerMayFilterResultsBy(caller, classes.id)))
    .limit(1);
  if (!row) throw new NotFound("class");
  return { classId: row.id };
}

/**
 * The filter as a condition on an attempts' student column: the student is a member of the
 * class now (class_students, whose primary key (class_id, user_id) answers it from the index
 * alone). Membership, not the attempt's date: a student who joins brings their earlier
 * attempts, one who leaves takes theirs away, as a class list in a gradebook does.
 */
export function attemptsOfClass(filter: ClassFilter, studentColumn: SQL | SQLiteColumn): SQL {
  return sql`${studentColumn} in (select user_id from class_students where class_id = ${filter.classId})`;
}
