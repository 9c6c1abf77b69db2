import type { AppServices } from "../core/app-services";
import { AppError } from "../core/errors";
import { discoverProvider, providerSettings } from "./provider-token";
import { buildAuthorizationUrl, signProviderRequest } from "./provider-request";
import { randomToken } from "./random-token";
import { say } from "../message-codes";

/** Where the provider sends the popup back (app/routes/auth/provider-callback.tsx). */
export const PROVIDER_CALLBACK_PATH = "/quiz/auth/provider-callback";

export interface ProviderSignInStart {
  /** Where the popup goes. */
  authorizationUrl: string;
  /** Also returned to the popup's opener, which checks the callback's message against them before posting it. */
  state: string;
  nonce: string;
  /** The signed value of the request cookie (provider-request.ts); the caller sets it. */
  cookieValue: string;
}

/**
 * Starts a provider sign-in: fresh random `state` and `nonce`, the authorization URL that
 * carries them, and the signed cookie value that binds them to this browser.
 */
export async function startProviderSignIn(services: AppServices): Promise<ProviderSignInStart> {
  const { issuer, clientId } = providerSettings(services);
  const { authorization_endpoint } = await discoverProvider(issuer);
  if (!authorization_endpoint) throw new AppError(404, say("PROVIDER_NOT_CONFIGURED"));
  const request = { state: randomToken(24), nonce: randomToken(24) };
  return {
    authorizationUrl: buildAuthorizationUrl({
      authorizationEndpoint: authorization_endpoint,
      clientId,
      redirectUri: `${services.config.appUrl}${PROVIDER_CALLBACK_PATH}`,
      ...request,
    }),
    ...request,
    cookieValue: await signProviderRequest(services, request),
  };
}
