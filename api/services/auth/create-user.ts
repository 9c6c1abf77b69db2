import { assertMayCreateAccountOfType, isOwner } from "../core/permissions";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict } from "../core/errors";
import { deploymentBusinessId } from "./deployment-business";
import { loadSessionUser } from "./load-session-user";
import { createProviderUser, providerUserExists } from "./provider-account";
import { verifyProviderToken } from "./provider-token";
import { CreateUserInput } from "./schemas";
import type { SessionUser } from "./types";
import { say } from "../message-codes";

/**
 * Spec 7 create_user (token, role Student): creates the account for a provider ID token.
 * The token proves the identity, so anyone holding it may create that account, but only
 * as a Student of the deployment's business (spec 2.2). The business owner may also create
 * provider accounts as Teachers, in the owner's own business.
 */
export async function createUser(services: AppServices, caller: Caller | null, input: CreateUserInput): Promise<SessionUser> {
  const { token, role } = CreateUserInput.parse(input);
  assertMayCreateAccountOfType(caller, role);
  const byOwner = caller !== null && isOwner(caller);

  const identity = await verifyProviderToken(services, token);
  if (await providerUserExists(services, identity)) throw new Conflict(say("EMAIL_TAKEN"));
  const businessId = byOwner && caller ? caller.businessId : await deploymentBusinessId(services);
  const userId = await createProviderUser(services, identity, { businessId, userType: role });
  const user = await loadSessionUser(services, userId);
  if (!user) throw new Error(`user ${userId} vanished after creation`);
  return user;
}
