import { and, asc, eq, sql } from "drizzle-orm";
import { classes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { classesCallerMayFilterResultsBy } from "../core/permissions";

/** More than a school's teacher teaches, and a few years of an owner's classes: the picker lists no more. */
export const MOST_CLASS_CHOICES = 300;

export interface ClassChoice {
  classId: number;
  name: string;
  code: string | null;
}

/**
 * The classes a results page offers to filter by (ADR 0080): those the caller manages, by
 * name; none for a student, so the student's board never offers the filter. One statement.
 */
export async function classChoices(services: AppServices, caller: Caller): Promise<ClassChoice[]> {
  return services.db
    .select({ classId: classes.id, name: classes.name, code: classes.code })
    .from(classes)
    .where(and(eq(classes.businessId, caller.businessId), classesCallerMayFilterResultsBy(caller, classes.id)))
    .orderBy(sql`lower(${classes.name})`, asc(classes.id))
    .limit(MOST_CLASS_CHOICES);
}
