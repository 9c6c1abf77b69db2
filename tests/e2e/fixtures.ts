import { expect, test as base, type Page } from "@playwright/test";
import { testsDriveHeadlessShell } from "../chromium";
import { resizeLeavingFullScreen } from "./full-screen-resize";

/**
 * Every browser test fails on a Content-Security-Policy violation (server/content-security-
 * policy.ts): a `securitypolicyviolation` event in any page or popup of the test, or a
 * console message about the policy (reported even where the event is not).
 */
export const test = base.extend<{ failOnCspViolation: void }, { fullScreenResizes: void }>({
  fullScreenResizes: [
    async ({ browser }, use) => {
      if (testsDriveHeadlessShell) await resizeLeavingFullScreen(browser);
      await use();
    },
    { auto: true, scope: "worker" },
  ],
  failOnCspViolation: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding("__reportCspViolation", (_source, text: string) => void violations.push(text));
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
          void report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.documentURI} (${event.sourceFile}:${event.lineNumber})`);
        });
      });
      context.on("console", (message) => {
        if (/content security policy/i.test(message.text())) violations.push(message.text());
      });
      await use();
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** The demo logins loaded on the first start of an empty database (db/seed.ts). */
export const DEMO_PASSWORD = "Demo1234!";
export const DEMO_USERS = {
  owner: { email: "owner@demo.quiz", fullname: "Olivia Owner", home: "/quiz/admin/leaderBoard" },
  teacher: { email: "teacher@demo.quiz", fullname: "Theo Teacher", home: "/quiz/teacher/quizPool" },
  student: { email: "student@demo.quiz", fullname: "Sam Student", home: "/quiz/student/quizPool" },
  student2: { email: "student2@demo.quiz", fullname: "Stella Student", home: "/quiz/student/quizPool" },
} as const;
export const DEMO_KEY_PAIR = {
  publicKey: "demo-student-public",
  privateKey: "demo-student-private-key-0001",
  moduleId: "quiz",
};

export type DemoRole = keyof typeof DEMO_USERS;

/**
 * Signs in as a demo role and opens its landing page. Over the API (the answer's session
 * cookies land in the page's context, as the form's do): journeys that are not about signing
 * in skip the login page's load and hydration. The form itself is proved by auth.spec.ts
 * (`loginThroughForm`).
 */
export async function loginAs(page: Page, role: DemoRole): Promise<void> {
  const user = DEMO_USERS[role];
  await signInOverApi(page, user.email);
  await page.goto(user.home);
  await expect(page).toHaveURL(new RegExp(`${user.home}$`));
  // As after the form: the landing page is the running app, not only its server-drawn text.
  await untilInteractive(page);
}

/** Signs in through the login form and waits for the role's landing page. */
export async function loginThroughForm(page: Page, role: DemoRole): Promise<void> {
  const user = DEMO_USERS[role];
  await page.goto("/quiz/auth/login");
  // Hydration sets the fields to React's state: text typed before it can be lost (seen under load).
  await untilInteractive(page);
  await page.getByLabel(/^e-?mail/i).first().fill(user.email);
  await page.getByLabel(/^password/i).first().fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: /^(sign in|log in|login)$/i }).first().click();
  await expect(page).toHaveURL(new RegExp(`${user.home}$`));
}

/** Starts a browser session for any account with the demo password: POST /api/auth/login on the page's own cookies. */
export async function signInOverApi(page: Page, email: string): Promise<void> {
  const login = await page.request.post("/api/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
}

/**
 * Waits until React has hydrated the page (ADR 0050: `<html data-hydrating>` leaves). Clicks
 * need not call it (held controls make Playwright retry by themselves); scans and checks of
 * what only the running app draws do.
 */
export async function untilInteractive(page: Page): Promise<void> {
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrating");
}

/** A unique e-mail per test run, so registration tests never collide. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}
