import { and, eq } from "drizzle-orm";
import { assertAuthor } from "../core/permissions";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Unauthorized } from "../core/errors";
import { providerUserExists } from "./provider-account";
import { verifyProviderToken } from "./provider-token";
import { CheckUserExistenceInput } from "./schemas";

/**
 * Spec 7 check_user_existance, in two forms so that it never answers "is this address
 * registered?" for strangers:
 * - with a provider ID token (the popup flow, no session needed): the token proves the
 *   identity, so the caller learns only about their own account;
 * - with an e-mail: only for signed-in Teachers, Admins and the owner, and only within
 *   their own business (a user of another business reads as absent).
 */
export async function checkUserExistence(
  services: AppServices,
  caller: Caller | null,
  input: CheckUserExistenceInput,
): Promise<{ userexists: boolean }> {
  const { email, token } = CheckUserExistenceInput.parse(input);
  if (token !== undefined) {
    return { userexists: await providerUserExists(services, await verifyProviderToken(services, token)) };
  }
  if (!caller) throw new Unauthorized();
  assertAuthor(caller);
  const [row] = await services.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.businessId, caller.businessId), eq(users.email, email!)))
    .limit(1);
  return { userexists: Boolean(row) };
}
