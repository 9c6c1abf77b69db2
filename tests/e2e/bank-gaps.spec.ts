import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, loginAs, test } from "./fixtures";

/**
 * Issue 7's last bank gaps: a question moves to another category and course in the editor
 * (and the save returns to its new bank); the bank and the quiz pool are usable on a phone
 * (390 px): no sideways scrolling, every Delete on screen.
 */
const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 5);
const bankPath = (category: string, course: string) => `/quiz/teacher/questions/${encodeURIComponent(category)}/${encodeURIComponent(course)}/load`;

async function teacherApi(request: APIRequestContext) {
  const login = await request.post("/api/auth/login", { data: { email: "teacher@demo.quiz", password: "Demo1234!" } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  return {
    addPlace: async (category: string, course: string) => expect((await request.post("/api/categoryCourse", { headers, data: { category, course } })).status()).toBe(201),
    addQuestion: async (data: Record<string, unknown>) => {
      const created = await request.post("/api/question", {
        headers,
        data: { optionType: "radio", options: [{ optionText: "Yes", optionStatus: true }, { optionText: "No", optionStatus: false }], answerExplaination: "<p>Because.</p>", ...data },
      });
      expect(created.status(), await created.text()).toBe(201);
      return ((await created.json()) as { entity: { id: number } }).entity.id;
    },
  };
}

async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("a teacher moves a question to another category and course from the editor", async ({ page }) => {
  test.setTimeout(60_000);
  await loginAs(page, "teacher");
  const suffix = unique();
  const from = { category: `Move from ${suffix}`, course: `Old course ${suffix}` };
  const to = { category: `Move to ${suffix}`, course: `New course ${suffix}` };
  const api = await teacherApi(page.request);
  await api.addPlace(from.category, from.course);
  await api.addPlace(to.category, to.course);
  const id = await api.addQuestion({ questionText: `Which bank am I in ${suffix}?`, ...from });

  await page.goto(`/quiz/teacher/question/${id}/edit`);
  const categorySelect = page.getByRole("button", { name: /Category/ });
  const courseSelect = page.getByRole("button", { name: /Course/ });
  await expect(categorySelect).toContainText(from.category);
  await expect(courseSelect).toContainText(from.course);

  // Another category clears the course (spec 4); saving without one is refused on that field.
  await choose(page, categorySelect, to.category);
  await expect(courseSelect).toContainText("Select a course");
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The question was not saved" })).toBeVisible();
  await expect(page.getByText("Question course is required")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/question/${id}/edit$`));
  await expect(categorySelect).toContainText(to.category); // what was sent comes back

  await choose(page, courseSelect, to.course);
  await expect(page.getByText("Question course is required")).toHaveCount(0); // cleared once the field changes
  // react-aria announces a chosen option through a transient role="img" pointing at the option,
  // which is gone once the list closes; it removes the announcement after 7 s. Scan after that.
  await expect(page.locator('[role="log"] [role="img"]')).toHaveCount(0, { timeout: 10_000 });
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 200)).join(" | ")}`)).toEqual([]);
  await page.getByRole("button", { name: "Save question" }).click();

  // The save returns to the bank the question is in now.
  await expect(page).toHaveURL(new RegExp(`${bankPath(to.category, to.course).replace(/[.?]/g, "\\$&")}\\?notice=updated$`));
  await expect(page.getByText("Question Updated")).toBeVisible();
  await expect(page.getByRole("cell", { name: `Which bank am I in ${suffix}?`, exact: true })).toBeVisible();
  await page.goto(bankPath(from.category, from.course));
  await expect(page.getByText("No questions in this course yet.")).toBeVisible();
});

/** The page does not scroll sideways, nor does any list inside it, and the element is fully on screen. */
async function expectFitsAndOnScreen(page: Page, element: Locator) {
  const widths = await page.evaluate(() => ({
    document: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
    lists: [...document.querySelectorAll(".shell-table-wrap")].map((wrap) => [wrap.scrollWidth, wrap.clientWidth]),
  }));
  expect(widths.document[0], "the document's width").toBeLessThanOrEqual(widths.document[1]);
  expect(widths.lists.length).toBeGreaterThan(0);
  for (const [scroll, client] of widths.lists) expect(scroll, "a list's width").toBeLessThanOrEqual(client);
  await element.scrollIntoViewIfNeeded();
  const box = (await element.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.height).toBeGreaterThanOrEqual(24); // WCAG 2.5.8 target size
}

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the bank's rows are cards: nothing scrolls sideways and Delete is on screen", async ({ page }) => {
    await loginAs(page, "teacher");
    const suffix = unique();
    const place = { category: `Phone ${suffix}`, course: `Cards ${suffix}` };
    const api = await teacherApi(page.request);
    await api.addPlace(place.category, place.course);
    // A long unbroken word and six tags: what would push a table wider than the screen.
    await api.addQuestion({ questionText: `Pneumonoultramicroscopicsilicovolcanoconiosis${"x".repeat(40)} ${suffix}?`, tags: ["one", "two", "three", "four", "five", "six"], ...place });
    await api.addQuestion({ questionText: `A short one ${suffix}?`, ...place });

    await page.goto(bankPath(place.category, place.course));
    const deleteLink = page.getByRole("link", { name: `Delete: A short one ${suffix}?` });
    await expectFitsAndOnScreen(page, deleteLink);
    await expectFitsAndOnScreen(page, page.getByRole("link", { name: /^Delete: Pneumono/ }));
    // A card names its cells, and the sort links are still there.
    await expect(page.getByRole("cell", { name: /Answer type\s*One answer/ }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /Helpful/ }).first()).toBeVisible();
    await deleteLink.tap();
    await expect(page.getByRole("dialog", { name: "Delete question" })).toBeVisible();
  });

  test("the quiz pool's rows are cards: nothing scrolls sideways and Delete is on screen", async ({ page }) => {
    await loginAs(page, "teacher");
    await page.goto("/quiz/teacher/quizPool");
    const deleteButtons = page.getByRole("button", { name: /^Delete/ });
    await expect(deleteButtons.first()).toBeVisible();
    const count = await deleteButtons.count();
    for (let i = 0; i < count; i++) await expectFitsAndOnScreen(page, deleteButtons.nth(i));
    await deleteButtons.first().tap();
    await expect(page.getByRole("alertdialog")).toBeVisible();
  });
});

test("on a desktop the quiz pool keeps its actions column in view", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, "teacher");
  await page.goto("/quiz/teacher/quizPool");
  const deleteButton = page.getByRole("button", { name: /^Delete/ }).first();
  await expect(deleteButton).toBeVisible();
  const box = (await deleteButton.boundingBox())!;
  const wrap = (await page.locator(".shell-table-wrap").boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(wrap.x + wrap.width);
  await expect(page.getByRole("table")).toBeVisible(); // still a table above the phone breakpoint
});
