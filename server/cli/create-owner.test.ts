import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createLibsqlDb } from "../../db/client";
import { adminSettings, businesses, modules, profiles, users } from "../../db/schema";
import { verifyPassword } from "../../api/services/auth/password";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const file = path.join(tmpdir(), `create-owner-${process.pid}-${Date.now()}.db`);
const PASSWORD_PEPPER = "cli-test-pepper-".padEnd(40, "x");
const env = { ...process.env, DATABASE_URL: `file:${file}`, APP_URL: "https://quiz.acme.test", OWNER_PASSWORD: undefined, PASSWORD_PEPPER };

function run(args: string[], options: { password?: string; input?: string; env?: Record<string, string | undefined> } = {}) {
  return spawnSync(path.join(root, "node_modules/.bin/node"), ["--import", "tsx", "server/cli/create-owner.node.ts", ...args], {
    cwd: root,
    env: { ...env, ...(options.password ? { OWNER_PASSWORD: options.password } : {}), ...options.env },
    input: options.input ?? "",
    encoding: "utf8",
    timeout: 30_000,
  });
}

const ownerArgs = ["--business", "Acme School", "--email", "Ada@Acme.test", "--name", "Ada Owner"];

describe("npm run create-owner", () => {
  afterAll(() => ["", "-wal", "-shm"].forEach((suffix) => rmSync(file + suffix, { force: true })));

  it("migrates a new database and creates the business, its defaults and the owner (password from stdin)", async () => {
    const result = run(ownerArgs, { input: "owner passphrase\n" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('"Acme School" with owner ada@acme.test');

    const db = createLibsqlDb({ url: `file:${file}` });
    const [business] = await db.select().from(businesses);
    expect(business.name).toBe("Acme School");
    const codes = await db.select({ code: profiles.code, name: profiles.name }).from(profiles).where(eq(profiles.businessId, business.id));
    expect(codes.sort((a, b) => a.code - b.code)).toEqual([
      { code: 1, name: "Staff" },
      { code: 2, name: "Owner" },
      { code: 3, name: "Teacher" },
      { code: 4, name: "Student" },
    ]);
    expect(await db.select().from(adminSettings)).toHaveLength(1);
    expect(await db.select({ moduleId: modules.moduleId, url: modules.url }).from(modules)).toEqual([{ moduleId: "quiz", url: "https://quiz.acme.test" }]);
    const [owner] = await db.select().from(users);
    expect(owner).toMatchObject({ email: "ada@acme.test", fullname: "Ada Owner", userType: "Admin", profile: 2, roleLevel: 0, businessId: business.id });
    // Keyed with the server's pepper, so the owner can sign in there (and only with it).
    expect(owner.passwordHash).toContain(",keyid=");
    expect(await verifyPassword("owner passphrase", owner.passwordHash!, PASSWORD_PEPPER)).toBe(true);
    expect(await verifyPassword("owner passphrase", owner.passwordHash!, null)).toBe(false);
  }, 60_000);

  it("refuses an e-mail that already exists, and creates nothing", async () => {
    const result = run(ownerArgs, { password: "another passphrase" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("An account with this e-mail already exists");
    const db = createLibsqlDb({ url: `file:${file}` });
    expect(await db.select().from(businesses)).toHaveLength(1);
  }, 60_000);

  it("explains bad passwords and missing arguments", () => {
    const short = run(["--business", "B", "--email", "b@acme.test", "--name", "B"], { password: "short" });
    expect(short.status).toBe(1);
    expect(short.stderr).toContain("Password must be at least 12 characters");
    const remote = run(["--business", "B", "--email", "b@acme.test", "--name", "B"], {
      password: "owner passphrase",
      env: { DATABASE_URL: "libsql://quiz-example.turso.io", PASSWORD_PEPPER: undefined },
    });
    expect(remote.status).toBe(1);
    expect(remote.stderr).toContain("PASSWORD_PEPPER must be set when DATABASE_URL is not a local file");
    const usage = run(["--email", "b@acme.test"]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run create-owner");
  }, 60_000);
});
