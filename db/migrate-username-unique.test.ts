import { describe, expect, it } from "vitest";
import { databaseBeforeMigration, userRowSql } from "./test-support/migrations-up-to.node";

/**
 * Issue 25, point 16 (docs/decisions/0060): the unique index on (business_id, lower(username))
 * would not build over a database where registration let `teacher` and `TEACHER` in; the
 * migration first renames every later holder of a name. Applied as plain SQL, as wrangler d1 does.
 */
describe("the username-per-business migration", () => {
  it("renames the later holders of a name taken in another case, keeps other businesses' names, then refuses a new duplicate", async () => {
    const { client, applyIt, applyTheRest } = await databaseBeforeMigration(/_username_unique_per_business$/);
    const user = (id: number, businessId: number, username: string) => userRowSql({ id, businessId, username });
    await client.executeMultiple(`
      INSERT INTO businesses (id, name, created_at) VALUES (1, 'One', 0), (2, 'Two', 0);
      ${user(3, 1, "teacher")} ${user(5, 1, "TEACHER")} ${user(9, 1, "Teacher")} ${user(4, 1, "ann")} ${user(6, 2, "teacher")}
    `);
    await applyIt();

    const { rows } = await client.execute("SELECT id, username FROM users ORDER BY id");
    expect(rows.map((row) => [row.id, row.username])).toEqual([
      [3, "teacher"],
      [4, "ann"],
      [5, "TEACHER-5"],
      [6, "teacher"],
      [9, "Teacher-9"],
    ]);
    await expect(client.execute(user(10, 1, "ANN"))).rejects.toThrow(/UNIQUE constraint failed: index 'users_business_username_lower_uq'/);
    await applyTheRest();
    client.close();
  });
});
