/**
 * Issue 28 point 5 for the export (docs/decisions/0085, second addendum): other requests keep
 * their latency while a 5,000-question bank is exported as QTI 3.0, Moodle XML and GIFT.
 * The real /api on the Node adapter over loopback (bench/support/import-api.ts) with the
 * server's question export thread (server/question-export-pool.node.ts); the bank is put in
 * through the CSV import. For each format: POST /api/question/export while a child process
 * probes a light request (GET /api/health, GET /api/auth/me); p50/p99/max idle and during.
 * `npm run bench:export-latency` (not part of `npm test`). QUESTIONS=… to change the size;
 * IN_REQUEST=1 writes in the request, paced, as Workers do (the comparison).
 */
import { performance } from "node:perf_hooks";
import Papa from "papaparse";
import { SPEC_CSV_COLUMNS } from "../api/services/imports/parse-csv";
import { startQuestionExportPool } from "../server/question-export-pool.node.ts";
import { latencyLines, machineLine, startImportApi, uploadImportFile } from "./support/import-api";
import { probeDuring, probeFor, summarize } from "./support/latency-probe";

const QUESTIONS = Number(process.env.QUESTIONS ?? 5000);
const IDLE_MS = Number(process.env.IDLE_MS ?? 3000);
const IN_REQUEST = process.env.IN_REQUEST === "1";
/** The bar: no one else waits more than 100 ms longer. */
const TARGET_P99_MS = 100;

const csvOf = (rows: number) =>
  Papa.unparse([
    [...SPEC_CSV_COLUMNS],
    ...Array.from({ length: rows }, (_, i) => [`Export question ${i + 1}: what is ${i} + ${i}?`, i % 2 ? "checkbox" : "radio", `${2 * i}`, `${2 * i + 1}`, `${2 * i + 2}`, "", "", i % 2 ? "1;3" : "1", "Maths", "Algebra", `tag${i % 40};bench`, `<p>Because ${i} + ${i} = <strong>${2 * i}</strong>.</p>`]),
  ]);

async function main() {
  const { services, auth, base, background, probes, warmThread, close } = await startImportApi("Export Latency School");
  const pool = startQuestionExportPool();
  if (!IN_REQUEST) services.writeExport = (job) => pool.run(job);
  const key = await uploadImportFile(base, auth, new File([csvOf(QUESTIONS)], "bank.csv", { type: "text/csv" }));
  await warmThread();
  const imported = await fetch(`${base}/api/csvquestion`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ location: key }) });
  if (imported.status !== 202) throw new Error(`import answered ${imported.status}: ${await imported.text()}`);
  await background.drain();
  if (!IN_REQUEST) await pool.run({ format: "gift", questions: [], place: { category: "Maths", course: "Algebra" }, day: "2026-11-29" }); // the thread starts

  await probeFor(probes, 1000); // warm-up
  const idle = summarize(await probeFor(probes, IDLE_MS));
  console.log(machineLine());
  console.log(`bank: ${QUESTIONS} questions; the file written ${IN_REQUEST ? "in the request, paced" : "in the export thread"}`);
  for (const format of ["qti3", "moodlexml", "gift"] as const) {
    let bytes = 0;
    let ms = 0;
    const { samples } = await probeDuring(probes, async () => {
      const start = performance.now();
      const res = await fetch(`${base}/api/question/export`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ category: "Maths", course: "Algebra", format }) });
      if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
      bytes = (await res.arrayBuffer()).byteLength;
      ms = performance.now() - start;
      if (res.headers.get("x-exported-count") !== String(QUESTIONS)) throw new Error(`exported ${res.headers.get("x-exported-count")}`);
    });
    console.log(`${format}: ${(ms / 1000).toFixed(2)} s, ${(bytes / 1024 / 1024).toFixed(2)} MB`);
    for (const line of latencyLines(idle, summarize(samples), TARGET_P99_MS)) console.log(`  ${line.replace("during import", "during export")}`);
  }
  await pool.close();
  await close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
