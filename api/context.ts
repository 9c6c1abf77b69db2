import type { Db } from "../db/client";
import type { BlobStore } from "./adapters/blob-store";
import type { Mailer } from "./adapters/mailer";
import type { AppConfig } from "./config";

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
}
