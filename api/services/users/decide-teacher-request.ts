import { and, eq, isNotNull } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict } from "../core/errors";
import { endSessionsStatements } from "../auth/revoke-credentials";
import { assertOwner, userTypeChange } from "../core/permissions";
import { NO_OPEN_REQUEST, TEACHER_REQUEST_APPROVED, TEACHER_REQUEST_REFUSED, TeacherRequestDecision } from "./schemas";
import { targetUser } from "./target-user";
import { toUserEntity, type UserEntity, userEntityColumns } from "./user-entity";

/**
 * The owner approves or refuses a self-registered Teacher (docs/decisions/0029). Approval
 * makes the account a Teacher (an author) and ends its sessions, whose tokens still say
 * Student: the next sign-in opens the teacher area. A refusal keeps the Student account and
 * tells the user so; a refused request may still be approved later.
 */
export async function decideTeacherRequest(
  services: AppServices,
  caller: Caller,
  input: unknown,
): Promise<{ message: string; entity: UserEntity }> {
  assertOwner(caller);
  const { userId, decision } = TeacherRequestDecision.parse(input);
  const user = await targetUser(services, caller, userId);
  if (user.teacherRequest === null) throw new Conflict(NO_OPEN_REQUEST);

  const now = services.now();
  // Only while a request is still open: two owners deciding at once cannot both apply.
  const stillRequested = and(eq(users.id, userId), isNotNull(users.teacherRequest));
  const [[updated]] =
    decision === "Approve"
      ? await services.db.batch([
          services.db
            .update(users)
            .set({ ...userTypeChange(user, { userType: "Teacher" }).set, updatedAt: now })
            .where(stillRequested)
            .returning(userEntityColumns),
          ...endSessionsStatements(services, userId),
        ])
      : await services.db.batch([
          services.db.update(users).set({ teacherRequest: "refused", updatedAt: now }).where(stillRequested).returning(userEntityColumns),
        ]);
  if (!updated) throw new Conflict(NO_OPEN_REQUEST);
  return { message: decision === "Approve" ? TEACHER_REQUEST_APPROVED : TEACHER_REQUEST_REFUSED, entity: toUserEntity(caller, updated) };
}
