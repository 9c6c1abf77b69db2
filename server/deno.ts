/**
 * The Deno runtime entry (`npm run start:deno`): with the *.deno.ts adapters it imports, the
 * only file that knows it runs on Deno. It builds the same services as server/node.ts (the
 * embedded libSQL file, files on disk, the local outbox, demo data on first start) and serves
 * the same fetch handler (build/server/index.js) through the same HTTP server as Node
 * (server/http-server.node.ts: Deno runs node:http; Deno.serve has no header or idle time limit).
 *
 * Deno runs Node's built-in modules and npm packages itself, so the Node adapters that only
 * read and write files (the disk blob store, the fonts, the data folder's secrets, the
 * migrations) and since issue 25 the HTTP server too, are the very same code here. What
 * differs has a *.deno.ts file: Web Workers for the CPU work (password hashes, PDFs, import
 * parsing), the sweep's timer. docs/decisions/0051-deno-runtime.md and 0057.
 */
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import type { AppServices } from "../api/services/core/app-services";
import { createDiskBlobStore } from "../api/adapters/blob-store-disk.node.ts";
import { createDiskFontSource } from "../api/adapters/fonts-disk.node.ts";
import { s3OptionsFromEnv } from "../api/adapters/s3-options";
import { installArgon2id } from "../api/services/auth/password";
import { parseTrustedProxies } from "../api/services/auth/client-address";
import { createLibsqlDb } from "../db/client";
import { migrateDatabase } from "../db/migrate.node.ts";
import { startAttemptSweep } from "./attempt-sweep.deno.ts";
import { createNodeExecutionContext, drainOnSignals } from "./background-work.node.ts";
import { withSocketClientAddress } from "./client-address.node.ts";
import { Deno } from "./deno-runtime.deno.ts";
import { startHeavyWork } from "./heavy-work.deno.ts";
import { httpTimeoutsFrom, listenHttp, maxConnectionsFrom } from "./http-server.node.ts";
import { ensurePrivateDir, preparePrivateDatabaseFile, readServerConfig } from "./local-data.node.ts";
import { createProductionServer } from "./production-server.node.ts";
import { databaseUrlFrom, prepareData, servicesFor } from "./server-services";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env: Record<string, string | undefined> = Deno.env.toObject();
const dataDir = path.resolve(root, env.DATA_DIR ?? "data");

async function buildServices(): Promise<AppServices> {
  const databaseUrl = databaseUrlFrom(env, path.join(dataDir, "quiz.db"));
  // The data folder only when something lives in it: with Turso, a bucket and the secrets set
  // (Deno Deploy, which has no lasting disk) nothing is written locally.
  if (databaseUrl.startsWith("file:") || !s3OptionsFromEnv(env) || !env.JWT_SECRET || !env.PAYMENT_SECRETS_KEY) {
    // Whatever this process creates (database, its -wal/-shm, uploads, secrets) is the server
    // user's alone: 0600 files, 0700 folders, as on Node (server/local-data.node.ts).
    process.umask(0o077);
    ensurePrivateDir(dataDir);
  }
  const config = readServerConfig(env, dataDir, databaseUrl);
  // Password hashes, certificate PDFs and import files in Web Workers: none of them holds the
  // loop that answers everyone else. Installed here for the demo seed below; createApp
  // installs it again in the app bundle's own copy of password.ts.
  const heavy = startHeavyWork(env);
  installArgon2id(heavy.argon2id);
  preparePrivateDatabaseFile(databaseUrl);
  const data = { config, databaseUrl, db: createLibsqlDb({ url: databaseUrl, authToken: env.DATABASE_AUTH_TOKEN }) };
  // One process, so the migrations and the demo seed run once (docs/decisions/0051).
  await prepareData(data, env, migrateDatabase);
  // The shared services (server/server-services.ts) with Deno's adapters.
  return servicesFor(data, env, {
    argon2id: heavy.argon2id,
    certificatePdf: heavy.certificatePdf,
    parseImport: heavy.parseImport,
    writeExport: heavy.writeExport,
    diskBlobs: () => createDiskBlobStore(path.resolve(root, env.BLOB_DIR ?? path.join(dataDir, "files"))),
    fonts: createDiskFontSource(),
  });
}

async function main() {
  const services = await buildServices();
  // Attempts left open past their deadline are graded every minute (decisions.md "Deadlines").
  startAttemptSweep(services);
  const port = Number(env.PORT ?? 3000);
  // The client address every throttle counts: the connection's peer, not a header anyone can send.
  const trustedProxies = parseTrustedProxies(env.TRUSTED_PROXIES);
  // Work after the answer (a question import after its 202) runs through waitUntil as on
  // Workers and Node; the context is plain TypeScript, shared with Node.
  const background = createNodeExecutionContext();

  const { createApp } = (await import(path.join(root, "build/server/index.js"))) as typeof import("./app");
  // The same server as Node's: built files pre-compressed and cached, pages and API answers
  // compressed on the fly except those carrying a secret, the security headers on all
  // (server/production-server.node.ts), over node:http with its header, request and idle
  // time limits, which Deno.serve lacks (server/http-server.node.ts, docs/decisions/0057).
  const server = createProductionServer({ config: services.config, clientDir: path.join(root, "build/client"), app: createApp(services) });
  const fetch = withSocketClientAddress((request, bindings) => server.fetch(request, bindings, background), trustedProxies);
  // Both address families, as Node listens: a browser's "localhost" may be ::1.
  const httpServer = listenHttp(fetch, { port, hostname: "::", timeouts: httpTimeoutsFrom(env), maxConnections: maxConnectionsFrom(env) });
  httpServer.on("listening", () => console.log(`Quiz is running at http://localhost:${port}/quiz (API at /api) on Deno ${Deno.version.deno}`));
  drainOnSignals(background, () => httpServer.close());
}

main().catch((error) => {
  console.error(error);
  Deno.exit(1);
});
