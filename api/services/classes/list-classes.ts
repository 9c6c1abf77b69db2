import { and, count, eq, sql } from "drizzle-orm";
import { classes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertMayListClasses, classesCallerManages, classesStudentIsIn, isAuthor } from "../core/permissions";
import { orderBy, pageWindow } from "../listing/list-query";
import { classEntities } from "./load-class";
import { ClassListQuery, type ClassEntity, type StudentClassEntity } from "./schemas";

/**
 * POST /api/classes/all: the owner's every class of the school, a teacher's own, a student's
 * the classes they are in (without join codes: those are the teachers' to hand out).
 */
export async function listClasses(services: AppServices, caller: Caller, input: unknown): Promise<{ totalCount: number; entities: (ClassEntity | StudentClassEntity)[] }> {
  assertMayListClasses(caller);
  const asAuthor = isAuthor(caller);
  const { queryParams } = ClassListQuery.parse(input ?? {});
  const search = queryParams.filter.name;
  const where = and(
    eq(classes.businessId, caller.businessId),
    asAuthor ? classesCallerManages(caller, classes.id) : classesStudentIsIn(caller, classes.id),
    // instr() instead of LIKE: the typed text is matched literally, % and _ included.
    search ? sql`instr(lower(${classes.name}), lower(${search})) > 0` : undefined,
  );
  const { limit, offset } = pageWindow(queryParams);
  const [[{ total }], rows] = await services.db.batch([
    services.db.select({ total: count() }).from(classes).where(where),
    services.db
      .select()
      .from(classes)
      .where(where)
      .orderBy(...orderBy(queryParams, { name: sql`lower(${classes.name})`, createdAt: classes.createdAt }, classes.id))
      .limit(limit)
      .offset(offset),
  ]);
  const entities = await classEntities(services, rows);
  return { totalCount: total, entities: asAuthor ? entities : entities.map(({ id, classId, name, code, teachers }) => ({ id, classId, name, code, teachers })) };
}
