/**
 * The texts of the owner's LTI platforms, dynamic registration, the tool's keys and deep linking
 * (issue 29 points 1 and 3, ADR 0088), in a module of texts only (the catalogue,
 * api/services/message-codes.ts, imports it). Pages say them by code from locales/<lang>/lti.json
 * `codes.<CODE>`.
 */
export const LTI_REGISTRATION_MESSAGES = {
  LTI_PLATFORM_ADDED: "Platform added",
  LTI_PLATFORM_ENABLED: "Platform enabled: it can launch the tool again",
  LTI_PLATFORM_DISABLED: "Platform disabled: its launches are refused until you enable it",
  LTI_PLATFORM_REMOVED: "Platform removed; the accounts its launches made stay",
  LTI_PLATFORM_EXISTS: "A platform with this issuer and client id is already registered",
  LTI_NAME_REQUIRED: "Give the platform a name",
  LTI_NAME_TOO_LONG: "A name has at most {{max}} characters",
  LTI_ISSUER_REQUIRED: "The issuer is required",
  LTI_CLIENT_ID_REQUIRED: "The client id is required",
  LTI_VALUE_TOO_LONG: "At most {{max}} characters",
  LTI_URL_INVALID: "Enter a full https:// address",
  LTI_DEPLOYMENT_IDS_REQUIRED: "Give at least one deployment id",
  LTI_DEPLOYMENT_IDS_TOO_MANY: "At most {{max}} deployment ids",
  LTI_TOOL_KEYS_UNAVAILABLE: "The tool's keys cannot be used: the server has no secrets key (PAYMENT_SECRETS_KEY)",
  LTI_KEY_ROTATED: "A new signing key is in use; the old one stays published for 7 days",
  LTI_REGISTRATION_PARAMS_MISSING: "The registration link lacks its openid_configuration address",
  LTI_REGISTRATION_CONFIG_UNREACHABLE: "The platform's configuration could not be read: it did not answer in time or its answer was not JSON",
  LTI_REGISTRATION_CONFIG_INVALID: "The platform's configuration is not a valid LTI platform configuration: {{detail}}",
  LTI_REGISTRATION_REFUSED: "The platform refused the registration (status {{status}})",
  LTI_REGISTERED: "Registered: {{name}} can now launch the tool",
  LTI_DEEP_LINK_EXPIRED: "This choice has expired or was already made: start again from your course",
  LTI_DEEP_LINK_SETTINGS_INVALID: "The LMS asked for content this tool cannot give: {{detail}}",
  LTI_DEEP_LINK_SENT: "Sending the quiz to your course",
} as const;

/** The longest name, issuer, client id, URL or deployment id we store. */
export const LTI_LIMITS = { name: 120, value: 500, deployments: 20 } as const;
