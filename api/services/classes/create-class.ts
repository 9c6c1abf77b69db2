import { sql } from "drizzle-orm";
import { classes } from "../../../db/schema";
import { isUniqueViolation } from "../auth/create-account";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Invalid } from "../core/errors";
import { assertMayCreateClass } from "../core/permissions";
import { say } from "../message-codes";
import { newJoinCode } from "./join-code";
import { classEntities } from "./load-class";
import { type ClassEntity, CreateClassInput } from "./schemas";

/** The one refusal of a code another class of the school has, on its field. */
export const codeTaken = () => new Invalid(say("CLASS_CODE_TAKEN"), { code: say("CLASS_CODE_TAKEN") });

/**
 * POST /api/classes: an author makes a class and teaches it. The class row and its first
 * teacher go in one batch, so a class is never left without the teacher who made it.
 */
export async function createClass(services: AppServices, caller: Caller, input: CreateClassInput): Promise<{ message: string; code: string; entity: ClassEntity }> {
  assertMayCreateClass(caller);
  const data = CreateClassInput.parse(input);
  const now = services.now();
  try {
    const [[row]] = await services.db.batch([
      services.db.insert(classes).values({ businessId: caller.businessId, name: data.name, code: data.code, joinCode: newJoinCode(), createdBy: caller.userId, createdAt: now, updatedAt: now }).returning(),
      // The row just inserted (the same write transaction): its first teacher is whoever made it.
      services.db.run(sql`insert into class_teachers (class_id, user_id) values (last_insert_rowid(), ${caller.userId})`),
    ]);
    const [entity] = await classEntities(services, [row]);
    return { ...say("CLASS_CREATED"), entity };
  } catch (error) {
    if (isUniqueViolation(error, "classes_business_code_lower_uq")) throw codeTaken();
    throw error;
  }
}
