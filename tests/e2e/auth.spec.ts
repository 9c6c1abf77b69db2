import { createServer, type Server } from "node:http";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { DEMO_KEY_PAIR, DEMO_PASSWORD, DEMO_USERS, loginAs, uniqueEmail, type DemoRole } from "./fixtures";

/**
 * The auth journeys (spec 2.1, 2.2, 5, 8): registration, the three ways to sign in, the
 * key login URL, forgot/reset password through the outbox, logout, and the session routing
 * around the auth area.
 */

// The splash of the signed-in pages is not what these tests look at.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.sessionStorage.setItem("quiz.splashSeen", "1"));
});

const submitButton = (page: Page) => page.getByRole("button", { name: "Submit", exact: true });

async function fillRegistration(
  page: Page,
  values: { email: string; fullname?: string; username?: string; password?: string; confirmPassword?: string; role?: string },
) {
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Full name").fill(values.fullname ?? "Reggie Register");
  await page.getByLabel("Username").fill(values.username ?? `reggie${Date.now()}`);
  // The native radio is visually hidden inside its label: pick the option by its label.
  await page.getByRole("radiogroup", { name: "Select your role" }).getByText(values.role ?? "Student", { exact: true }).click();
  await page.getByLabel("Password", { exact: true }).fill(values.password ?? "Secret123!");
  await page.getByLabel("Confirm password").fill(values.confirmPassword ?? values.password ?? "Secret123!");
}

async function registerStudent(page: Page, email: string, password: string) {
  await page.goto("/quiz/auth/registration");
  await fillRegistration(page, { email, password });
  await page.getByText("I accept the terms & conditions").click();
  await submitButton(page).click();
  await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);
}

/** The newest password-reset e-mail to `email`, read from the owner's outbox through the API. */
async function resetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post("/api/auth/login", { data: { email: DEMO_USERS.owner.email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  let link: string | undefined;
  await expect(async () => {
    const list = await request.get("/api/outbox", { headers });
    expect(list.ok()).toBe(true);
    const { entities } = (await list.json()) as { entities: Array<{ id: number; to: string; tag: string | null }> };
    const mail = entities.find((entry) => entry.to === email && entry.tag === "password-reset");
    expect(mail, "reset e-mail in the outbox").toBeTruthy();
    const message = await request.get(`/api/outbox/${mail!.id}`, { headers });
    const { text } = (await message.json()) as { text: string };
    link = text.match(/https?:\/\/\S+\/quiz\/auth\/reset-password\/\S+/)?.[0];
    expect(link, "reset link in the e-mail").toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return new URL(link!).pathname;
}

test.describe("registration", () => {
  test("a new Student registers and lands on the quiz pool", async ({ page }) => {
    await registerStudent(page, uniqueEmail("student"), "Secret123!");
  });

  test("shows the mismatch and terms messages", async ({ page }) => {
    await page.goto("/quiz/auth/registration");
    const terms = page.getByRole("checkbox", { name: "I accept the terms & conditions" });
    const termsLabel = page.getByText("I accept the terms & conditions");

    // Submit stays disabled until the terms are accepted; un-ticking explains why.
    await expect(submitButton(page)).toBeDisabled();
    await termsLabel.click();
    await expect(terms).toBeChecked();
    await expect(submitButton(page)).toBeEnabled();
    await termsLabel.click();
    await expect(page.getByText("Accepting terms & conditions are required")).toBeVisible();
    await expect(submitButton(page)).toBeDisabled();

    await fillRegistration(page, { email: uniqueEmail("mismatch"), password: "Secret123!", confirmPassword: "Different123!" });
    await termsLabel.click();
    await submitButton(page).click();
    await expect(page.getByText("Password and Confirm Password didn't match.")).toBeVisible();
    await expect(page).toHaveURL(/\/quiz\/auth\/registration$/);
  });

  test("links to the terms and cancels back to the login screen", async ({ page }) => {
    await page.goto("/quiz/auth/registration");
    await expect(page.getByRole("link", { name: "Read the terms & conditions" })).toHaveAttribute("href", "/quiz/terms");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/quiz\/auth\/login$/);
  });

  test("the terms page is public and readable", async ({ page }) => {
    await page.goto("/quiz/terms");
    await expect(page.getByRole("heading", { level: 1, name: "Terms & conditions" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to registration" })).toBeVisible();
  });
});

test.describe("login", () => {
  test("a wrong password shows the server's message", async ({ page }) => {
    await page.goto("/quiz/auth/login");
    await page.getByLabel("Email").fill(DEMO_USERS.student.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The login detail is incorrect" })).toBeVisible();
    await expect(page).toHaveURL(/\/quiz\/auth\/login$/);
  });

  test("empty fields are reported under each field without a request", async ({ page }) => {
    await page.goto("/quiz/auth/login");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByLabel("Email")).toBeFocused();
  });

  for (const role of ["student", "teacher", "owner"] as DemoRole[]) {
    test(`the demo ${role} lands on ${DEMO_USERS[role].home}`, async ({ page }) => {
      await loginAs(page, role);
    });
  }

  test("a signed-in user visiting the login screen goes home", async ({ page }) => {
    await loginAs(page, "student");
    await page.goto("/quiz/auth/login");
    await expect(page).toHaveURL(new RegExp(`${DEMO_USERS.student.home}$`));
    await page.goto("/quiz/auth/registration");
    await expect(page).toHaveURL(new RegExp(`${DEMO_USERS.student.home}$`));
  });

  test("/auth and unknown auth paths go to the login screen", async ({ page }) => {
    await page.goto("/quiz/auth");
    await expect(page).toHaveURL(/\/quiz\/auth\/login$/);
    await page.goto("/quiz/auth/no-such-page");
    await expect(page).toHaveURL(/\/quiz\/auth\/login$/);
  });

  test("the side panel has the welcome text, the year and the site links", async ({ page }) => {
    await page.goto("/quiz/auth/login");
    const aside = page.getByRole("complementary", { name: "About the quiz app" });
    await expect(aside.getByText(/powered by the .+ multi-tenant system/)).toBeVisible();
    await expect(aside.getByText(String(new Date().getFullYear()))).toBeVisible();
    for (const name of ["Privacy", "Legal", "Contact"]) {
      await expect(aside.getByRole("link", { name })).toHaveAttribute("href", new RegExp(`/${name.toLowerCase()}$`));
    }
  });

  test("works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/quiz/auth/login");
    await page.getByLabel("Email").fill(DEMO_USERS.teacher.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${DEMO_USERS.teacher.home}$`));
    await context.close();
  });
});

test.describe("without JavaScript and in other languages", () => {
  test("registration reports the server's messages and then signs up", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/quiz/auth/registration");
    const email = uniqueEmail("nojs");
    await fillRegistration(page, { email, password: "Secret123!", confirmPassword: "Other123!" });
    await submitButton(page).click();
    await expect(page.getByText("Accepting terms & conditions are required")).toBeVisible();
    // What was typed (passwords excepted) comes back from the server.
    await expect(page.getByLabel("Email")).toHaveValue(email);

    await page.getByLabel("Password", { exact: true }).fill("Secret123!");
    await page.getByLabel("Confirm password").fill("Other123!");
    await page.getByText("I accept the terms & conditions").click();
    await submitButton(page).click();
    await expect(page.getByText("Password and Confirm Password didn't match.")).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill("Secret123!");
    await page.getByLabel("Confirm password").fill("Secret123!");
    await page.getByText("I accept the terms & conditions").click();
    await submitButton(page).click();
    await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);
    await context.close();
  });

  test("the auth screens follow the chosen language", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "lang", value: "fr", url: baseURL! }]);
    await page.goto("/quiz/auth/login");
    await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
    await page.getByLabel("E-mail").fill(uniqueEmail("nobody"));
    await page.getByLabel("Mot de passe", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Se connecter", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Les informations de connexion sont incorrectes" })).toBeVisible();
  });
});

test.describe("app keys", () => {
  test("a key login URL signs in automatically", async ({ page }) => {
    const { publicKey, privateKey, moduleId } = DEMO_KEY_PAIR;
    await page.goto(`/quiz/auth/login/${encodeURIComponent(publicKey)}/${encodeURIComponent(privateKey)}/${moduleId}`);
    await expect(page).toHaveURL(new RegExp(`${DEMO_USERS.student.home}$`));
  });

  test("a partial key URL asks for all data and marks the missing keys", async ({ page }) => {
    await page.goto(`/quiz/auth/login/${DEMO_KEY_PAIR.publicKey}`);
    await expect(page.getByText("Please provide all data i.e. public key, private key and module id.")).toBeVisible();
    await expect(page.getByText("Private key is invalid")).toBeVisible();
    await expect(page.getByText("Module id is invalid")).toBeVisible();
    await expect(page.getByLabel("Public key")).toHaveValue(DEMO_KEY_PAIR.publicKey);
  });

  test("a wrong private key in the URL shows the server's message", async ({ page }) => {
    await page.goto(`/quiz/auth/login/${DEMO_KEY_PAIR.publicKey}/wrong-private-key/${DEMO_KEY_PAIR.moduleId}`);
    await expect(page.getByRole("alert").filter({ hasText: "The login detail is incorrect" })).toBeVisible();
    await expect(page.getByLabel("Public key")).toHaveValue(DEMO_KEY_PAIR.publicKey);
  });

  test("the key form signs in", async ({ page }) => {
    await page.goto("/quiz/auth/login");
    await page.getByRole("link", { name: "Login with app keys" }).click();
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByText("Public key is invalid")).toBeVisible();
    await page.getByLabel("Public key").fill(DEMO_KEY_PAIR.publicKey);
    await page.getByLabel("Private key", { exact: true }).fill(DEMO_KEY_PAIR.privateKey);
    await page.getByLabel("Module id").fill(DEMO_KEY_PAIR.moduleId);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${DEMO_USERS.student.home}$`));
  });
});

test.describe("password reset", () => {
  test("forgot password e-mails a link that sets a new password", async ({ page, request }) => {
    const email = uniqueEmail("forgetful");
    await registerStudent(page, email, "Secret123!");
    await page.goto("/quiz/logout");
    await expect(page).toHaveURL(/\/quiz\/auth\/login$/);

    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/quiz\/auth\/forgot-password$/);
    // The format is checked once the field is left.
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Email").blur();
    await expect(page.getByText("Email is not valid")).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await submitButton(page).click();
    await expect(page).toHaveURL(/\/quiz\/auth\/login\?notice=reset-link-sent$/);
    await expect(page.getByRole("status").filter({ hasText: "Password reset link has been sent to your e-mail" })).toBeVisible();

    await page.goto(await resetLinkFor(request, email));
    await page.getByLabel("New password").fill("Changed456!");
    await page.getByLabel("Confirm password").fill("Changed456!");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL(/\/quiz\/auth\/login\?notice=password-changed$/);
    await expect(page.getByText("Your password has been changed.", { exact: false })).toBeVisible();

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Changed456!");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);
  });

  test("an unknown e-mail shows the not-found message above the form", async ({ page }) => {
    const email = uniqueEmail("nobody");
    await page.goto("/quiz/auth/forgot-password");
    await page.getByLabel("Email").fill(email);
    await submitButton(page).click();
    await expect(page.getByRole("alert").filter({ hasText: email })).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/quiz\/auth\/login$/);
  });
});

test.describe("logout", () => {
  test("/logout ends the session", async ({ page }) => {
    await loginAs(page, "teacher");
    await page.goto("/quiz/logout");
    await expect(page).toHaveURL(/\/quiz\/auth\/login$/);
    await page.goto("/quiz/teacher/quizPool");
    await expect(page).toHaveURL(/\/quiz\/auth\/login$/);
  });
});

/**
 * The provider popup against a stand-in OpenID Connect issuer started here. It needs the app
 * started with OIDC_ISSUER=http://localhost:$E2E_OIDC_PORT and OIDC_CLIENT_ID=quiz-e2e (and
 * the /auth/provider-callback route); without E2E_OIDC_PORT it is skipped.
 */
test.describe("provider sign-in", () => {
  const port = Number(process.env.E2E_OIDC_PORT ?? 0);
  test.skip(!port, "E2E_OIDC_PORT not set: the app runs without an OpenID Connect issuer");
  let server: Server | undefined;

  test.beforeAll(async () => {
    const issuer = `http://localhost:${port}`;
    const { publicKey, privateKey } = await generateKeyPair("RS256");
    const jwk = { ...(await exportJWK(publicKey)), kid: "e2e", alg: "RS256", use: "sig" };
    server = createServer(async (req, res) => {
      const url = new URL(req.url ?? "/", issuer);
      if (url.pathname === "/.well-known/openid-configuration") {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ issuer, authorization_endpoint: `${issuer}/authorize`, jwks_uri: `${issuer}/jwks` }));
      } else if (url.pathname === "/jwks") {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ keys: [jwk] }));
      } else if (url.pathname === "/authorize") {
        // Signs in at once as a new user, answering the implicit-flow request it got.
        const query = url.searchParams;
        const idToken = await new SignJWT({
          email: `popup-${Date.now()}@example.test`,
          email_verified: true,
          name: "Popup User",
          nonce: query.get("nonce"),
        })
          .setProtectedHeader({ alg: "RS256", kid: "e2e" })
          .setIssuer(issuer)
          .setAudience(query.get("client_id") ?? "")
          .setSubject(`popup-${Date.now()}`)
          .setIssuedAt()
          .setExpirationTime("5m")
          .sign(privateKey);
        const state = encodeURIComponent(query.get("state") ?? "");
        res.writeHead(302, { location: `${query.get("redirect_uri")}#id_token=${idToken}&state=${state}` });
        res.end();
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server!.listen(port, resolve));
  });

  test.afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  test("an unknown provider user becomes a Student and is signed in", async ({ page }) => {
    await page.goto("/quiz/auth/login");
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: /^Sign in with / }).click();
    const popup = await popupOpened;
    await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);
    // The popup may close before a "close" listener could be attached: poll its state.
    await expect.poll(() => popup.isClosed()).toBe(true);
  });
});
