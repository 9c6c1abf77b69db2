/**
 * Creates the first owner of a deployment (decisions: never a default password):
 *
 *   npm run create-owner -- --business "Acme School" --email owner@acme.test --name "Ada Owner"
 *
 * The password comes from OWNER_PASSWORD or is asked for on the terminal without echo
 * (piped stdin works too). Uses the same database as the server (DATABASE_URL and
 * DATABASE_AUTH_TOKEN, default the embedded file data/quiz.db) and password pepper
 * (PASSWORD_PEPPER, or the server's generated one beside a local file), and migrates it first.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { AppError, invalidFromZod } from "../../api/services/core/errors";
import { lazyArgon2id } from "../../api/services/auth/argon2id";
import { createOwner } from "../../api/services/auth/create-owner";
import { installArgon2id } from "../../api/services/auth/password";
import { createLibsqlDb } from "../../db/client";
import { migrateDatabase } from "../../db/migrate.node.ts";
import { loadWasmArgon2id } from "../argon2id.node.ts";
import { passwordPepperFor, preparePrivateDatabaseFile } from "../local-data.node.ts";

const USAGE = 'Usage: npm run create-owner -- --business "Acme School" --email owner@acme.test --name "Ada Owner"';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// The same WASM argon2id as the server (one hash: no thread needed).
installArgon2id(lazyArgon2id(loadWasmArgon2id));

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { business: { type: "string" }, email: { type: "string" }, name: { type: "string" }, help: { type: "boolean" } },
  });
  if (values.help || !values.business || !values.email || !values.name) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const env = process.env;
  const password = env.OWNER_PASSWORD ?? (await readPassword("Owner password (at least 12 characters): ", { confirm: true }));

  // The same default location as server/node.ts, whatever the current directory.
  const dataDir = path.resolve(root, env.DATA_DIR ?? "data");
  const databaseUrl = env.DATABASE_URL ?? `file:${path.join(dataDir, "quiz.db")}`;
  // The same pepper and private file modes as the server: the owner must be able to sign in there.
  process.umask(0o077);
  const passwordPepper = passwordPepperFor(env, dataDir, databaseUrl);
  preparePrivateDatabaseFile(databaseUrl);
  const db = createLibsqlDb({ url: databaseUrl, authToken: env.DATABASE_AUTH_TOKEN });
  await migrateDatabase(db);

  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/$/, "");
  const { businessId } = await createOwner(
    { db, now: () => new Date(), config: { appUrl, moduleId: env.MODULE_ID ?? "quiz", passwordPepper } },
    { businessName: values.business, email: values.email, fullname: values.name, password },
  );
  console.log(`Created business #${businessId} "${values.business}" with owner ${values.email.trim().toLowerCase()}.`);
  console.log(`Sign in at ${appUrl}/quiz/auth/login`);
  return 0;
}

/**
 * Reads a secret from the terminal without echoing it; when stdin is not a terminal (a pipe,
 * CI) it reads the first line instead.
 */
export async function readPassword(prompt: string, { confirm = false } = {}): Promise<string> {
  if (!process.stdin.isTTY) return readLine();
  const first = await readHidden(prompt);
  if (confirm && (await readHidden("Repeat the password: ")) !== first) {
    throw new Error("The two passwords did not match");
  }
  return first;
}

function readHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const stdin = process.stdin;
    process.stdout.write(prompt);
    stdin.setRawMode(true);
    stdin.setEncoding("utf8");
    stdin.resume();
    let value = "";
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") {
          stdin.off("data", onData);
          stdin.setRawMode(false);
          stdin.pause();
          process.stdout.write("\n");
          return resolve(value);
        }
        if (ch === "\u0003") {
          process.stdout.write("\n");
          process.exit(130);
        }
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

async function readLine(): Promise<string> {
  let input = "";
  for await (const chunk of process.stdin) {
    input += chunk;
    if (input.includes("\n")) break;
  }
  return input.split(/\r?\n/)[0];
}

main().then(
  (code) => process.exit(code),
  (thrown: unknown) => {
    const error = thrown instanceof ZodError ? invalidFromZod(thrown) : thrown;
    if (error instanceof AppError) {
      const details = error.fieldErrors ? Object.values(error.fieldErrors).join("; ") : error.message;
      console.error(`create-owner: ${details}`);
    } else {
      console.error("create-owner failed:", error);
    }
    process.exit(1);
  },
);
