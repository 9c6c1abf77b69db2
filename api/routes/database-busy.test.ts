import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { afterEach, describe, expect, it } from "vitest";
import { categories } from "../../db/schema";
import { DATABASE_BUSY } from "../services/core/errors";
import { createTestDb } from "../test-support/factories.node";
import { bearer } from "../test-support/test-app.node";
import { createTestBed } from "../test-support/test-bed.node";

const files: string[] = [];
afterEach(() => files.splice(0).forEach((file) => [file, `${file}-wal`, `${file}-shm`].forEach((f) => rmSync(f, { force: true }))));

/** A school on a file database whose writes wait only `patienceMs` for the lock, and a second client on that file. */
async function lockedSchool(patienceMs: number) {
  const file = path.join(tmpdir(), `database-busy-${process.pid}-${Date.now()}-${files.length}.db`);
  files.push(file);
  const bed = await createTestBed("Busy School", { db: await createTestDb({ url: `file:${file}`, busyTimeoutMs: patienceMs }) });
  return { ...bed, otherProcess: createClient({ url: `file:${file}` }) };
}

describe("a write that waits its whole patience for another process's lock", () => {
  it("is answered 429 SERVER_BUSY with Retry-After, never a 500, and changes nothing", async () => {
    const { app, post, tenant, services, otherProcess } = await lockedSchool(150);
    const headers = { "content-type": "application/json", ...(await bearer(services, tenant.teacher)) };
    const holder = await otherProcess.transaction("write");
    const answer = await app.request("/categoryCourse", { method: "POST", headers, body: JSON.stringify({ category: "Mathematics", course: "Algebra" }) });
    expect(answer.status).toBe(429);
    expect(await answer.json()).toEqual({ message: DATABASE_BUSY, code: "SERVER_BUSY" });
    expect(answer.headers.get("retry-after")).toBe("2");
    await holder.rollback();
    expect(await services.db.select().from(categories)).toEqual([]);
    // Once the lock is gone the same request is written.
    expect((await post(tenant.teacher, "/categoryCourse", { category: "Mathematics", course: "Algebra" })).status).toBe(201);
    otherProcess.close();
  });
});
