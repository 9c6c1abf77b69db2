/**
 * Why a launch is refused (issue 29 "Bad input and security"): each a code that the refusal
 * page words in the reader's language (locales/<lang>/lti.json `refused.<CODE>`), with the
 * status it answers. Never a 5xx: a platform's wrong message is the platform's error (4xx),
 * and an unreachable key set is 502-free too (the launch cannot be checked: 401).
 */
export const LTI_REFUSAL_STATUS = {
  /** The login names no registered (or an ambiguous, or a disabled) platform. */
  LTI_UNKNOWN_PLATFORM: 400,
  LTI_PLATFORM_DISABLED: 403,
  LTI_UNKNOWN_DEPLOYMENT: 403,
  /** The login or launch request is missing a parameter or has a malformed one. */
  LTI_BAD_REQUEST: 400,
  /** The target link is not this tool. */
  LTI_WRONG_TARGET: 400,
  /** The state is unknown, expired, or not this browser's. */
  LTI_STATE_MISMATCH: 401,
  /** The browser sent no state cookie at all (third-party cookies blocked in the frame). */
  LTI_COOKIES_BLOCKED: 401,
  /** Signature, algorithm, key, issuer, audience, azp, expiry, issued-at. */
  LTI_TOKEN_INVALID: 401,
  LTI_TOKEN_EXPIRED: 401,
  LTI_NONCE_REUSED: 401,
  /** The platform's key set could not be fetched or read. */
  LTI_KEYS_UNAVAILABLE: 401,
  /** message type, version, or a required claim. */
  LTI_MESSAGE_INVALID: 400,
  /** The resource link opens no quiz yet and the launcher is a learner (an instructor chooses one: link-choice/). */
  LTI_LINK_NOT_READY: 404,
  /** The quiz named is not one of the platform's business (or no longer exists). */
  LTI_QUIZ_NOT_FOUND: 404,
  /** Deep linking from a learner. */
  LTI_DEEP_LINKING_NOT_ALLOWED: 403,
  LTI_DEEP_LINKING_UNAVAILABLE: 400,
  /** Too many launches or key-set refetches. */
  LTI_RATE_LIMITED: 429,
} as const;

export type LtiRefusalCode = keyof typeof LTI_REFUSAL_STATUS;
export const LTI_REFUSAL_CODES = Object.keys(LTI_REFUSAL_STATUS) as LtiRefusalCode[];

/** A refused login or launch: its code (worded by the page) and a detail for the server log only. */
export class LtiRefused extends Error {
  readonly status: (typeof LTI_REFUSAL_STATUS)[LtiRefusalCode];
  constructor(
    readonly code: LtiRefusalCode,
    readonly detail = "",
  ) {
    super(`${code}${detail ? `: ${detail}` : ""}`);
    this.status = LTI_REFUSAL_STATUS[code];
  }
}

export const refuse = (code: LtiRefusalCode, detail?: string): never => {
  throw new LtiRefused(code, detail);
};
