import { expect, test, type APIRequestContext } from "@playwright/test";
import { uniqueEmail } from "./fixtures";

/**
 * Issue 25 point 17: the profile page's answers that show a new private key or a two-step
 * secret go out `Cache-Control: no-store` and uncompressed (BREACH), as the browser's own
 * form post (.data) and as a plain form post.
 */
test.describe.configure({ timeout: 90_000 });
const PASSWORD = "copper meadow violin 41";

async function newAccount(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail("secret");
  const res = await request.post("/api/auth/register", { data: { email, fullname: "Kim Keys", username: `kim${Date.now()}`, password: PASSWORD, userType: "Student" } });
  expect(res.status()).toBe(201);
  return email;
}

test("a new key pair and a two-step secret are answered no-store and never compressed", async ({ page, playwright, baseURL }) => {
  // Registered from a context of its own: the page signs in through the form.
  const email = await newAccount(await playwright.request.newContext({ baseURL }));
  await page.goto("/quiz/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);

  await page.goto("/quiz/user-profile");
  const keys = page.getByRole("region", { name: "Key pair" });
  await keys.getByLabel("Current password").fill(PASSWORD);
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/quiz/user-profile")),
    keys.getByRole("button", { name: "Create key pair" }).click(),
  ]);
  expect(await answer.headerValue("cache-control")).toMatch(/no-store/);
  expect(await answer.headerValue("content-encoding")).toBeNull();
  await expect(keys.getByLabel("Private key")).not.toHaveValue("");

  // The same action as a plain form post (no script): the whole page, with the secret in it.
  for (const form of [{ intent: "create-key", currentPassword: PASSWORD }, { intent: "mfa-setup", currentPassword: PASSWORD }]) {
    const post = await page.request.post("/quiz/user-profile", { form, headers: { Origin: baseURL!, "Accept-Encoding": "gzip, br" } });
    expect(post.status(), form.intent).toBe(200);
    expect(post.headers()["cache-control"], form.intent).toMatch(/no-store/);
    expect(post.headers()["content-encoding"], form.intent).toBeUndefined();
  }
});
