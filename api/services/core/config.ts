import { z } from "@hono/zod-openapi";

/** Settings read from the environment (Node `process.env` or the Worker's `env`). */
export interface AppConfig {
  /** Public origin of this deployment, e.g. http://localhost:3000 (links in e-mails). */
  appUrl: string;
  /** Secret for signing access tokens and file URLs (HMAC-SHA256). */
  jwtSecret: string;
  /**
   * Keys every password hash (PASSWORD_PEPPER, ASVS 2.4.5); kept outside the database, so a
   * stolen database alone cannot be guessed against. Never change or lose it: hashes made
   * with it verify only with it. Null = no pepper (tests; Node and Workers always set one).
   */
  passwordPepper: string | null;
  accessTokenTtlSeconds: number;
  /** Absolute lifetime of a sign-in (its session); refresh-token rotation never extends it. */
  refreshTokenTtlSeconds: number;
  /**
   * A session nobody has used for this long ends (SESSION_IDLE_TIMEOUT_SECONDS, default 2 h).
   * "Used" is measured at refresh-token rotation, so it must exceed the access-token lifetime.
   */
  sessionIdleTimeoutSeconds: number;
  /** Key pairs stop working this many days after they are created (KEY_PAIR_TTL_DAYS, default 180). */
  keyPairTtlDays: number;
  /** Signed file URLs live this long (spec 9: 3600 s). */
  fileUrlTtlSeconds: number;
  /** Cookies get the Secure flag when the app is served over https. */
  secureCookies: boolean;
  /** OpenID Connect issuer for "sign in with the provider"; null hides the button. */
  oidc: { issuer: string; clientId: string } | null;
  /** Postmark is used when a server token is set; otherwise the local outbox. */
  postmark: { serverToken: string; apiUrl?: string } | null;
  mailFrom: string;
  /** Where the Privacy, Legal and Contact links of the auth panel and footer point. */
  siteUrl: string;
  /** This product's own module id among the business's modules. */
  moduleId: string;
  /** Origins of other modules whose browsers may call this API (CORS); empty = none. */
  corsOrigins: string[];
  /**
   * Encrypts the owner's payment secret keys at rest (PAYMENT_SECRETS_KEY, 32+ characters;
   * Node generates one beside the database on first start). Null: secrets cannot be stored.
   */
  paymentSecretsKey: string | null;
  /**
   * The card provider (Stripe). `apiUrl` (STRIPE_API_URL) points the real client at another
   * server speaking Stripe's API (tests, offline demos); the keys, when set, override the
   * owner's payment settings (shared/spec/decisions.md, Payments).
   */
  stripe: { apiUrl: string | null; secretKey: string | null; publishableKey: string | null; webhookSecret: string | null };
  /**
   * LTI (issue 29): platform URLs may be plain http on 127.0.0.1 / localhost (the LMS stand-in of
   * the tests) when LTI_ALLOW_HTTP=1 or NODE_ENV=test; otherwise every platform URL is https.
   */
  ltiAllowHttp: boolean;
}

type Env = Record<string, string | undefined>;

const positiveInt = z.coerce.number().int().positive();

export function readConfig(env: Env, defaults: Partial<AppConfig> = {}): AppConfig {
  const appUrl = (env.APP_URL ?? defaults.appUrl ?? "http://localhost:3000").replace(/\/$/, "");
  const jwtSecret = env.JWT_SECRET ?? defaults.jwtSecret;
  if (!jwtSecret || jwtSecret.length < 32) {
    throw new Error("JWT_SECRET must be set to at least 32 characters");
  }
  const passwordPepper = env.PASSWORD_PEPPER ?? defaults.passwordPepper ?? null;
  if (passwordPepper !== null && passwordPepper.length < 32) {
    throw new Error("PASSWORD_PEPPER must be at least 32 characters");
  }
  const paymentSecretsKey = env.PAYMENT_SECRETS_KEY ?? defaults.paymentSecretsKey ?? null;
  if (paymentSecretsKey !== null && paymentSecretsKey.length < 32) {
    throw new Error("PAYMENT_SECRETS_KEY must be at least 32 characters");
  }
  const issuer = env.OIDC_ISSUER?.trim();
  const clientId = env.OIDC_CLIENT_ID?.trim();
  const config: AppConfig = {
    appUrl,
    jwtSecret,
    passwordPepper,
    accessTokenTtlSeconds: positiveInt.parse(env.ACCESS_TOKEN_TTL_SECONDS ?? 900),
    refreshTokenTtlSeconds: positiveInt.parse(env.REFRESH_TOKEN_TTL_SECONDS ?? 60 * 60 * 24 * 30),
    sessionIdleTimeoutSeconds: positiveInt.parse(env.SESSION_IDLE_TIMEOUT_SECONDS ?? 2 * 60 * 60),
    keyPairTtlDays: positiveInt.parse(env.KEY_PAIR_TTL_DAYS ?? 180),
    fileUrlTtlSeconds: 3600,
    secureCookies: appUrl.startsWith("https://"),
    oidc: issuer && clientId ? { issuer, clientId } : null,
    postmark: env.POSTMARK_SERVER_TOKEN
      ? { serverToken: env.POSTMARK_SERVER_TOKEN, apiUrl: env.POSTMARK_API_URL }
      : null,
    mailFrom: env.MAIL_FROM ?? "Quiz <no-reply@quiz.local>",
    siteUrl: env.SITE_URL ?? "https://example.org",
    moduleId: env.MODULE_ID ?? "quiz",
    corsOrigins: (env.CORS_ORIGINS ?? "")
      .split(",")
      .map((origin) => origin.trim().replace(/\/$/, ""))
      .filter(Boolean),
    paymentSecretsKey,
    stripe: {
      apiUrl: env.STRIPE_API_URL?.trim() || null,
      secretKey: env.STRIPE_SECRET_KEY?.trim() || null,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY?.trim() || null,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || null,
    },
    ltiAllowHttp: env.LTI_ALLOW_HTTP === "1" || env.NODE_ENV === "test",
    ...defaults,
  };
  if (config.sessionIdleTimeoutSeconds <= config.accessTokenTtlSeconds) {
    throw new Error("SESSION_IDLE_TIMEOUT_SECONDS must be longer than ACCESS_TOKEN_TTL_SECONDS");
  }
  return config;
}
