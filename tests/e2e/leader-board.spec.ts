import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expectNoViolations } from "./exam-helpers";
import { expect, test } from "./fixtures";
import { seedBoard } from "./board-seed";
import { createSchool, signIn } from "./school";

/**
 * Issue 16 items 4 and 5 (export): the owner opens the admin leader board after several
 * students took two quizzes, filters it by quiz and by category, sorts it, opens a row's
 * result dialog and exports the CSV (BOM, rows, formula-looking names made inert); a student
 * reads the same board without row actions. Pages axe-clean and usable at 390 px.
 */
test.describe.configure({ mode: "serial" });

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

  // From the keyboard: the arrow picks the next quiz and the focus stays on the dropdown.
  const quizName = page.getByLabel("Quiz name");
  await quizName.focus();
  await page.keyboard.press("ArrowUp");
  await expect(page).toHaveURL(/quiz=Cells/);
  await expect(studentCells(page)).toHaveText(["山田 太郎", "Ann Archer"]);
  await expect(quizName).toBeFocused();
  await expect(quizName).toHaveValue("Cells");

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
  const pdfLink = dialog.getByRole("link", { name: "Download the certificate of completion (PDF)" });
  await expect(pdfLink).toHaveAttribute("href", /\/quiz\/leaderBoard\/\d+\/certificate\.pdf$/);
  // The owner gets the student's own PDF (the same verb as the student's link).
  const pdf = await page.request.get((await pdfLink.getAttribute("href")) ?? "");
  expect([pdf.status(), pdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
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
  // Every cell quoted (issue 25, point 15).
  expect(lines[0]).toBe('"ID","Student name","E-mail","Quiz name","Category","Percentage","Total attempts","Time taken (seconds)","Status","Date (UTC)","Passed"');
  expect(lines).toHaveLength(5);
  // The board's order (student name, descending) and its rows, the Japanese name as written.
  expect(lines[1]).toContain(',"山田 太郎",');
  expect(lines.slice(2, 4).every((line) => line.includes(',"Ann Archer",'))).toBe(true);
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

test("the quiz's teacher downloads its stats as CSV from the stats page's address; a student may not", async ({ page }) => {
  const school = await createSchool("Board Stats School");
  const { optics } = await seedBoard(school);
  await signIn(page, school.teacher);
  const res = await page.request.get(`/quiz/teacher/quiz/${optics}/viewStats.csv?search=archer&sort=percentage&order=desc`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(res.headers()["content-disposition"]).toBe(`attachment; filename="quiz-stats-optics-${optics}.csv"`);
  const bytes = await res.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf-8").split("\r\n").filter(Boolean);
  expect(lines[0]).toBe('"ID","Student name","E-mail","Attempt","Percentage","Correct answers","Time taken (seconds)","Date (UTC)","Status","Marking","Passed"');
  // Ann's two attempts (one row each), best first; the search left the other student out.
  expect(lines.slice(1).map((line) => line.split(",").map((cell) => cell.slice(1, -1)).slice(1, 5).filter((_, i) => i !== 1))).toEqual([
    ["Ann Archer", "2", "90"],
    ["Ann Archer", "1", "40"],
  ]);

  await page.context().clearCookies();
  await signIn(page, school.student);
  const refused = await page.request.get(`/quiz/teacher/quiz/${optics}/viewStats.csv`);
  expect(refused.status()).toBe(403);
  expect(await refused.text()).not.toContain("Ann Archer");
});
