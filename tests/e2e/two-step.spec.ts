import type { APIRequestContext, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { DEMO_PASSWORD, DEMO_USERS, expect, test, uniqueEmail } from "./fixtures";

/**
 * Two-step sign-in (docs/decisions/0013-two-step-sign-in.md): turned on from the profile
 * (QR code, a code, the recovery codes once), then a password sign-in asks for a code, a
 * recovery code works instead, and turning it off needs the password and a code. Codes are
 * computed here from the key the page shows, as an authenticator app would.
 */

// Several password hashes per journey (argon2id, ~200 ms each on these machines).
test.describe.configure({ timeout: 90_000 });

const PASSWORD = "violet canyon ledger 64";

/** The app's code for a secret, `steps` 30-second steps from now (the window accepts ±1). */
function codeFor(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, "")), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
}

async function newAccount(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail("twostep");
  const res = await request.post("/api/auth/register", {
    data: { email, fullname: "Tove Twostep", username: `tove${Date.now()}${Math.floor(Math.random() * 1000)}`, password: PASSWORD, userType: "Student" },
  });
  expect(res.status()).toBe(201);
  return email;
}

/** The password step of the login form; with two-step sign-in on, the code step follows. */
async function enterPassword(page: Page, email: string) {
  await page.goto("/quiz/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function signOut(page: Page) {
  await page.goto("/quiz/logout");
  await expect(page).toHaveURL(/\/quiz\/auth\/login$/);
}

test("turn on two-step sign-in on the profile, then sign in with a code and with a recovery code", async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const email = await newAccount(api);
  await enterPassword(page, email);
  await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);

  await page.goto("/quiz/user-profile");
  const panel = page.getByRole("region", { name: "Two-step sign-in" });
  await expect(panel.getByText("Off", { exact: true })).toBeVisible();
  await panel.getByLabel("Current password").fill(PASSWORD);
  await panel.getByRole("button", { name: "Set up two-step sign-in" }).click();
  await expect(panel.getByRole("img", { name: "QR code with the key for your authenticator app" })).toBeVisible();
  const secret = (await panel.locator(".account-two-step__key").textContent()) ?? "";
  expect(secret.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);

  // A wrong code keeps the same QR code and key on the page.
  await panel.getByLabel("Code from the app").fill("000000");
  await panel.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(panel.getByText("The code is not correct", { exact: true })).toBeVisible();
  await expect(panel.locator(".account-two-step__key")).toHaveText(secret);

  await panel.getByLabel("Code from the app").fill(codeFor(secret));
  await panel.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(panel.getByText("Two-step sign-in is on.")).toBeVisible();
  const codes = await panel.getByRole("list", { name: "Your recovery codes" }).getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  await expect(panel.getByRole("link", { name: "Download as text" })).toHaveAttribute("href", new RegExp(encodeURIComponent(codes[0])));
  await expect(panel.getByText("On", { exact: true })).toBeVisible();

  // Password, then a wrong code (message on the field), then the app's next code.
  await signOut(page);
  await enterPassword(page, email);
  await expect(page.getByRole("heading", { name: "Two-step sign-in", level: 1 })).toBeVisible();
  await expect(page.getByText("Enter the 6-digit code from your authenticator app (or a recovery code).")).toBeVisible();
  const codeField = page.getByLabel("6-digit code");
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await expect(codeField).toHaveAttribute("inputmode", "numeric");
  await codeField.fill("000000");
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByText("The code is not correct", { exact: true })).toBeVisible();
  // The code used to turn it on is spent; the app's next one is accepted (one step ahead).
  await page.getByLabel("6-digit code").fill(codeFor(secret, 1));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);

  // A lost phone: a recovery code instead, once.
  await signOut(page);
  await enterPassword(page, email);
  await page.getByText("Lost your phone? Use a recovery code").click();
  await page.getByLabel("Recovery code", { exact: true }).fill(codes[0].toUpperCase());
  await page.getByRole("button", { name: "Sign in with the recovery code" }).click();
  await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);

  // Off again: the password and a code (here the next recovery code).
  await page.goto("/quiz/user-profile");
  await expect(panel.getByText("9", { exact: true })).toBeVisible();
  await panel.getByLabel("Current password").fill(PASSWORD);
  await panel.getByLabel("Code or recovery code").fill(codes[1]);
  await panel.getByRole("button", { name: "Turn off two-step sign-in" }).click();
  await expect(panel.getByText("Two-step sign-in is off.")).toBeVisible();
  await expect(panel.getByText("Off", { exact: true })).toBeVisible();
});

test("the code step works without JavaScript, and a used recovery code is refused", async ({ browser, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const email = await newAccount(api);
  // Turned on through the API, with the same verbs the profile uses.
  const { accessToken } = await (await api.post("/api/auth/login", { data: { email, password: PASSWORD } })).json();
  const auth = { Authorization: `Bearer ${accessToken}` };
  const setup = await (await api.post("/api/auth/mfa/setup", { data: { currentPassword: PASSWORD }, headers: auth })).json();
  const enabled = await api.post("/api/auth/mfa/enable", { data: { code: codeFor(setup.secret) }, headers: auth });
  expect(enabled.status()).toBe(200);
  const { recoveryCodes } = await enabled.json();
  expect((await api.post("/api/auth/login/mfa", { data: { mfaToken: (await (await api.post("/api/auth/login", { data: { email, password: PASSWORD } })).json()).mfaToken, code: recoveryCodes[0] } })).status()).toBe(200);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await enterPassword(page, email);
  await page.getByText("Lost your phone? Use a recovery code").click();
  await page.getByLabel("Recovery code", { exact: true }).fill(recoveryCodes[0]);
  await page.getByRole("button", { name: "Sign in with the recovery code" }).click();
  await expect(page.getByText("The code is not correct", { exact: true })).toBeVisible();
  await page.getByLabel("6-digit code").fill(codeFor(setup.secret, 1));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);
  await context.close();
});

test("the profile urges an owner without two-step sign-in to turn it on", async ({ page }) => {
  await page.goto("/quiz/auth/login");
  await page.getByLabel("Email").fill(DEMO_USERS.owner.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${DEMO_USERS.owner.home}$`));
  await page.goto("/quiz/user-profile");
  await expect(page.getByText("Recommended for owners")).toBeVisible();
  await page.getByRole("link", { name: "Set up two-step sign-in" }).click();
  await expect(page).toHaveURL(/#two-step$/);
});
