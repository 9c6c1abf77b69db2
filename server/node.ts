/**
 * The Node runtime entry (`npm start`, `npm run dev`). The only file, with the *.node.ts
 * adapters it imports, that knows it runs on Node: it builds the services with the
 * embedded defaults (libSQL file, disk blobs, local outbox) and serves the shared app.
 * `npm start` serves from one process per core (WEB_CONCURRENCY, server/cluster.node.ts):
 * this file runs as their primary, which prepares the data and supervises them, and as each
 * of them; with WEB_CONCURRENCY=1 one process does it all.
 */
import cluster from "node:cluster";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AppServices } from "../api/services/core/app-services";
import type { Argon2id } from "../api/services/core/password-hashing";
import { createDiskBlobStore } from "../api/adapters/blob-store-disk.node.ts";
import { createDiskFontSource } from "../api/adapters/fonts-disk.node.ts";
import { installArgon2id } from "../api/services/auth/password";
import { lazyArgon2id } from "../api/services/auth/argon2id";
import { createLibsqlDb } from "../db/client";
import { configureConnections, migrateDatabase } from "../db/migrate.node.ts";
import { parseTrustedProxies } from "../api/services/auth/client-address";
import { argon2idForServer } from "./argon2id-pool.node.ts";
import { startAttemptSweep, SWEEP_EVERY_MS } from "./attempt-sweep.node.ts";
import { loadWasmArgon2id } from "./argon2id.node.ts";
import { announceListening, OWN_LISTENING_SOCKETS, refuseTakenPort, serverProcessesFrom, superviseServerProcesses } from "./cluster.node.ts";
import { startCertificatePdfPool } from "./certificate-pdf-pool.node.ts";
import { startImportParsePool } from "./import-parse-pool.node.ts";
import { startQuestionExportPool } from "./question-export-pool.node.ts";
import { createNodeExecutionContext, drainOnSignals } from "./background-work.node.ts";
import { withSocketClientAddress } from "./client-address.node.ts";
import { httpTimeoutsFrom, listenHttp, maxConnectionsFrom } from "./http-server.node.ts";
import { createProductionServer } from "./production-server.node.ts";
import { ensurePrivateDir, preparePrivateDatabaseFile, readServerConfig } from "./local-data.node.ts";
import { databaseUrlFrom, type OpenedData, prepareData, servicesFor } from "./server-services";

/** Connections the kernel may hold for accept() (see main); it caps this at net.core.somaxconn. */
const LISTEN_BACKLOG = 65_535;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const isDev = process.argv.includes("--dev");
const env = process.env;
const dataDir = path.resolve(root, env.DATA_DIR ?? "data");
// Whatever this process creates (database, its -wal/-shm, uploads, secrets) is the server
// user's alone: 0600 files, 0700 folders (server/local-data.node.ts).
process.umask(0o077);

/**
 * The configuration and the database handle, the same in every process of one start. The
 * first process to call it creates the data folder and the generated secrets; with several
 * server processes that is the primary, before it forks them.
 */
function openData(): OpenedData {
  ensurePrivateDir(dataDir);
  const databaseUrl = databaseUrlFrom(env, path.join(dataDir, "quiz.db"));
  const config = readServerConfig(env, dataDir, databaseUrl);
  preparePrivateDatabaseFile(databaseUrl);
  const db = createLibsqlDb({ url: databaseUrl, authToken: env.DATABASE_AUTH_TOKEN });
  return { config, databaseUrl, db };
}

/** The shared services (server/server-services.ts) with Node's adapters. */
function nodeServices(data: OpenedData, argon2id: Argon2id): AppServices {
  // Certificate PDFs in a worker thread, so a burst of downloads never holds the event loop
  // (docs/decisions/0032-request-limits-and-heavy-work.md).
  // Import files are parsed in one too (the same ADR). Both threads start at their first job.
  const { certificatePdf } = startCertificatePdfPool();
  const importParse = startImportParsePool({ bundled: !isDev });
  // Question exports are written in another (docs/decisions/0085).
  const questionExport = startQuestionExportPool({ bundled: !isDev });
  return servicesFor(data, env, {
    argon2id,
    diskBlobs: () => createDiskBlobStore(path.resolve(root, env.BLOB_DIR ?? path.join(dataDir, "files"))),
    fonts: createDiskFontSource(),
    certificatePdf,
    parseImport: (job) => importParse.run(job),
    writeExport: (job) => questionExport.run(job),
  });
}

/** Attempts left open past their deadline are graded every minute (decisions.md "Deadlines"), in one process only. */
function startSweep(services: AppServices) {
  startAttemptSweep(services, SWEEP_EVERY_MS, { runNow: true });
  console.log(`Abandoned attempts are graded every minute by process ${process.pid}`);
}

/** Serves the app on PORT from this process (the only one, or one of the cluster's). */
async function serve(services: AppServices, announce: boolean) {
  const port = Number(env.PORT ?? 3000);
  // The client address every throttle counts: the socket's peer, not a header anyone can send.
  const trustedProxies = parseTrustedProxies(env.TRUSTED_PROXIES);
  // Work after the answer (a question import after its 202) runs through waitUntil as on Workers.
  const background = createNodeExecutionContext();

  if (isDev) {
    // Vite in middleware mode; the app module is reloaded through Vite on every request so
    // edits apply without a restart (HMR for the UI).
    const { createServer } = await import("vite");
    const vite = await createServer({ root, server: { middlewareMode: true }, appType: "custom" });
    const { getRequestListener } = await import("@hono/node-server");
    const listener = getRequestListener(
      withSocketClientAddress(async (request) => {
        const { createApp } = (await vite.ssrLoadModule("/server/app.ts")) as typeof import("./app");
        return createApp(services).fetch(request, undefined, background);
      }, trustedProxies),
    );
    const { createServer: createHttpServer } = await import("node:http");
    const httpServer = createHttpServer((req, res) => vite.middlewares(req, res, () => listener(req, res))).listen(port);
    drainOnSignals(background, () => httpServer.close());
  } else {
    const buildPath = path.join(root, "build/server/index.js");
    const { createApp } = (await import(buildPath)) as typeof import("./app");
    // Built scripts and styles pre-compressed and cached for a year, pages and API answers
    // compressed on the fly (issue 19 point 3).
    const server = createProductionServer({ config: services.config, clientDir: path.join(root, "build/client"), app: createApp(services) });
    // A whole class connecting in the same second (their kept-alive sockets idled out) waits
    // in the kernel's accept queue instead of being dropped from it: a dropped connection is
    // retried by the browser only after 1 s, then 3 s, 7 s… Node's default queue is 511; the
    // kernel caps this at net.core.somaxconn (4096 by default). docs/performance.md.
    // Header, request and idle time limits: server/http-server.node.ts.
    const fetch = withSocketClientAddress((request, bindings) => server.fetch(request, bindings, background), trustedProxies);
    const httpServer = listenHttp(fetch, {
      port,
      backlog: LISTEN_BACKLOG,
      timeouts: httpTimeoutsFrom(env),
      maxConnections: maxConnectionsFrom(env),
      ownSocket: cluster.isWorker && OWN_LISTENING_SOCKETS,
    });
    if (cluster.isWorker) httpServer.once("listening", announceListening);
    drainOnSignals(background, () => httpServer.close());
  }
  if (announce) console.log(`Quiz is running at http://localhost:${port}/quiz (API at /api)`);
}

async function main() {
  // One process in development: Vite's module reloading lives in the process that serves.
  const processes = isDev ? 1 : serverProcessesFrom(env);
  // Password hashes in worker threads, so a sign-in never holds the event loop (docs/decisions/
  // 0021-password-hashing-runtime.md), as many per process as the cores allow (0053).
  // Installed here for the demo seed; createApp installs it again in the app bundle's own
  // copy of password.ts.
  if (cluster.isWorker) {
    // One of several server processes: the primary has prepared the data and runs the sweep.
    const { argon2id } = argon2idForServer(env, processes);
    installArgon2id(argon2id);
    const data = openData();
    await configureConnections(data.db);
    await serve(nodeServices(data, argon2id), false);
    return;
  }
  if (processes > 1) {
    // The primary: serves nothing, so the demo seed's one hash may run on its own thread.
    const argon2id = lazyArgon2id(loadWasmArgon2id);
    installArgon2id(argon2id);
    const data = openData();
    await prepareData(data, env, migrateDatabase);
    startSweep(nodeServices(data, argon2id));
    const port = Number(env.PORT ?? 3000);
    await refuseTakenPort(port);
    superviseServerProcesses(processes, () =>
      console.log(`Quiz is running at http://localhost:${port}/quiz (API at /api), ${processes} server processes`),
    );
    return;
  }
  // WEB_CONCURRENCY=1 (and npm run dev): one process prepares, sweeps and serves.
  const { argon2id } = argon2idForServer(env, 1);
  installArgon2id(argon2id);
  const data = openData();
  await prepareData(data, env, migrateDatabase);
  const services = nodeServices(data, argon2id);
  startSweep(services);
  await serve(services, true);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
