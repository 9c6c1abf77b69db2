import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { seedBoard } from "./board-seed";
import { expectNoViolations } from "./exam-helpers";
import { expect, test, untilInteractive } from "./fixtures";
import { apiAuth, createSchool, e2eDatabase, signIn } from "./school";
import { photograph as photographAs } from "./shots";

/**
 * Issue 27 point 2 (ADR 0080): a teacher picks a class on a quiz's stats page, sees only that
 * class's results, reloads (the filter stays), downloads the CSV of that class, and opens the
 * class's results from the class page; the owner filters the board by it. With SHOTS_DIR set,
 * each filtered page is photographed at 1280 and 390 px (w-classfilter-<page>-<width>.png).
 */
const photograph = (page: Page, name: string) => photographAs(page, "w-classfilter", name);

/** The Class picker (a react-aria Select: its button is named by its label and its value). */
const picker = (page: Page) => page.getByRole("button", { name: /Class$/ });

async function pickClass(page: Page, name: string) {
  await picker(page).click();
  await page.getByRole("option", { name, exact: true }).click();
}

test("a teacher reads one class's stats, keeps the filter on reload, downloads that class's CSV; the owner filters the board", async ({ page, request }) => {
  test.slow();
  const school = await createSchool("Class Filter School");
  const { optics } = await seedBoard(school);
  // Ann and 山田 太郎 sit in Year 10; the formula-named student is in no class.
  const db = e2eDatabase();
  const emailOf = async (fullname: string) => String((await db.execute({ sql: "select email from users where business_id = ? and fullname = ?", args: [school.businessId, fullname] })).rows[0].email);
  const members = [await emailOf("Ann Archer"), await emailOf("山田 太郎")];
  db.close();
  const headers = await apiAuth(request, school.teacher);
  const made = await request.post("/api/classes", { headers, data: { name: "Year 10" } });
  expect(made.status(), await made.text()).toBe(201);
  const classId = ((await made.json()) as { entity: { classId: number } }).entity.classId;
  const added = await request.post("/api/classes/members", { headers, data: { classId, add: members } });
  expect(added.status(), await added.text()).toBe(200);

  await signIn(page, school.teacher);
  await page.goto(`/quiz/teacher/quiz/${optics}/viewStats`);
  await untilInteractive(page);
  const names = page.locator(".stats-table__name");
  await expect(names).toHaveText(["=HYPERLINK(\"http://evil.test\")", "Ann Archer", "Ann Archer"]);
  await expect(picker(page)).toContainText("All students");

  await pickClass(page, "Year 10");
  await expect(page).toHaveURL(new RegExp(`/viewStats\\?classId=${classId}$`));
  await expect(names).toHaveText(["Ann Archer", "Ann Archer"]);
  await page.reload();
  await untilInteractive(page);
  await expect(picker(page)).toContainText("Year 10");
  await expect(names).toHaveText(["Ann Archer", "Ann Archer"]);
  await photograph(page, "stats");
  await expectNoViolations(page);

  // The CSV follows the filter: Ann's two attempts, nobody else.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  const text = new TextDecoder().decode(new Uint8Array(await readFile((await download.path()) ?? "")));
  const lines = text.split("\r\n").filter(Boolean);
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).every((line) => line.includes('"Ann Archer"'))).toBe(true);
  expect(text).not.toContain("HYPERLINK");

  // Item analysis keeps the class, and says so.
  await page.getByRole("link", { name: "Item analysis" }).click();
  await expect(page).toHaveURL(new RegExp(`/analysis\\?classId=${classId}$`));
  await untilInteractive(page);
  await expect(picker(page)).toContainText("Year 10");
  await photograph(page, "analysis");

  // The class page lists the class's results by quiz, each opening the quiz's stats for the class.
  await page.goto(`/quiz/teacher/classes/${classId}`);
  await untilInteractive(page);
  const results = page.getByRole("region", { name: "Results by quiz" });
  await expect(results.getByRole("row")).toHaveCount(3);
  await photograph(page, "class-page");
  await expectNoViolations(page);
  await results.getByRole("link", { name: "Results of this class in Cells" }).click();
  await expect(page).toHaveURL(new RegExp(`/viewStats\\?classId=${classId}$`));
  await expect(names).toHaveText(["Ann Archer", "山田 太郎", "山田 太郎"]);

  // The owner's board, filtered by the same class: only its members' rows.
  await page.context().clearCookies();
  await signIn(page, school.owner);
  await page.goto("/quiz/admin/leaderBoard");
  await untilInteractive(page);
  const students = page.locator(".board-table tbody td.board-table__student");
  await expect(students).toHaveCount(4);
  await pickClass(page, "Year 10");
  await expect(page).toHaveURL(new RegExp(`classId=${classId}`));
  await expect(students).toHaveText(["Ann Archer", "山田 太郎", "Ann Archer"]);
  await photograph(page, "board");
  await expectNoViolations(page);
});

test("a student's board offers no class filter, and a class in its address is a page not found", async ({ page }) => {
  const school = await createSchool("Class Filter Student School");
  await seedBoard(school);
  await signIn(page, school.student);
  await page.goto("/quiz/leaderBoard");
  await untilInteractive(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(picker(page)).toHaveCount(0);
  const answer = await page.goto("/quiz/leaderBoard?classId=1");
  expect(answer?.status()).toBe(404);
});
