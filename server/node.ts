/**
 * The Node runtime entry (`npm start`, `npm run dev`). The only file, with the *.node.ts
 * adapters it imports, that knows it runs on Node: it builds the services with the
 * embedded defaults (libSQL file, disk blobs, local outbox) and serves the shared app.
 */
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AppServices } from "../api/context";
import { readConfig } from "../api/config";
import { createDiskBlobStore } from "../api/adapters/blob-store-disk.node.ts";
import { createS3BlobStore } from "../api/adapters/blob-store-s3";
import { s3OptionsFromEnv } from "../api/adapters/s3-options";
import { createMailer } from "../api/adapters/mailer-factory";
import { hashPassword } from "../api/services/auth/password";
import { createLibsqlDb } from "../db/client";
import { migrateDatabase } from "../db/migrate.node.ts";
import { assertLocalDatabaseUrl, seedDemo } from "../db/seed";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const isDev = process.argv.includes("--dev");
const env = process.env;
const dataDir = path.resolve(root, env.DATA_DIR ?? "data");

/** A secret kept in the data folder, so a local install needs no configuration. */
function localSecret(name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function buildServices(): Promise<AppServices> {
  mkdirSync(dataDir, { recursive: true });
  const port = Number(env.PORT ?? 3000);
  const config = readConfig(env, {
    appUrl: env.APP_URL ?? `http://localhost:${port}`,
    jwtSecret: env.JWT_SECRET ?? localSecret(".jwt-secret"),
  });
  const databaseUrl = env.DATABASE_URL ?? `file:${path.join(dataDir, "quiz.db")}`;
  const db = createLibsqlDb({ url: databaseUrl, authToken: env.DATABASE_AUTH_TOKEN });
  await migrateDatabase(db);

  if (env.SEED_DEMO !== "false" && databaseUrl.startsWith("file:")) {
    assertLocalDatabaseUrl(databaseUrl);
    const logins = await seedDemo(db, { hashPassword });
    if (logins) printDemoLogins(logins);
  }

  const s3 = s3OptionsFromEnv(env);
  const blobs = s3
    ? createS3BlobStore(s3)
    : createDiskBlobStore(path.resolve(root, env.BLOB_DIR ?? path.join(dataDir, "files")));

  return { db, blobs, mailer: createMailer(db, config), config, now: () => new Date() };
}

function printDemoLogins(logins: NonNullable<Awaited<ReturnType<typeof seedDemo>>>) {
  console.log("\nDemo data loaded. Sign in at /quiz/auth/login with:");
  for (const login of logins.users) console.log(`  ${login.role.padEnd(8)} ${login.email}  /  ${login.password}`);
  const keys = logins.keyPair;
  console.log(`  key login: /quiz/auth/login/${keys.publicKey}/${keys.privateKey}/${keys.moduleId}\n`);
}

async function main() {
  const services = await buildServices();
  const port = Number(env.PORT ?? 3000);
  const server = new Hono();

  if (isDev) {
    // Vite in middleware mode; the app module is reloaded through Vite on every request so
    // edits apply without a restart (HMR for the UI).
    const { createServer } = await import("vite");
    const vite = await createServer({ root, server: { middlewareMode: true }, appType: "custom" });
    const { getRequestListener } = await import("@hono/node-server");
    const listener = getRequestListener(async (request) => {
      const { createApp } = (await vite.ssrLoadModule("/server/app.ts")) as typeof import("./app");
      return createApp(services).fetch(request);
    });
    const { createServer: createHttpServer } = await import("node:http");
    createHttpServer((req, res) => vite.middlewares(req, res, () => listener(req, res))).listen(port);
  } else {
    const buildPath = path.join(root, "build/server/index.js");
    const { createApp } = (await import(buildPath)) as typeof import("./app");
    server.use("/quiz/assets/*", serveStatic({ root: path.relative(process.cwd(), path.join(root, "build/client")) }));
    server.use("/quiz/favicon.svg", serveStatic({ path: path.relative(process.cwd(), path.join(root, "build/client/quiz/favicon.svg")) }));
    server.route("/", createApp(services));
    serve({ fetch: server.fetch, port });
  }
  console.log(`Quiz is running at http://localhost:${port}/quiz (API at /api)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
