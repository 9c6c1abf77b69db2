/**
 * Issue 14 point 6: other requests keep their latency while a 10,000-row CSV import runs.
 * The real /api on the Node adapter over loopback, with the Node execution context and the
 * import parse thread the server uses (server/background-work.node.ts, import-parse-pool.node.ts): upload the file, POST /api/csvquestion (202 at once),
 * and while the import stores the questions and mails the summary, probe a light request
 * (GET /api/health, one database read, alternating with GET /api/auth/me, an authenticated
 * session read). Reports the probe's p50/p99 idle (the floor, same run) and during the import,
 * and the ratio. `npm run bench:import-latency` (not part of `npm test`). ROWS=… to change the size.
 */
import { count, eq } from "drizzle-orm";
import { performance } from "node:perf_hooks";
import Papa from "papaparse";
import { SPEC_CSV_COLUMNS } from "../api/services/imports/parse-csv";
import { questions } from "../db/schema";
import { latencyLines, machineLine, startImportApi, uploadImportFile } from "./support/import-api";
import { probeDuring, probeFor, summarize } from "./support/latency-probe";

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

async function main() {
  const { services, tenant, auth, base, background, probes, warmThread, close } = await startImportApi("Latency School");
  await probeFor(probes, 1000); // warm-up
  await warmThread();
  const idle = summarize(await probeFor(probes, IDLE_MS));

  const content = csvOf(ROWS);
  const key = await uploadImportFile(base, auth, new File([content], "latency.csv", { type: "text/csv" }));

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
  await close();

  console.log(machineLine());
  console.log(`file: ${ROWS} rows, ${(content.length / 1024 / 1024).toFixed(2)} MB; 202 after ${answeredMs.toFixed(0)} ms; import + mail ${(importMs / 1000).toFixed(2)} s; ${stored} questions stored`);
  for (const line of latencyLines(idle, during, TARGET_P99_MS)) console.log(line);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
