/**
 * The password strength meter under new-password fields (ASVS 2.1.8): the server judges
 * (POST /api/auth/password-strength, so the dictionaries never reach the browser) and the
 * level is written out in words. Registration and the profile's change-password form.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, loginAs, test, uniqueEmail } from "./fixtures";

const STRONG = "Lantern-orbit-meadow-72";
const GUESSABLE = "password1234";
/** Unguessable for anyone but Quilliam Vandersnoot (zxcvbn's lists do not know the name). */
const OWN_NAME = "quilliamvandersnoot";
const LOW_LEVEL = /^(Too easy to guess|Weak)$/;

const meterIn = (scope: Page | Locator) => scope.getByRole("meter", { name: "Password strength" });

async function fillOwner(page: Page) {
  await page.getByLabel("Email").fill(uniqueEmail("meter"));
  await page.getByLabel("Full name").fill("Quilliam Vandersnoot");
  await page.getByLabel("Username").fill(`qv${Date.now()}`);
}

test.describe("registration", () => {
  test("a guessable password shows a low level, a strong one 'Strong'; empty hides the meter", async ({ page }) => {
    await page.goto("/quiz/auth/registration");
    await fillOwner(page);
    const password = page.getByLabel("Password", { exact: true });
    await expect(meterIn(page)).toHaveCount(0);

    await password.fill(GUESSABLE);
    await expect(meterIn(page)).toHaveAttribute("aria-valuetext", LOW_LEVEL);
    await expect(meterIn(page).getByText(LOW_LEVEL)).toBeVisible();
    // Screen readers hear the level too (a polite live region).
    await expect(page.locator("[aria-live=polite]").filter({ hasText: /^Password strength: (Too easy to guess|Weak)$/ })).toHaveCount(1);

    await password.fill(STRONG);
    await expect(meterIn(page)).toHaveAttribute("aria-valuetext", "Strong");
    await expect(meterIn(page).getByText("Strong", { exact: true })).toBeVisible();

    await password.fill("");
    await expect(meterIn(page)).toHaveCount(0);
  });

  test("the e-mail and names typed on the form count against the password", async ({ page }) => {
    await page.goto("/quiz/auth/registration");
    await fillOwner(page);
    await page.getByLabel("Password", { exact: true }).fill(OWN_NAME);
    await expect(meterIn(page)).toHaveAttribute("aria-valuetext", LOW_LEVEL);
    // The same password for someone else is fine: the level followed the names.
    await page.getByLabel("Full name").fill("Reggie Register");
    await expect(meterIn(page)).toHaveAttribute("aria-valuetext", "Strong");
  });

  test("asks once typing pauses, not per keystroke", async ({ page }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/password-strength")) asked.push(request.postData() ?? "");
    });
    await page.goto("/quiz/auth/registration");
    await page.getByLabel("Password", { exact: true }).pressSequentially(STRONG, { delay: 20 });
    await expect(meterIn(page)).toHaveAttribute("aria-valuetext", "Strong");
    expect(asked.length).toBeLessThanOrEqual(2);
    expect(JSON.parse(asked.at(-1)!)).toMatchObject({ password: STRONG });
  });

  test("shows nothing, and no error, when the server cannot be asked", async ({ page }) => {
    await page.route("**/api/auth/password-strength", (route) => route.fulfill({ status: 429, json: { message: "Too many attempts." } }));
    await page.goto("/quiz/auth/registration");
    await page.getByLabel("Password", { exact: true }).fill(GUESSABLE);
    await page.waitForResponse("**/api/auth/password-strength");
    await expect(meterIn(page)).toHaveCount(0);
    await expect(page.getByText("Too many attempts.")).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("there is no meter and the server still refuses a guessable password", async ({ page }) => {
    await page.goto("/quiz/auth/registration");
    await fillOwner(page);
    await page.getByRole("radiogroup", { name: "Select your role" }).getByText("Student", { exact: true }).click();
    await page.getByLabel("Password", { exact: true }).fill(GUESSABLE);
    await page.getByLabel("Confirm password").fill(GUESSABLE);
    await page.getByText("I accept the terms & conditions").click();
    await expect(meterIn(page)).toHaveCount(0);
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await expect(page.getByText("This password is too easy to guess.", { exact: false }).first()).toBeVisible();
    await expect(meterIn(page)).toHaveCount(0);
  });
});

test("the profile's change-password form has the meter under the new password only", async ({ page }) => {
  await loginAs(page, "student");
  await page.goto("/quiz/user-profile");
  const form = page.getByRole("region", { name: "Change password" });
  await form.getByLabel("Current password").fill("something typed");
  await expect(meterIn(form)).toHaveCount(0);

  const newPassword = form.getByLabel("New password", { exact: true });
  await newPassword.fill(GUESSABLE);
  await expect(meterIn(form)).toHaveAttribute("aria-valuetext", LOW_LEVEL);
  await newPassword.fill(STRONG);
  await expect(meterIn(form)).toHaveAttribute("aria-valuetext", "Strong");
  await expect(meterIn(form).getByText("Strong", { exact: true })).toBeVisible();
  await expect(meterIn(form)).toHaveCount(1);
});
