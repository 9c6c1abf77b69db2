import { and, eq } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Unauthorized } from "../core/errors";
import { assertMaySwitchUserType, isStudent, switchedUserType } from "../core/permissions";
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
  assertMaySwitchUserType(current);

  const next = switchedUserType(current);
  const switchUser = services.db
    .update(users)
    .set({ userType: next, updatedAt: services.now() })
    // A compare-and-set on the row (two switches at once flip it once), not a permission.
    // eslint-disable-next-line no-restricted-syntax
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
  return { ...session, redirectTo: isStudent(session.user) ? "/student/quizPool" : "/teacher/quizPool" };
}
