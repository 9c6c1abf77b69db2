import { sql } from "drizzle-orm";
import { readdirSync } from "node:fs";
import { expect, it } from "vitest";
import { createLibsqlDb } from "../../db/client";
import { MIGRATIONS_FOLDER, migrateDatabase } from "../../db/migrate.node.ts";
import { createServerDatabase, databaseServerFromEnv } from "../../db/test-support/sqld-databases.node.ts";

const sqld = databaseServerFromEnv();
if (!sqld) throw new Error("tests/sqld runs in the server lane only: npm run test:sqld");

/**
 * App servers that start together (a deployment, a restart of all of them) each migrate the
 * database at start (server/node.ts): on an empty database they race to apply the same
 * migrations (issue 30 point 2; ADR 0090). Each of three clients is its own connection to the
 * server, as three app servers' are.
 */
const ROUNDS = 4;
const MIGRATIONS = readdirSync(MIGRATIONS_FOLDER).filter((name) => name.endsWith(".sql")).length;

it(`three servers migrating one empty database at once all succeed and apply each migration once (${ROUNDS} rounds)`, async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const url = await createServerDatabase(sqld, "");
    const clients = [0, 1, 2].map(() => createLibsqlDb({ url, authToken: sqld.authToken }));
    const outcomes = await Promise.allSettled(clients.map(migrateDatabase));
    expect(outcomes.map((outcome) => (outcome.status === "rejected" ? String(outcome.reason) : "migrated"))).toEqual(["migrated", "migrated", "migrated"]);
    const applied = await clients[0].all<{ n: number }>(sql`select count(*) as n from __drizzle_migrations`);
    expect(applied[0].n).toBe(MIGRATIONS);
  }
});
