import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Download, Page } from "@playwright/test";
import { seedBoard } from "./board-seed";
import { expect, test, untilInteractive } from "./fixtures";
import { apiAuth, createSchool, e2eDatabase, signIn } from "./school";

/**
 * Issue 27 point 5 (docs/decisions/0081): a teacher opens a class's results grid from Reports,
 * then one student's report from it, downloads both as CSV (read back here), and duplicates a
 * quiz, whose copy opens in the editor. With SHOTS_DIR set, each report page is photographed
 * at 1280 and 390 px (w-reports-<page>-<width>.png).
 */
async function shoot(page: Page, name: string) {
  await untilInteractive(page);
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${dir}/w-reports-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(" | ")}`)).toEqual([]);
}

/** A downloaded CSV's lines, after checking its BOM. */
async function csvLines(download: Download) {
  const bytes = new Uint8Array(await readFile((await download.path()) ?? ""));
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1).split("\r\n").filter(Boolean);
}

async function emailsOf(businessId: number, names: string[]) {
  const db = e2eDatabase();
  try {
    const { rows } = await db.execute({ sql: `select email from users where business_id = ? and fullname in (${names.map(() => "?").join(", ")})`, args: [businessId, ...names] });
    return rows.map((row) => String(row.email));
  } finally {
    db.close();
  }
}

test("a teacher reads a class grid and a student's report, downloads both as CSV, and duplicates a quiz", async ({ page, request }) => {
  test.slow();
  const school = await createSchool("Report School");
  const { optics } = await seedBoard(school);
  const teacher = await apiAuth(request, school.teacher);
  // A pass mark on Optics, so its results say Passed or Not passed (in words, not only colour). The
  // seeded quiz has attempts but no questions, which the wizard's update would refuse: set straight.
  const db = e2eDatabase();
  await db.execute({ sql: "update quizzes set pass_percentage = 65 where id = ?", args: [optics] }).finally(() => db.close());
  const made = await request.post("/api/classes", { headers: teacher, data: { name: "Year 9 Physics" } });
  expect(made.status(), await made.text()).toBe(201);
  const classId = ((await made.json()) as { entity: { classId: number } }).entity.classId;
  const add = await emailsOf(school.businessId, ["Ann Archer", '=HYPERLINK("http://evil.test")', "山田 太郎"]);
  expect((await request.post("/api/classes/members", { headers: teacher, data: { classId, add } })).status()).toBe(200);

  await signIn(page, school.teacher);
  await page.getByRole("navigation").getByRole("link", { name: "Reports" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await shoot(page, "list");
  await page.getByRole("link", { name: "Year 9 Physics" }).click();

  // The grid: every member a row, the quizzes they finished the columns, the counted results in words.
  await expect(page.getByRole("heading", { level: 1, name: "Year 9 Physics: results" })).toBeVisible();
  const grid = page.getByRole("table", { name: "Results of Year 9 Physics: each student's counted result at each quiz" });
  await expect(grid.getByRole("columnheader")).toHaveText(["Student", "Cellslatest attempt counts", "Opticsbest attempt counts · pass mark 65%"]);
  const ann = grid.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /Ann Archer/ }) });
  await expect(ann.getByRole("cell")).toHaveText(["50%1 attempt", "90%✓ Passed2 attempts"]);
  await expect(grid.getByRole("row").filter({ hasText: "evil.test" }).getByRole("cell")).toHaveText(["Not taken", "60%✗ Not passed1 attempt"]);
  await expect(grid.getByRole("row").filter({ hasText: "山田 太郎" }).getByRole("cell")).toHaveText(["70%2 attempts", "Not taken"]);
  await shoot(page, "class-grid");
  await expectNoViolations(page);

  const gridFile = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const gridDownload = await gridFile;
  expect(gridDownload.suggestedFilename()).toMatch(new RegExp(`^class-report-year-9-physics-${classId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const gridLines = await csvLines(gridDownload);
  expect(gridLines[0]).toMatch(/^"Student name","E-mail","Cells \[\d+\] Percentage","Cells \[\d+\] Passed","Cells \[\d+\] Attempts","Optics \[\d+\] Percentage","Optics \[\d+\] Passed","Optics \[\d+\] Attempts"$/);
  expect(gridLines).toHaveLength(4);
  expect(gridLines.find((line) => line.includes("evil"))).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.test""\)",".+","","","","60","Not passed","1"$/);

  // One student's report, from the grid: each quiz's counted attempt, every attempt, dates with their zone.
  await grid.getByRole("link", { name: "Ann Archer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Report: Ann Archer" })).toBeVisible();
  const report = page.getByRole("table", { name: "Ann Archer's results, one row per quiz" });
  const opticsRow = report.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /Optics/ }) });
  await expect(opticsRow.getByRole("rowheader")).toHaveText("Opticsbest attempt counts · pass mark 65%");
  await expect(opticsRow.getByRole("cell").first()).toHaveText("90%✓ Passed");
  await expect(opticsRow.getByRole("listitem")).toHaveText(["Attempt 1: 40%", "Attempt 2: 90% (counts)"]);
  await expect(opticsRow.getByRole("cell").last()).toHaveText(/\d{4}.*(UTC|GMT)/);
  await shoot(page, "student");
  await expectNoViolations(page);

  const reportFile = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const reportLines = await csvLines(await reportFile);
  expect(reportLines[0]).toBe('"Student name","E-mail","Quiz name","Category","Counts","Counting rule","Attempt","Percentage","Passed","Time taken (seconds)","Submitted (UTC)","Status","Marking"');
  expect(reportLines.slice(1).map((line) => line.split('","').slice(2, 8).join("|"))).toEqual([
    "Cells|Biology|Yes|Latest attempt|1|50",
    "Optics|Physics|No|Best attempt|1|40",
    "Optics|Physics|Yes|Best attempt|2|90",
  ]);

  // A quiz's stats lead to a student's report by their name.
  await page.goto(`/quiz/teacher/quiz/${optics}/viewStats`);
  await untilInteractive(page);
  await page.getByRole("link", { name: "Ann Archer" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Report: Ann Archer" })).toBeVisible();

  // The class roster leads to the grid and to each student's report.
  await page.goto(`/quiz/teacher/classes/${classId}`);
  await expect(page.getByRole("link", { name: "Results grid" })).toHaveAttribute("href", `/quiz/teacher/reports/class/${classId}`);
  await expect(page.getByRole("link", { name: "Ann Archer" })).toHaveAttribute("href", /\/quiz\/teacher\/reports\/student\/\d+$/);
  await shoot(page, "roster");

  // Duplicate the quiz: the copy opens in the editor, a Draft named "Optics (2)".
  await page.goto(`/quiz/teacher/quiz/${optics}/view`);
  await shoot(page, "quiz-view");
  await page.getByRole("button", { name: "Duplicate" }).click();
  await expect(page).toHaveURL(/\/quiz\/teacher\/quizPool\/\d+\/edit$/);
  await expect(page.getByRole("dialog").getByLabel("Quiz name")).toHaveValue("Optics (2)");
  await shoot(page, "duplicated");
});
