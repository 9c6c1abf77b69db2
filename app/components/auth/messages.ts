import { readSchemaMessage } from "../../../api/services/core/coded";
import { type CodedAnswer, type CodeKeys, keyOfCode, sayAnswer } from "../../utils/message-codes";

/**
 * The service verbs and their zod schemas speak English (they are shared with the API,
 * whose clients read the spec's texts). The UI shows their messages in the user's language
 * by their codes and values (docs/decisions/0061); an answer without a code this page words
 * is shown as sent.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The codes these pages word (code → key), with their values; never by their English words. */
export const AUTH_CODE_KEYS: CodeKeys = {
  // { minutes }
  SIGN_IN_THROTTLED: "auth:errors.throttled",
  // { minutes }
  TOO_MANY_ATTEMPTS: "auth:errors.tooManyAttempts",
  // The forms' checks (api/services/auth/schema-messages.ts): { field } → the page's {{name}}, the field's label.
  FIELD_REQUIRED: "auth:validation.required",
  FIELD_NOT_VALID: "auth:validation.notValid",
  FIELD_TOO_LONG: "auth:validation.maxLength",
  FIELD_TOO_SHORT: "auth:validation.minLength",
  PASSWORD_MISMATCH: "auth:validation.mismatch",
  TERMS_REQUIRED: "auth:validation.termsRequired",
  SELF_SERVICE_USER_TYPE_INVALID: "auth:validation.userTypeRequired",
  PUBLIC_KEY_INVALID: "auth:validation.publicKeyInvalid",
  PRIVATE_KEY_INVALID: "auth:validation.privateKeyInvalid",
  MODULE_ID_INVALID: "auth:validation.moduleIdInvalid",
  BODY_NOT_AN_OBJECT: "auth:errors.generic",
  TEXT_NOT_ONE_LINE: "auth:validation.notOneLine",
  USERNAME_TAKEN: "auth:validation.usernameTaken",
  PASSWORD_WEAK: "auth:validation.passwordWeak",
  // The verbs' texts (api/services/auth/messages.ts).
  LOGIN_INCORRECT: "auth:errors.loginIncorrect",
  EMAIL_TAKEN: "auth:errors.emailTaken",
  TEACHER_SIGNUP_CLOSED: "auth:errors.teacherSignUpClosed",
  KEYS_INCOMPLETE: "auth:keys.incomplete",
  RESET_LINK_SENT: "auth:notices.resetLinkSent",
  // { email }
  NO_ACCOUNT_FOR_EMAIL: "auth:errors.noAccount",
  RESET_COOLDOWN: "auth:errors.resetCooldown",
  RESET_LINK_INVALID: "auth:errors.resetLinkInvalid",
  PASSWORD_RESET_DONE: "auth:notices.passwordChanged",
  PROVIDER_NOT_CONFIGURED: "auth:errors.providerNotConfigured",
  PROVIDER_TOKEN_INVALID: "auth:errors.providerTokenInvalid",
  PROVIDER_UNREACHABLE: "auth:errors.providerUnreachable",
  PROVIDER_UNCONFIRMED_ACCOUNT: "auth:errors.providerUnconfirmedAccount",
  PROVIDER_REQUEST_MISSING: "auth:errors.providerRequestMissing",
  PROVIDER_STATE_MISMATCH: "auth:errors.providerStateMismatch",
  PROVIDER_NONCE_MISMATCH: "auth:errors.providerNonceMismatch",
  PROVIDER_REQUEST_USED: "auth:errors.providerRequestUsed",
  EMAIL_CONFIRMED: "auth:verifyEmail.confirmed",
  VERIFY_LINK_INVALID: "auth:errors.verifyLinkInvalid",
  VERIFY_LINK_USED: "auth:errors.verifyLinkUsed",
  VERIFY_LINK_EXPIRED: "auth:errors.verifyLinkExpired",
  VERIFICATION_SENT: "auth:emailVerification.sent",
  ALREADY_CONFIRMED: "auth:errors.alreadyConfirmed",
  VERIFICATION_COOLDOWN: "auth:errors.verificationCooldown",
  CURRENT_PASSWORD_WRONG: "security:errors.currentPasswordWrong",
  NO_PASSWORD_YET: "security:errors.noPasswordYet",
  SAME_PASSWORD: "security:errors.samePassword",
  SESSION_NOT_FOUND: "security:errors.sessionNotFound",
  MFA_CODE_WRONG: "auth:errors.mfaCodeWrong",
  MFA_SIGN_IN_EXPIRED: "auth:errors.mfaSignInExpired",
  MFA_ALREADY_ON: "security:errors.mfaAlreadyOn",
  MFA_NOT_STARTED: "security:errors.mfaNotStarted",
  MFA_CODE_WRONG_AT_SETUP: "security:errors.mfaCodeWrongAtSetup",
  MFA_NOT_ON: "security:errors.mfaNotOn",
  // The general codes these pages meet (core/errors.ts): a signed-out or expired session (the
  // default 401), the server's own failure, a database busy past its patience (a school signing in at once).
  UNAUTHENTICATED: "auth:errors.sessionExpired",
  INTERNAL: "auth:errors.generic",
  SERVER_BUSY: "auth:errors.serverBusy",
};

/** A field as the codes name it (`{ field }`, api/services/auth/schema-messages.ts) → the key of its label. */
const FIELD_LABEL_KEYS: Record<string, string> = {
  email: "fields.email",
  fullname: "fields.fullname",
  username: "fields.username",
  password: "fields.password",
  confirmPassword: "fields.confirmPassword",
  currentPassword: "security:password.current",
  userType: "fields.userType",
  token: "fields.token",
  code: "fields.code",
};

/** The values the page adds to a field's code: the field's label in the reader's language. */
function fieldLabel(t: Translate, answer: CodedAnswer): Record<string, unknown> | undefined {
  const field = answer.params?.field;
  if (field === undefined) return undefined;
  const key = FIELD_LABEL_KEYS[String(field)];
  return { name: key ? t(key) : String(field) };
}

/**
 * A message as the auth forms hold it: an answer of the server (its English, code and
 * values), or a schema check's coded message from the forms' instant checks (`schemaMessage`).
 */
function asAnswer(message: string | CodedAnswer): CodedAnswer {
  if (typeof message !== "string") return message;
  const coded = readSchemaMessage(message);
  return coded ? { message: coded.code, ...coded } : { message };
}

/** An answer in the reader's language: by its code where it was said by one, else by its English text. */
export function translateMessage(t: Translate, message: string | CodedAnswer): string {
  const answer = asAnswer(message);
  if (keyOfCode(AUTH_CODE_KEYS, answer.code)) return sayAnswer(t, AUTH_CODE_KEYS, answer, fieldLabel(t, answer));
  return answer.message;
}
