import type { Page } from "@playwright/test";
import { truncateEmail } from "../../app/components/layout/truncate-email";
import { expect, test, DEMO_PASSWORD, DEMO_USERS, loginAs, uniqueEmail } from "./fixtures";

/**
 * The authenticated chrome (spec 2.1, 2.3-2.7, 4, 8): landing pages and menus per role,
 * area guards, language switch, user type switch, user panel, error pages, 404, scroll to
 * top, session expiry, the small-screen drawer and the owner's outbox.
 */

/** The permanent side menu (lg and up), whatever the interface language. */
const mainMenu = (page: Page) => page.locator("aside").getByRole("navigation");

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/quiz/auth/login");
  await page.getByLabel(/e-?mail/i).first().fill(email);
  await page.getByLabel(/^password/i).first().fill(password);
  await page.getByRole("button", { name: /^(sign in|log in|login)$/i }).first().click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

test.describe("signed out", () => {
  test("a protected page sends the visitor to the login screen", async ({ page }) => {
    await page.goto("/quiz/student/quizPool");
    await expect(page).toHaveURL(/\/quiz\/auth\/login$/);
  });

  test("the error pages show their texts", async ({ page }) => {
    await page.goto("/quiz/error");
    await expect(page).toHaveURL(/\/quiz\/error\/error-v2$/);
    await expect(page.getByRole("heading", { level: 1, name: "OOPS!" })).toBeVisible();
    await expect(page.getByText("Something went wrong here", { exact: true })).toBeVisible();

    await page.goto("/quiz/error/error-v1");
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "OOPS! Something went wrong here" })).toBeVisible();

    await page.goto("/quiz/error/error-v3");
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "How did you get here" })).toBeVisible();
    await expect(page.getByText("Sorry we can't seem to find the page you're looking for.")).toBeVisible();
    await expect(page.getByText(/misspelling in the URL/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to home page" })).toHaveAttribute("href", "/quiz");
  });
});

test.describe("first visit", () => {
  test("a server-drawn page is usable at first paint: no splash over it, and it turns interactive", async ({ page }, testInfo) => {
    // Watch the whole load for a splash put over the page, however briefly, and note when
    // the app has hydrated (the data-hydrating mark leaves <html>).
    await page.addInitScript(() => {
      const state = { splash: false, interactiveAt: 0 };
      (window as unknown as { firstVisit: typeof state }).firstVisit = state;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="splash-screen"]')) state.splash = true;
        const root = document.documentElement;
        if (root && !root.hasAttribute("data-hydrating") && !state.interactiveAt && document.body) state.interactiveAt = performance.now();
      }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-hydrating"] });
    });
    await page.goto("/quiz/auth/login", { waitUntil: "domcontentloaded" });
    // Usable as soon as it is parsed: the field is what a click at its centre reaches.
    const email = page.getByLabel(/^e-?mail/i).first();
    await expect(email).toBeVisible();
    const reached = await email.evaluate((field) => {
      const box = field.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit === field || field.contains(hit);
    });
    expect(reached).toBe(true);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrating");
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const state = (window as unknown as { firstVisit: { splash: boolean; interactiveAt: number } }).firstVisit;
      return { splash: state.splash, usable: Math.round(nav.domContentLoadedEventEnd), interactive: Math.round(state.interactiveAt) };
    });
    expect(timing.splash).toBe(false);
    expect(timing.interactive).toBeGreaterThan(0);
    // Measured, not held to a number (a timed assertion would flake on a loaded machine):
    // reported beside the run and in the test's annotations.
    const note = `first visit to /quiz/auth/login: usable at ${timing.usable} ms, interactive at ${timing.interactive} ms`;
    testInfo.annotations.push({ type: "first-visit", description: note });
    console.log(note);
  });

  test("what is typed before the page has hydrated is kept, and signs in", async ({ page }) => {
    // The page's scripts are held until the fields are filled: the server's page alone is on screen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/quiz\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/quiz/auth/login", { waitUntil: "domcontentloaded" });
    await expect(page.locator("html")).toHaveAttribute("data-hydrating");
    await page.getByLabel(/^e-?mail/i).first().fill(DEMO_USERS.student.email);
    await page.getByLabel(/^password/i).first().fill(DEMO_PASSWORD);
    release();
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrating");
    await expect(page.getByLabel(/^e-?mail/i).first()).toHaveValue(DEMO_USERS.student.email);
    await expect(page.getByLabel(/^password/i).first()).toHaveValue(DEMO_PASSWORD);
    // React's state holds them too: the hydrated form signs in with them.
    await page.getByRole("button", { name: /^(sign in|log in|login)$/i }).first().click();
    await expect(page).toHaveURL(new RegExp(`${DEMO_USERS.student.home}$`));
  });

  test("a role and the terms chosen before the registration page has hydrated are kept, and sign up", async ({ page }) => {
    // Why auth.spec.ts's registrations failed once on a loaded machine (ended on the registration
    // page): the terms box ticked before hydration was unticked by it, so Submit stayed disabled.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/quiz\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/quiz/auth/registration", { waitUntil: "domcontentloaded" });
    await expect(page.locator("html")).toHaveAttribute("data-hydrating");
    await page.getByLabel("Email").fill(uniqueEmail("early"));
    await page.getByLabel("Full name").fill("Early Bird");
    await page.getByLabel("Username").fill(`early${Date.now()}`);
    await page.getByRole("radiogroup", { name: "Select your role" }).getByText("Student", { exact: true }).click();
    await page.getByLabel("Password", { exact: true }).fill("Lantern-orbit-meadow-72");
    await page.getByLabel("Confirm password").fill("Lantern-orbit-meadow-72");
    await page.getByText("I accept the terms & conditions").click();
    release();
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrating");
    await expect(page.getByRole("checkbox", { name: "I accept the terms & conditions" })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Student" })).toBeChecked();
    const submit = page.getByRole("button", { name: "Submit", exact: true });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);
  });
});

test.describe("signed in", () => {
  test("a student lands on the quiz pool and sees the student menu", async ({ page }) => {
    await loginAs(page, "student");
    await expect(page.getByRole("heading", { level: 1, name: "Quiz Pool" })).toBeVisible();
    await expect(mainMenu(page).getByRole("link")).toHaveText(["Quiz Pool", "Taken Quiz", "Subscription", "My classes", "Dashboard", "Leader Board"]);
    await expect(mainMenu(page).getByRole("link", { name: "Quiz Pool" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy" })).toHaveAttribute("href", /\/privacy$/);

    await mainMenu(page).getByRole("link", { name: "Taken Quiz" }).click();
    await expect(page).toHaveURL(/\/quiz\/student\/takenQuiz$/);
    await expect(page.getByRole("heading", { level: 1, name: "Taken Quiz" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Taken Quiz" })).toBeVisible();
  });

  test("a teacher lands on the teacher quiz pool and sees the teacher menu", async ({ page }) => {
    await loginAs(page, "teacher");
    await expect(mainMenu(page).getByRole("link")).toHaveText(["Quiz Pool", "Questions", "Feedback", "Classes", "Reports", "Dashboard", "Leader Board"]);
    await page.goto("/quiz/teacher/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });

  test("the owner lands on the admin leader board and sees the owner's entries", async ({ page }) => {
    await loginAs(page, "owner");
    await expect(page.getByRole("heading", { level: 1, name: "Leader Board" })).toBeVisible();
    await expect(mainMenu(page).getByRole("link")).toHaveText(["Leader Board", "Quiz Setting", "Dashboard", "School quizzes", "Question bank", "Students' feedback", "School classes", "School reports", "Payment Settings", "Users", "Outbox", "LMS platforms"]);
    await mainMenu(page).getByRole("link", { name: "Payment Settings" }).click();
    await expect(page).toHaveURL(/\/quiz\/admin\/subscription$/);
    await expect(page.getByRole("heading", { level: 1, name: "Payment Settings" })).toBeVisible();
  });

  test("a student cannot open the teacher or admin areas", async ({ page }) => {
    await loginAs(page, "student");
    await expect(mainMenu(page).getByRole("link")).toHaveText(["Quiz Pool", "Taken Quiz", "Subscription", "My classes", "Dashboard", "Leader Board"]);

    await page.goto("/quiz/teacher/quizPool");
    await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);
    await page.goto("/quiz/admin/quizSetting");
    await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);
    await page.goto("/quiz/admin/outbox");
    await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);
  });

  test("an unknown path shows the 404 page; an unknown area path goes to the error page", async ({ page }) => {
    await loginAs(page, "student");
    const response = await page.goto("/quiz/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "How did you get here" })).toBeVisible();

    await page.goto("/quiz/student/no-such-page");
    await expect(page).toHaveURL(/\/quiz\/error\/error-v2$/);
    await expect(page.getByRole("heading", { level: 1, name: "OOPS!" })).toBeVisible();
  });

  test("switching the language to French re-renders the page in French and survives a reload", async ({ page }) => {
    await loginAs(page, "student");
    await page.getByRole("button", { name: "EN, Language: English" }).click();
    // The menu's code may still be arriving (it loads on the button's first hover or press):
    // wait for its six items before reading them (allTextContents does not wait).
    await expect(page.getByRole("menuitemradio")).toHaveCount(6);
    const items = await page.getByRole("menuitemradio").allTextContents();
    expect(items.slice(0, 2)).toEqual(["English", "Français"]);
    await page.getByRole("menuitemradio", { name: "Français" }).click();

    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(mainMenu(page).getByRole("link", { name: "Banque de quiz" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Langue : Français" })).toBeVisible();

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("navigation", { name: "Menu principal" }).first()).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "lang")).toMatchObject({ value: "fr", path: "/" });
  });

  test("a student with a low enough role level switches to Teacher and back", async ({ page }) => {
    await signIn(page, DEMO_USERS.student2.email);
    // Left as a Teacher by an earlier interrupted run: switch back first.
    if (/\/teacher\//.test(page.url())) {
      await page.getByRole("button", { name: "Switch to Student" }).click();
      await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);
    }
    await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);

    await page.getByRole("button", { name: "Switch to Teacher" }).click();
    await expect(page).toHaveURL(/\/quiz\/teacher\/quizPool$/);
    await expect(mainMenu(page).getByRole("link")).toHaveText(["Quiz Pool", "Questions", "Feedback", "Classes", "Reports", "Dashboard", "Leader Board"]);

    // The new user type is in the session itself: a fresh page load stays in the teacher area.
    await page.goto("/quiz/");
    await expect(page).toHaveURL(/\/quiz\/teacher\/quizPool$/);

    await page.getByRole("button", { name: "Switch to Student" }).click();
    await expect(page).toHaveURL(/\/quiz\/student\/quizPool$/);
    await expect(mainMenu(page).getByRole("link")).toHaveText(["Quiz Pool", "Taken Quiz", "Subscription", "My classes", "Dashboard", "Leader Board"]);
  });

  test("a student at role level 8 has no user type switch", async ({ page }) => {
    await loginAs(page, "student");
    await expect(page.getByRole("banner").getByText(DEMO_USERS.student.fullname)).toBeVisible();
    await expect(page.getByRole("button", { name: /Switch to/ })).toHaveCount(0);
  });

  test("the user panel shows the user and signs out", async ({ page }) => {
    await loginAs(page, "student");
    await page.getByRole("button", { name: /Sam Student/ }).click();
    const panel = page.getByRole("dialog", { name: "User Profile" });
    await expect(panel).toBeVisible();
    await expect(panel.getByText("Sam Student", { exact: true })).toBeVisible();
    await expect(panel.getByText("Student", { exact: true })).toBeVisible();
    await expect(panel.getByText("Demo School")).toBeVisible();
    await expect(panel.getByText("Science")).toBeVisible();
    await expect(panel.getByRole("link", { name: "Quiz" })).toBeVisible();

    // Spec 2.1: the profile and the settings page are navigation targets of the panel.
    await panel.getByRole("link", { name: "Account settings" }).click();
    await expect(page).toHaveURL(/\/quiz\/settings\/personal-information$/);
    await expect(panel).toBeHidden();
    await page.getByRole("button", { name: /Sam Student/ }).click();
    await panel.getByRole("link", { name: "My profile" }).click();
    await expect(page).toHaveURL(/\/quiz\/user-profile$/);
    await page.getByRole("button", { name: /Sam Student/ }).click();
    await expect(panel).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();

    await page.getByRole("button", { name: /Sam Student/ }).click();
    await page.getByRole("dialog", { name: "User Profile" }).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/quiz\/auth\/login$/, { timeout: 15_000 });
    await page.goto("/quiz/student/quizPool");
    await expect(page).toHaveURL(/\/quiz\/auth\/login$/);
  });

  test("the user panel truncates a long e-mail address to 20 characters", async ({ page }) => {
    const email = uniqueEmail("shell-panel");
    const password = "Long-Email-Pass-1";
    const registered = await page.request.post("/api/auth/register", {
      data: { email, fullname: "Lena Longmail", username: email.split("@")[0], password },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    await page.context().clearCookies(); // sign in through the form, like a person would

    await signIn(page, email, password);
    await page.getByRole("button", { name: /Lena Longmail/ }).click();
    const panel = page.getByRole("dialog", { name: "User Profile" });
    const shown = truncateEmail(email);
    expect(shown).toHaveLength(23);
    expect(shown.endsWith("...")).toBe(true);
    await expect(panel.getByText(shown, { exact: true })).toBeVisible();
    await expect(panel.getByText(email, { exact: true })).toBeAttached(); // full address for screen readers
  });

  test("the quick panel lists the business's modules", async ({ page }) => {
    await loginAs(page, "teacher");
    await page.getByRole("button", { name: "Modules" }).click();
    const panel = page.getByRole("dialog", { name: "Modules" });
    await expect(panel.getByRole("link", { name: /Quiz/ })).toHaveAttribute("aria-current", "true");
    // Issue 18 point 7: the own module is this deployment (APP_URL, here the e2e port), not the demo data's localhost:3000.
    await expect(panel.getByRole("link", { name: /Quiz/ })).toHaveAttribute("href", new URL(page.url()).origin);
  });

  test("the scroll-to-top button appears after 300 px of scroll", async ({ page }) => {
    await loginAs(page, "student");
    const button = page.getByRole("button", { name: "Scroll to top" });
    await expect(button).toHaveCount(0);
    await page.evaluate(() => {
      document.getElementById("main-content")!.style.minHeight = "4000px";
    });
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect(button).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 800));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toHaveCount(0);
  });

  test("an expired session shows the 'Session expired' dialog, then goes to the login screen", async ({ page, context }) => {
    await loginAs(page, "student");
    const url = new URL(page.url());
    await context.clearCookies({ name: "quiz_refresh" });
    await context.addCookies([{ name: "quiz_access", value: "expired.token.value", domain: url.hostname, path: "/" }]);

    await mainMenu(page).getByRole("link", { name: "Taken Quiz" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Session expired" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Your session has expired. Login again")).toBeVisible();
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(page).toHaveURL(/\/quiz\/auth\/login$/, { timeout: 15_000 });
  });

  test("below lg the menu is a drawer opened from the header", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await loginAs(page, "student");
    await expect(page.locator("aside")).toBeHidden();
    // Only the initial shows, but the button keeps the user's name for screen readers.
    await expect(page.getByRole("button", { name: /Sam Student/ })).toBeVisible();
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Main menu" });
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: "Subscription" }).click();
    await expect(page).toHaveURL(/\/quiz\/student\/subscription$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Subscription" })).toBeVisible();
  });

  test("the owner reads the outbox and one message in a sandboxed frame", async ({ page }) => {
    // A password reset for the owner puts one e-mail into the business's outbox.
    const reset = await page.request.post("/api/auth/forgot-password", { data: { email: DEMO_USERS.owner.email } });
    expect(reset.status()).toBeLessThan(500);

    await loginAs(page, "owner");
    await mainMenu(page).getByRole("link", { name: "Outbox" }).click();
    await expect(page).toHaveURL(/\/quiz\/admin\/outbox$/);
    await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
    // The e2e server has no mail provider: the page says the outbox is the delivery itself.
    await expect(page.getByText(/No mail provider is configured, so this outbox is the delivery itself/)).toBeVisible();
    for (const column of ["To", "Subject", "Tag", "Status", "Date"]) {
      await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
    }
    await expect(page.getByLabel("Rows per page")).toHaveValue("10");

    const firstRow = page.getByRole("row").nth(1);
    await expect(firstRow.getByRole("cell").first()).toHaveText(DEMO_USERS.owner.email);
    await firstRow.getByRole("link").click();
    await expect(page).toHaveURL(/\/quiz\/admin\/outbox\/\d+$/);
    await expect(page.locator("iframe")).toHaveAttribute("sandbox", "");
    await expect(page.getByRole("heading", { name: "Text version" })).toBeVisible();
    await page.getByRole("link", { name: /Back to Outbox/ }).click();

    await page.getByLabel("Rows per page").selectOption("20");
    await expect(page).toHaveURL(/size=20/);
    await page.goto("/quiz/admin/outbox?size=30&page=99");
    await expect(page.getByText("No records found")).toBeVisible();
  });

  test("without JavaScript the page and its menu still work", async ({ browser, page }) => {
    await loginAs(page, "student");
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 800 },
      storageState: await page.context().storageState(),
    });
    const plain = await noScript.newPage();
    await plain.goto("/quiz/student/quizPool");
    await expect(plain.getByTestId("splash-screen")).toBeHidden();
    await expect(plain.getByRole("heading", { level: 1, name: "Quiz Pool" })).toBeVisible();
    const menu = plain.locator("aside").getByRole("navigation");
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Taken Quiz" }).click();
    await expect(plain).toHaveURL(/\/quiz\/student\/takenQuiz$/);
    await expect(plain.getByRole("heading", { level: 1, name: "Taken Quiz" })).toBeVisible();
    await noScript.close();
  });
});
