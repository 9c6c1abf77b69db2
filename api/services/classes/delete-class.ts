import { eq } from "drizzle-orm";
import { classes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertMayCreateClass } from "../core/permissions";
import { say } from "../message-codes";
import { loadManagedClass } from "./load-class";
import { ClassIdInput } from "./schemas";

/** POST /api/classes/delete: the class, its teachers and its roster go (the accounts stay). */
export async function deleteClass(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; code: string }> {
  assertMayCreateClass(caller);
  const { classId } = ClassIdInput.parse(input);
  const row = await loadManagedClass(services, caller, classId);
  await services.db.delete(classes).where(eq(classes.id, row.id));
  return say("CLASS_DELETED");
}
