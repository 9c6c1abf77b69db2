import { type CodedAnswer, type CodeKeys, keyOfCode, sayAnswer } from "../../utils/message-codes";

/**
 * The service verbs and their zod schemas speak English (they are shared with the API,
 * whose clients read the spec's texts). The UI shows their messages in the user's
 * language: known texts map to keys of auth.json; anything unknown is shown as sent.
 */
/** The server's refusal of a guessable password (api/services/auth/password-strength.ts). */
export const WEAK_PASSWORD =
  "This password is too easy to guess. Avoid common passwords, names and your e-mail; a few unrelated words work well";

/** Spec 2.2: a key login URL with only some of the three keys. */
export const KEYS_INCOMPLETE = "Please provide all data i.e. public key, private key and module id.";

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The texts said by code (docs/decisions/0061): translated by their code and values, never
 * by their English words. The rest still go by EXACT and PATTERNS below, until their throw
 * sites say them by code too.
 */
export const AUTH_CODE_KEYS: CodeKeys = {
  // { minutes }
  SIGN_IN_THROTTLED: "auth:errors.throttled",
  // { minutes }
  TOO_MANY_ATTEMPTS: "auth:errors.tooManyAttempts",
};

/** Exact server texts → auth.json keys. */
const EXACT: Record<string, string> = {
  "The login detail is incorrect": "errors.loginIncorrect",
  "invalid password": "errors.invalidPassword",
  "Password and Confirm Password didn't match.": "validation.mismatch",
  "Accepting terms & conditions are required": "validation.termsRequired",
  "Public key is invalid": "validation.publicKeyInvalid",
  "Private key is invalid": "validation.privateKeyInvalid",
  "Module id is invalid": "validation.moduleIdInvalid",
  "User type is not valid": "validation.userTypeRequired",
  "Required field": "validation.requiredField",
  "Field is not valid": "validation.fieldNotValid",
  "An account with this e-mail already exists": "errors.emailTaken",
  // Issue 25, points 16 and 17 (docs/decisions/0060): codes USERNAME_TAKEN and TEXT_NOT_ONE_LINE.
  "This username is already used by another account of your school": "validation.usernameTaken",
  "Use one line of text without control characters or line breaks": "validation.notOneLine",
  // docs/decisions/0029: the owner turned teacher sign-ups off.
  "Teacher accounts are created by the owner. Register as a Student or ask the owner": "errors.teacherSignUpClosed",
  "Password reset link has been sent to your e-mail": "notices.resetLinkSent",
  "This password reset link is invalid or has expired": "errors.resetLinkInvalid",
  "A reset link was sent less than a minute ago. Please check your e-mail.": "errors.resetCooldown",
  "Your password has been changed. Please sign in with the new password.": "notices.passwordChanged",
  "Your session has expired. Login again": "errors.sessionExpired",
  [KEYS_INCOMPLETE]: "keys.incomplete",
  "Sign-in with the provider is not configured": "errors.providerNotConfigured",
  "The sign-in token is invalid or has expired": "errors.providerTokenInvalid",
  "The sign-in provider could not be reached. Please try again later": "errors.providerUnreachable",
  "The server is busy right now. Please try again in a moment.": "errors.serverBusy",
  [WEAK_PASSWORD]: "validation.passwordWeak",
  // E-mail confirmation and the provider popup's request checks (issue 6).
  "An account with this e-mail exists but its e-mail address is not confirmed yet. Sign in with your password, or confirm the e-mail first":
    "errors.providerUnconfirmedAccount",
  "The sign-in request has expired or was started in another browser. Please try again": "errors.providerRequestMissing",
  "The sign-in answer does not belong to this sign-in request. Please try again": "errors.providerStateMismatch",
  "The sign-in token was not issued for this sign-in request. Please try again": "errors.providerNonceMismatch",
  "This sign-in answer has already been used. Please try again": "errors.providerRequestUsed",
  "This confirmation link is invalid": "errors.verifyLinkInvalid",
  "This confirmation link has already been used": "errors.verifyLinkUsed",
  "This confirmation link has expired. Sign in and send a new one from your profile": "errors.verifyLinkExpired",
  "Your e-mail address is already confirmed": "errors.alreadyConfirmed",
  "A confirmation link was sent less than a minute ago. Please check your e-mail.": "errors.verificationCooldown",
  "Your e-mail address is confirmed": "verifyEmail.confirmed",
  "A new confirmation link has been sent to your e-mail": "emailVerification.sent",
  "Something wrong!": "errors.generic",
  "The current password is not correct": "security:errors.currentPasswordWrong",
  "The new password must be different from the current one": "security:errors.samePassword",
  "This account signs in through the provider and has no password yet. Use 'Forgot password' to set one first.": "security:errors.noPasswordYet",
  "The requested session is not found": "security:errors.sessionNotFound",
  "The request body must be a JSON object": "errors.generic",
  // Two-step sign-in (api/services/auth/mfa/*).
  "The code is not correct": "errors.mfaCodeWrong",
  "This sign-in has expired. Please sign in again": "errors.mfaSignInExpired",
  "Two-step sign-in is already on": "security:errors.mfaAlreadyOn",
  "Start setting up two-step sign-in first": "security:errors.mfaNotStarted",
  "The code is not correct. Check that the time on your device is right and try the current code": "security:errors.mfaCodeWrongAtSetup",
  "Two-step sign-in is not on": "security:errors.mfaNotOn",
};

/** Field names as the schemas spell them → auth.json keys of their labels. */
const FIELD_NAMES: Record<string, string> = {
  Email: "fields.email",
  Fullname: "fields.fullname",
  Username: "fields.username",
  Password: "fields.password",
  "Confirm Password": "fields.confirmPassword",
  "User type": "fields.userType",
  Token: "fields.token",
  "Current password": "security:password.current",
  Code: "fields.code",
};

function fieldName(t: Translate, name: string): string {
  const key = FIELD_NAMES[name];
  return key ? t(key) : name;
}

/** Parameterised texts (spec 5 generic messages and the verbs' limits). */
const PATTERNS: Array<[RegExp, (t: Translate, match: RegExpMatchArray) => string]> = [
  [/^(.+) is required$/, (t, m) => t("validation.required", { name: fieldName(t, m[1]) })],
  [/^(.+) is not valid$/, (t, m) => t("validation.notValid", { name: fieldName(t, m[1]) })],
  [/^(.+) must be at most (\d+) characters$/, (t, m) => t("validation.maxLength", { name: fieldName(t, m[1]), max: m[2] })],
  [/^(.+) must be at least (\d+) characters$/, (t, m) => t("validation.minLength", { name: fieldName(t, m[1]), min: m[2] })],
  [/^No account found for (.+)$/, (t, m) => t("errors.noAccount", { email: m[1] })],
  [/^The requested (.+) is not found$/, (t, m) => t("errors.notFound", { name: m[1] })],
];

/** An answer in the reader's language: by its code where it was said by one, else by its English text. */
export function translateMessage(t: Translate, answer: string | CodedAnswer): string {
  if (typeof answer !== "string" && keyOfCode(AUTH_CODE_KEYS, answer.code)) return sayAnswer(t, AUTH_CODE_KEYS, answer);
  const message = typeof answer === "string" ? answer : answer.message;
  const key = EXACT[message];
  if (key) return t(key);
  for (const [pattern, render] of PATTERNS) {
    const match = message.match(pattern);
    if (match) return render(t, match);
  }
  return message;
}
