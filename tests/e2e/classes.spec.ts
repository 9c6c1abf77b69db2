import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, loginAs, test, untilInteractive } from "./fixtures";
import { createClass } from "./school-by-class-steps";

/**
 * Issue 27 point 1 (ADR 0075): a teacher makes two classes, imports a roster of 30 students into
 * one, and a student joins the other by its code while another opens its join link. With
 * SHOTS_DIR set, every class page is photographed at 1280 and 390 px (w-classes-<page>-<width>.png).
 */
const shotsDir = process.env.SHOTS_DIR;

async function photograph(page: Page, name: string) {
  await untilInteractive(page);
  if (!shotsDir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${shotsDir}/w-classes-${name}-${width}.png`, fullPage: width === 1280 });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(" | ")}`)).toEqual([]);
}

test("a teacher makes two classes, imports 30 students into one; students join the other by code and by link", async ({ page, browser }, testInfo) => {
  test.slow();
  const run = Date.now().toString(36);
  await loginAs(page, "teacher");
  await page.goto("/quiz/teacher/classes");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Classes" }).first()).toBeVisible();

  const rosterUrl = await createClass(page, `Roster ${run}`);
  const joinUrl = await createClass(page, `Joiners ${run}`);
  await page.goto("/quiz/teacher/classes");
  await expect(page.getByRole("link", { name: `Roster ${run}` })).toBeVisible();
  await photograph(page, "teacher-classes");
  await expectNoViolations(page);

  // 30 students, one of them with a name a spreadsheet would run as a formula.
  const rows = Array.from({ length: 30 }, (_, i) => `${i === 0 ? "=1+2" : `Pupil ${i}`},pupil${i}.${run}@school.test`);
  await page.goto(rosterUrl);
  await untilInteractive(page);
  await page.getByLabel("Roster CSV file").setInputFiles({ name: "roster.csv", mimeType: "text/csv", buffer: Buffer.from(["fullname,email", ...rows].join("\n")) });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("Done: 30 new accounts invited, 0 students already at the school added, 0 rows changed nothing")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Roster: 30 students" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "=1+2", exact: true })).toBeVisible();
  await photograph(page, "teacher-roster");
  await expectNoViolations(page);

  // The other class's code, as the teacher reads it out.
  await page.goto(joinUrl);
  const code = (await page.locator(".classes-copy__value").first().textContent())!.trim();
  const link = (await page.locator(".classes-copy__value").nth(1).textContent())!.trim();
  expect(link).toMatch(/\/quiz\/student\/join\/[A-Z0-9]{10}$/);

  const baseURL = testInfo.project.use.baseURL;
  const byCode = await (await browser.newContext({ baseURL })).newPage();
  await loginAs(byCode, "student");
  await byCode.goto("/quiz/student/classes");
  await untilInteractive(byCode);
  await photograph(byCode, "student-classes-empty");
  await byCode.getByLabel("Join code").fill("WRONG CODE");
  await byCode.getByRole("button", { name: "Join", exact: true }).click();
  await expect(byCode.getByRole("alert")).toHaveText("No class has this join code. Check it with your teacher");
  await byCode.getByLabel("Join code").fill(code.toLowerCase());
  await byCode.getByRole("button", { name: "Join", exact: true }).click();
  await expect(byCode.getByRole("status").filter({ hasText: "You joined the class" })).toBeVisible();
  await expect(byCode.getByRole("heading", { name: `Joiners ${run}` })).toBeVisible();
  await photograph(byCode, "student-classes");
  await expectNoViolations(byCode);

  const byLink = await (await browser.newContext({ baseURL })).newPage();
  await loginAs(byLink, "student2");
  await byLink.goto(new URL(link).pathname);
  await expect(byLink.getByText(`Join the class with the code ${code}?`)).toBeVisible();
  await photograph(byLink, "student-join-link");
  await expectNoViolations(byLink);
  await byLink.getByRole("button", { name: "Join the class" }).click();
  await expect(byLink.getByRole("status").filter({ hasText: "You joined the class" })).toBeVisible();
  await expect(byLink.getByRole("heading", { name: `Joiners ${run}` })).toBeVisible();
  await photograph(byLink, "student-joined");

  // The teacher sees both joiners, how they came, and the join code panel.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Roster: 2 students" })).toBeVisible();
  await expect(page.getByRole("cell", { name: /Joined with the code/ })).toHaveCount(2);
});
