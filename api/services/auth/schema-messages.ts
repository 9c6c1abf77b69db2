import type { MessageParams } from "../core/coded";

/**
 * The texts of the auth schemas (schemas.ts), in a module of texts only: the message catalogue
 * (api/services/message-codes.ts) reads them, the schemas give their checks the codes
 * (`schemaMessage`), and the pages word the codes (docs/decisions/0061-codes-and-params.md).
 * The English is spec 5's, verbatim ('{name} is required', '{name} is not valid').
 */

/** A field as the codes name it (`{ field }`) → its English name in the texts. */
export const AUTH_FIELD_NAMES = {
  email: "Email",
  fullname: "Fullname",
  username: "Username",
  password: "Password",
  confirmPassword: "Confirm Password",
  currentPassword: "Current password",
  userType: "User type",
  token: "Token",
  refreshToken: "Refresh token",
  state: "State",
  mfaToken: "Sign-in token",
  code: "Code",
  businessName: "Business name",
  roleLevel: "Role level",
  profile: "Profile",
  department: "Department",
  session: "Session",
} as const;
export type AuthField = keyof typeof AUTH_FIELD_NAMES;

const nameOf = (params: MessageParams) => AUTH_FIELD_NAMES[params.field as AuthField] ?? String(params.field);

export const AUTH_SCHEMA_MESSAGES = {
  /** { field } */
  FIELD_REQUIRED: (params: MessageParams) => `${nameOf(params)} is required`,
  /** { field } */
  FIELD_NOT_VALID: (params: MessageParams) => `${nameOf(params)} is not valid`,
  /** { field, max } */
  FIELD_TOO_LONG: (params: MessageParams) => `${nameOf(params)} must be at most ${params.max} characters`,
  /** { field, min } */
  FIELD_TOO_SHORT: (params: MessageParams) => `${nameOf(params)} must be at least ${params.min} characters`,
  PASSWORD_MISMATCH: "Password and Confirm Password didn't match.",
  TERMS_REQUIRED: "Accepting terms & conditions are required",
  // Registration offers Student or Teacher only (spec 6).
  SELF_SERVICE_USER_TYPE_INVALID: "User type is not valid",
  PUBLIC_KEY_INVALID: "Public key is invalid",
  PRIVATE_KEY_INVALID: "Private key is invalid",
  MODULE_ID_INVALID: "Module id is invalid",
  BODY_NOT_AN_OBJECT: "The request body must be a JSON object",
  EMAIL_OR_TOKEN: "Send either an email or a token",
} as const;

/** The values the texts with values take (the pages' words take the same, and a field's label). */
export const AUTH_SCHEMA_PARAMS = {
  FIELD_REQUIRED: ["field"],
  FIELD_NOT_VALID: ["field"],
  FIELD_TOO_LONG: ["field", "max"],
  FIELD_TOO_SHORT: ["field", "min"],
} as const;
