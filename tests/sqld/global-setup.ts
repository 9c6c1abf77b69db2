import type { TestProject } from "vitest/node";
import { startSqld } from "../../db/test-support/sqld-server.node.ts";

/**
 * The server lane's one libSQL server (docs/decisions/0086-the-libsql-server-lane.md): started
 * before the test files, named to them through the environment (their worker processes
 * inherit it: db/test-support/sqld-databases.node.ts), stopped after the last.
 */
export default async function setup(project: TestProject) {
  const server = await startSqld();
  Object.assign(process.env, {
    TEST_DATABASE_URL: server.url,
    TEST_DATABASE_AUTH_TOKEN: server.authToken,
    TEST_DATABASE_ADMIN_URL: server.adminUrl,
  });
  // The lane's own tests (tests/sqld) also need a token the server must refuse.
  project.provide("foreignDatabaseToken", server.foreignToken);
  return () => server.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    foreignDatabaseToken: string;
  }
}
