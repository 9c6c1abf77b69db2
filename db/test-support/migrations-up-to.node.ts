import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Client, createClient } from "@libsql/client";

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "migrations");
const tags = (JSON.parse(readFileSync(path.join(migrationsDir, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] }).entries.map((entry) => entry.tag);

/** One migration's SQL run as plain statements, as wrangler d1 applies it. */
const apply = (client: Client, tag: string) => client.executeMultiple(readFileSync(path.join(migrationsDir, `${tag}.sql`), "utf8"));

/**
 * A migration test's database: an in-memory libSQL client migrated up to, not including, the
 * migration whose tag matches `tagPattern`, so the test inserts rows as the app stored them
 * before it; then `applyIt()` runs that migration and `applyTheRest()` every later one on top.
 */
export async function databaseBeforeMigration(tagPattern: RegExp): Promise<{ client: Client; applyIt(): Promise<void>; applyTheRest(): Promise<void> }> {
  const at = tags.findIndex((tag) => tagPattern.test(tag));
  if (at <= 0) throw new Error(`no migration after the first matches ${tagPattern}`);
  const client = createClient({ url: ":memory:" });
  for (const tag of tags.slice(0, at)) await apply(client, tag);
  return {
    client,
    applyIt: () => apply(client, tags[at]),
    applyTheRest: async () => {
      for (const tag of tags.slice(at + 1)) await apply(client, tag);
    },
  };
}

/** A users row as the first migrations shaped it (no later column), as an SQL statement. */
export function userRowSql(user: { id: number; businessId: number; username: string; fullname?: string; email?: string; userType?: string; profile?: number }): string {
  const { id, businessId, username, fullname = `U ${id}`, email = `u${id}@x.test`, userType = "Student", profile = 4 } = user;
  return `INSERT INTO users (id, business_id, email, username, fullname, user_type, profile, created_at, updated_at) VALUES (${id}, ${businessId}, '${email}', '${username}', '${fullname}', '${userType}', ${profile}, 0, 0);`;
}
