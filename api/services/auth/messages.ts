/**
 * The texts of the auth verbs (sign-in, registration, password resets, e-mail confirmation,
 * the provider's sign-in, the Security forms, two-step sign-in), in a module of texts only: the
 * message catalogue (api/services/message-codes.ts) reads them, each verb says its text by code
 * (`say`), and the account and sign-in pages word the codes (app/components/auth/messages.ts),
 * never these English words (docs/decisions/0061-codes-and-params.md).
 */
export const AUTH_MESSAGES = {
  LOGIN_INCORRECT: "The login detail is incorrect",
  EMAIL_TAKEN: "An account with this e-mail already exists",
  // docs/decisions/0029: the owner turned teacher sign-ups off.
  TEACHER_SIGNUP_CLOSED: "Teacher accounts are created by the owner. Register as a Student or ask the owner",
  // Spec 2.2: a key login URL with only some of the three keys.
  KEYS_INCOMPLETE: "Please provide all data i.e. public key, private key and module id.",
  RESET_LINK_SENT: "Password reset link has been sent to your e-mail",
  /** { email } */
  NO_ACCOUNT_FOR_EMAIL: "No account found for {{email}}",
  RESET_COOLDOWN: "A reset link was sent less than a minute ago. Please check your e-mail.",
  RESET_LINK_INVALID: "This password reset link is invalid or has expired",
  PASSWORD_RESET_DONE: "Your password has been changed. Please sign in with the new password.",
  PROVIDER_NOT_CONFIGURED: "Sign-in with the provider is not configured",
  PROVIDER_TOKEN_INVALID: "The sign-in token is invalid or has expired",
  PROVIDER_UNREACHABLE: "The sign-in provider could not be reached. Please try again later",
  // E-mail confirmation and the provider popup's request checks (issue 6).
  PROVIDER_UNCONFIRMED_ACCOUNT:
    "An account with this e-mail exists but its e-mail address is not confirmed yet. Sign in with your password, or confirm the e-mail first",
  PROVIDER_REQUEST_MISSING: "The sign-in request has expired or was started in another browser. Please try again",
  PROVIDER_STATE_MISMATCH: "The sign-in answer does not belong to this sign-in request. Please try again",
  PROVIDER_NONCE_MISMATCH: "The sign-in token was not issued for this sign-in request. Please try again",
  PROVIDER_REQUEST_USED: "This sign-in answer has already been used. Please try again",
  EMAIL_CONFIRMED: "Your e-mail address is confirmed",
  VERIFY_LINK_INVALID: "This confirmation link is invalid",
  VERIFY_LINK_USED: "This confirmation link has already been used",
  VERIFY_LINK_EXPIRED: "This confirmation link has expired. Sign in and send a new one from your profile",
  VERIFICATION_SENT: "A new confirmation link has been sent to your e-mail",
  ALREADY_CONFIRMED: "Your e-mail address is already confirmed",
  VERIFICATION_COOLDOWN: "A confirmation link was sent less than a minute ago. Please check your e-mail.",
  // The Security forms.
  CURRENT_PASSWORD_WRONG: "The current password is not correct",
  NO_PASSWORD_YET: "This account signs in through the provider and has no password yet. Use 'Forgot password' to set one first.",
  SAME_PASSWORD: "The new password must be different from the current one",
  SESSION_NOT_FOUND: "The requested session is not found",
  // Two-step sign-in (auth/mfa/*).
  MFA_CODE_WRONG: "The code is not correct",
  MFA_SIGN_IN_EXPIRED: "This sign-in has expired. Please sign in again",
  MFA_ALREADY_ON: "Two-step sign-in is already on",
  MFA_NOT_STARTED: "Start setting up two-step sign-in first",
  MFA_CODE_WRONG_AT_SETUP: "The code is not correct. Check that the time on your device is right and try the current code",
  MFA_NOT_ON: "Two-step sign-in is not on",
  // A guessable new password (password-strength.ts).
  PASSWORD_WEAK: "This password is too easy to guess. Avoid common passwords, names and your e-mail; a few unrelated words work well",
} as const;
