/**
 * A 5,000-row CSV question import (issue 7 item 8: under 10 s), through the real services
 * on the embedded libSQL file: upload (content check, blob, files row), the 202 checks
 * (read, parse, header and row limits), then the work (validate every row, dedupe against the
 * bank, batched inserts, the summary mail). Then the same file again, where every row is a
 * duplicate. `npm run bench:import` (not part of `npm test`). ROWS=… to change the size.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import Papa from "papaparse";
import { count, eq } from "drizzle-orm";
import { createCategoryCourse, createTenant } from "../api/test-support/factories.node.ts";
import { questions } from "../db/schema";
import { startCsvImport } from "../api/services/imports/import-questions";
import { SPEC_CSV_COLUMNS } from "../api/services/imports/parse-csv";
import { uploadFile } from "../api/services/files/upload-file";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDiskBlobStore } from "../api/adapters/blob-store-disk.node.ts";
import { createOutboxMailer } from "../api/adapters/mailer-outbox";
import { readConfig } from "../api/services/core/config";
import type { AppServices } from "../api/services/core/app-services";
import type { Caller } from "../api/services/core/caller";
import { createTestDb } from "../api/test-support/factories.node.ts";

const ROWS = Number(process.env.ROWS ?? 5000);

function csvOf(rows: number): string {
  const data = Array.from({ length: rows }, (_, i) => [
    `Bench question ${i + 1}: what is ${i} + ${i}?`,
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

/** The services of the Node server: a migrated libSQL file, disk blobs, the outbox mailer. */
async function benchServices(blobDir: string): Promise<AppServices> {
  const db = await createTestDb();
  const config = readConfig({ JWT_SECRET: "b".repeat(32) });
  return { db, blobs: createDiskBlobStore(blobDir), config, now: () => new Date(), mailer: createOutboxMailer(db, config.mailFrom, () => new Date()) };
}

async function importOnce(services: AppServices, caller: Caller, content: string) {
  const start = performance.now();
  const { key } = await uploadFile(services, caller, { file: new File([content], "bench.csv"), folder: "csv-uploads" });
  const uploaded = performance.now();
  const accepted = await startCsvImport(services, caller, { location: key });
  const answered = performance.now();
  await accepted.work();
  const done = performance.now();
  return { upload: uploaded - start, answer: answered - uploaded, work: done - answered, total: done - start };
}

async function main() {
  const blobDir = await mkdtemp(path.join(tmpdir(), "quiz-bench-blobs-"));
  const services = await benchServices(blobDir);
  const tenant = await createTenant(services.db, "Bench School");
  await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Maths", course: "Algebra" });
  const { teacher } = tenant;
  const caller: Caller = { userId: teacher.id, businessId: teacher.businessId, userType: teacher.userType, profile: teacher.profile, roleLevel: teacher.roleLevel };
  const content = csvOf(ROWS);

  const first = await importOnce(services, caller, content);
  const [{ stored }] = await services.db.select({ stored: count() }).from(questions).where(eq(questions.businessId, tenant.business.id));
  if (stored !== ROWS) throw new Error(`expected ${ROWS} questions, found ${stored}`);
  const again = await importOnce(services, caller, content);
  const [{ after }] = await services.db.select({ after: count() }).from(questions).where(eq(questions.businessId, tenant.business.id));
  if (after !== ROWS) throw new Error(`the re-import duplicated questions: ${after}`);

  const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
  console.log(`machine: ${os.cpus()[0]?.model ?? "unknown"} × ${os.cpus().length}, node ${process.version}, load ${os.loadavg()[0].toFixed(1)}, ${new Date().toISOString()}`);
  console.log(`file: ${ROWS} rows, ${(content.length / 1024 / 1024).toFixed(2)} MB`);
  for (const [label, t] of [["first import", first], ["same file again (all duplicates)", again]] as const) {
    console.log(`${label}: total ${ms(t.total)} (upload ${ms(t.upload)}, checks before 202 ${ms(t.answer)}, import + mail ${ms(t.work)})`);
  }
  await rm(blobDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
