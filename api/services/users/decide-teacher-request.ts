import { and, eq, isNotNull } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict } from "../core/errors";
import { endSessionsStatements } from "../auth/revoke-credentials";
import { assertOwner, userTypeChange } from "../core/permissions";
import { say, type SaidAs } from "../message-codes";
import { TeacherRequestDecision } from "./schemas";
import { targetUser } from "./target-user";
import { tellTeacherOfDecision } from "./tell-teacher-of-decision";
import { toUserEntity, type UserEntity, userEntityColumns } from "./user-entity";

/** The account as the answer names it, and the language its mail is written in. */
const decidedColumns = { ...userEntityColumns, language: users.language };

/**
 * The owner approves or refuses a self-registered Teacher (docs/decisions/0029). Approval
 * makes the account a Teacher (an author) and ends its sessions, whose tokens still say
 * Student: the next sign-in opens the teacher area. A refusal keeps the Student account and
 * tells the user so; a refused request may still be approved later. Either way the person
 * who asked gets an e-mail saying so (tell-teacher-of-decision.ts).
 */
export async function decideTeacherRequest(
  services: AppServices,
  caller: Caller,
  input: unknown,
): Promise<SaidAs<"TEACHER_REQUEST_APPROVED" | "TEACHER_REQUEST_REFUSED"> & { entity: UserEntity }> {
  assertOwner(caller);
  const { userId, decision } = TeacherRequestDecision.parse(input);
  const user = await targetUser(services, caller, userId);
  if (user.teacherRequest === null) throw new Conflict(say("NO_TEACHER_REQUEST"));

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
            .returning(decidedColumns),
          ...endSessionsStatements(services, userId),
        ])
      : await services.db.batch([
          services.db.update(users).set({ teacherRequest: "refused", updatedAt: now }).where(stillRequested).returning(decidedColumns),
        ]);
  if (!updated) throw new Conflict(say("NO_TEACHER_REQUEST"));
  try {
    await tellTeacherOfDecision(services, { businessId: caller.businessId, email: updated.email, fullname: updated.fullname, language: updated.language, decision });
  } catch (error) {
    // The decision stands without the mail: the next sign-in shows it.
    console.error("Could not tell the teacher about the owner's decision", error);
  }
  return { ...say(decision === "Approve" ? "TEACHER_REQUEST_APPROVED" : "TEACHER_REQUEST_REFUSED"), entity: toUserEntity(caller, updated) };
}
