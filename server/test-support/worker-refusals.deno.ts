/**
 * Run under Deno by worker-refusals.deno.test.ts: sends refused jobs through the Deno server's
 * real Web Worker pools (worker-jobs.deno.ts, heavy-work.deno.ts) and prints, as one JSON
 * line, what each caller received: which error classes it is an instance of, and its fields.
 */
import { AppError, Invalid, NotFound, TooManyRequests } from "../../api/services/core/errors";
import { CSV_COLUMNS } from "../../api/services/imports/parse-csv";
import { startHeavyWork } from "../heavy-work.deno.ts";
import { startWorkerJobs } from "../worker-jobs.deno.ts";
import { REFUSALS, type RefusalName } from "./refusals.ts";

function described(error: unknown) {
  const classes = { AppError, Invalid, NotFound, TooManyRequests };
  const instanceOf = Object.entries(classes).filter(([, errorClass]) => error instanceof errorClass).map(([name]) => name);
  return { instanceOf, message: (error as Error).message, ...(error as object) };
}
const refusalOf = (work: Promise<unknown>) => work.then(() => ({ refused: false }), described);

const refusing = startWorkerJobs<RefusalName, never>(new URL("./refusing-worker.deno.ts", import.meta.url), "refusal");
const heavy = startHeavyWork({ PASSWORD_HASH_THREADS: "1" });
const report: Record<string, unknown> = {};
for (const name of Object.keys(REFUSALS) as RefusalName[]) report[name] = await refusalOf(refusing.run(name));

const rows = Array.from({ length: 100_000 }, (_, i) => `Q${i},radio,a,b,,,,1,M,A,,`);
report.badHeader = await refusalOf(heavy.parseImport({ format: "CSV", text: "question,type\nWhat?,radio\n" }));
report.tooManyRows = await refusalOf(heavy.parseImport({ format: "CSV", text: [CSV_COLUMNS.join(","), ...rows].join("\n") }));
const gift = Array.from({ length: 12_000 }, (_, i) => `Q${i} {T}`).join("\n\n");
report.tooManyQuestions = await refusalOf(heavy.parseImport({ format: "GIFT", text: gift, place: { category: "Maths", course: "Algebra" } }));

const facts = { studentName: "Ana", quizName: "Optics", percentage: 80, completedAt: new Date(Date.UTC(2026, 10, 1)), issuer: "Riverside", verifyUrl: "https://q.test/quiz/verify/x" };
report.badPdf = await refusalOf(heavy.certificatePdf({ ...facts, completedAt: "not a date" as unknown as Date }, { language: "en" }));
report.pdfAfter = new TextDecoder().decode((await heavy.certificatePdf(facts, { language: "en" })).subarray(0, 5));
const input = { password: new Uint8Array(32).fill(7), salt: new Uint8Array(16).fill(1), m: 64, t: 1, p: 1, dkLen: 32 };
report.badHash = await refusalOf(heavy.argon2id({ ...input, p: 0 }));
report.hashAfter = (await heavy.argon2id(input)).length;

console.log(JSON.stringify(report));
refusing.close();
heavy.close();
