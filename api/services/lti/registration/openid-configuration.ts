import { z } from "zod";
import type { AppServices } from "../../core/app-services";
import { AppError, Invalid } from "../../core/errors";
import { say } from "../../message-codes";
import { type PlatformAnswer, platformFetch } from "../platform-fetch";
import { isPlatformUrlAllowed } from "../platform-urls";

/** LTI Dynamic Registration 1.0 §3.5.2: the platform's configuration claim. */
export const PLATFORM_CONFIGURATION_CLAIM = "https://purl.imsglobal.org/spec/lti-platform-configuration";

/** What we read of a platform's OpenID configuration (LTI Dynamic Registration 1.0 §3.5), URLs checked by the same rule as a platform added by hand. */
export function configurationSchema(allowHttp: boolean) {
  const url = z.string().refine((value) => isPlatformUrlAllowed(value, allowHttp), "must be an https URL");
  return z.object({
    issuer: url,
    authorization_endpoint: url,
    token_endpoint: url,
    jwks_uri: url,
    registration_endpoint: url,
    /** The `aud` of our token assertions when it is not the token endpoint. */
    authorization_server: z.string().max(500).optional(),
    id_token_signing_alg_values_supported: z
      .array(z.string())
      .optional()
      .refine((algs) => !algs || algs.includes("RS256"), "must offer RS256"),
    [PLATFORM_CONFIGURATION_CLAIM]: z.object({ product_family_code: z.string().max(120).optional() }).passthrough().optional(),
  });
}
export type PlatformConfiguration = z.infer<ReturnType<typeof configurationSchema>>;

/**
 * §3.5.1: the issuer MUST prefix the configuration URL. Compared at a path boundary, so the
 * issuer https://lms.example does not vouch for https://lms.example.evil.test/... .
 */
export function issuerPrefixes(issuer: string, configurationUrl: string): boolean {
  if (!configurationUrl.startsWith(issuer)) return false;
  const next = configurationUrl.charAt(issuer.length);
  return issuer.endsWith("/") || next === "/" || next === "" || next === "?";
}

/** The platform's configuration, read by platform-fetch.ts (5 s, 1 MB, JSON, no redirect elsewhere); each refusal said by code, never a 5xx. */
export async function readPlatformConfiguration(services: AppServices, configurationUrl: string): Promise<PlatformConfiguration> {
  const allowHttp = services.config.ltiAllowHttp;
  if (!isPlatformUrlAllowed(configurationUrl, allowHttp)) throw new Invalid(say("LTI_URL_INVALID"));
  let answer: PlatformAnswer;
  try {
    answer = await platformFetch(services.config, configurationUrl, { headers: { accept: "application/json" } });
  } catch {
    // platform-fetch.ts's LmsCallFailed: no answer in time, not JSON, over 1 MB, a redirect elsewhere, a 4xx or 5xx.
    throw new AppError(503, say("LTI_REGISTRATION_CONFIG_UNREACHABLE"));
  }
  if (answer.status !== 200) throw new AppError(503, say("LTI_REGISTRATION_CONFIG_UNREACHABLE"));
  const parsed = configurationSchema(allowHttp).safeParse(answer.json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Invalid(say("LTI_REGISTRATION_CONFIG_INVALID", { detail: `${issue.path.join(".") || "configuration"} ${issue.message}` }));
  }
  if (!issuerPrefixes(parsed.data.issuer, configurationUrl)) {
    throw new Invalid(say("LTI_REGISTRATION_CONFIG_INVALID", { detail: "issuer does not prefix the configuration URL" }));
  }
  return parsed.data;
}
