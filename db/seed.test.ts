import { createClient, type InStatement, type TransactionMode } from "@libsql/client";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { verifyPassword } from "../api/services/auth/password";
import { createTestDb } from "../api/test-support/factories.node.ts";
import { sha256Hex } from "./hash";
import {
  apiKeyPairs,
  businesses,
  questionOptions,
  questions,
  quizQuestions,
  quizzes,
  users,
} from "./schema";
import { migrateDatabase } from "./migrate.node.ts";
import * as schema from "./schema";
import { MAX_BOUND_PARAMETERS } from "./statement-limits";
import { DEMO_KEY_PAIR, DEMO_PASSWORD, assertLocalDatabaseUrl, seedDemo } from "./seed";

describe("seedDemo", () => {
  it("keeps every statement within D1's bound-parameter limit", async () => {
    // Count the parameters of every statement the client is sent, batches included.
    let largest = 0;
    let statements = 0;
    const note = (statement: InStatement) => {
      statements++;
      const args = typeof statement === "string" ? [] : (statement.args ?? []);
      largest = Math.max(largest, Array.isArray(args) ? args.length : Object.keys(args).length);
    };
    const client = createClient({ url: `file:${path.join(tmpdir(), `seed-limit-${Date.now()}.db`)}` });
    const spied = new Proxy(client, {
      get(target, property) {
        const value = Reflect.get(target, property);
        if (property === "execute") return (statement: InStatement) => (note(statement), target.execute(statement));
        if (property === "batch")
          return (batch: InStatement[], mode?: TransactionMode) => (batch.forEach(note), target.batch(batch, mode));
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const db = drizzle(spied, { schema });
    await migrateDatabase(db);
    statements = 0;
    const { hashPassword } = await import("../api/services/auth/password");
    expect(await seedDemo(db, { hashPassword: (password) => hashPassword(password, null) })).not.toBeNull();
    expect(statements).toBeGreaterThan(10);
    expect(largest).toBeGreaterThan(20);
    expect(largest).toBeLessThanOrEqual(MAX_BOUND_PARAMETERS);
  });

  it("seeds the demo school once and is a no-op afterwards", async () => {
    const db = await createTestDb();
    const { hashPassword } = await import("../api/services/auth/password");
    const hash = vi.fn((password: string) => hashPassword(password, null));

    const logins = await seedDemo(db, { hashPassword: hash });
    expect(logins?.users.map((u) => u.email)).toEqual([
      "owner@demo.quiz",
      "teacher@demo.quiz",
      "student@demo.quiz",
      "student2@demo.quiz",
    ]);
    expect(logins?.keyPair).toEqual(DEMO_KEY_PAIR);

    const owner = await db.query.users.findFirst({ where: eq(users.email, "owner@demo.quiz") });
    expect(owner).toMatchObject({ userType: "Admin", profile: 2, roleLevel: 0, fullname: "Olivia Owner" });
    expect(await verifyPassword(DEMO_PASSWORD, owner!.passwordHash!, null)).toBe(true);

    const [key] = await db.select().from(apiKeyPairs).where(eq(apiKeyPairs.publicKey, DEMO_KEY_PAIR.publicKey));
    expect(key.privateKeyHash).toBe(await sha256Hex(DEMO_KEY_PAIR.privateKey));
    // Key login refuses pairs without a future expiry: the demo key must work out of the box.
    expect(key.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 170 * 86_400_000);
    const sam = await db.query.users.findFirst({ where: eq(users.id, key.userId) });
    expect(sam?.email).toBe("student@demo.quiz");

    const quizRows = await db.select().from(quizzes);
    expect(quizRows.map((q) => q.status).sort()).toEqual(["Draft", "Published", "Published"]);
    for (const quiz of quizRows) {
      const links = await db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quiz.id));
      expect(links).toHaveLength(quiz.totalQuestion);
    }
    const questionCount = await db.$count(questions);
    expect(questionCount).toBeGreaterThanOrEqual(8);
    expect(await db.$count(questionOptions)).toBe(questionCount * 4);
    // Every question has a valid key: radio exactly one correct, checkbox more than one but not all.
    const perQuestion = await db.all<{ optionType: string; correct: number }>(sql`
      select q.option_type as optionType, sum(o.is_correct) as correct
      from questions q join question_options o on o.question_id = q.id group by q.id`);
    for (const { optionType, correct } of perQuestion) {
      if (optionType === "radio") {
        expect(correct).toBe(1);
      } else {
        expect(correct).toBeGreaterThan(1);
        expect(correct).toBeLessThan(4);
      }
    }

    expect(await seedDemo(db, { hashPassword: hash })).toBeNull();
    expect(await db.$count(businesses)).toBe(1);
    expect(await db.$count(users)).toBe(4);
    expect(hash).toHaveBeenCalledTimes(1);
  });
});

describe("assertLocalDatabaseUrl", () => {
  it("refuses remote databases", () => {
    expect(() => assertLocalDatabaseUrl("libsql://x.turso.io")).toThrow(/non-local/);
    expect(() => assertLocalDatabaseUrl("https://x.turso.io")).toThrow();
  });

  it("accepts embedded files and memory", () => {
    expect(() => assertLocalDatabaseUrl("file:data/quiz.db")).not.toThrow();
    expect(() => assertLocalDatabaseUrl(":memory:")).not.toThrow();
  });
});
