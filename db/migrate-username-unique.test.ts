import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
const journal = JSON.parse(readFileSync(path.join(migrationsDir, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
const USERNAME_TAG = /_username_unique_per_business$/;

/**
 * Issue 25, point 16 (docs/decisions/0060): the unique index on (business_id, lower(username))
 * would not build over a database where registration let `teacher` and `TEACHER` in; the
 * migration first renames every later holder of a name. Applied as plain SQL, as wrangler d1 does.
 */
describe("the username-per-business migration", () => {
  it("renames the later holders of a name taken in another case, keeps other businesses' names, then refuses a new duplicate", async () => {
    const client = createClient({ url: ":memory:" });
    const tags = journal.entries.map((entry) => entry.tag);
    const at = tags.findIndex((tag) => USERNAME_TAG.test(tag));
    expect(at).toBeGreaterThan(0);
    const apply = (tag: string) => client.executeMultiple(readFileSync(path.join(migrationsDir, `${tag}.sql`), "utf8"));
    for (const tag of tags.slice(0, at)) await apply(tag);

    const user = (id: number, business: number, username: string) =>
      `INSERT INTO users (id, business_id, email, username, fullname, user_type, profile, created_at, updated_at) VALUES (${id}, ${business}, 'u${id}@x.test', '${username}', 'U ${id}', 'Student', 4, 0, 0);`;
    await client.executeMultiple(`
      INSERT INTO businesses (id, name, created_at) VALUES (1, 'One', 0), (2, 'Two', 0);
      ${user(3, 1, "teacher")} ${user(5, 1, "TEACHER")} ${user(9, 1, "Teacher")} ${user(4, 1, "ann")} ${user(6, 2, "teacher")}
    `);
    await apply(tags[at]);

    const { rows } = await client.execute("SELECT id, username FROM users ORDER BY id");
    expect(rows.map((row) => [row.id, row.username])).toEqual([
      [3, "teacher"],
      [4, "ann"],
      [5, "TEACHER-5"],
      [6, "teacher"],
      [9, "Teacher-9"],
    ]);
    await expect(client.execute(user(10, 1, "ANN"))).rejects.toThrow(/UNIQUE constraint failed: index 'users_business_username_lower_uq'/);
    for (const tag of tags.slice(at + 1)) await apply(tag);
    client.close();
  });
});
