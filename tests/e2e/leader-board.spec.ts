import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expectNoViolations } from "./exam-helpers";
import { expect, test } from "./fixtures";
import { createSchool, e2eDatabase, type School, signIn } from "./school";

/**
 * Issue 16 items 4 and 5 (export): the owner opens the admin leader board after several
 * students took two quizzes, filters it by quiz and by category, sorts it, opens a row's
 * result dialog and exports the CSV (BOM, rows, formula-looking names made inert); a student
 * reads the same board without row actions. Pages axe-clean and usable at 390 px.
 */
test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.sessionStorage.setItem("quiz.splashSeen", "1"));
});

const HOUR = 3_600_000;

/**
 * Straight into the server's database: two quizzes of the school's teacher (Optics in
 * Physics keeps the best attempt, Cells in Biology the latest) and four students' finished
 * attempts, one of them named like a spreadsheet formula and one in Japanese.
 */
async function seedBoard(school: School) {
  const db = e2eDatabase();
  try {
    const now = Date.now();
    const one = async (sql: string, args: (string | number | null)[]) => Number((await db.execute({ sql: `${sql} returning id`, args })).rows[0].id);
    const teacherId = Number((await db.execute({ sql: "select id from users where email = ?", args: [school.teacher] })).rows[0].id);
    const quiz = async (name: string, category: string, best: number) => {
      const categoryId = await one("insert into categories (business_id, name) values (?, ?)", [school.businessId, category]);
      const courseId = await one("insert into courses (business_id, category_id, name) values (?, ?, ?)", [school.businessId, categoryId, `${category} course`]);
      return one(
        `insert into quizzes (business_id, teacher_id, quiz_name, quiz_description, category_id, course_id, level, total_question, status, take_best_score, attempts_allowed, created_at, updated_at)
         values (?, ?, ?, 'Seeded for the leader board', ?, ?, 'Easy', 10, 'Published', ?, 5, ?, ?)`,
        [school.businessId, teacherId, name, categoryId, courseId, best, now, now],
      );
    };
    const student = (fullname: string) =>
      one(
        `insert into users (business_id, email, username, fullname, password_hash, user_type, profile, role_level, email_verified, created_at, updated_at)
         values (?, ?, ?, ?, 'x', 'Student', 4, 8, 1, ?, ?)`,
        [school.businessId, `${fullname.replace(/[^a-z]/gi, "").toLowerCase() || "jp"}-${now}-${Math.random().toString(36).slice(2, 6)}@school.test`, `u${now}${Math.random()}`, fullname, now, now],
      );
    const attempt = (quizId: number, studentId: number, n: number, percentage: number, seconds: number) =>
      one(
        `insert into quiz_attempts (business_id, quiz_id, student_id, attempt_number, started_at, submitted_at, percentage, correct_answered, time_taken, status)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'Pending')`,
        [school.businessId, quizId, studentId, n, now - 10 * HOUR + n * HOUR, now - 10 * HOUR + n * HOUR + seconds * 1000, percentage, Math.round(percentage / 10), seconds],
      );
    const optics = await quiz("Optics", "Physics", 1);
    const cells = await quiz("Cells", "Biology", 0);
    const ann = await student("Ann Archer");
    const formula = await student('=HYPERLINK("http://evil.test")');
    const japanese = await student("山田 太郎");
    await attempt(optics, ann, 1, 40, 75);
    await attempt(optics, ann, 2, 90, 125); // the best: counts
    await attempt(optics, formula, 1, 60, 61);
    await attempt(cells, japanese, 1, 100, 30);
    await attempt(cells, japanese, 2, 70, 45); // the latest: counts
    await attempt(cells, ann, 1, 50, 200);
  } finally {
    db.close();
  }
}

const rows = (page: Page) => page.locator(".board-table tbody tr");
const studentCells = (page: Page) => page.locator(".board-table tbody td.board-table__student");

test("the owner filters the board by quiz and by category, sorts it, opens a row's result and exports the CSV", async ({ page }) => {
  const school = await createSchool("Board School");
  await seedBoard(school);
  await signIn(page, school.owner);
  await page.goto("/quiz/admin/leaderBoard");

  await expect(page.getByRole("heading", { level: 1, name: "Leader Board" })).toBeVisible();
  await expect(page.getByText("3 students took quizzes")).toBeVisible();
  // Percentage descending: Ann's best Optics 90, Japanese name's latest Cells 70, 60, Ann's Cells 50.
  await expect(studentCells(page)).toHaveText(["Ann Archer", "山田 太郎", '=HYPERLINK("http://evil.test")', "Ann Archer"]);
  const first = rows(page).first();
  await expect(first).toContainText("90%");
  await expect(first).toContainText("2:05");
  await expect(first).toContainText("Pending");
  await expectNoViolations(page);

  // Quiz filter: the URL holds it and the page goes back to 1.
  await page.getByLabel("Quiz name").selectOption("Optics");
  await expect(page).toHaveURL(/quiz=Optics/);
  await expect(studentCells(page)).toHaveText(["Ann Archer", '=HYPERLINK("http://evil.test")']);
  await expect(page.getByText("2 students took quizzes")).toBeVisible();
  await expect(rows(page).first()).toContainText("Optics");
  await expect(rows(page).first().getByRole("cell").nth(5)).toHaveText("2");

  // Category filter (quiz back to All).
  await page.getByLabel("Quiz name").selectOption("");
  await page.getByLabel("Quiz category").selectOption("Biology");
  await expect(page).toHaveURL(/category=Biology/);
  await expect(page).not.toHaveURL(/quiz=Optics/);
  await expect(studentCells(page)).toHaveText(["山田 太郎", "Ann Archer"]);

  // Sort by student name (ascending, then descending), the filter kept.
  await page.getByRole("link", { name: "Student name" }).click();
  await expect(page).toHaveURL(/sort=studentName&order=asc/);
  await expect(page).toHaveURL(/category=Biology/);
  await expect(studentCells(page)).toHaveText(["Ann Archer", "山田 太郎"]);
  await page.getByRole("link", { name: "Student name" }).click();
  await expect(studentCells(page)).toHaveText(["山田 太郎", "Ann Archer"]);

  // The owner's row actions: e-mail and the result and certificate dialog over the board.
  await expect(page.getByRole("columnheader", { name: "Actions" })).toBeVisible();
  await expect(page.getByRole("link", { name: "E-mail Ann Archer about Cells" })).toBeVisible();
  const opener = page.getByRole("link", { name: "Result and certificate of Ann Archer in Cells" });
  await opener.click();
  await expect(page).toHaveURL(/\/quiz\/admin\/leaderBoard\/\d+\/download\?/);
  const dialog = page.getByRole("dialog", { name: "Result and certificate" });
  await expect(dialog).toContainText("Ann Archer");
  await expect(dialog).toContainText("50%");
  await expect(dialog).toContainText("3:20");
  await expect(dialog.getByRole("link", { name: "Download certificate" })).toHaveAttribute("href", /\/quiz\/student\/takenQuiz\/\d+\/certificate\.pdf$/);
  await expectNoViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/quiz\/admin\/leaderBoard\?.*category=Biology/);
  await expect(opener).toBeFocused();

  // Export what the board shows: UTF-8 with a BOM, the rows, the formula-looking name inert.
  await page.getByLabel("Quiz category").selectOption("");
  await expect(studentCells(page)).toHaveCount(4);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^leader-board-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = new Uint8Array(await readFile((await download.path()) ?? ""));
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  const lines = text.slice(1).split("\r\n").filter(Boolean);
  expect(lines[0]).toBe("ID,Student name,E-mail,Quiz name,Category,Percentage,Total attempts,Time taken (seconds),Status,Date (UTC)");
  expect(lines).toHaveLength(5);
  // The board's order (student name, descending) and its rows, the Japanese name as written.
  expect(lines[1]).toContain(",山田 太郎,");
  expect(lines.slice(2, 4).every((line) => line.includes(",Ann Archer,"))).toBe(true);
  expect(text).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
});

test("a student reads the same board without row actions, on a phone too", async ({ page }) => {
  const school = await createSchool("Board Student School");
  await seedBoard(school);
  await signIn(page, school.student);
  await page.goto("/quiz/leaderBoard");
  await expect(page.getByRole("heading", { level: 1, name: "Leader Board" })).toBeVisible();
  await expect(studentCells(page)).toHaveCount(4);
  await expect(page.getByRole("columnheader", { name: "Actions" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^E-mail / })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Result and certificate of / })).toHaveCount(0);
  await expect(page.locator(".board-table")).not.toContainText("@school.test");
  await expectNoViolations(page);

  // A filter that matches nothing says so.
  await page.goto("/quiz/leaderBoard?quiz=Nothing%20by%20this%20name");
  await expect(page.getByRole("cell", { name: "No records found" })).toBeVisible();

  // 390 px: the rows stack as cards and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/quiz/leaderBoard");
  await expect(studentCells(page)).toHaveCount(4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoViolations(page);
});
