import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { AppError } from "../core/errors";
import { revokeFamilyStatement } from "./refresh-session";
import { revokeCredentialsStatements } from "./revoke-credentials";
import { SessionIdInput } from "./schemas";
import { endSessionStatement } from "./sessions";
import { say } from "../message-codes";


/**
 * "Sign out" of one of the caller's own sessions (another device, or this one). Another
 * user's session id answers 404 exactly like an unknown one, so ids are not confirmed.
 */
export async function endSession(services: AppServices, caller: Caller, input: SessionIdInput): Promise<{ message: string; current: boolean }> {
  const { id } = SessionIdInput.parse(input);
  const [ended] = await services.db.batch([endSessionStatement(services, caller.userId, id), revokeFamilyStatement(services, caller.userId, id)]);
  if (ended.length === 0) throw new AppError(404, say("SESSION_NOT_FOUND"));
  return { message: "Session signed out", current: id === caller.sessionId };
}

/** "Sign out everywhere else": every other session and every key pair; this one stays. */
export async function endOtherSessions(services: AppServices, caller: Caller): Promise<{ message: string; ended: number }> {
  const [ended] = await services.db.batch(revokeCredentialsStatements(services, caller.userId, caller.sessionId));
  return { message: "Signed out everywhere else", ended: ended.length };
}
