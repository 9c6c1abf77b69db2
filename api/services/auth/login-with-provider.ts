import type { AppServices } from "../../context";
import { deploymentBusinessId } from "./deployment-business";
import { issueSession } from "./issue-session";
import { createProviderUser, findProviderUser } from "./provider-account";
import { verifyProviderToken } from "./provider-token";
import { ProviderLoginInput, ProviderLoginWithUserDataInput } from "./schemas";
import type { SessionTokens } from "./types";

/**
 * Sign-in with the provider's ID token (spec 7 login_with_user_module): an existing account
 * is signed in, an unknown one is created as a Student of the deployment's business first
 * (spec 2.2), so the popup flow needs a single call.
 */
export async function loginWithProvider(services: AppServices, input: ProviderLoginInput): Promise<SessionTokens> {
  const { token } = ProviderLoginInput.parse(input);
  return signInOrCreate(services, token, {});
}

/** login_with_user_module_with_user_data: the same, with the names to use if the account is created. */
export async function loginWithProviderAndUserData(
  services: AppServices,
  input: ProviderLoginWithUserDataInput,
): Promise<SessionTokens> {
  const { token, fullname, username } = ProviderLoginWithUserDataInput.parse(input);
  return signInOrCreate(services, token, { fullname, username });
}

async function signInOrCreate(
  services: AppServices,
  token: string,
  names: { fullname?: string; username?: string },
): Promise<SessionTokens> {
  const identity = await verifyProviderToken(services, token);
  const existing = await findProviderUser(services, identity);
  const userId =
    existing ??
    (await createProviderUser(services, identity, {
      businessId: await deploymentBusinessId(services),
      userType: "Student",
      ...names,
    }));
  return issueSession(services, userId);
}
