import { defineConfig } from "vitest/config";
import unitConfig from "./vitest.config.ts";

/**
 * The libSQL server lane (`npm run test:sqld`, part of `npm test`): the API tests named below
 * run against one `sqld` by URL, each test's database a namespace of its own, migrated over
 * HTTP with a JWT as DATABASE_AUTH_TOKEN (docs/decisions/0086-the-libsql-server-lane.md).
 * The same files run on the embedded file in the unit suite: the server is a choice of the
 * run (tests/sqld/global-setup.ts sets TEST_DATABASE_URL), not a copy of the tests.
 */
export const SERVER_LANE_FILES = [
  // authoring
  "api/routes/categories.test.ts",
  "api/routes/questions.test.ts",
  "api/routes/quizzes.test.ts",
  "api/routes/question-types.test.ts",
  // the exam: start, save, submit, fetchById
  "api/routes/take-quiz.test.ts",
  "api/routes/question-types-exam.test.ts",
  // results
  "api/routes/taken-quiz.test.ts",
  "api/routes/answer-review.test.ts",
  // payments
  "api/routes/checkout.test.ts",
  "api/routes/offline-payments.test.ts",
  "api/routes/payment-settings.test.ts",
  "api/routes/subscriptions.test.ts",
  // the lane's own: the server and its token
  "tests/sqld/*.test.ts",
];

/**
 * Tests the server shows to fail because of a defect in a file this lane may not change yet,
 * each reported with its cause (ADR 0086, "What the lane found"); left out here by name until
 * fixed, then removed from this list. They still run in the unit suite.
 */
const KNOWN_SERVER_DEFECTS: string[] = [];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// The unit suite's settings with the lane's files (replaced, not merged: mergeConfig would add
// the unit suite's "**/*.test.ts" back) and its server.
export default defineConfig({
  ...unitConfig,
  test: {
    ...unitConfig.test,
    include: SERVER_LANE_FILES,
    exclude: ["node_modules"],
    globalSetup: ["tests/sqld/global-setup.ts"],
    // An empty list must leave out nothing (an empty alternation would leave out every test).
    ...(KNOWN_SERVER_DEFECTS.length > 0 ? { testNamePattern: new RegExp(`^(?!.*(?:${KNOWN_SERVER_DEFECTS.map(escape).join("|")}))`) } : {}),
  },
});
