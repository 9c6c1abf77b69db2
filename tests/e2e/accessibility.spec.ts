import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, loginAs, test, type DemoRole, untilInteractive } from "./fixtures";
import { nextStep } from "./wizard-steps";

/**
 * Issue 7: every new page is axe-clean (WCAG 2.x A and AA) — and so are the pages they sit
 * in. Each case loads a page as its user would, waits for it to settle, and expects no
 * violations, so a regression names the rule and the element.
 */
async function expectNoViolations(page: Page) {
  await untilInteractive(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.html.slice(0, 160)} (${node.failureSummary?.split("\n")[1]?.trim() ?? ""})`).join(" | ")}`);
  expect(summary).toEqual([]);
}

const pages: Array<{ name: string; role: DemoRole | null; path: string; ready: (page: Page) => Promise<void> }> = [
  { name: "sign-in", role: null, path: "/quiz/auth/login", ready: (page) => expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible() },
  { name: "registration", role: null, path: "/quiz/auth/registration", ready: (page) => expect(page.getByLabel("Email")).toBeVisible() },
  { name: "the bank's first step", role: "teacher", path: "/quiz/teacher/questions", ready: (page) => expect(page.getByRole("button", { name: "Next" })).toBeVisible() },
  {
    name: "the create category and course dialog",
    role: "teacher",
    path: "/quiz/teacher/questions/newCatCourse",
    ready: (page) => expect(page.getByRole("dialog", { name: "Create category and course" })).toBeVisible(),
  },
  { name: "the quiz pool", role: "teacher", path: "/quiz/teacher/quizPool", ready: (page) => expect(page.getByRole("table")).toBeVisible() },
  {
    name: "a quiz's view",
    role: "teacher",
    path: "/quiz/teacher/quizPool",
    ready: async (page) => {
      await page.getByRole("table").locator("tbody").getByRole("link").first().click();
      await expect(page.getByRole("region", { name: "Settings" })).toBeVisible();
    },
  },
  {
    name: "the quiz wizard's details step with errors",
    role: "teacher",
    path: "/quiz/teacher/quizPool/new",
    ready: async (page) => {
      await page.getByRole("dialog").getByRole("button", { name: "Next" }).click();
      // A Next sent while the step is still being checked is lost: wait for the details step first.
      await expect(page.getByRole("dialog").getByRole("heading", { level: 3, name: /^Quiz Details/ })).toBeVisible();
      await page.getByRole("dialog").getByRole("button", { name: "Next" }).click();
      await expect(page.getByRole("dialog").getByText("Quiz name is required").first()).toBeVisible();
    },
  },
  {
    name: "the quiz wizard's settings and question steps (edit)",
    role: "teacher",
    path: "/quiz/teacher/quizPool",
    ready: async (page) => {
      await page.getByRole("link", { name: /^Edit / }).first().click();
      const wizard = page.getByRole("dialog");
      await wizard.getByRole("button", { name: "Next" }).click();
      await expect(wizard.getByRole("radiogroup", { name: "Quiz status" })).toBeVisible();
      await expectNoViolations(page);
      await nextStep(page);
      await nextStep(page);
      await expect(wizard.locator(".quiz-wizard__picklist").getByRole("checkbox").first()).toBeVisible();
    },
  },
  { name: "the owner's quiz settings", role: "owner", path: "/quiz/admin/quizSetting", ready: (page) => expect(page.getByRole("button", { name: "Save" })).toBeVisible() },
  { name: "the owner's payment settings", role: "owner", path: "/quiz/admin/subscription", ready: (page) => expect(page.getByRole("button", { name: "Save settings" })).toBeVisible() },
  { name: "the student's subscription page", role: "student", path: "/quiz/student/subscription", ready: (page) => expect(page.getByRole("heading", { level: 1, name: "Subscription" })).toBeVisible() },
  { name: "the profile and its Security section", role: "student", path: "/quiz/user-profile", ready: (page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible() },
];

for (const { name, role, path, ready } of pages) {
  test(`${name} has no WCAG A/AA violations`, async ({ page }) => {
    if (role) await loginAs(page, role);
    await page.goto(path);
    await ready(page);
    await expectNoViolations(page);
  });
}
