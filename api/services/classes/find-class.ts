import { asc, eq } from "drizzle-orm";
import { classStudents, users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertMayCreateClass } from "../core/permissions";
import { classEntities, loadManagedClass } from "./load-class";
import { ClassIdInput, type ClassEntity, type RosterStudent } from "./schemas";

/** POST /api/classes/findOne: a class its teacher or the owner manages, with its roster by name. */
export async function findClass(services: AppServices, caller: Caller, input: unknown): Promise<{ entity: ClassEntity & { students: RosterStudent[] } }> {
  assertMayCreateClass(caller);
  const { classId } = ClassIdInput.parse(input);
  const row = await loadManagedClass(services, caller, classId);
  const [[entity], students] = await Promise.all([
    classEntities(services, [row]),
    services.db
      .select({ userId: users.id, fullname: users.fullname, username: users.username, email: users.email, joinedBy: classStudents.joinedBy, joinedAt: classStudents.joinedAt })
      .from(classStudents)
      .innerJoin(users, eq(users.id, classStudents.userId))
      .where(eq(classStudents.classId, row.id))
      .orderBy(asc(users.fullname), asc(users.id)),
  ]);
  return { entity: { ...entity, students: students.map((s) => ({ ...s, joinedAt: s.joinedAt.getTime() })) } };
}
