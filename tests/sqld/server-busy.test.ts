import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLibsqlDb } from "../../db/client";
import { migrateDatabase } from "../../db/migrate.node.ts";
import { createServerDatabase } from "../../db/test-support/sqld-databases.node.ts";
import { type SqldServer, startSqld } from "../../db/test-support/sqld-server.node.ts";
import { bearer } from "../../api/test-support/test-app.node.ts";
import { createTestBed } from "../../api/test-support/test-bed.node.ts";

/**
 * A libSQL server that has more work than it takes refuses it with HTTP 429 before running
 * anything (sqld: "Timed out while opening database connection"; Turso when over its limits).
 * The embedded file's equivalent is SQLITE_BUSY after the write lock's patience, which the API
 * answers 429 SERVER_BUSY with Retry-After; the server's refusal is the same case and must not
 * become a 500. A server of its own, which opens one connection at a time and waits 1 s for a
 * second, is made that busy by holding its connection in an open transaction.
 */
let busy: SqldServer;
beforeAll(async () => {
  busy = await startSqld({ "--max-concurrent-connections": "1", "--connection-creation-timeout-sec": "1" });
});
afterAll(() => busy?.stop());

describe("a libSQL server too busy to take a request", () => {
  it("is answered 429 SERVER_BUSY with Retry-After, and the write it refused is not made", async () => {
    const url = await createServerDatabase(busy);
    const db = createLibsqlDb({ url, authToken: busy.authToken });
    await migrateDatabase(db);
    const { app, tenant, services } = await createTestBed("Busy Server School", { db });
    const headers = { "content-type": "application/json", ...(await bearer(services, tenant.teacher)) };
    const addCategory = () => app.request("/categoryCourse", { method: "POST", headers, body: JSON.stringify({ category: "Busy", course: "Hours" }) });

    const holder = createClient({ url, authToken: busy.authToken });
    const held = await holder.transaction("write");
    await held.execute("select 1");
    const refused = await addCategory();
    await held.rollback();
    holder.close();

    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "SERVER_BUSY" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const categories = await services.db.query.categories.findMany();
    expect(categories).toEqual([]);
    expect((await addCategory()).status, "the same request once the server has room").toBe(201);
  });
});
