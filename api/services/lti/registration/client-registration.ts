import { toolValues } from "../platforms/our-values";

/** LTI Dynamic Registration 1.0 §3.6.2: the tool's configuration claim. */
export const TOOL_CONFIGURATION_CLAIM = "https://purl.imsglobal.org/spec/lti-tool-configuration";

/** The services we ask for: AGS (line items, scores, results) and NRPS (the roster). */
export const TOOL_SCOPES = [
  "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
  "https://purl.imsglobal.org/spec/lti-ags/scope/score",
  "https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly",
  "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",
] as const;

/**
 * The client registration we POST to the platform's registration endpoint (OpenID Connect
 * Dynamic Client Registration as LTI Dynamic Registration 1.0 §3.6 profiles it): our launch and
 * login addresses, our key set, the services and the two messages we take.
 */
export function clientRegistration(appUrl: string, clientName: string) {
  const values = toolValues(appUrl);
  return {
    application_type: "web",
    response_types: ["id_token"],
    grant_types: ["implicit", "client_credentials"],
    initiate_login_uri: values.loginUrl,
    redirect_uris: [values.launchUrl],
    client_name: clientName,
    jwks_uri: values.jwksUrl,
    token_endpoint_auth_method: "private_key_jwt",
    scope: TOOL_SCOPES.join(" "),
    [TOOL_CONFIGURATION_CLAIM]: {
      domain: values.domain,
      target_link_uri: values.launchUrl,
      claims: ["iss", "sub", "name", "given_name", "family_name", "email"],
      messages: [
        { type: "LtiDeepLinkingRequest", target_link_uri: values.deepLinkingUrl, label: clientName },
        { type: "LtiResourceLinkRequest", target_link_uri: values.launchUrl },
      ],
    },
  };
}
