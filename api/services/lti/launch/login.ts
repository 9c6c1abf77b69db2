import type { AppServices } from "../../core/app-services";
import { assertDeploymentKnown, platformOfLogin } from "./platforms";
import { refuse } from "./refusals";
import { type LoginRequest, randomValue, signState, stateCookieHeader } from "./state";

/**
 * Third-party initiated login (IMS Security 1.0 §5.1.1.1, LTI Core §4.1): the platform names
 * itself and the user; we answer with the OIDC authentication request to its authorisation
 * endpoint, a new state (bound to this browser by a cookie) and a new nonce.
 */
export interface LoginAnswer {
  redirectTo: string;
  setCookie: string;
}

const field = (params: Record<string, string | undefined>, name: string, max = 2000): string | undefined => {
  const value = params[name]?.trim();
  if (value === undefined || value === "") return undefined;
  if (value.length > max) return refuse("LTI_BAD_REQUEST", `${name} too long`);
  return value;
};

export function loginRequestOf(params: Record<string, string | undefined>): LoginRequest {
  const iss = field(params, "iss");
  const loginHint = field(params, "login_hint");
  const targetLinkUri = field(params, "target_link_uri");
  if (!iss || !loginHint || !targetLinkUri) return refuse("LTI_BAD_REQUEST", "iss, login_hint and target_link_uri are required");
  return {
    iss,
    loginHint,
    targetLinkUri,
    ltiMessageHint: field(params, "lti_message_hint", 4000),
    clientId: field(params, "client_id", 255),
    deploymentId: field(params, "lti_deployment_id", 255),
  };
}

/** The target must be this tool: a login that would send the user elsewhere after us is refused. */
function assertOurTarget(targetLinkUri: string, toolOrigin: string): void {
  let origin: string;
  try {
    origin = new URL(targetLinkUri).origin;
  } catch {
    return refuse("LTI_WRONG_TARGET", "target_link_uri is not a URL");
  }
  if (origin !== toolOrigin) refuse("LTI_WRONG_TARGET", `${origin} is not ${toolOrigin}`);
}

export async function startLogin(services: AppServices, request: LoginRequest, toolOrigin: string): Promise<LoginAnswer> {
  const platform = await platformOfLogin(services, request.iss, request.clientId);
  if (request.deploymentId) await assertDeploymentKnown(services, platform.id, request.deploymentId);
  assertOurTarget(request.targetLinkUri, toolOrigin);
  const nonce = randomValue();
  const state = await signState(services.config, { ...request, clientId: platform.clientId, platformId: platform.id, nonce }, services.now());
  const url = new URL(platform.authLoginUrl);
  const query: Record<string, string | undefined> = {
    scope: "openid",
    response_type: "id_token",
    response_mode: "form_post",
    prompt: "none",
    client_id: platform.clientId,
    redirect_uri: `${toolOrigin}/api/lti/launch`,
    login_hint: request.loginHint,
    state,
    nonce,
    lti_message_hint: request.ltiMessageHint,
  };
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
  return { redirectTo: url.toString(), setCookie: await stateCookieHeader(services.config, state) };
}
