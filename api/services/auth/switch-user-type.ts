import { and, eq } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Forbidden, Unauthorized } from "../core/errors";
import { issueSession } from "./issue-session";
import { loadSessionUser } from "./load-session-user";
import { revokeFamilyStatement } from "./refresh-session";
import { endSessionStatement, type SignInDevice } from "./sessions";
import type { SessionTokens } from "./types";

/**
 * Spec 4 user type toggle: Students and Teachers whose role_level is at most the business's
 * maximumRoleLevelForTeacher flip between the two. The rule is re-checked against the
 * database, not the token, because the owner may have lowered the limit since sign-in.
 * Only userType changes; the profile (an organisational title) stays as it is.
 */
export async function switchUserType(
  services: AppServices,
  caller: Caller,
  device: SignInDevice = {},
): Promise<SessionTokens & { redirectTo: "/student/quizPool" | "/teacher/quizPool" }> {
  const current = await loadSessionUser(services, caller.userId);
  if (!current || current.current_business !== caller.businessId) throw new Unauthorized();
  if (!current.canSwitchUserType || current.userType === "Admin") throw new Forbidden();

  const next = current.userType === "Student" ? "Teacher" : "Student";
  const switchUser = services.db
    .update(users)
    .set({ userType: next, updatedAt: services.now() })
    .where(and(eq(users.id, caller.userId), eq(users.businessId, caller.businessId), eq(users.userType, current.userType)));
  // The old session's tokens carry the old user type: they end with the switch, on both doors.
  if (caller.sessionId) {
    await services.db.batch([
      switchUser,
      endSessionStatement(services, caller.userId, caller.sessionId),
      revokeFamilyStatement(services, caller.userId, caller.sessionId),
    ]);
  } else {
    await switchUser;
  }
  const session = await issueSession(services, caller.userId, device);
  return { ...session, redirectTo: session.user.userType === "Teacher" ? "/teacher/quizPool" : "/student/quizPool" };
}
