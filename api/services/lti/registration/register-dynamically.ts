import { z } from "@hono/zod-openapi";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { schemaMessage } from "../../core/coded";
import { AppError, Invalid } from "../../core/errors";
import { assertMayManageLtiPlatforms } from "../../core/permissions";
import { say } from "../../message-codes";
import { LmsCallFailed, type PlatformAnswer, platformFetch } from "../platform-fetch";
import { platformName } from "../platforms/schemas";
import { storePlatform } from "../platforms/store-platform";
import { clientRegistration, TOOL_CONFIGURATION_CLAIM } from "./client-registration";
import { LTI_LIMITS } from "./messages";
import { PLATFORM_CONFIGURATION_CLAIM, readPlatformConfiguration } from "./openid-configuration";

/** Our product's name in the LMS's tool list. */
export const TOOL_CLIENT_NAME = "Quiz";

export const RegisterDynamicallyInput = z.object({
  openidConfiguration: z
    .string({ error: schemaMessage("LTI_REGISTRATION_PARAMS_MISSING") })
    .trim()
    .min(1, schemaMessage("LTI_REGISTRATION_PARAMS_MISSING"))
    .max(2000, schemaMessage("LTI_URL_INVALID")),
  /** Optional in the specification; sent as the Bearer of the registration request when given. */
  registrationToken: z.string().max(4000).optional().nullable(),
  name: platformName.optional(),
});

/** What the platform answers (§3.6.2): our client id, and the deployment it made, when it made one. */
const RegistrationAnswer = z.object({
  client_id: z.string().min(1).max(LTI_LIMITS.value),
  [TOOL_CONFIGURATION_CLAIM]: z.object({ deployment_id: z.string().min(1).max(LTI_LIMITS.value).optional() }).passthrough().optional(),
});

/**
 * LTI Dynamic Registration 1.0, the tool's side, as the signed-in owner confirms it: read the
 * platform's OpenID configuration (its issuer must prefix the configuration's URL), register our
 * client with the registration token as Bearer, and store the platform with the client id and
 * deployment id the platform answered. Every platform failure is a coded 4xx/503, never a 500.
 */
export async function registerDynamically(services: AppServices, caller: Caller, input: unknown) {
  assertMayManageLtiPlatforms(caller);
  const parsed = RegisterDynamicallyInput.safeParse(input);
  if (!parsed.success) throw new Invalid(say("LTI_REGISTRATION_PARAMS_MISSING"));
  const { openidConfiguration, registrationToken, name } = parsed.data;
  const configuration = await readPlatformConfiguration(services, openidConfiguration);
  const platformLabel = name ?? configuration[PLATFORM_CONFIGURATION_CLAIM]?.product_family_code ?? new URL(configuration.issuer).host;

  const answer = await sendRegistration(services, configuration.registration_endpoint, registrationToken);
  const registered = RegistrationAnswer.safeParse(answer.json);
  if (!registered.success) throw new AppError(400, say("LTI_REGISTRATION_REFUSED", { status: answer.status }));

  const deploymentId = registered.data[TOOL_CONFIGURATION_CLAIM]?.deployment_id;
  const platformId = await storePlatform(
    services,
    caller.businessId,
    {
      name: platformLabel.slice(0, LTI_LIMITS.name),
      issuer: configuration.issuer,
      clientId: registered.data.client_id,
      deploymentIds: deploymentId ? [deploymentId] : [],
      authLoginUrl: configuration.authorization_endpoint,
      authTokenUrl: configuration.token_endpoint,
      authTokenAudience: configuration.authorization_server ?? null,
      keySetUrl: configuration.jwks_uri,
    },
    "dynamic",
  );
  return { ...say("LTI_REGISTERED", { name: platformLabel }), platformId, clientId: registered.data.client_id, deploymentId: deploymentId ?? null };
}

/**
 * §3.6: our client registration POSTed to the platform. No answer (or none in time) is the 503
 * of an unreachable platform; any other failure (a 4xx such as a refused token, a 5xx, garbage,
 * too much, a redirect elsewhere) is the platform's refusal, named by its status.
 */
async function sendRegistration(services: AppServices, registrationEndpoint: string, registrationToken: string | null | undefined): Promise<PlatformAnswer> {
  try {
    return await platformFetch(services.config, registrationEndpoint, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...(registrationToken ? { authorization: `Bearer ${registrationToken}` } : {}) },
      body: JSON.stringify(clientRegistration(services.config.appUrl, TOOL_CLIENT_NAME)),
    });
  } catch (error) {
    if (!(error instanceof LmsCallFailed)) throw error;
    if (error.reason === "LTI_LMS_UNREACHABLE" || error.reason === "LTI_LMS_TIMEOUT") throw new AppError(503, say("LTI_REGISTRATION_CONFIG_UNREACHABLE"));
    throw new AppError(400, say("LTI_REGISTRATION_REFUSED", { status: error.status ?? 0 }));
  }
}
