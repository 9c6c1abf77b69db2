import { seedBoard } from "./board-seed";
import { expect, test } from "./fixtures";
import { createSchool, e2eDatabase, signIn } from "./school";
import { photograph } from "./shots";

/**
 * Issue 27 point 4: on the owner's board at 1280 px, beside the side menu, the Pass mark column
 * ran under the sticky Actions column and its verdicts were clipped. At 1280 px the whole table
 * fits its box (nothing to scroll sideways, so nothing goes under the actions), and every
 * verdict lies left of the Actions column.
 */
test("the owner's board at 1280 px shows the Pass mark column whole, clear of the sticky actions", async ({ page }) => {
  const school = await createSchool("Board Layout School");
  const { optics, cells } = await seedBoard(school);
  const db = e2eDatabase();
  try {
    // Pass marks, so every row has a verdict ("✗ Not passed" is the longest).
    await db.execute({ sql: "update quizzes set pass_percentage = 65 where id in (?, ?)", args: [optics, cells] });
  } finally {
    db.close();
  }
  await signIn(page, school.owner);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/quiz/admin/leaderBoard");
  const table = page.locator("table.board-table--actions");
  await expect(table.locator("tbody tr")).toHaveCount(4);
  await expect(table.locator(".pass-verdict")).toHaveCount(4);

  const layout = await page.evaluate(() => {
    const wrap = document.querySelector("table.board-table--actions")!.closest(".shell-table-wrap") as HTMLElement;
    const actions = document.querySelector("table.board-table--actions thead th:last-child")!.getBoundingClientRect();
    const verdicts = Array.from(document.querySelectorAll("table.board-table--actions .pass-verdict")).map((verdict) => verdict.getBoundingClientRect().right);
    return { overflow: wrap.scrollWidth - wrap.clientWidth, actionsLeft: actions.left, verdictsRight: verdicts };
  });
  expect(layout.overflow, "the table scrolls sideways at 1280 px").toBeLessThanOrEqual(0);
  for (const right of layout.verdictsRight) expect(right).toBeLessThanOrEqual(layout.actionsLeft);

  await photograph(page, "w-polish27", "owner-board");
});
