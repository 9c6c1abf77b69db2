import { describe, expect, it } from "vitest";
import { databaseBeforeMigration, userRowSql } from "./test-support/migrations-up-to.node";

/**
 * The migration that gives certificates their own copy of what they attest
 * (docs/decisions/0033) fills it for certificates issued before, from the values they showed
 * until then, so old codes keep checking as they did. Applied as plain SQL, as wrangler d1 does.
 */
describe("the certificate snapshot migration", () => {
  it("fills existing certificates with the names, percentage, completion date and school they showed", async () => {
    const { client, applyIt, applyTheRest } = await databaseBeforeMigration(/_certificate_snapshot$/);

    // Rows as the app stored them before: the columns the tables had then, nothing more.
    await client.executeMultiple(`
      INSERT INTO businesses (id, name, created_at) VALUES (1, 'Riverside High', 0);
      ${userRowSql({ id: 7, businessId: 1, email: "s@x.test", username: "s", fullname: "Ada Lovelace" })}
      ${userRowSql({ id: 8, businessId: 1, email: "t@x.test", username: "t", fullname: "Teacher", userType: "Teacher", profile: 3 })}
      INSERT INTO categories (id, business_id, name) VALUES (1, 1, 'Physics');
      INSERT INTO courses (id, business_id, category_id, name) VALUES (1, 1, 1, 'Optics');
      INSERT INTO quizzes (id, business_id, teacher_id, quiz_name, quiz_description, category_id, course_id, level, total_question, created_at, updated_at)
        VALUES (3, 1, 8, 'Light and Lenses', 'd', 1, 1, 'Easy', 2, 0, 0);
      INSERT INTO quiz_attempts (id, business_id, quiz_id, student_id, attempt_number, started_at, submitted_at, percentage) VALUES (11, 1, 3, 7, 1, 1000, 1795430000000, 92.5);
      INSERT INTO certificates (code, attempt_id, business_id, issued_at) VALUES ('AAAAAAAAAAAAAAAAAAAAAA', 11, 1, 1795440000000);
    `);
    await applyIt();

    const { rows } = await client.execute("SELECT code, student_name, quiz_name, percentage, completed_at, issuer, issued_at FROM certificates");
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { code: "AAAAAAAAAAAAAAAAAAAAAA", student_name: "Ada Lovelace", quiz_name: "Light and Lenses", percentage: 92.5, completed_at: 1795430000000, issuer: "Riverside High", issued_at: 1795440000000 },
    ]);
    // Every later migration applies on top of it.
    await applyTheRest();
    client.close();
  });
});
