import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { assertMayManageLtiPlatforms } from "../../core/permissions";

/**
 * What an LMS admin pastes into the LMS (decisions.md "LTI 1.3": our addresses are the contract).
 * Deep-linking requests arrive at the same launch address as resource links: the message type
 * inside the id_token tells them apart, so Moodle's "Content selection URL" is the launch URL.
 */
export interface ToolValues {
  /** Moodle "Tool URL", Canvas "Target Link URI". */
  toolUrl: string;
  /** Third-party initiated login (Moodle "Initiate login URL", Canvas "OpenID Connect Initiation Url"). */
  loginUrl: string;
  /** Where the id_token is posted (Moodle "Redirection URI(s)", Canvas "Redirect URIs"). */
  launchUrl: string;
  /** Our public keys (Moodle "Public keyset", Canvas "Public JWK URL"). */
  jwksUrl: string;
  deepLinkingUrl: string;
  /** LTI Dynamic Registration (Moodle "Tool URL" of "Register tool", Canvas "Dynamic Registration URL"). */
  registrationUrl: string;
  domain: string;
}

export function toolValues(appUrl: string): ToolValues {
  const api = `${appUrl}/api/lti`;
  return {
    toolUrl: `${api}/launch`,
    loginUrl: `${api}/login`,
    launchUrl: `${api}/launch`,
    jwksUrl: `${api}/jwks`,
    deepLinkingUrl: `${api}/launch`,
    registrationUrl: `${api}/register`,
    domain: new URL(appUrl).host,
  };
}

/** POST /api/lti/platform/ourValues (owner only). */
export function ourValues(services: AppServices, caller: Caller): ToolValues {
  assertMayManageLtiPlatforms(caller);
  return toolValues(services.config.appUrl);
}
