/**
 * The whole schema, one file per table group. `db/client.ts` hands this module to drizzle,
 * so every table and relation exported here is available to `db.query.*`.
 */
export * from "./businesses";
export * from "./users";
export * from "./modules";
export * from "./auth";
export * from "./mfa";
export * from "./categories";
export * from "./tags";
export * from "./questions";
export * from "./quizzes";
export * from "./attempts";
export * from "./feedback";
export * from "./exam-extras";
export * from "./admin-settings";
export * from "./subscriptions";
export * from "./email-outbox";
export * from "./files";
export * from "./question-imports";
export * from "./classes";
export * from "./quiz-classes";
export * from "./lti";
export * from "./lti-deep-linking";
export * from "./server-leases";
export * from "./relations";
