/**
 * The service verbs and their zod schemas speak English (they are shared with the API,
 * whose clients read the spec's texts). The UI shows their messages in the user's
 * language: known texts map to keys of auth.json; anything unknown is shown as sent.
 */
/** Spec 2.2: a key login URL with only some of the three keys. */
export const KEYS_INCOMPLETE = "Please provide all data i.e. public key, private key and module id.";

export type Translate = (key: string, options?: Record<string, unknown>) => string;

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
  "Password reset link has been sent to your e-mail": "notices.resetLinkSent",
  "This password reset link is invalid or has expired": "errors.resetLinkInvalid",
  "A reset link was sent less than a minute ago. Please check your e-mail.": "errors.resetCooldown",
  "Your password has been changed. Please sign in with the new password.": "notices.passwordChanged",
  "Your session has expired. Login again": "errors.sessionExpired",
  [KEYS_INCOMPLETE]: "keys.incomplete",
  "Sign-in with the provider is not configured": "errors.providerNotConfigured",
  "The sign-in token is invalid or has expired": "errors.providerTokenInvalid",
  "The sign-in provider could not be reached. Please try again later": "errors.providerUnreachable",
  "Something wrong!": "errors.generic",
  "The request body must be a JSON object": "errors.generic",
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
  [/^Too many failed sign-in attempts\. Please try again in (\d+) minutes?\.$/, (t, m) => t("errors.throttled", { minutes: m[1] })],
];

export function translateMessage(t: Translate, message: string): string {
  const key = EXACT[message];
  if (key) return t(key);
  for (const [pattern, render] of PATTERNS) {
    const match = message.match(pattern);
    if (match) return render(t, match);
  }
  return message;
}
