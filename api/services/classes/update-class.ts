import { and, eq, inArray } from "drizzle-orm";
import { classes, classTeachers, users } from "../../../db/schema";
import { isUniqueViolation } from "../auth/create-account";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Invalid } from "../core/errors";
import { assertMayCreateClass, mayTeachClass } from "../core/permissions";
import { say } from "../message-codes";
import { codeTaken } from "./create-class";
import { newJoinCode } from "./join-code";
import { classEntities, loadManagedClass } from "./load-class";
import { type ClassEntity, UpdateClassInput } from "./schemas";

/**
 * POST /api/classes/update: rename, change the school code, replace the teachers (authors of
 * the school only: any other id, of another school included, is the field's 400), or renew
 * the join code. One batch: the class and its teachers change together or not at all.
 */
export async function updateClass(services: AppServices, caller: Caller, input: UpdateClassInput): Promise<{ message: string; code: string; entity: ClassEntity }> {
  assertMayCreateClass(caller);
  const data = UpdateClassInput.parse(input);
  const row = await loadManagedClass(services, caller, data.classId);
  const teacherIds = data.teachers ? [...new Set(data.teachers)] : undefined;
  if (teacherIds && teacherIds.length > 0) {
    const found = await services.db
      .select({ id: users.id, userType: users.userType, profile: users.profile })
      .from(users)
      .where(and(eq(users.businessId, caller.businessId), inArray(users.id, teacherIds)));
    if (found.length !== teacherIds.length || !found.every(mayTeachClass)) throw new Invalid(say("CLASS_TEACHERS_UNKNOWN"), { teachers: say("CLASS_TEACHERS_UNKNOWN") });
  }
  const set = {
    ...(data.name !== undefined ? { name: data.name } : {}),
    ...(data.code !== undefined ? { code: data.code } : {}),
    ...(data.newJoinCode ? { joinCode: newJoinCode() } : {}),
    updatedAt: services.now(),
  };
  try {
    const [[updated]] = await services.db.batch([
      services.db.update(classes).set(set).where(eq(classes.id, row.id)).returning(),
      ...(teacherIds
        ? [
            services.db.delete(classTeachers).where(eq(classTeachers.classId, row.id)),
            ...(teacherIds.length > 0 ? [services.db.insert(classTeachers).values(teacherIds.map((userId) => ({ classId: row.id, userId })))] : []),
          ]
        : []),
    ]);
    const [entity] = await classEntities(services, [updated]);
    return { ...say(data.newJoinCode && Object.keys(set).length === 2 && !teacherIds ? "CLASS_JOIN_CODE_RENEWED" : "CLASS_UPDATED"), entity };
  } catch (error) {
    if (isUniqueViolation(error, "classes_business_code_lower_uq")) throw codeTaken();
    throw error;
  }
}
