import type { Locator, Page } from "@playwright/test";
import {expectNoViolations, quizOf, startAllAtOnce } from "./exam-helpers";
import { expect, loginAs, test } from "./fixtures";
import { createSchool, signIn } from "./school";

/**
 * The app's dialogs and the header's popups, by keyboard and pointer (issue 8 item 9 took them
 * off react-aria-components' Dialog, Modal and DialogTrigger, and loads the language menu and
 * the quick panel on first use: app/components/ui/Modal.tsx, layout/use-lazy-popup.ts). What
 * must hold: the focus moves into a dialog, stays there and comes back to what opened it; the
 * page behind is inert; the dialog is named by its title; Escape and a click outside close it
 * unless it is an alert that needs an answer; the popups' code is not in the page until wanted.
 */
const isInert = (locator: Locator) => locator.evaluate((element) => element.closest("[inert]") !== null);
const holdsFocus = (dialog: Locator) => dialog.evaluate((element) => element.contains(document.activeElement));

test("the exam's finish confirmation takes the focus, keeps it, makes the page inert and gives the focus back", async ({ page, request }) => {
  const school = await createSchool("Dialog School");
  const quizId = await quizOf(request, school.teacher);
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await startAllAtOnce(page, quizId);

  const finish = page.getByRole("button", { name: "Finish", exact: true });
  await finish.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Finish the quiz?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toBeFocused();
  expect(await isInert(page.locator("section.exam"))).toBe(true);
  // The app's header is out of the way during an exam (issue 18), and inert too.
  expect(await isInert(page.locator(".shell-header"))).toBe(true);
  expect(await isInert(dialog)).toBe(false);
  await expectNoViolations(page);

  // Tab and Shift+Tab go round the dialog's two buttons, never out of it.
  for (const key of ["Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    expect(await holdsFocus(dialog), `focus after ${key}`).toBe(true);
  }

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(finish).toBeFocused();
  expect(await isInert(page.locator("section.exam"))).toBe(false);

  // A click on the backdrop closes it too; "Keep going" as well, the focus back on Finish each time.
  await finish.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, (page.viewportSize()?.height ?? 800) - 5);
  await expect(dialog).toHaveCount(0);
  await expect(finish).toBeFocused();
  await finish.click();
  await dialog.getByRole("button", { name: "Keep going" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(finish).toBeFocused();
});

test("the 'Session expired' alert is not dismissed by Escape or a click outside", async ({ page, context }) => {
  await loginAs(page, "student");
  const url = new URL(page.url());
  await context.clearCookies({ name: "quiz_refresh" });
  await context.addCookies([{ name: "quiz_access", value: "expired.token.value", domain: url.hostname, path: "/" }]);
  await page.locator("aside").getByRole("navigation").getByRole("link", { name: "Taken Quiz" }).click();

  const dialog = page.getByRole("alertdialog", { name: "Session expired" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "OK" })).toBeFocused();
  await page.keyboard.press("Escape");
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  expect(await holdsFocus(dialog)).toBe(true);
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/quiz\/auth\/login$/, { timeout: 15_000 });
});

/** The scripts the page has asked for, by file name. */
function scriptsOf(page: Page): string[] {
  const names: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") names.push(new URL(request.url()).pathname.split("/").pop() ?? "");
  });
  return names;
}

test("the language menu and the quick panel load on first use and work by keyboard", async ({ page }) => {
  const scripts = scriptsOf(page);
  await loginAs(page, "student");
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((name) => /^(LanguageMenu|QuickPanelPopover)-/.test(name))).toEqual([]);

  // The language menu: ArrowDown on its button opens it on the first language.
  const language = page.getByRole("button", { name: "EN, Language: English" });
  await expect(language).toHaveAttribute("aria-haspopup", "true");
  await language.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menu")).toBeVisible();
  await expect(language).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("menuitemradio", { name: "English" })).toBeFocused();
  await expect(page.getByRole("menuitemradio", { name: "English" })).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitemradio", { name: "Français" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(language).toBeFocused();
  await expect(language).toHaveAttribute("aria-expanded", "false");

  // The quick panel: a dialog named "Modules" that takes the focus and gives it back.
  const modules = page.getByRole("button", { name: "Modules" });
  await expect(modules).toHaveAttribute("aria-expanded", "false");
  await modules.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: "Modules" });
  await expect(panel.getByRole("link", { name: /Quiz/ })).toHaveAttribute("aria-current", "true");
  expect(await holdsFocus(panel)).toBe(true);
  await expect(modules).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(modules).toBeFocused();
  expect(scripts.filter((name) => /^(LanguageMenu|QuickPanelPopover)-/.test(name)).sort()).toEqual([
    expect.stringMatching(/^LanguageMenu-/),
    expect.stringMatching(/^QuickPanelPopover-/),
  ]);
});

test("the user panel and the phone's menu drawer close on a click outside, the focus back on their button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, "student");

  const userBox = page.getByRole("button", { name: /Sam Student/ });
  await userBox.click();
  const panel = page.getByRole("dialog", { name: "User Profile" });
  await expect(panel).toBeVisible();
  await expect(userBox).toHaveAttribute("aria-controls", (await panel.getAttribute("id")) ?? "no id");
  expect(await isInert(page.getByRole("main"))).toBe(true);
  await page.mouse.click(2, 400); // the strip of backdrop left of the side sheet
  await expect(panel).toHaveCount(0);
  await expect(userBox).toBeFocused();

  const toggle = page.getByRole("button", { name: "Open menu" });
  await toggle.click();
  const drawer = page.getByRole("dialog", { name: "Main menu" });
  await expect(drawer).toBeVisible();
  await expect(drawer).toBeFocused();
  await page.mouse.click(385, 400);
  await expect(drawer).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await toggle.click();
  await drawer.getByRole("button", { name: "Close menu" }).click();
  await expect(drawer).toHaveCount(0);
  await expect(toggle).toBeFocused();
});
