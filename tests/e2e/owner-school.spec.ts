import type { Page } from "@playwright/test";
import { expect, loginAs, test, untilInteractive } from "./fixtures";

/**
 * Issue 25 point 3 (ADR 0062): the owner reads the school's quizzes, bank and feedback in
 * the teacher area's pages; every dashboard card links to a page that opens for the owner;
 * the dashboard is in the menu at desktop and phone width.
 */

/** Opens `href` and checks the page answered itself: no redirect, a 200 and its heading. */
async function opensWithoutRedirect(page: Page, href: string) {
  const response = await page.goto(href);
  expect(response?.status(), href).toBe(200);
  expect(new URL(page.url()).pathname, `${href} redirected`).toBe(new URL(href, page.url()).pathname);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
}

test("every card of the owner's dashboard links to a page that opens for the owner", async ({ page }) => {
  test.slow(); // eight pages, each drawn by the server
  await loginAs(page, "owner");
  await page.goto("/quiz/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const cards = page.locator(".home-card");
  const cardCount = await cards.count();
  expect(cardCount).toBeGreaterThanOrEqual(5);
  const hrefs: string[] = [];
  for (let index = 0; index < cardCount; index++) {
    const links = cards.nth(index).getByRole("link");
    expect(await links.count(), `card ${index} has no link`).toBeGreaterThan(0);
    for (const href of await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""))) hrefs.push(href);
  }
  const quizzes = page.getByRole("region", { name: "Quizzes of your school" });
  await expect(quizzes.getByRole("link", { name: "The school's quiz pool" })).toHaveAttribute("href", "/quiz/teacher/quizPool");
  const feedback = page.getByRole("region", { name: "Feedback waiting for an answer" });
  await expect(feedback.getByRole("link", { name: "Review feedback" })).toHaveAttribute("href", "/quiz/teacher/feedback");

  for (const href of new Set(hrefs)) await opensWithoutRedirect(page, href);
});

test("the owner opens the school's quiz list, a quiz's view and stats, the bank and the feedback", async ({ page }) => {
  test.slow();
  await loginAs(page, "owner");
  await opensWithoutRedirect(page, "/quiz/teacher/quizPool");
  await expect(page.getByRole("heading", { level: 1, name: "Quiz Pool" })).toBeVisible();
  // The demo quizzes are the demo teacher's: the owner's pool is the school's, not the owner's own.
  const view = page.getByRole("link", { name: /^View / }).first();
  await expect(view).toBeVisible();
  const viewHref = (await view.getAttribute("href")) ?? "";
  await opensWithoutRedirect(page, viewHref);
  await opensWithoutRedirect(page, viewHref.replace(/\/view$/, "/viewStats"));
  await opensWithoutRedirect(page, "/quiz/teacher/questions");
  await opensWithoutRedirect(page, "/quiz/teacher/feedback");
});

for (const width of [1280, 390]) {
  test(`the owner reaches the dashboard from the menu at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await loginAs(page, "owner");
    await untilInteractive(page);
    let menu = page.locator("aside").getByRole("navigation");
    if (width < 1024) {
      await page.getByRole("button", { name: "Open menu" }).click();
      menu = page.getByRole("dialog", { name: "Main menu" });
    }
    await menu.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/quiz\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    // The school's quizzes are one click away from the menu too.
    if (width < 1024) {
      await page.getByRole("button", { name: "Open menu" }).click();
      menu = page.getByRole("dialog", { name: "Main menu" });
    }
    await menu.getByRole("link", { name: "School quizzes" }).click();
    await expect(page).toHaveURL(/\/quiz\/teacher\/quizPool$/);
  });
}
