import { expect, test, type APIRequestContext } from "@playwright/test";
import { uniqueEmail } from "./fixtures";

/**
 * The forms show a throttle's 429 like any other failure: the message, translated, above
 * the form. The counters are filled through the API first (the same counters the forms'
 * actions use), so each test stays fast.
 */

async function postTimes(request: APIRequestContext, times: number, path: string, data: Record<string, unknown>, expected: number[]) {
  for (let i = 0; i < times; i++) {
    const res = await request.post(path, { data: typeof data.private_key === "string" ? { ...data, private_key: `${data.private_key}-${i}` } : data });
    expect(expected).toContain(res.status());
  }
}

test("the login form shows the lock after 10 failed sign-ins for one account", async ({ page, request }) => {
  // Ten full password verifications (~200 ms each, more on a busy machine) come first.
  test.setTimeout(90_000);
  const email = uniqueEmail("locked");
  await postTimes(request, 10, "/api/auth/login", { email, password: "wrong-password" }, [401]);
  await page.goto("/quiz/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: /^Too many failed sign-in attempts\. Please try again in 15 min\.$/ })).toBeVisible();
});

test("the registration form shows the hourly limit for one e-mail", async ({ page, request }) => {
  const email = uniqueEmail("eager");
  const body = { email, fullname: "Eager Pupil", username: `eager${Date.now()}`, password: "Vq7#pL2!zR9m-quiz", userType: "Student" };
  await postTimes(request, 5, "/api/auth/register", body, [201, 409]);
  await page.goto("/quiz/auth/registration");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Full name").fill("Eager Pupil");
  await page.getByLabel("Username").fill(`eager${Date.now()}b`);
  await page.getByRole("radiogroup", { name: "Select your role" }).getByText("Student", { exact: true }).click();
  await page.getByLabel("Password", { exact: true }).fill("Vq7#pL2!zR9m-quiz");
  await page.getByLabel("Confirm password").fill("Vq7#pL2!zR9m-quiz");
  await page.getByText("I accept the terms & conditions").click();
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: /^Too many attempts\. Please try again in \d+ min\.$/ })).toBeVisible();
});

test("the forgot-password form shows the hourly limit, in the user's language", async ({ page, context, request, baseURL }) => {
  const email = uniqueEmail("forgetful");
  await postTimes(request, 5, "/api/auth/forgot-password", { email }, [404]);
  await context.addCookies([{ name: "lang", value: "fr", url: baseURL! }]);
  await page.goto("/quiz/auth/forgot-password");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Valider", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: /^Trop de tentatives\. Veuillez réessayer dans \d+ min\.$/ })).toBeVisible();
});

test("a key login URL meets the lock after 30 wrong private keys for its public key", async ({ page, request }) => {
  const publicKey = `pk_e2e_${Date.now()}`;
  await postTimes(request, 30, "/api/auth/login_using_keys", { public_key: publicKey, private_key: "sk_guess", module_id: "quiz" }, [401]);
  await page.goto(`/quiz/auth/login/${publicKey}/sk_guess-final/quiz`);
  await expect(page.getByRole("alert").filter({ hasText: /^Too many failed sign-in attempts\. Please try again in 15 min\.$/ })).toBeVisible();
});
