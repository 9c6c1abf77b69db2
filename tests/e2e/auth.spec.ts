import { createServer, type Server } from "node:http";
import type { APIRequestContext, Page } from "@playwright/test";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from "jose";
import { expect, test, DEMO_KEY_PAIR, DEMO_PASSWORD, DEMO_USERS, loginAs, loginThroughForm, uniqueEmail, untilInteractive, type DemoRole } from "./fixtures";

/**
 * The auth journeys (spec 2.1, 2.2, 5, 8): registration, the three ways to sign in, the
 * key login URL, forgot/reset password through the outbox, logout, and the session routing
 * around the auth area.
 */

/** Passwords that pass the server's strength check (api/services/auth/password-strength.ts). */
const STRONG_PASSWORD = "Lantern-orbit-meadow-72";
const GUESSABLE_PASSWORD = "Password1234!";
const WEAK_MESSAGE = "This password is too easy to guess.";

const submitButton = (page: Page) => page.getByRole("button", { name: "Submit", exact: true });
const TERMS = "I accept the terms & conditions";
/** The registration page's terms box, and its label (what a user clicks). */
const termsLabel = (page: Page) => page.getByText(TERMS);

/**
 * Ticks the registration's terms box, then unticks it, through its label: Submit disabled
 * before, the box checked between (`whileTicked` checks more there) and unchecked after, the
 * state in which the "required" message must show.
 */
async function tickThenUntickTerms(page: Page, whileTicked?: () => Promise<void>) {
  const terms = page.getByRole("checkbox", { name: TERMS });
  await expect(submitButton(page)).toBeDisabled();
  await termsLabel(page).click();
  await expect(terms).toBeChecked();
  await whileTicked?.();
  await termsLabel(page).click();
  await expect(terms).not.toBeChecked();
}

async function fillRegistration(
  page: Page,
  values: { email: string; fullname?: string; username?: string; password?: string; confirmPassword?: string; role?: string },
) {
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Full name").fill(values.fullname ?? "Reggie Register");
  await page.getByLabel("Username").fill(values.username ?? `reggie${Date.now()}`);
  // The native radio is visually hidden inside its label: pick the option by its label.
  await page.getByRole("radiogroup", { name: "Select your role" }).getByText(values.role ?? "Student", { exact: true }).click();
  await page.getByLabel("Password", { exact: true }).fill(values.password ?? STRONG_PASSWORD);
  await page.getByLabel("Confirm password").fill(values.confirmPassword ?? values.password ?? STRONG_PASSWORD);
}

async function registerStudent(page: Page, email: string, password: string) {
  await page.goto("/quiz/auth/registration");
  await fillRegistration(page, { email, password });
  await termsLabel(page).click();
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

/** The path of the newest e-mail confirmation link sent to `email`, read from the owner's outbox. */
async function verificationLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post("/api/auth/login", { data: { email: DEMO_USERS.owner.email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  let link: string | undefined;
  await expect(async () => {
    const { entities } = (await (await request.get("/api/outbox", { headers })).json()) as {
      entities: Array<{ id: number; to: string; tag: string | null }>;
    };
    const mail = entities.find((entry) => entry.to === email && entry.tag === "email-verification");
    expect(mail, "confirmation e-mail in the outbox").toBeTruthy();
    const { text } = (await (await request.get(`/api/outbox/${mail!.id}`, { headers })).json()) as { text: string };
    link = text.match(/https?:\/\/\S+\/quiz\/auth\/verify-email\/\S+/)?.[0];
    expect(link, "confirmation link in the e-mail").toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return new URL(link!).pathname;
}

test.describe("e-mail confirmation", () => {
  test("a new account is unconfirmed on its profile, waits out the resend cool-down, and confirms with the mailed link", async ({ page, request }) => {
    test.slow(); // a whole journey: registration, profile, outbox, two visits of the link
    const email = uniqueEmail("confirm");
    await registerStudent(page, email, STRONG_PASSWORD);

    await page.goto("/quiz/user-profile");
    const box = page.getByRole("region", { name: "E-mail address" });
    await expect(box.getByText(email)).toBeVisible();
    await expect(box.getByText("Not confirmed")).toBeVisible();
    // The registration mail was just sent: the button shows the cool-down (asked for once the page runs).
    // Under a loaded machine the page's first reading has (rarely) come back without the
    // cool-down; asking to send again then gets the server's own answer: the same cool-down.
    const countdown = box.getByRole("button", { name: /^Send again in \d+ s$/ });
    const sendNow = box.getByRole("button", { name: "Send the link again" });
    await expect(countdown.or(sendNow)).toBeVisible({ timeout: 15_000 });
    if (await sendNow.isVisible()) await sendNow.click();
    await expect(countdown).toBeDisabled({ timeout: 15_000 });

    // The link page changes nothing until the person confirms.
    const link = await verificationLinkFor(request, email);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your e-mail address" })).toBeVisible();
    await page.goto("/quiz/user-profile");
    await expect(page.getByRole("region", { name: "E-mail address" }).getByText("Not confirmed")).toBeVisible();

    await page.goto(link);
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your e-mail address is confirmed" })).toBeVisible();
    await page.getByRole("link", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);

    await page.goto("/quiz/user-profile");
    await expect(page.getByRole("region", { name: "E-mail address" }).getByText("Confirmed", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /Send/ })).toHaveCount(0);

    // A second use of the link says so.
    await page.goto(link);
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "This confirmation link has already been used" })).toBeVisible();
  });

  test("the confirmation page speaks the chosen language", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "lang", value: "de", url: baseURL! }]);
    await page.goto("/quiz/auth/verify-email/not-a-real-token");
    await expect(page.getByRole("heading", { level: 1, name: "Bestätigen Sie Ihre E-Mail-Adresse" })).toBeVisible();
    await page.getByRole("button", { name: "Meine E-Mail-Adresse bestätigen" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Dieser Bestätigungslink ist ungültig" })).toBeVisible();
  });
});

test.describe("registration", () => {
  test("a new Student registers and lands on the quiz pool", async ({ page }) => {
    await registerStudent(page, uniqueEmail("student"), STRONG_PASSWORD);
  });

  test("refuses a guessable password with the server's message on the password field", async ({ page }) => {
    await page.goto("/quiz/auth/registration");
    const email = uniqueEmail("guessable");
    await fillRegistration(page, { email, username: "guessable", password: GUESSABLE_PASSWORD });
    await termsLabel(page).click();
    await submitButton(page).click();
    const password = page.getByLabel("Password", { exact: true });
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(WEAK_MESSAGE)).toBeVisible();
    await expect(page).toHaveURL(/\/quiz\/auth\/registration$/);
  });

  test("shows the mismatch and terms messages", async ({ page }) => {
    await page.goto("/quiz/auth/registration");
    // Submit stays disabled until the terms are accepted; un-ticking explains why.
    await tickThenUntickTerms(page, () => expect(submitButton(page)).toBeEnabled());
    await expect(page.getByText("Accepting terms & conditions are required")).toBeVisible();
    await expect(submitButton(page)).toBeDisabled();

    await fillRegistration(page, { email: uniqueEmail("mismatch"), password: STRONG_PASSWORD, confirmPassword: "Different-harbor-91" });
    await termsLabel(page).click();
    await submitButton(page).click();
    await expect(page.getByText("Password and Confirm Password didn't match.")).toBeVisible();
    await expect(page).toHaveURL(/\/quiz\/auth\/registration$/);
  });

  test("a terms box unticked before the form's checks have loaded still says why, once they arrive", async ({ page }) => {
    // The account forms' schemas load on first use (lazy-schemas.ts); on a slow line (CI at load
    // 18 once) the box was unticked before they came and the message never showed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/quiz\/assets\/schemas-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/quiz/auth/registration");
    await tickThenUntickTerms(page);
    release();
    await expect(page.getByText("Accepting terms & conditions are required")).toBeVisible();
    await expect(submitButton(page)).toBeDisabled();
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
      await loginThroughForm(page, role);
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
    await fillRegistration(page, { email, password: STRONG_PASSWORD, confirmPassword: "Other-harbor-quartz-3" });
    await submitButton(page).click();
    await expect(page.getByText("Accepting terms & conditions are required")).toBeVisible();
    // What was typed (passwords excepted) comes back from the server.
    await expect(page.getByLabel("Email")).toHaveValue(email);

    await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel("Confirm password").fill("Other-harbor-quartz-3");
    await termsLabel(page).click();
    await submitButton(page).click();
    await expect(page.getByText("Password and Confirm Password didn't match.")).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill(GUESSABLE_PASSWORD);
    await page.getByLabel("Confirm password").fill(GUESSABLE_PASSWORD);
    await termsLabel(page).click();
    await submitButton(page).click();
    await expect(page.getByText(WEAK_MESSAGE)).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel("Confirm password").fill(STRONG_PASSWORD);
    await termsLabel(page).click();
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
    await expect(page).toHaveURL(/\/quiz\/auth\/login\?method=keys$/);
    await expect(page.getByLabel("Public key")).toHaveValue(DEMO_KEY_PAIR.publicKey);
  });

  test("the key form signs in", async ({ page }) => {
    await page.goto("/quiz/auth/login");
    // Issue 25 point 6: both ways of the one form say "Sign in", never "Login".
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Sign in with app keys" }).click();
    // Both forms' buttons say "Sign in": click only once the key form has replaced the password
    // form (a click in between, seen in CI at load 18, went to the password form).
    await expect(page.getByLabel("Public key")).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText(/\bLog ?in\b/);
    await untilInteractive(page);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Public key is invalid")).toBeVisible();
    await page.getByLabel("Public key").fill(DEMO_KEY_PAIR.publicKey);
    await page.getByLabel("Private key", { exact: true }).fill(DEMO_KEY_PAIR.privateKey);
    await page.getByLabel("Module id").fill(DEMO_KEY_PAIR.moduleId);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${DEMO_USERS.student.home}$`));
  });
});

test.describe("password reset", () => {
  test("forgot password e-mails a link that sets a new password", async ({ page, request }) => {
    // Four password hashes (register, refused and accepted reset, sign-in) on a shared machine.
    test.slow();
    const email = uniqueEmail("forgetful");
    await registerStudent(page, email, STRONG_PASSWORD);
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
    // A guessable password is refused on its field, and the link still works.
    await page.getByLabel("New password").fill("Changed45678");
    await page.getByLabel("Confirm password").fill("Changed45678");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText(WEAK_MESSAGE)).toBeVisible();
    await expect(page.getByLabel("New password")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("New password").fill("Changed-harbor-quartz-5");
    await page.getByLabel("Confirm password").fill("Changed-harbor-quartz-5");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL(/\/quiz\/auth\/login\?notice=password-changed$/);
    await expect(page.getByText("Your password has been changed.", { exact: false })).toBeVisible();

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Changed-harbor-quartz-5");
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
 * the /auth/provider-callback route); without E2E_OIDC_PORT it is skipped. Like a real
 * provider, the issuer insists on the nonce and state the app's server put into the request.
 */
/**
 * The issuer's signing key, the same for the whole run: the app caches the issuer's JWKS, so
 * a retry or repeat in a new worker must not come back with a different key under the same kid.
 * (.e2e-data is the run's fresh data folder, see playwright.config.ts.)
 */
async function issuerKeyPair() {
  const file = path.join(".e2e-data", "e2e-issuer-key.json");
  try {
    const saved = JSON.parse(await readFile(file, "utf8")) as { privateKey: JWK; publicKey: JWK };
    return { privateKey: await importJWK(saved.privateKey, "RS256"), publicKey: await importJWK(saved.publicKey, "RS256") };
  } catch {
    const pair = await generateKeyPair("RS256", { extractable: true });
    await writeFile(file, JSON.stringify({ privateKey: await exportJWK(pair.privateKey), publicKey: await exportJWK(pair.publicKey) }));
    return pair;
  }
}

test.describe("provider sign-in", () => {
  const port = Number(process.env.E2E_OIDC_PORT ?? 0);
  test.skip(!port, "E2E_OIDC_PORT not set: the app runs without an OpenID Connect issuer");
  // One issuer on one port: the journeys of this group run in one worker, one after another.
  test.describe.configure({ mode: "serial" });
  const issuer = `http://localhost:${port}`;
  let server: Server | undefined;
  let signIdToken: (claims: Record<string, unknown>, audience: string) => Promise<string>;
  /** Who the issuer signs in next; by default a new person each time. */
  let nextPerson: { sub: string; email: string } | null = null;
  const authorizeRequests: URLSearchParams[] = [];

  test.beforeAll(async () => {
    const { publicKey, privateKey } = await issuerKeyPair();
    const jwk = { ...(await exportJWK(publicKey)), kid: "e2e", alg: "RS256", use: "sig" };
    signIdToken = (claims, audience) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: "e2e" })
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(privateKey);
    server = createServer(async (req, res) => {
      const url = new URL(req.url ?? "/", issuer);
      if (url.pathname === "/.well-known/openid-configuration") {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ issuer, authorization_endpoint: `${issuer}/authorize`, jwks_uri: `${issuer}/jwks` }));
      } else if (url.pathname === "/jwks") {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ keys: [jwk] }));
      } else if (url.pathname === "/authorize") {
        // Signs in at once, answering the implicit-flow request it got.
        const query = url.searchParams;
        authorizeRequests.push(query);
        const nonce = query.get("nonce");
        const state = query.get("state");
        if (!nonce || !state) {
          res.writeHead(400, { "content-type": "text/plain" }).end("nonce and state are required");
          return;
        }
        const person = nextPerson ?? { sub: `popup-${Date.now()}`, email: `popup-${Date.now()}@example.test` };
        const idToken = await signIdToken(
          { sub: person.sub, email: person.email, email_verified: true, name: "Popup User", nonce },
          query.get("client_id") ?? "",
        );
        res.writeHead(302, { location: `${query.get("redirect_uri")}#id_token=${idToken}&state=${encodeURIComponent(state)}` });
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

  async function signInWithProvider(page: Page) {
    await page.goto("/quiz/auth/login");
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: /^Sign in with / }).click();
    const popup = await popupOpened;
    // The popup may close before a "close" listener could be attached: poll its state.
    await expect.poll(() => popup.isClosed()).toBe(true);
  }

  test("an unknown provider user becomes a Student and is signed in", async ({ page }) => {
    nextPerson = null;
    await signInWithProvider(page);
    await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);
    // The server, not the page, chose the request's nonce and state.
    const sent = authorizeRequests.at(-1)!;
    expect(sent.get("nonce")).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(sent.get("state")).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(sent.get("redirect_uri")).toMatch(/\/quiz\/auth\/provider-callback$/);
  });

  test("a pre-registered, unconfirmed account is not linked until its e-mail is confirmed", async ({ page, browser, request }) => {
    test.slow(); // two browsers, two popups and the outbox
    // Someone registers the address with a password of their own …
    const email = uniqueEmail("victim");
    const registrant = await browser.newContext();
    const registrantPage = await registrant.newPage();
    await registerStudent(registrantPage, email, STRONG_PASSWORD);

    // … the address's owner signs in with the provider: refused, with what to do instead.
    nextPerson = { sub: `owner-of-${email}`, email };
    await signInWithProvider(page);
    await expect(
      page.getByRole("alert").filter({ hasText: "An account with this e-mail exists but its e-mail address is not confirmed yet" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/quiz\/auth\/login$/);

    // Once the e-mail is confirmed (by whoever reads that mailbox), the sign-in links as before.
    await registrantPage.goto(await verificationLinkFor(request, email));
    await registrantPage.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await expect(registrantPage.getByRole("status").filter({ hasText: "Your e-mail address is confirmed" })).toBeVisible();
    await registrant.close();

    await signInWithProvider(page);
    await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);
    nextPerson = null;
  });

  test("the server refuses a token that was not issued for this browser's request", async ({ browser, baseURL }) => {
    const victim = await browser.newContext({ baseURL });
    const attacker = await browser.newContext({ baseURL });
    const start = async (context: typeof victim) => (await (await context.request.post("/api/auth/provider/start")).json()) as { state: string; nonce: string };
    const victimRequest = await start(victim);
    const attackerRequest = await start(attacker);
    const attackerToken = await signIdToken(
      { sub: "attacker", email: uniqueEmail("attacker"), email_verified: true, nonce: attackerRequest.nonce },
      "quiz-e2e",
    );

    const injected = await victim.request.post("/api/auth/provider/callback", { data: { token: attackerToken, state: victimRequest.state } });
    expect(injected.status()).toBe(401);
    expect((await injected.json()).message).toBe("The sign-in token was not issued for this sign-in request. Please try again");

    const own = await attacker.request.post("/api/auth/provider/callback", { data: { token: attackerToken, state: attackerRequest.state } });
    expect(own.status()).toBe(200);
    const replay = await attacker.request.post("/api/auth/provider/callback", { data: { token: attackerToken, state: attackerRequest.state } });
    expect(replay.status()).toBe(400);
    await victim.close();
    await attacker.close();
  });
});
