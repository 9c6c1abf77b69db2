/**
 * The work the Deno server keeps off its serving loop, each in Web Workers (worker-jobs.deno.ts),
 * as Node keeps it in worker threads (docs/decisions/0021 and 0032): password hashes, so a
 * sign-in never holds the exam's autosaves; certificate PDFs; question-import parsing;
 * question-export writing.
 * Installed into AppServices by server/deno.ts.
 */
import { lazyArgon2id } from "../api/services/auth/argon2id";
import type { AppServices } from "../api/services/core/app-services";
import type { Argon2idInput } from "../api/services/core/password-hashing";
import type { ImportCandidate } from "../api/services/imports/import-summary";
import type { ParseImportJob, WriteExportJob, WrittenExport } from "../api/services/core/heavy-jobs";
import { loadWasmArgon2id } from "./argon2id.node.ts";
import type { CertificatePdfJob } from "./certificate-pdf-worker.deno.ts";
import { startWorkerJobs } from "./worker-jobs.deno.ts";

export type HeavyWork = Required<Pick<AppServices, "argon2id" | "certificatePdf" | "parseImport" | "writeExport">> & {
  /** Password-hash workers (0: hashes on the serving loop, for comparison). */
  hashWorkers: number;
  close(): void;
};

/**
 * Password-hash workers: PASSWORD_HASH_THREADS as on Node, else one core less than the
 * machine has (at least 1, at most 4).
 */
export function hashWorkersFrom(env: Record<string, string | undefined>, cores = navigator.hardwareConcurrency || 1): number {
  if (env.PASSWORD_HASH_THREADS?.trim() === "0") return 0;
  const asked = Number(env.PASSWORD_HASH_THREADS);
  if (Number.isInteger(asked) && asked >= 1 && asked <= 64) return asked;
  return Math.min(4, Math.max(1, cores - 1));
}

export function startHeavyWork(env: Record<string, string | undefined>): HeavyWork {
  const hashWorkers = hashWorkersFrom(env);
  const hashes = hashWorkers > 0 ? startWorkerJobs<Argon2idInput, Uint8Array>(new URL("./argon2id-worker.deno.ts", import.meta.url), "argon2id", { size: hashWorkers, eager: true }) : null;
  const pdfs = startWorkerJobs<CertificatePdfJob, Uint8Array>(new URL("./certificate-pdf-worker.deno.ts", import.meta.url), "certificate PDF");
  const imports = startWorkerJobs<ParseImportJob, ImportCandidate[]>(new URL("./import-parse-worker.deno.ts", import.meta.url), "import parse");
  const exports = startWorkerJobs<WriteExportJob, WrittenExport>(new URL("./question-export-worker.deno.ts", import.meta.url), "question export");
  return {
    hashWorkers,
    argon2id: hashes ? (input) => hashes.run(input) : lazyArgon2id(loadWasmArgon2id),
    certificatePdf(facts, { language }) {
      // Only the fields the PDF shows: plain data for the structured clone.
      const { studentName, quizName, percentage, completedAt, issuer, verifyUrl, kind } = facts;
      return pdfs.run({ facts: { studentName, quizName, percentage, completedAt, issuer, verifyUrl, kind }, language });
    },
    parseImport: (job) => imports.run(job),
    writeExport: (job) => exports.run(job),
    close() {
      hashes?.close();
      pdfs.close();
      imports.close();
      exports.close();
    },
  };
}
