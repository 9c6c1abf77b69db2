/**
 * Certificate PDFs on Node are made in a worker thread, so a PDF (hundreds of milliseconds of
 * CPU, fonts subset and compressed) never holds the event loop that answers everyone else
 * (issue 14: 20 in parallel stalled the server 2.5 s; docs/decisions/0032). One thread, jobs
 * in order; download-certificate.ts lets at most two in and twenty wait. A thread that dies
 * fails its job and is replaced. Installed as services.certificatePdf by server/node.ts.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { CertificatePdfFacts } from "../api/services/certificates/certificate-pdf";
import type { Language } from "../locales/languages";
import type { CertificatePdfJob, CertificatePdfReply } from "./certificate-pdf-thread.node.ts";

// The thread is TypeScript: it loads through tsx, as the server itself does (npm start).
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const threadFile = new URL("./certificate-pdf-thread.node.ts", import.meta.url);

interface Pending {
  job: CertificatePdfJob;
  resolve: (pdf: Uint8Array) => void;
  reject: (error: Error) => void;
}

export interface CertificatePdfPool {
  certificatePdf: (facts: CertificatePdfFacts, options: { language: Language }) => Promise<Uint8Array>;
  close(): Promise<void>;
}

export function startCertificatePdfPool(): CertificatePdfPool {
  const queue: Pending[] = [];
  let current: Pending | null = null;
  let worker: Worker | null = null;
  let nextId = 1;
  let closed = false;

  function spawn(): Worker {
    const thread = new Worker(threadFile, { execArgv: ["--import", tsxLoader] });
    thread.unref();
    thread.on("message", (reply: CertificatePdfReply) => {
      if (!current || current.job.id !== reply.id) return;
      const done = current;
      current = null;
      if ("pdf" in reply) done.resolve(reply.pdf);
      else done.reject(new Error(`certificate PDF failed: ${reply.error}`));
      dispatch();
    });
    let gone = false;
    const replace = (error: Error) => {
      if (gone) return; // "error" is followed by "exit": replace once
      gone = true;
      current?.reject(error);
      current = null;
      worker = null;
      if (!closed) dispatch();
    };
    thread.on("error", replace);
    thread.on("exit", (code) => replace(new Error(`certificate PDF thread stopped (exit code ${code})`)));
    return thread;
  }

  function dispatch() {
    if (current || queue.length === 0 || closed) return;
    worker ??= spawn();
    current = queue.shift()!;
    // Referenced while a job runs, so a job in flight keeps the process alive.
    worker.ref();
    worker.postMessage(current.job);
  }

  return {
    certificatePdf(facts, { language }) {
      if (closed) return Promise.reject(new Error("the certificate PDF pool is closed"));
      // Only the fields the PDF shows: plain data for the structured clone.
      const { studentName, quizName, percentage, completedAt, issuer, verifyUrl } = facts;
      const job: CertificatePdfJob = { id: nextId++, facts: { studentName, quizName, percentage, completedAt, issuer, verifyUrl }, language };
      return new Promise<Uint8Array>((resolve, reject) => {
        queue.push({
          job,
          resolve: (pdf) => {
            worker?.unref();
            resolve(pdf);
          },
          reject,
        });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error("the certificate PDF pool is closed"));
      await worker?.terminate();
    },
  };
}
