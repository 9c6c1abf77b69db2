/**
 * The services of a runtime that runs as a server of its own (Node's server/node.ts, Deno's
 * server/deno.ts), put together in one place: both build the same AppServices over the same
 * database, config and mailer, and differ only in where the CPU work runs and how files are
 * read, which each hands in as its adapters. Web-standard only (lint enforces it): the
 * runtime-specific parts are the adapters. The Worker builds its own (server/worker.ts: D1,
 * R2, no threads).
 */
import type { AppServices } from "../api/services/core/app-services";
import type { BlobStore } from "../api/services/core/blob-store";
import type { AppConfig } from "../api/services/core/config";
import type { FontSource } from "../api/services/core/fonts";
import type { Argon2id } from "../api/services/core/password-hashing";
import { createMailer } from "../api/adapters/mailer-factory";
import { createS3BlobStore } from "../api/adapters/blob-store-s3";
import { s3OptionsFromEnv } from "../api/adapters/s3-options";
import { hashPassword } from "../api/services/auth/password";
import type { Db } from "../db/client";
import { assertLocalDatabaseUrl, seedDemo } from "../db/seed";
import { printDemoLogins } from "./demo-logins";

export type ServerEnv = Record<string, string | undefined>;

/** One start's configuration and database handle. */
export interface OpenedData {
  config: AppConfig;
  databaseUrl: string;
  db: Db;
}

/** What the runtime provides: its password hashing, its file store and fonts, its workers. */
export interface ServerAdapters {
  argon2id: Argon2id;
  /** The store for uploads when no S3 bucket is configured (the data folder's disk); only called then. */
  diskBlobs: () => BlobStore;
  fonts: FontSource;
  certificatePdf: NonNullable<AppServices["certificatePdf"]>;
  parseImport: NonNullable<AppServices["parseImport"]>;
  writeExport: NonNullable<AppServices["writeExport"]>;
}

/** The embedded libSQL file in the data folder unless DATABASE_URL names another (Turso). */
export function databaseUrlFrom(env: ServerEnv, defaultFile: string): string {
  return env.DATABASE_URL ?? `file:${defaultFile}`;
}

/**
 * What runs once per start, before any request is served: the migrations (the runtime's
 * migrator, with its statement cache) and, on an embedded database, the demo data unless
 * SEED_DEMO=false, whose logins are printed.
 */
export async function prepareData({ config, databaseUrl, db }: OpenedData, env: ServerEnv, migrate: (db: Db) => Promise<void>): Promise<void> {
  await migrate(db);
  if (env.SEED_DEMO !== "false" && databaseUrl.startsWith("file:")) {
    assertLocalDatabaseUrl(databaseUrl);
    const logins = await seedDemo(db, { hashPassword: (password) => hashPassword(password, config.passwordPepper) });
    if (logins) printDemoLogins(logins);
  }
}

/** The app's services: an S3 bucket when S3_* is set, else the runtime's disk store. */
export function servicesFor({ config, db }: OpenedData, env: ServerEnv, adapters: ServerAdapters): AppServices {
  const s3 = s3OptionsFromEnv(env);
  return {
    db,
    blobs: s3 ? createS3BlobStore(s3) : adapters.diskBlobs(),
    mailer: createMailer(db, config),
    config,
    now: () => new Date(),
    argon2id: adapters.argon2id,
    fonts: adapters.fonts,
    certificatePdf: adapters.certificatePdf,
    parseImport: adapters.parseImport,
    writeExport: adapters.writeExport,
  };
}
