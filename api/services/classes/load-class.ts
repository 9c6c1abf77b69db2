import { and, asc, count, eq, inArray } from "drizzle-orm";
import { classes, classStudents, classTeachers, type ClassRow, users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { classesCallerManages } from "../core/permissions";
import type { ClassEntity } from "./schemas";

/**
 * A class the caller manages (its teacher, or the owner): of another business, of another
 * teacher, or never made, it is the same 404 (permissions.ts classesCallerManages).
 */
export async function loadManagedClass(services: AppServices, caller: Caller, classId: number): Promise<ClassRow> {
  const [row] = await services.db
    .select()
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.businessId, caller.businessId), classesCallerManages(caller, classes.id)))
    .limit(1);
  if (!row) throw new NotFound("class");
  return row;
}

/** The teachers' names and the student counts of some classes, two queries whatever their number. */
export async function classEntities(services: AppServices, rows: ClassRow[]): Promise<ClassEntity[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [teachers, counts] = await services.db.batch([
    services.db
      .select({ classId: classTeachers.classId, userId: users.id, fullname: users.fullname })
      .from(classTeachers)
      .innerJoin(users, eq(users.id, classTeachers.userId))
      .where(inArray(classTeachers.classId, ids))
      .orderBy(asc(users.fullname), asc(users.id)),
    services.db.select({ classId: classStudents.classId, n: count() }).from(classStudents).where(inArray(classStudents.classId, ids)).groupBy(classStudents.classId),
  ]);
  return rows.map((row) => ({
    id: row.id,
    classId: row.id,
    name: row.name,
    code: row.code,
    joinCode: row.joinCode,
    teachers: teachers.filter((t) => t.classId === row.id).map(({ userId, fullname }) => ({ userId, fullname })),
    studentCount: counts.find((c) => c.classId === row.id)?.n ?? 0,
  }));
}
