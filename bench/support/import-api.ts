/**
 * The server an import bench runs against (bench/import-latency.ts, bench/moodlexml-import.ts):
 * the real /api on the Node adapter over loopback, on a migrated libSQL file with disk blobs and
 * the outbox mailer, the server's import parse thread and execution context; a school whose
 * teacher imports into Maths › Algebra, signed in (`auth`), and the light requests to probe.
 */
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { createDiskBlobStore } from "../../api/adapters/blob-store-disk.node.ts";
import { createOutboxMailer } from "../../api/adapters/mailer-outbox";
import { createApi } from "../../api/app";
import { readConfig } from "../../api/services/core/config";
import type { AppServices } from "../../api/services/core/app-services";
import { signAccessToken } from "../../api/services/auth/access-token";
import { startSession } from "../../api/services/auth/sessions";
import { createCategoryCourse, createTenant, createTestDb } from "../../api/test-support/factories.node.ts";
import { createNodeExecutionContext } from "../../server/background-work.node.ts";
import { startImportParsePool } from "../../server/import-parse-pool.node.ts";
import { fmt, type LatencySummary, type ProbeTarget } from "./latency-probe";

export async function startImportApi(school: string) {
  const importParse = startImportParsePool();
  const blobDir = await mkdtemp(path.join(os.tmpdir(), "quiz-bench-blobs-"));
  const db = await createTestDb();
  const config = readConfig({ JWT_SECRET: "b".repeat(32) });
  const services: AppServices = {
    db,
    blobs: createDiskBlobStore(blobDir),
    config,
    now: () => new Date(),
    mailer: createOutboxMailer(db, config.mailFrom, () => new Date()),
    parseImport: (job) => importParse.run(job),
  };
  const tenant = await createTenant(services.db, school);
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
  const probes: ProbeTarget[] = [{ url: `${base}/api/health` }, { url: `${base}/api/auth/me`, headers: auth }];
  // The parse thread starts on the first import (~0.5 s); a running server has usually started it.
  const warmThread = () => importParse.run({ format: "CSV", text: "warm,up\n1,2\n" }).catch(() => {});
  const close = async () => {
    server.close();
    await importParse.close();
    await rm(blobDir, { recursive: true, force: true });
  };
  return { services, tenant, auth, base, background, probes, warmThread, close };
}

/** The file uploaded to csv-uploads as the dialog does; its key. */
export async function uploadImportFile(base: string, auth: Record<string, string>, file: File): Promise<string> {
  const form = new FormData();
  form.set("file", file);
  form.set("folder", "csv-uploads");
  const uploaded = await fetch(`${base}/api/files/upload`, { method: "POST", headers: auth, body: form });
  if (uploaded.status !== 201 && uploaded.status !== 200) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
  return ((await uploaded.json()) as { key: string }).key;
}

/** The machine the figures were taken on (cores, load: the figures mean little at a high load). */
export const machineLine = () => `machine: ${os.cpus()[0]?.model ?? "unknown"} × ${os.cpus().length}, node ${process.version}, load ${os.loadavg()[0].toFixed(1)}, ${new Date().toISOString()}`;

/** The light request idle and during the import, their ratio, and the p99 bar. */
export function latencyLines(idle: LatencySummary, during: LatencySummary, targetP99Ms: number): string[] {
  return [
    `light request idle (floor):   ${fmt(idle)}`,
    `light request during import:  ${fmt(during)}`,
    `ratio to floor: p50 ${(during.p50 / idle.p50).toFixed(2)}×, p99 ${(during.p99 / idle.p99).toFixed(2)}×; p99 target < ${targetP99Ms} ms: ${during.p99 < targetP99Ms ? "met" : "MISSED"}`,
  ];
}
