/**
 * The Cloudflare Workers entry (`wrangler deploy`, `npm run dev:worker`). With server/node.ts
 * the only file that knows which runtime it is on: it builds the services from the Worker's
 * `env` (D1 or Turso, R2, Postmark or the outbox) and serves the same app as Node.
 *
 * Migrations are not run here: on Workers they are applied at deploy time
 * (`wrangler d1 migrations apply DB` for D1, `drizzle-kit migrate` for Turso), so a request
 * never pays for, or races on, a schema change. See docs/decisions/0002-workers-runtime.md.
 */
import type { D1Database, ExecutionContext, R2Bucket, ScheduledController } from "@cloudflare/workers-types";
import type { BlobStore } from "../api/services/core/blob-store";
import { createMailer } from "../api/adapters/mailer-factory";
import { createR2BlobStore } from "../api/adapters/blob-store-r2";
import { createAssetFontSource, type AssetFetcher } from "../api/adapters/fonts-assets";
import { s3OptionsFromEnv } from "../api/adapters/s3-options";
import type { AppServices } from "../api/services/core/app-services";
import { closeExpiredAttempts } from "../api/services/attempts/close-expired";
import { sendDueLtiGrades } from "../api/services/lti/ags/send-grades";
import { stampClientAddress } from "../api/services/auth/client-address";
import { lazyArgon2id, wasmArgon2id } from "../api/services/auth/argon2id";
import { hashPassword, installArgon2id, type Pepper } from "../api/services/auth/password";
import { createD1Db } from "../db/client-d1";
import type { Db } from "../db/client";
import { seedDemo } from "../db/seed";
import { createApp } from "./app";
import { readWorkerConfig } from "./worker-config";
// A Worker may not compile WebAssembly from bytes: wrangler (through the Cloudflare Vite
// plugin) bundles these files as compiled modules, which are instantiated at the first hash.
import argon2idSimd from "argon2id/dist/simd.wasm";
import argon2idNoSimd from "argon2id/dist/no-simd.wasm";

const argon2id = lazyArgon2id(() =>
  wasmArgon2id(
    (imports) => WebAssembly.instantiate(argon2idSimd, imports),
    (imports) => WebAssembly.instantiate(argon2idNoSimd, imports),
  ),
);

/** Bindings (wrangler.toml) and vars/secrets; all optional so a misconfiguration says what is missing. */
export interface WorkerEnv {
  /** D1 database: local runs and CI. When absent, Turso over HTTP (DATABASE_URL). */
  DB?: D1Database;
  /** R2 bucket for uploaded files. When absent, any S3-compatible bucket (S3_* vars). */
  FILES?: R2Bucket;
  /** The static assets (wrangler.toml [assets]): the certificate fonts are read from here. */
  ASSETS?: AssetFetcher;
  DATABASE_URL?: string;
  DATABASE_AUTH_TOKEN?: string;
  S3_BUCKET?: string;
  S3_REGION?: string;
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: string;
  SEED_DEMO?: string;
  /** APP_URL, JWT_SECRET, POSTMARK_SERVER_TOKEN, …: see api/services/core/config.ts. */
  [name: string]: unknown;
}

type App = ReturnType<typeof createApp>;

// One set of services and one app per isolate: building them (clients, config parsing) is
// done once, not per request or per cron run. A failed build is forgotten so the next
// request retries instead of failing forever.
let servicesPromise: Promise<AppServices> | undefined;
let appPromise: Promise<App> | undefined;

function forgetOnFailure<T>(promise: Promise<T>, forget: () => void): Promise<T> {
  return promise.catch((error: unknown) => {
    forget();
    throw error;
  });
}

function servicesFor(env: WorkerEnv): Promise<AppServices> {
  servicesPromise ??= forgetOnFailure(buildServices(env), () => (servicesPromise = undefined));
  return servicesPromise;
}

export default {
  async fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Promise<Response> {
    appPromise ??= forgetOnFailure(buildApp(env, new URL(request.url)), () => (appPromise = undefined));
    const app = await appPromise;
    // Cloudflare's edge sets cf-connecting-ip and overwrites any copy a client sends;
    // X-Forwarded-For is not believed here (docs/decisions/0009-client-address-and-throttles.md).
    // The context lets a handler finish work after answering (c.executionCtx.waitUntil: the
    // question import answers 202 and imports after; docs/decisions/0018-question-import.md).
    return app.fetch(stampClientAddress(request, request.headers.get("cf-connecting-ip")), undefined, ctx);
  },

  /**
   * The cron trigger (wrangler.toml [triggers], every minute): grades the attempts left open
   * past their deadline (api/services/attempts/close-expired.ts), as server/node.ts's timer
   * does on Node, then sends the LMS grades due. An error is logged, never thrown: the next run tries again.
   */
  async scheduled(_controller: ScheduledController, env: WorkerEnv, ctx: ExecutionContext): Promise<void> {
    ctx.waitUntil(
      servicesFor(env)
        .then((services) => closeExpiredAttempts(services).then((result) => ({ services, ...result })))
        .then(({ services, closed, failed }) => {
          if (closed || failed) console.log(`Graded ${closed} abandoned attempt(s)${failed ? `, ${failed} failed` : ""}`);
          // Then the LMS grade outbox (issue 29, ADR 0089), the sweep's grades included.
          return sendDueLtiGrades(services);
        })
        .catch((error: unknown) => console.error("Grading abandoned attempts or sending LMS grades failed:", error)),
    );
  },
};

async function buildApp(env: WorkerEnv, firstUrl: URL): Promise<App> {
  const services = await servicesFor(env);
  if (env.SEED_DEMO === "true") await seedLocalDemo(env, services.db, firstUrl, services.config.passwordPepper);
  return createApp(services);
}

async function buildServices(env: WorkerEnv): Promise<AppServices> {
  const vars = stringVars(env);
  // APP_URL comes from configuration only (server/worker-config.ts): a missing one fails
  // every request with that message in the log, rather than guessing from a Host header.
  const config = readWorkerConfig(vars);
  const db = await createDatabase(env);
  const now = () => new Date();
  installArgon2id(argon2id);
  return {
    db,
    blobs: await createBlobStore(env),
    mailer: createMailer(db, config, now),
    config,
    now,
    argon2id,
    fonts: env.ASSETS ? createAssetFontSource(env.ASSETS) : undefined,
  };
}

async function createDatabase(env: WorkerEnv): Promise<Db> {
  if (env.DB) return createD1Db(env.DB);
  if (!env.DATABASE_URL) {
    throw new Error("No database: bind a D1 database as DB or set DATABASE_URL (libsql://…) and the DATABASE_AUTH_TOKEN secret");
  }
  // The web build of the libSQL client (HTTP, no native SQLite): the only one workerd can run.
  // Imported lazily so that a D1-only Worker does not evaluate it.
  const [{ createClient }, { drizzle }, schema] = await Promise.all([
    import("@libsql/client/web"),
    import("drizzle-orm/libsql"),
    import("../db/schema"),
  ]);
  const client = createClient({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
  return drizzle(client, { schema });
}

async function createBlobStore(env: WorkerEnv): Promise<BlobStore> {
  if (env.FILES) return createR2BlobStore(env.FILES);
  const s3 = s3OptionsFromEnv(env);
  if (s3) {
    // Lazily: the AWS SDK is large and only needed when R2 is reached over its S3 API.
    const { createS3BlobStore } = await import("../api/adapters/blob-store-s3");
    return createS3BlobStore(s3);
  }
  throw new Error("No file storage: bind an R2 bucket as FILES or set S3_BUCKET and the S3_* credentials");
}

/**
 * Demo data for `wrangler dev` and the Worker smoke test. Why so guarded: a Worker cannot ask
 * its D1 binding whether it is the local (miniflare) copy or the real database, and a stray
 * `SEED_DEMO=true` var on a deployment must never write a public demo password into
 * production. So it seeds only into D1 (never Turso), and only when the first request came
 * to a loopback host, which a deployed Worker is never reached on. seedDemo itself does
 * nothing when any business already exists.
 */
async function seedLocalDemo(env: WorkerEnv, db: Db, firstUrl: URL, pepper: Pepper): Promise<void> {
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(firstUrl.hostname);
  if (!env.DB || !loopback) {
    console.warn("SEED_DEMO ignored: demo data is only loaded into a local D1 database");
    return;
  }
  try {
    const logins = await seedDemo(db, { hashPassword: (password) => hashPassword(password, pepper) });
    if (logins) {
      console.log(`Demo data loaded. Sign in at ${firstUrl.origin}/quiz/auth/login with:`);
      for (const login of logins.users) console.log(`  ${login.role.padEnd(8)} ${login.email}  /  ${login.password}`);
    }
  } catch (error) {
    // Demo data is a convenience: the app still serves (registration works) without it.
    console.error("Demo data could not be loaded:", error);
  }
}

/** Vars and secrets are strings; bindings (D1, R2) are objects and are left out of the config. */
function stringVars(env: WorkerEnv): Record<string, string | undefined> {
  const vars: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(env)) if (typeof value === "string") vars[name] = value;
  return vars;
}
