/**
 * Issue 14 point 6: other requests keep their latency while a 10,000-row CSV import runs.
 * The real /api on the Node adapter over loopback, with the Node execution context and the
 * import parse thread the server uses (server/background-work.node.ts, import-parse-pool.node.ts): upload the file, POST /api/csvquestion (202 at once),
 * and while the import stores the questions and mails the summary, probe a light request
 * (GET /api/health, one database read, alternating with GET /api/auth/me, an authenticated
 * session read). Reports the probe's p50/p99 idle (the floor, same run) and during the import,
 * and the ratio. `npm run bench:import-latency` (not part of `npm test`). ROWS=… to change the size.
 */
import { createAdaptorServer } from "@hono/node-server";
import { count, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { performance } from "node:perf_hooks";
import Papa from "papaparse";
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { createDiskBlobStore } from "../api/adapters/blob-store-disk.node.ts";
import { createOutboxMailer } from "../api/adapters/mailer-outbox";
import { createApi } from "../api/app";
import { readConfig } from "../api/services/core/config";
import type { AppServices } from "../api/services/core/app-services";
import { signAccessToken } from "../api/services/auth/access-token";
import { startSession } from "../api/services/auth/sessions";
import { SPEC_CSV_COLUMNS } from "../api/services/imports/parse-csv";
import { createCategoryCourse, createTenant, createTestDb } from "../api/test-support/factories.node.ts";
import { questions } from "../db/schema";
import { createNodeExecutionContext } from "../server/background-work.node.ts";
import { startImportParsePool } from "../server/import-parse-pool.node.ts";
import { fmt, probeDuring, probeFor, summarize } from "./support/latency-probe";

const ROWS = Number(process.env.ROWS ?? 10_000);
const IDLE_MS = Number(process.env.IDLE_MS ?? 5000);
/** The target for the light request's p99 during the import. */
const TARGET_P99_MS = 100;

function csvOf(rows: number): string {
  const data = Array.from({ length: rows }, (_, i) => [
    `Latency question ${i + 1}: what is ${i} + ${i}?`,
    i % 3 === 0 ? "checkbox" : "radio",
    `${2 * i}`,
    `${2 * i + 1}`,
    `${2 * i + 2}`,
    i % 2 ? `${2 * i + 3}` : "",
    "",
    i % 3 === 0 ? "1;3" : "1",
    "Maths",
    "Algebra",
    `tag${i % 40};bench`,
    `<p>Because ${i} + ${i} = <strong>${2 * i}</strong>.</p>`,
  ]);
  return Papa.unparse([[...SPEC_CSV_COLUMNS], ...data]);
}

const importParse = startImportParsePool();

/** The services of the Node server: a migrated libSQL file, disk blobs, the outbox mailer, the import parse thread. */
async function benchServices(blobDir: string): Promise<AppServices> {
  const db = await createTestDb();
  const config = readConfig({ JWT_SECRET: "b".repeat(32) });
  return {
    db,
    blobs: createDiskBlobStore(blobDir),
    config,
    now: () => new Date(),
    mailer: createOutboxMailer(db, config.mailFrom, () => new Date()),
    parseImport: (job) => importParse.run(job),
  };
}

async function main() {
  const blobDir = await mkdtemp(path.join(os.tmpdir(), "quiz-bench-blobs-"));
  const services = await benchServices(blobDir);
  const tenant = await createTenant(services.db, "Latency School");
  await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Maths", course: "Algebra" });
  const { teacher } = tenant;
  const caller = { userId: teacher.id, businessId: teacher.businessId, userType: teacher.userType, profile: teacher.profile, roleLevel: teacher.roleLevel };
  const session = await startSession(services, teacher.id, { userAgent: "bench" });
  const auth = { authorization: `Bearer ${await signAccessToken(services, caller, session.id)}` };

  const background = createNodeExecutionContext();
  const app = new Hono().route("/api", createApi(services));
  const server = createAdaptorServer({ fetch: (request, env) => app.fetch(request, env, background) });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const probes = [{ url: `${base}/api/health` }, { url: `${base}/api/auth/me`, headers: auth }];

  await probeFor(probes, 1000); // warm-up
  // The parse thread starts on the first import (~0.5 s); a running server has usually started it.
  await importParse.run({ format: "CSV", text: "warm,up\n1,2\n" }).catch(() => {});
  const idle = summarize(await probeFor(probes, IDLE_MS));

  const content = csvOf(ROWS);
  const form = new FormData();
  form.set("file", new File([content], "latency.csv", { type: "text/csv" }));
  form.set("folder", "csv-uploads");
  const uploaded = await fetch(`${base}/api/files/upload`, { method: "POST", headers: auth, body: form });
  if (uploaded.status !== 201 && uploaded.status !== 200) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const { key } = (await uploaded.json()) as { key: string };

  // The probe runs from before the import request (its checks before the 202 included) until the summary is mailed.
  let start = 0;
  let answeredMs = 0;
  const { samples } = await probeDuring(probes, async () => {
    start = performance.now();
    const answer = await fetch(`${base}/api/csvquestion`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ location: key }) });
    answeredMs = performance.now() - start;
    if (answer.status !== 202) throw new Error(`import answered ${answer.status}: ${await answer.text()}`);
    await background.drain();
  });
  const during = summarize(samples);
  const importMs = performance.now() - start;

  const [{ stored }] = await services.db.select({ stored: count() }).from(questions).where(eq(questions.businessId, tenant.business.id));
  if (stored !== ROWS) throw new Error(`expected ${ROWS} questions, found ${stored}`);
  server.close();
  await importParse.close();
  await rm(blobDir, { recursive: true, force: true });

  console.log(`machine: ${os.cpus()[0]?.model ?? "unknown"} × ${os.cpus().length}, node ${process.version}, load ${os.loadavg()[0].toFixed(1)}, ${new Date().toISOString()}`);
  console.log(`file: ${ROWS} rows, ${(content.length / 1024 / 1024).toFixed(2)} MB; 202 after ${answeredMs.toFixed(0)} ms; import + mail ${(importMs / 1000).toFixed(2)} s; ${stored} questions stored`);
  console.log(`light request idle (floor):   ${fmt(idle)}`);
  console.log(`light request during import:  ${fmt(during)}`);
  console.log(`ratio to floor: p50 ${(during.p50 / idle.p50).toFixed(2)}×, p99 ${(during.p99 / idle.p99).toFixed(2)}×; p99 target < ${TARGET_P99_MS} ms: ${during.p99 < TARGET_P99_MS ? "met" : "MISSED"}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
