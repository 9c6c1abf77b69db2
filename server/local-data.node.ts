/**
 * The local data folder of a Node install (database file, uploaded files, generated secret)
 * is readable by the server's own user only: folders 0700, files 0600 (ASVS 14-era
 * hardening, issue 6 item 12). server/node.ts also narrows the process umask to 077, so
 * files that libraries create there (SQLite's -wal and -shm) get the same modes; these
 * helpers set them explicitly as well, so they hold whatever the umask.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readConfig, type AppConfig } from "../api/services/core/config";

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and missing parents) as 0700; an existing folder is left as it is. */
export function ensurePrivateDir(dir: string): void {
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** A secret kept in the data folder, so a local install needs no configuration. */
export function readOrCreateSecret(dir: string, name: string): string {
  const file = path.join(dir, name);
  if (existsSync(file)) {
    chmodSync(file, PRIVATE_FILE_MODE);
    return readFileSync(file, "utf8").trim();
  }
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE, flag: "wx" });
  return secret;
}

export const PEPPER_REQUIRED =
  "PASSWORD_PEPPER must be set when DATABASE_URL is not a local file: keep it as safe as the database's own credentials, and never change it";

/**
 * The password pepper (api/services/auth/password.ts) of a Node install: PASSWORD_PEPPER, or
 * for a local database file one generated beside it on first start. A remote database
 * (Turso) must be given one: a file generated into a possibly short-lived data folder could
 * be lost, and with it every password. The server and the create-owner command share this.
 */
export function passwordPepperFor(env: Record<string, string | undefined>, dataDir: string, databaseUrl: string): string {
  if (env.PASSWORD_PEPPER) return env.PASSWORD_PEPPER;
  if (!databaseUrl.startsWith("file:")) throw new Error(PEPPER_REQUIRED);
  ensurePrivateDir(dataDir);
  return readOrCreateSecret(dataDir, ".password-pepper");
}

/**
 * For a local `file:` database URL: creates the file as 0600 before SQLite opens it (SQLite
 * gives its -wal and -shm files the database file's mode) and narrows an existing file and
 * its companions to 0600. Other URLs (Turso) are left alone.
 */
export function preparePrivateDatabaseFile(databaseUrl: string): void {
  if (!databaseUrl.startsWith("file:")) return;
  const file = databaseUrl.slice("file:".length).split("?")[0];
  if (!file || file === ":memory:") return;
  ensurePrivateDir(path.dirname(path.resolve(file)));
  closeSync(openSync(file, "a", PRIVATE_FILE_MODE));
  for (const companion of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    if (existsSync(companion)) chmodSync(companion, PRIVATE_FILE_MODE);
  }
}

/**
 * A secret every app server of one database must share (the token signing key, the key the
 * payment secrets are sealed with): `name` from the environment, or for a local `file:`
 * database one generated once into the data folder. With a remote database (Turso, sqld)
 * several app servers may serve it, each with a data folder of its own, where each would
 * generate a different one: a session signed on one would be refused by the next, and payment
 * keys sealed on one unreadable on the others (docs/decisions/0090-what-app-servers-share.md).
 */
export function sharedSecretFor(env: Record<string, string | undefined>, name: string, dataDir: string, databaseUrl: string): string {
  const given = env[name];
  if (given) return given;
  if (!databaseUrl.startsWith("file:")) throw new Error(sharedSecretRequired(name));
  return readOrCreateSecret(dataDir, `.${name.toLowerCase().replaceAll("_", "-")}`);
}

export const sharedSecretRequired = (name: string) =>
  `${name} must be set when DATABASE_URL is not a local file: every app server of the database must be given the same one`;

/**
 * The configuration of a self-hosted server (Node, and Deno through the same file): the
 * environment, with the secrets it leaves out generated once into the data folder, so a local
 * install needs no configuration. Shared by server/node.ts and server/deno.ts.
 */
export function readServerConfig(env: Record<string, string | undefined>, dataDir: string, databaseUrl: string): AppConfig {
  return readConfig(env, {
    appUrl: env.APP_URL ?? `http://localhost:${Number(env.PORT ?? 3000)}`,
    jwtSecret: sharedSecretFor(env, "JWT_SECRET", dataDir, databaseUrl),
    passwordPepper: passwordPepperFor(env, dataDir, databaseUrl),
    // Losing it only means the owner enters the payment keys again (ADR 0043).
    paymentSecretsKey: sharedSecretFor(env, "PAYMENT_SECRETS_KEY", dataDir, databaseUrl),
  });
}
