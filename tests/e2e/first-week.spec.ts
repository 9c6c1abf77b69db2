import type { Page } from "@playwright/test";
import { expectNoViolations, quizOf } from "./exam-helpers";
import { expect, test, untilInteractive } from "./fixtures";
import { createSchool, signIn } from "./school";

/**
 * Issue 25 point 6, the first-week papercuts a school sees (docs/decisions/0063). With
 * SHOTS_DIR set, each test also photographs its screen at 1280 and 390 px wide.
 */
async function shoot(page: Page, name: string, target = page.locator("main")) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await target.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/w-ux-${name}-${width}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("the quiz view shows its teacher the password behind a show/hide button", async ({ page, request }) => {
  const school = await createSchool("Password View School");
  const quizId = await quizOf(request, school.teacher, { password: "open-sesame-42" });
  await signIn(page, school.teacher, /\/quiz\/teacher/);
  await page.goto(`/quiz/teacher/quiz/${quizId}/view`);
  await untilInteractive(page);
  const item = page.locator(".quiz-details__item").filter({ has: page.getByText("Password", { exact: true }) });
  await expect(item).not.toContainText("open-sesame-42");
  await item.getByRole("button", { name: "Show" }).click();
  await expect(item.getByText("open-sesame-42")).toBeVisible();
  await shoot(page, "quiz-password", item);
  await item.getByRole("button", { name: "Hide" }).click();
  await expect(item).not.toContainText("open-sesame-42");
  await expectNoViolations(page);
});
