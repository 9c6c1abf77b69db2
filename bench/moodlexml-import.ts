/**
 * Issue 28: a 5,000-question Moodle XML import (every type the reader takes, one question in
 * fifty with an embedded PNG), through the real /api on the Node adapter over loopback with the
 * server's import parse thread and execution context, as bench/import-latency.ts does for CSV:
 * upload, POST /api/moodlexmlquestion (202), then the work until the summary is mailed. Reports
 * the time to the 202 and to the end, the process's peak memory (RSS and heap, sampled every
 * 20 ms) and the p50/p99 of a light request (GET /api/health, GET /api/auth/me) idle and during
 * the import. `npm run bench:moodlexml` (not part of `npm test`). QUESTIONS=… to change the size.
 */
import { count, eq } from "drizzle-orm";
import { performance } from "node:perf_hooks";
import { questions } from "../db/schema";
import { latencyLines, machineLine, startImportApi, uploadImportFile } from "./support/import-api";
import { probeDuring, probeFor, summarize } from "./support/latency-probe";

const QUESTIONS = Number(process.env.QUESTIONS ?? 5000);
const IDLE_MS = Number(process.env.IDLE_MS ?? 3000);
const TARGET_P99_MS = 100;
/** A 1 × 1 PNG, base64. */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";

/** Question `i` of the file, cycling through the types (each written as Moodle's export writes it). */
function questionXml(i: number): string {
  const text = (html: string) => `<questiontext format="html"><text><![CDATA[${html}]]></text>${i % 50 === 0 ? `<file name="q${i}.png" path="/" encoding="base64">${PNG}</file>` : ""}</questiontext>`;
  const image = i % 50 === 0 ? ` <img src="@@PLUGINFILE@@/q${i}.png" alt="">` : "";
  const head = (type: string, stem: string) => `<question type="${type}"><name><text>Q${i}</text></name>${text(`<p>${stem} (${i})${image}</p>`)}<generalfeedback format="html"><text><![CDATA[<p>Because ${i}.</p>]]></text></generalfeedback><defaultgrade>1.0000000</defaultgrade><tags><tag><text>bench</text></tag></tags>`;
  switch (i % 8) {
    case 0:
      return `${head("multichoice", `What is ${i} + 1?`)}<single>true</single><answer fraction="100"><text>${i + 1}</text></answer><answer fraction="0"><text>${i + 2}</text></answer><answer fraction="-50"><text>${i + 3}</text></answer></question>`;
    case 1:
      return `${head("truefalse", `${i} is even`)}<answer fraction="${i % 2 ? 0 : 100}"><text>true</text></answer><answer fraction="${i % 2 ? 100 : 0}"><text>false</text></answer></question>`;
    case 2:
      return `${head("shortanswer", `Spell ${i}`)}<usecase>0</usecase><answer fraction="100"><text>n${i}</text></answer><answer fraction="50"><text>*${i}</text></answer></question>`;
    case 3:
      return `${head("numerical", `How many metres in ${i} km?`)}<answer fraction="100"><text>${i * 1000}</text><tolerance>1</tolerance></answer><unitgradingtype>2</unitgradingtype><unitpenalty>0.1</unitpenalty><showunits>0</showunits><units><unit><multiplier>1</multiplier><unit_name>m</unit_name></unit><unit><multiplier>0.001</multiplier><unit_name>km</unit_name></unit></units></question>`;
    case 4:
      return `${head("matching", `Match ${i}`)}<subquestion format="html"><text>a${i}</text><answer><text>A${i}</text></answer></subquestion><subquestion format="html"><text>b${i}</text><answer><text>B${i}</text></answer></subquestion><subquestion format="html"><text></text><answer><text>C${i}</text></answer></subquestion></question>`;
    case 5:
      return `${head("ordering", `Order ${i}`)}<layouttype>VERTICAL</layouttype><selecttype>ALL</selecttype><selectcount>0</selectcount><gradingtype>ALL_OR_NOTHING</gradingtype><answer fraction="1"><text>first ${i}</text></answer><answer fraction="2"><text>second ${i}</text></answer><answer fraction="3"><text>third ${i}</text></answer></question>`;
    case 6:
      return `${head("cloze", `Fill {1:SHORTANSWER:=x${i}} and {1:MULTICHOICE:=yes~no} and {1:NUMERICAL:=${i}:0.5}`)}</question>`;
    default:
      return `${head("essay", `Write about ${i}`)}<responseformat>editor</responseformat><minwordlimit>10</minwordlimit><maxwordlimit>200</maxwordlimit><graderinfo format="html"><text>Look for ${i}</text></graderinfo><responsetemplate format="html"><text></text></responsetemplate></question>`;
  }
}

/** The process's peak RSS and heap while `work` runs (the parse thread's memory is in the RSS). */
async function peakMemoryDuring<T>(work: () => Promise<T>): Promise<{ result: T; rss: number; heap: number }> {
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    rss = Math.max(rss, usage.rss);
    heap = Math.max(heap, usage.heapUsed);
  };
  const timer = setInterval(sample, 20);
  try {
    const result = await work();
    sample();
    return { result, rss, heap };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const { services, tenant, auth, base, background, probes, warmThread, close } = await startImportApi("Moodle Bench School");
  await probeFor(probes, 1000);
  await warmThread();
  const idle = summarize(await probeFor(probes, IDLE_MS));

  const content = `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n<question type="category"><category><text>$course$/top/Bench</text></category></question>\n${Array.from({ length: QUESTIONS }, (_, i) => questionXml(i)).join("\n")}\n</quiz>\n`;
  const key = await uploadImportFile(base, auth, new File([content], "bench.xml", { type: "application/xml" }));

  let start = 0;
  let answeredMs = 0;
  const before = process.memoryUsage();
  const { result, rss, heap } = await peakMemoryDuring(() =>
    probeDuring(probes, async () => {
      start = performance.now();
      const answer = await fetch(`${base}/api/moodlexmlquestion`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ location: key, category: "Maths", course: "Algebra" }) });
      answeredMs = performance.now() - start;
      if (answer.status !== 202) throw new Error(`import answered ${answer.status}: ${await answer.text()}`);
      await background.drain();
    }),
  );
  const importMs = performance.now() - start;
  const during = summarize(result.samples);

  const [{ stored }] = await services.db.select({ stored: count() }).from(questions).where(eq(questions.businessId, tenant.business.id));
  if (stored !== QUESTIONS) throw new Error(`expected ${QUESTIONS} questions, found ${stored}`);
  await close();

  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(machineLine());
  console.log(`file: ${QUESTIONS} Moodle XML questions (8 types, ${Math.ceil(QUESTIONS / 50)} images), ${(content.length / 1024 / 1024).toFixed(2)} MB; 202 after ${answeredMs.toFixed(0)} ms; import + mail ${(importMs / 1000).toFixed(2)} s; ${stored} questions stored`);
  console.log(`memory: RSS ${mb(before.rss)} before, peak ${mb(rss)}; heap ${mb(before.heapUsed)} before, peak ${mb(heap)}`);
  for (const line of latencyLines(idle, during, TARGET_P99_MS)) console.log(line);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
