import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskBlobStore } from "../api/adapters/blob-store-disk.node";
import { createLibsqlDb } from "../db/client";
import { migrateDatabase } from "../db/migrate.node";
import { createBusiness } from "../api/test-support/factories.node";
import { ensurePrivateDir, PEPPER_REQUIRED, passwordPepperFor, preparePrivateDatabaseFile, readOrCreateSecret, readServerConfig, sharedSecretRequired } from "./local-data.node";

const mode = (file: string) => statSync(file).mode & 0o777;

// The test process keeps the usual umask (022), so these modes come from the code itself,
// not from server/node.ts's narrower umask.
let previousUmask: number;
beforeAll(() => {
  previousUmask = process.umask(0o022);
});
afterAll(() => void process.umask(previousUmask));

describe("local data is readable by the server's user only", () => {
  it("creates the data folder (and its parents) as 0700", async () => {
    const base = await mkdtemp(path.join(tmpdir(), "quiz-private-"));
    const dataDir = path.join(base, "nested", "data");
    ensurePrivateDir(dataDir);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(base, "nested"))).toBe(0o700);
  });

  it("writes the generated secret as 0600 and narrows an existing one", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "quiz-private-"));
    const secret = readOrCreateSecret(dir, ".jwt-secret");
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(mode(path.join(dir, ".jwt-secret"))).toBe(0o600);
    expect(readOrCreateSecret(dir, ".jwt-secret")).toBe(secret);

    writeFileSync(path.join(dir, ".old-secret"), "y".repeat(40), { mode: 0o644 });
    readOrCreateSecret(dir, ".old-secret");
    expect(mode(path.join(dir, ".old-secret"))).toBe(0o600);
  });

  it("keeps the database file and its -wal and -shm at 0600", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "quiz-private-"));
    const file = path.join(dir, "db", "quiz.db");
    preparePrivateDatabaseFile(`file:${file}`);
    expect(mode(path.dirname(file))).toBe(0o700);
    const db = createLibsqlDb({ url: `file:${file}` });
    await migrateDatabase(db);
    await createBusiness(db);
    for (const name of [file, `${file}-wal`, `${file}-shm`]) {
      expect(existsSync(name), name).toBe(true);
      expect(mode(name), name).toBe(0o600);
    }
  });

  it("narrows an existing database file", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "quiz-private-"));
    const file = path.join(dir, "quiz.db");
    writeFileSync(file, "", { mode: 0o644 });
    preparePrivateDatabaseFile(`file:${file}`);
    expect(mode(file)).toBe(0o600);
  });

  it("stores uploaded files as 0600 in 0700 folders", async () => {
    const root = path.join(await mkdtemp(path.join(tmpdir(), "quiz-private-")), "files");
    const store = createDiskBlobStore(root);
    await store.put("question-images/7/photo.png", new Uint8Array([1, 2, 3]), "image/png");
    for (const folder of [root, path.join(root, "objects"), path.join(root, "objects", "question-images", "7"), path.join(root, "meta"), path.join(root, "tmp")]) {
      expect(mode(folder), folder).toBe(0o700);
    }
    expect(mode(path.join(root, "objects", "question-images", "7", "photo.png"))).toBe(0o600);
    expect(mode(path.join(root, "meta", "question-images", "7", "photo.png.json"))).toBe(0o600);
  });
});

describe("the password pepper of a Node install", () => {
  it("is generated once beside a local database file (0600) and kept; a configured one wins", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "quiz-private-"));
    const url = `file:${path.join(dir, "quiz.db")}`;
    const pepper = passwordPepperFor({}, dir, url);
    expect(pepper.length).toBeGreaterThanOrEqual(32);
    expect(mode(path.join(dir, ".password-pepper"))).toBe(0o600);
    expect(passwordPepperFor({}, dir, url)).toBe(pepper);
    expect(passwordPepperFor({ PASSWORD_PEPPER: "z".repeat(40) }, dir, url)).toBe("z".repeat(40));
  });

  it("must be configured for a remote database, where a generated one could be lost", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "quiz-private-"));
    expect(() => passwordPepperFor({}, dir, "libsql://school.turso.io")).toThrow(PEPPER_REQUIRED);
    expect(existsSync(path.join(dir, ".password-pepper"))).toBe(false);
  });

  it("shares the token and payment keys between app servers: a remote database must be given them, a local file generates them", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "quiz-private-"));
    const remote = "libsql://school.turso.io";
    const pepper = { PASSWORD_PEPPER: "p".repeat(32) };
    expect(() => readServerConfig(pepper, dir, remote)).toThrow(sharedSecretRequired("JWT_SECRET"));
    expect(() => readServerConfig({ ...pepper, JWT_SECRET: "j" }, dir, remote)).toThrow(sharedSecretRequired("PAYMENT_SECRETS_KEY"));
    expect(existsSync(path.join(dir, ".jwt-secret"))).toBe(false);
    const given = readServerConfig({ ...pepper, JWT_SECRET: "j".repeat(32), PAYMENT_SECRETS_KEY: "k".repeat(43) }, dir, remote);
    expect(given.jwtSecret).toBe("j".repeat(32));
    const local = readServerConfig({}, dir, `file:${path.join(dir, "quiz.db")}`);
    expect(readFileSync(path.join(dir, ".jwt-secret"), "utf8").trim()).toBe(local.jwtSecret);
    expect(existsSync(path.join(dir, ".payment-secrets-key"))).toBe(true);
  });
});
