import type { Db } from "../../../db/client";
import type { Argon2id } from "./password-hashing";
import type { BlobStore } from "./blob-store";
import type { Mailer } from "./mailer";
import type { AppConfig } from "./config";
import type { FontSource } from "./fonts";
import type { CertificatePdfFacts, ParsedImportRow, ParseImportJob, WriteExportJob, WrittenExport } from "./heavy-jobs";
import type { Language } from "../../../locales/languages";

/**
 * Everything a service verb may touch. Built once per process (Node) or per isolate
 * (Workers) by the runtime entry point and handed to the same Hono root app.
 */
export interface AppServices {
  db: Db;
  blobs: BlobStore;
  mailer: Mailer;
  config: AppConfig;
  /** The clock, injectable so that tests can move time (token expiry, exam deadlines). */
  now: () => Date;
  /**
   * The argon2id behind password hashes, chosen by the runtime entry (WASM; on Node in worker
   * threads); createApp installs it. Absent: the pure-JS build (same hashes, slower).
   */
  argon2id?: Argon2id;
  /**
   * Where the certificate fonts are read (api/services/core/fonts.ts): the npm
   * packages on disk (Node), the static-asset store (Workers). Absent: no certificate PDF.
   */
  fonts?: FontSource;
  /**
   * Makes a certificate PDF away from the event loop (Node: a worker thread,
   * server/certificate-pdf-pool.node.ts). Absent: made in the request with `fonts` (Workers,
   * tests), one or two at a time (download-certificate.ts).
   */
  certificatePdf?: (facts: CertificatePdfFacts, options: { language: Language }) => Promise<Uint8Array>;
  /**
   * Parses a question import file away from the event loop (Node: a worker thread,
   * server/import-parse-pool.node.ts). Absent: parsed in the request (Workers, tests).
   */
  parseImport?: (job: ParseImportJob) => Promise<ParsedImportRow[]>;
  /**
   * Writes a question export's file away from the event loop (Node: a worker thread,
   * server/question-export-pool.node.ts; Deno: a Web Worker). Absent: written in the request,
   * paced (Workers, tests).
   */
  writeExport?: (job: WriteExportJob) => Promise<WrittenExport>;
}
