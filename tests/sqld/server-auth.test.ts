import { sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { createLibsqlDb, type Db } from "../../db/client";
import { createServerDatabase, databaseServerFromEnv } from "../../db/test-support/sqld-databases.node.ts";
import { createBusiness, createTestDb } from "../../api/test-support/factories.node.ts";

const server = databaseServerFromEnv();
if (!server) throw new Error("tests/sqld runs in the server lane only: npm run test:sqld");

/** What the server answered a first statement: "served", or the reason drizzle's error was caused by. */
const answerTo = (db: Db): Promise<string> =>
  db.all(sql`select 1`).then(
    () => "served",
    (error: Error) => String(error.cause ?? error),
  );

describe("the libSQL server lane's server", () => {
  it("serves a client with the token, and refuses one without it or with a token of another key", async () => {
    const url = await createServerDatabase(server);
    expect(await answerTo(createLibsqlDb({ url, authToken: server.authToken }))).toBe("served");
    expect(await answerTo(createLibsqlDb({ url }))).toMatch(/401|Unauthorized/);
    expect(await answerTo(createLibsqlDb({ url, authToken: inject("foreignDatabaseToken") }))).toMatch(/401|Unauthorized/);
  });

  it("gives every test database its own namespace on the server, migrated over HTTP", async () => {
    const [first, second] = [await createTestDb(), await createTestDb()];
    expect((first as Db & { $client: { protocol: string } }).$client.protocol).toBe("http");
    await createBusiness(first, { name: "Only in the first" });
    const names = (db: Db) => db.all<{ name: string }>(sql`select name from businesses`);
    expect(await names(first)).toEqual([{ name: "Only in the first" }]);
    expect(await names(second)).toEqual([]);
  });
});
