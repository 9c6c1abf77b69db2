/**
 * The Deno runtime entry (`npm run start:deno`): with the *.deno.ts adapters it imports, the
 * only file that knows it runs on Deno. It builds the same services as server/node.ts (the
 * embedded libSQL file, files on disk, the local outbox, demo data on first start) and serves
 * the same fetch handler (build/server/index.js) with Deno.serve.
 *
 * Deno runs Node's built-in modules and npm packages itself, so the Node adapters that only
 * read and write files (the disk blob store, the fonts, the data folder's secrets, the
 * migrations) are the very same code here. What differs has a *.deno.ts file: the HTTP server
 * and the client address it sees, Web Workers for the CPU work (password hashes, PDFs,
 * import parsing), the sweep's timer, the shutdown. docs/decisions/0051-deno-runtime.md.
 */
import { Hono } from "hono";
import { serveStatic } from "hono/deno";
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
import { createNodeExecutionContext } from "./background-work.node.ts";
import { withConnectionClientAddress } from "./client-address.deno.ts";
import { withSecretsUncompressed } from "./compression.deno.ts";
import { Deno } from "./deno-runtime.deno.ts";
import { startHeavyWork } from "./heavy-work.deno.ts";
import { ensurePrivateDir, preparePrivateDatabaseFile, readServerConfig } from "./local-data.node.ts";
import { securityHeaders } from "./security-headers";
import { databaseUrlFrom, prepareData, servicesFor } from "./server-services";
import { drainOnSignals } from "./shutdown.deno.ts";

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
  const server = new Hono();
  // The same security headers (nosniff above all) on static files as on every other answer.
  server.use(securityHeaders(services.config));
  const clientDir = path.relative(Deno.cwd(), path.join(root, "build/client"));
  // The build's hashed assets, pre-compressed at build time (precompress.config.ts): Brotli or
  // gzip by Accept-Encoding, cached for a year as on Node (ADR 0052).
  server.use(
    "/quiz/assets/*",
    serveStatic({ root: clientDir, precompressed: true, onFound: (_file, c) => c.header("Cache-Control", "public, max-age=31536000, immutable") }),
  );
  server.use("/quiz/favicon.svg", serveStatic({ path: path.join(clientDir, "quiz/favicon.svg") }));
  server.route("/", createApp(services));

  const httpServer = Deno.serve(
    {
      port,
      // Both address families, as Node listens: a browser's "localhost" may be ::1.
      hostname: "[::]",
      // Pages and API answers compressed as on Node (ADR 0052); never those that carry a
      // secret (withSecretsUncompressed below marks them no-transform, which Deno honours).
      automaticCompression: true,
      onListen: () => console.log(`Quiz is running at http://localhost:${port}/quiz (API at /api) on Deno ${Deno.version.deno}`),
      // The app answers its own errors (the API's JSON envelope, React Router's error page);
      // this is the last resort, and says nothing about the failure to the client.
      onError: (error) => {
        console.error(error);
        return new Response("Internal Server Error", { status: 500, headers: { "content-type": "text/plain; charset=utf-8" } });
      },
    },
    withConnectionClientAddress(
      withSecretsUncompressed((request) => server.fetch(request, undefined, background)),
      trustedProxies,
    ),
  );
  drainOnSignals(background, httpServer);
}

main().catch((error) => {
  console.error(error);
  Deno.exit(1);
});
