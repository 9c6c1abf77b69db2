import { expect, type Page } from "@playwright/test";

/** The open quiz wizard (a dialog over the quiz pool). */
export const wizardOf = (page: Page) => page.getByRole("dialog");

/** Fills the wizard's Quiz Details step; the choice lists open in popovers outside the dialog. */
export async function fillQuizDetails(page: Page, quiz: { name: string; description: string; category: string; course: string; level: "Easy" | "Moderate" | "Hard" }) {
  const wizard = wizardOf(page);
  await wizard.getByLabel("Quiz name").fill(quiz.name);
  await wizard.getByLabel("Quiz description").fill(quiz.description);
  await wizard.getByRole("button", { name: /Category/ }).click();
  await page.getByRole("option", { name: quiz.category }).click();
  await wizard.getByRole("button", { name: /Course/ }).click();
  await page.getByRole("option", { name: quiz.course }).click();
  await wizard.getByText(quiz.level, { exact: true }).click();
}

/**
 * Clicks Next and waits until the wizard shows the following step. Next is pending while the
 * server checks the step, and a Next pressed then is ignored (by design: one check at a
 * time), so a test that clicks Next twice in a row must wait in between.
 */
export async function nextStep(page: Page) {
  const wizard = wizardOf(page);
  const section = wizard.locator(".quiz-wizard__step");
  const before = await section.getAttribute("data-step");
  await wizard.getByRole("button", { name: "Next" }).click();
  await expect(section).not.toHaveAttribute("data-step", before ?? "");
}
