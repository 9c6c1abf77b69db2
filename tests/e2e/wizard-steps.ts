import { expect, type Locator, type Page } from "@playwright/test";

/** The open quiz wizard (a dialog over the quiz pool). */
export const wizardOf = (page: Page) => page.getByRole("dialog");

/** How a step is worked: with the mouse, or with the keyboard only (focus a named control, then a key). */
export type Hands = "mouse" | "keyboard";

/** Activates a button, link or option: a click, or Enter on it. */
async function activate(page: Page, control: Locator, hands: Hands) {
  if (hands === "mouse") return control.click();
  await control.focus();
  await page.keyboard.press("Enter");
}

/** Fills the wizard's Quiz Details step; the choice lists open in popovers outside the dialog. */
export async function fillQuizDetails(page: Page, quiz: { name: string; description: string; category: string; course: string; level: "Easy" | "Moderate" | "Hard" }, hands: Hands = "mouse") {
  const wizard = wizardOf(page);
  await wizard.getByLabel("Quiz name").fill(quiz.name);
  await wizard.getByLabel("Quiz description").fill(quiz.description);
  await activate(page, wizard.getByRole("button", { name: /Category/ }), hands);
  await activate(page, page.getByRole("option", { name: quiz.category }), hands);
  await activate(page, wizard.getByRole("button", { name: /Course/ }), hands);
  await activate(page, page.getByRole("option", { name: quiz.course }), hands);
  if (hands === "mouse") await wizard.getByText(quiz.level, { exact: true }).click();
  else await chooseRadio(page, wizard.getByRole("radio", { name: quiz.level, exact: true }));
}

/** Chooses a radio from the keyboard (Space on it), and waits until it is chosen. */
export async function chooseRadio(page: Page, radio: Locator) {
  await radio.focus();
  await page.keyboard.press("Space");
  await expect(radio).toBeChecked();
}

/**
 * Clicks Next and waits until the wizard shows the following step. Next is pending while the
 * server checks the step, and a Next pressed then is ignored (by design: one check at a
 * time), so a test that clicks Next twice in a row must wait in between.
 */
export async function nextStep(page: Page, hands: Hands = "mouse") {
  const wizard = wizardOf(page);
  const section = wizard.locator(".quiz-wizard__step");
  const before = await section.getAttribute("data-step");
  await activate(page, wizard.getByRole("button", { name: "Next" }), hands);
  await expect(section).not.toHaveAttribute("data-step", before ?? "");
}
