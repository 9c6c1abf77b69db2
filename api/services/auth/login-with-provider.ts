import type { AppServices } from "../core/app-services";
import { Invalid, Unauthorized } from "../core/errors";
import { deploymentBusinessId } from "./deployment-business";
import { issueSession } from "./issue-session";
import { createProviderUser, findProviderUser } from "./provider-account";
import { readProviderRequest, spendProviderRequest } from "./provider-request";
import { type ProviderIdentity, verifyProviderToken } from "./provider-token";
import { constantTimeEqual } from "./random-token";
import { ProviderCallbackInput, ProviderLoginInput, ProviderLoginWithUserDataInput } from "./schemas";
import type { SignInDevice } from "./sessions";
import type { SessionTokens } from "./types";
import { say } from "../message-codes";
import { AUTH_MESSAGES } from "./messages";

export const PROVIDER_REQUEST_MISSING = AUTH_MESSAGES.PROVIDER_REQUEST_MISSING;
export const PROVIDER_STATE_MISMATCH = AUTH_MESSAGES.PROVIDER_STATE_MISMATCH;
export const PROVIDER_NONCE_MISMATCH = AUTH_MESSAGES.PROVIDER_NONCE_MISMATCH;

/**
 * Sign-in with the provider's ID token (spec 7 login_with_user_module): an existing account
 * is signed in, an unknown one is created as a Student of the deployment's business first
 * (spec 2.2), so the popup flow needs a single call. The module endpoints take a token the
 * calling module obtained itself, so there is no request of ours to check it against
 * (docs/decisions, provider state and nonce).
 */
export async function loginWithProvider(
  services: AppServices,
  input: ProviderLoginInput,
  device: SignInDevice = {},
): Promise<SessionTokens> {
  const { token } = ProviderLoginInput.parse(input);
  return signInOrCreate(services, await verifyProviderToken(services, token), {}, device);
}

/** login_with_user_module_with_user_data: the same, with the names to use if the account is created. */
export async function loginWithProviderAndUserData(
  services: AppServices,
  input: ProviderLoginWithUserDataInput,
  device: SignInDevice = {},
): Promise<SessionTokens> {
  const { token, fullname, username } = ProviderLoginWithUserDataInput.parse(input);
  return signInOrCreate(services, await verifyProviderToken(services, token), { fullname, username }, device);
}

/**
 * The end of this app's own popup: the answer must belong to the request this browser
 * started (`requestCookie`, provider-request.ts): same `state`, and an ID token with the
 * same `nonce`. A token from another browser, a forged or replayed answer, or one arriving
 * after the request expired or was used is refused before anyone is signed in.
 */
export async function loginWithProviderPopup(
  services: AppServices,
  input: ProviderCallbackInput,
  requestCookie: string | null | undefined,
  device: SignInDevice = {},
): Promise<SessionTokens> {
  const { token, state } = ProviderCallbackInput.parse(input);
  const request = await readProviderRequest(services, requestCookie);
  if (!request) throw new Invalid(say("PROVIDER_REQUEST_MISSING"));
  if (!constantTimeEqual(state, request.state)) throw new Invalid(say("PROVIDER_STATE_MISMATCH"));
  const identity = await verifyProviderToken(services, token);
  if (!identity.nonce || !constantTimeEqual(identity.nonce, request.nonce)) throw new Unauthorized(say("PROVIDER_NONCE_MISMATCH"));
  await spendProviderRequest(services, request);
  return signInOrCreate(services, identity, {}, device);
}

async function signInOrCreate(
  services: AppServices,
  identity: ProviderIdentity,
  names: { fullname?: string; username?: string },
  device: SignInDevice,
): Promise<SessionTokens> {
  const existing = await findProviderUser(services, identity);
  const userId =
    existing ??
    (await createProviderUser(services, identity, {
      businessId: await deploymentBusinessId(services),
      userType: "Student",
      ...names,
    }));
  return issueSession(services, userId, device);
}
