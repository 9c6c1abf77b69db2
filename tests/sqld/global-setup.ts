import type { TestProject } from "vitest/node";
import { createLibsqlDb } from "../../db/client";
import { migrateDatabase } from "../../db/migrate.node.ts";
import { createServerDatabase } from "../../db/test-support/sqld-databases.node.ts";
import { startSqld } from "../../db/test-support/sqld-server.node.ts";

/**
 * The server lane's one libSQL server (docs/decisions/0086-the-libsql-server-lane.md): started
 * before the test files, named to them through the environment (their worker processes
 * inherit it: db/test-support/sqld-databases.node.ts), stopped after the last. The template
 * every test database is forked from is migrated here over HTTP with the token, by the
 * functions a server runs at start (server/node.ts: createLibsqlDb, migrateDatabase).
 */
export default async function setup(project: TestProject) {
  const server = await startSqld();
  try {
    const templateUrl = await createServerDatabase(server);
    await migrateDatabase(createLibsqlDb({ url: templateUrl, authToken: server.authToken }));
    Object.assign(process.env, {
      TEST_DATABASE_URL: server.url,
      TEST_DATABASE_AUTH_TOKEN: server.authToken,
      TEST_DATABASE_ADMIN_URL: server.adminUrl,
      TEST_DATABASE_TEMPLATE: new URL(templateUrl).hostname.split(".")[0],
    });
  } catch (error) {
    await server.stop();
    throw error;
  }
  // The lane's own tests (tests/sqld) also need a token the server must refuse.
  project.provide("foreignDatabaseToken", server.foreignToken);
  return () => server.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    foreignDatabaseToken: string;
  }
}
