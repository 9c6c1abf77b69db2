import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { afterEach, describe, expect, it } from "vitest";
import { takeTurnsToWrite, WriteTurns, WriteTurnTimeout, writeTurnsOf } from "./write-turns";

const files: string[] = [];
afterEach(() => files.splice(0).forEach((file) => [file, `${file}-wal`, `${file}-shm`].forEach((f) => rmSync(f, { force: true }))));

/**
 * The turns an app server's writes take to a remote database (db/write-turns.ts). The lane's
 * test (tests/sqld/write-burst.test.ts) shows the bound on sqld; here the queue itself, and the
 * wrapper on a real client (a file: the wrapper does not care what is behind the client).
 */
describe("WriteTurns", () => {
  it("hands out at most `limit` turns, then serves the waiting in the order they came", async () => {
    const turns = new WriteTurns(2);
    const order: number[] = [];
    const releases = await Promise.all([turns.take(), turns.take()]);
    const waiting = [3, 4, 5].map((n) => turns.take().then((release) => (order.push(n), release)));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(order).toEqual([]);
    expect(turns.inFlight).toBe(2);
    releases[1]();
    releases[1](); // a second release of one turn changes nothing
    const third = await waiting[0];
    expect(order).toEqual([3]);
    expect(turns.inFlight).toBe(2);
    releases[0]();
    third();
    (await waiting[1])();
    (await waiting[2])();
    expect(order).toEqual([3, 4, 5]);
    expect(turns.inFlight).toBe(0);
    expect(turns.mostInFlight).toBe(2);
  });

  it("refuses a taker that waited past its patience with SQLITE_BUSY, and the line moves on without it", async () => {
    const turns = new WriteTurns(1);
    const release = await turns.take();
    const refused = turns.take(20);
    const patient = turns.take(5000);
    const error = await refused.catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(WriteTurnTimeout);
    expect(error).toMatchObject({ code: "SQLITE_BUSY" });
    release();
    (await patient)();
    expect(turns.inFlight).toBe(0);
  });
});

describe("takeTurnsToWrite", () => {
  function fileClient(): Client {
    const file = path.join(tmpdir(), `write-turns-${process.pid}-${Date.now()}-${files.length}.db`);
    files.push(file);
    return createClient({ url: `file:${file}` });
  }

  it("makes writes wait for a turn (an open write transaction holds one) and lets reads through", async () => {
    const client = takeTurnsToWrite(fileClient(), { limit: 1, patienceMs: 50 });
    await client.execute("create table answers (id integer primary key, value integer not null)");
    const turns = writeTurnsOf(client)!;
    const held = await client.transaction("write");
    await held.execute("insert into answers (id, value) values (1, 1)");
    expect(turns.inFlight).toBe(1);

    expect((await client.execute("select count(*) as n from answers")).rows[0].n, "a read does not wait").toBe(0);
    expect((await client.batch(["select 1", "select 2"])).length, "a batch of reads does not wait").toBe(2);
    await expect(client.execute("insert into answers (id, value) values (2, 2)"), "a write waits, then gives up").rejects.toMatchObject({ code: "SQLITE_BUSY" });
    await expect(client.batch(["insert into answers (id, value) values (3, 3)"], "write")).rejects.toBeInstanceOf(WriteTurnTimeout);

    await held.commit();
    expect(turns.inFlight, "the commit gave the turn back").toBe(0);
    await client.batch(["insert into answers (id, value) values (2, 2)", "insert into answers (id, value) values (3, 3)"], "write");
    expect((await client.execute("select id from answers order by id")).rows.map((row) => row.id)).toEqual([1, 2, 3]);
    client.close();
  });
});
