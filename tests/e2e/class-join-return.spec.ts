import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, expect, test, uniqueEmail, untilInteractive } from "./fixtures";
import { apiAuth } from "./school";

/**
 * Issue 27 point 1 (ADR 0075), a defect found reading the pages: a class's join link opened
 * while signed out went to sign-in and then to the student's home, not back to the link. It
 * must come back to the join page after signing in, and after signing up on the way; and the
 * address it comes back to is only ever a page of this app (never another site's).
 */

/** A class made by the demo teacher over the API; its join link's path. */
async function classJoinPath(request: APIRequestContext, name: string): Promise<string> {
  const made = await request.post("/api/classes", { headers: await apiAuth(request, DEMO_USERS.teacher.email), data: { name } });
  expect(made.status(), await made.text()).toBe(201);
  const { entity } = (await made.json()) as { entity: { joinCode: string } };
  return `/quiz/student/join/${entity.joinCode}`;
}

async function signInOnForm(page: Page, email: string) {
  await untilInteractive(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("a join link opened signed out comes back to the join page after signing in", async ({ page, request }) => {
  const name = `Return ${Date.now().toString(36)}`;
  const joinPath = await classJoinPath(request, name);
  await page.goto(joinPath);
  await expect(page).toHaveURL(/\/quiz\/auth\/login\?returnTo=/);
  await signInOnForm(page, DEMO_USERS.student.email);
  await expect(page).toHaveURL(new RegExp(`${joinPath}$`));
  await page.getByRole("button", { name: "Join the class" }).click();
  await expect(page.getByRole("status").filter({ hasText: "You joined the class" })).toBeVisible();
  await expect(page.getByRole("heading", { name })).toBeVisible();
});

test("a join link opened by someone without an account comes back to the join page after signing up", async ({ page, request }) => {
  const name = `Newcomer ${Date.now().toString(36)}`;
  const joinPath = await classJoinPath(request, name);
  await page.goto(joinPath);
  await untilInteractive(page);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/quiz\/auth\/registration\?returnTo=/);
  await untilInteractive(page);
  await page.getByLabel("Email").fill(uniqueEmail("joiner"));
  await page.getByLabel("Full name").fill("Jo Joiner");
  await page.getByLabel("Username").fill(`joiner${Date.now()}`);
  await page.getByRole("radiogroup", { name: "Select your role" }).getByText("Student", { exact: true }).click();
  await page.getByLabel("Password", { exact: true }).fill("Lantern-orbit-meadow-72");
  await page.getByLabel("Confirm password").fill("Lantern-orbit-meadow-72");
  await page.getByText("I accept the terms & conditions").click();
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${joinPath}$`));
  await page.getByRole("button", { name: "Join the class" }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
});

for (const elsewhere of ["https://evil.example/quiz/student/classes", "//evil.example/quiz/student/classes", "/\\evil.example/quiz", "/quiz/../api/health"]) {
  test(`signing in never goes to an address outside the app's pages: ${elsewhere}`, async ({ page }) => {
    await page.goto(`/quiz/auth/login?returnTo=${encodeURIComponent(elsewhere)}`);
    await signInOnForm(page, DEMO_USERS.student2.email);
    await expect(page).toHaveURL(new RegExp(`${DEMO_USERS.student2.home}$`));
  });
}
