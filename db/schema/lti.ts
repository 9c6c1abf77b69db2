import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { quizAttempts } from "./attempts";
import { businesses } from "./businesses";
import { classes } from "./classes";
import { bool, createdAt, id, timestamp, updatedAt } from "./columns";
import { quizzes } from "./quizzes";
import { users } from "./users";

/**
 * LTI 1.3 (issue 29; decisions.md "LTI 1.3"). The tables both halves of the tool share: the
 * launch side (registration, keys, login and launch, deep linking) and the services side
 * (grades by AGS, rosters by NRPS). A platform belongs to one business; nothing here is
 * looked up without its business or platform.
 */

export const LTI_REGISTERED_BY = ["dynamic", "manual"] as const;

/** A registered LMS (one issuer + client id), owned by one business. */
export const ltiPlatforms = sqliteTable(
  "lti_platforms",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    /** What the owner calls it ("Moodle of Lincoln High"). */
    name: text("name").notNull(),
    issuer: text("issuer").notNull(),
    clientId: text("client_id").notNull(),
    /** The platform's OIDC authorisation endpoint (where the authentication request goes). */
    authLoginUrl: text("auth_login_url").notNull(),
    /** OAuth 2 token endpoint for AGS / NRPS client-credentials grants. */
    authTokenUrl: text("auth_token_url").notNull(),
    /** `aud` of our client assertion when the platform names one other than the token URL. */
    authTokenAudience: text("auth_token_audience"),
    /** The platform's JWKS, fetched and cached to check id_tokens. */
    keySetUrl: text("key_set_url").notNull(),
    registeredBy: text("registered_by", { enum: LTI_REGISTERED_BY }).notNull(),
    enabled: bool("enabled").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("lti_platforms_issuer_client_uq").on(t.issuer, t.clientId),
    index("lti_platforms_business_idx").on(t.businessId),
  ],
);

/** Deployment ids a platform may launch with (LTI Core 1.3 §5.4.2): an unknown one is refused. */
export const ltiDeployments = sqliteTable(
  "lti_deployments",
  {
    id: id(),
    platformId: integer("platform_id")
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: "cascade" }),
    deploymentId: text("deployment_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("lti_deployments_platform_deployment_uq").on(t.platformId, t.deploymentId)],
);

/** (issuer, sub) → one user of the platform's business (ADR on identity mapping). */
export const ltiUsers = sqliteTable(
  "lti_users",
  {
    platformId: integer("platform_id")
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: "cascade" }),
    sub: text("sub").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("lti_users_platform_sub_uq").on(t.platformId, t.sub), index("lti_users_user_idx").on(t.userId)],
);

/** An LMS course (context) mapped onto a class of the business; NRPS reads its roster. */
export const ltiContexts = sqliteTable(
  "lti_contexts",
  {
    id: id(),
    platformId: integer("platform_id")
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: "cascade" }),
    deploymentId: text("deployment_id").notNull(),
    contextId: text("context_id").notNull(),
    title: text("title"),
    classId: integer("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    /** NRPS `context_memberships_url` from the latest launch, null when the platform offers none. */
    membershipsUrl: text("memberships_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("lti_contexts_platform_deployment_context_uq").on(t.platformId, t.deploymentId, t.contextId),
    index("lti_contexts_class_idx").on(t.classId),
  ],
);

/**
 * A resource link placed in a course (by deep linking or by hand) opening one quiz, with the
 * AGS endpoint claim of its latest launch: the line item scores go to, or the line items
 * container to create it in.
 */
export const ltiResourceLinks = sqliteTable(
  "lti_resource_links",
  {
    id: id(),
    platformId: integer("platform_id")
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: "cascade" }),
    contextRowId: integer("context_row_id").references(() => ltiContexts.id, { onDelete: "set null" }),
    resourceLinkId: text("resource_link_id").notNull(),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    /** AGS `lineitem` (one column of the gradebook), when known. */
    lineItemUrl: text("line_item_url"),
    /** AGS `lineitems` (the container), when the platform gives it. */
    lineItemsUrl: text("line_items_url"),
    /** AGS scopes the platform granted, space-separated as in the claim. */
    agsScopes: text("ags_scopes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("lti_resource_links_platform_link_uq").on(t.platformId, t.resourceLinkId),
    index("lti_resource_links_quiz_idx").on(t.quizId),
  ],
);

export const LTI_GRADE_SEND_STATES = ["waiting", "sent", "failed"] as const;

/**
 * The grade outbox (AGS score publish): one row per (resource link, user); a newer grade of
 * the same pair replaces the waiting payload. Kept until sent; retried with backoff; shown to
 * the teacher with a resend.
 */
export const ltiGradeSends = sqliteTable(
  "lti_grade_sends",
  {
    id: id(),
    resourceLinkId: integer("resource_link_row_id")
      .notNull()
      .references(() => ltiResourceLinks.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The attempt whose score this is (best or latest as the quiz counts). */
    attemptId: integer("attempt_id").references(() => quizAttempts.id, { onDelete: "set null" }),
    /** The AGS score JSON to post (scoreGiven, scoreMaximum, activityProgress, gradingProgress, timestamp, userId). */
    payload: text("payload").notNull(),
    state: text("state", { enum: LTI_GRADE_SEND_STATES }).notNull(),
    tries: integer("tries").notNull().default(0),
    nextTryAt: timestamp("next_try_at"),
    /** Code of the last failure (never the LMS's raw body), for the teacher's list. */
    lastError: text("last_error"),
    sentAt: timestamp("sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("lti_grade_sends_link_user_uq").on(t.resourceLinkId, t.userId),
    index("lti_grade_sends_state_next_idx").on(t.state, t.nextTryAt),
  ],
);

/**
 * The tool's own signing key pairs (served at /api/lti/jwks by `kid`). The private JWK is
 * sealed like the payment secrets; a retired key stays in the key set for a while so a
 * platform holding an older token still verifies it (rotation without a broken launch).
 */
export const ltiToolKeys = sqliteTable("lti_tool_keys", {
  id: id(),
  kid: text("kid").notNull().unique("lti_tool_keys_kid_uq"),
  alg: text("alg").notNull(),
  publicJwk: text("public_jwk").notNull(),
  privateJwkSealed: text("private_jwk_sealed").notNull(),
  createdAt: createdAt(),
  /** Set when a newer key signs; the key is still published until `expiresAt`. */
  retiredAt: timestamp("retired_at"),
  expiresAt: timestamp("expires_at"),
});

/** id_token nonces already used (IMS Security 1.0 §5.1.3): a replay is refused. */
export const ltiUsedNonces = sqliteTable(
  "lti_used_nonces",
  {
    platformId: integer("platform_id")
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: "cascade" }),
    nonce: text("nonce").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [uniqueIndex("lti_used_nonces_platform_nonce_uq").on(t.platformId, t.nonce), index("lti_used_nonces_expires_idx").on(t.expiresAt)],
);

export type LtiPlatformRow = typeof ltiPlatforms.$inferSelect;
export type LtiResourceLinkRow = typeof ltiResourceLinks.$inferSelect;
export type LtiGradeSendRow = typeof ltiGradeSends.$inferSelect;
