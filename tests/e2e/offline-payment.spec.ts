import type { Page } from "@playwright/test";
import { expectNoViolations, quizOf, startAllAtOnce } from "./exam-helpers";
import { expect, test } from "./fixtures";
import { apiAuth, createSchool, e2eDatabase, signIn } from "./school";

/**
 * Issue 17 point 5 in the browser (ADR 0045): a student asks to pay a plan by bank
 * transfer, the owner marks it paid for a period on Payment Settings, and the student's
 * premium quiz opens. Its own school: the owner's keys, plan and setting touch no other spec.
 * The sections are photographed at 1280 and 390 px into test-results/ for a look.
 */
const SECRET_KEY = "sk_test_e2e_offline_4242";

async function photograph(page: Page, name: string, section: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator(section).screenshot({ path: `test-results/offline-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a student asks to pay offline, the owner marks it paid for a period, the premium quiz opens", async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const school = await createSchool("Transfer Academy");
  const owner = await apiAuth(request, school.owner);
  const db = e2eDatabase();
  try {
    await db.execute({ sql: "update admin_settings set enable_subscription = 1 where business_id = ?", args: [school.businessId] });
  } finally {
    db.close();
  }
  expect((await request.put("/api/admin/settings", { headers: owner, data: { CURRENCY: "eur", STRIPE_SECRET_KEY: SECRET_KEY } })).status()).toBe(200);
  const plan = await request.post("/api/subscriptions", { headers: owner, data: { title: "Premium", price: 9.5, interval: "month", description: "Every premium quiz" } });
  expect(plan.status(), await plan.text()).toBe(201);
  const quizId = await quizOf(request, school.teacher, { quizName: "Premium planets", isPremium: true });
  const student = await apiAuth(request, school.student);
  const start = () => request.post("/api/takeQuiz/startQuiz", { headers: student, data: { quizId } });
  expect(((await (await start()).json()) as { code: string }).code).toBe("PREMIUM_REQUIRED");

  // The student asks.
  await signIn(page, school.student);
  await page.goto("/quiz/student/subscription");
  const section = page.locator(".offline-section");
  await expect(section.getByRole("heading", { name: "Pay by bank transfer" })).toBeVisible();
  await expect(section.getByText(/Transfer the price to Transfer Academy's bank account/)).toBeVisible();
  await expect(section.getByText("€9.50 per month")).toBeVisible();
  await section.getByRole("button", { name: "Pay Premium by bank transfer" }).click();
  await expect(section.getByText("Offline payment requested: Transfer Academy will confirm it once the transfer arrives.")).toBeVisible();
  const mine = section.getByRole("row", { name: /^Premium €/ });
  await expect(mine).toContainText("Waiting for the transfer");
  await expect(mine).toContainText(/OFF-\d+/);
  // Asking twice is the same request.
  await section.getByRole("button", { name: "Pay Premium by bank transfer" }).click();
  await expect(section.getByText("You have already asked to pay this plan offline: the request is pending.")).toBeVisible();
  await expect(section.getByRole("row", { name: /^Premium €/ })).toHaveCount(1);
  await expectNoViolations(page);
  await photograph(page, "student-pending", ".offline-section");

  // The owner marks it paid (in a browser of their own).
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, school.owner);
  await ownerPage.goto("/quiz/admin/subscription");
  const pending = ownerPage.getByRole("table", { name: "Pending offline payment requests" });
  const row = pending.getByRole("row", { name: /Student of Transfer Academy/ });
  await expect(row).toContainText(school.student);
  await expect(row).toContainText("€9.50");
  await expectNoViolations(ownerPage);
  const ownersSection = ownerPage.locator(".payment-page__section").filter({ has: ownerPage.getByRole("heading", { name: "Offline payments" }) });
  await photograph(ownerPage, "owner-pending", ".payment-page__section:has(#offline-heading)");
  await expect(ownersSection).toBeVisible();

  await row.getByRole("button", { name: "Mark paid: Student of Transfer Academy, Premium" }).click();
  const dialog = ownerPage.getByRole("dialog", { name: "Mark paid" });
  const today = new Date().toISOString().slice(0, 10);
  await expect(dialog.getByLabel("Period start")).toHaveValue(today);
  const end = dialog.getByLabel("Period end");
  const defaultEnd = await end.inputValue();
  expect(defaultEnd > today).toBe(true);
  // A period ending before it starts is refused in the dialog.
  await end.fill("2020-01-01");
  await dialog.getByRole("button", { name: "Mark paid" }).click();
  await expect(dialog.getByText("The end must be after the start.")).toBeVisible();
  await expectNoViolations(ownerPage);
  await dialog.screenshot({ path: "test-results/offline-mark-paid-dialog-1280.png" });
  await end.fill(defaultEnd);
  await dialog.getByRole("button", { name: "Mark paid" }).click();
  await expect(ownerPage.getByText("Offline payment marked paid: premium access is open until the end of the period.")).toBeVisible();
  await expect(pending.getByText("No pending requests")).toBeVisible();
  await ownerContext.close();

  // The student's request is paid and the premium quiz opens.
  await page.reload();
  await expect(section.getByRole("row", { name: /^Premium €/ })).toContainText("Paid");
  await photograph(page, "student-paid", ".offline-section");
  await startAllAtOnce(page, quizId);
  await expect(page.getByText("Which planet is red?")).toBeVisible();
});

test("the owner refuses a request: it leaves the list and the student sees it refused", async ({ page, request }) => {
  test.setTimeout(90_000);
  const school = await createSchool("Refusing Academy");
  const owner = await apiAuth(request, school.owner);
  const db = e2eDatabase();
  try {
    await db.execute({ sql: "update admin_settings set enable_subscription = 1 where business_id = ?", args: [school.businessId] });
  } finally {
    db.close();
  }
  await request.put("/api/admin/settings", { headers: owner, data: { CURRENCY: "usd", STRIPE_SECRET_KEY: SECRET_KEY } });
  const plan = (await (await request.post("/api/subscriptions", { headers: owner, data: { title: "Yearly", price: 90, interval: "year" } })).json()) as { entity: { id: number } };
  const student = await apiAuth(request, school.student);
  const asked = await request.post("/api/subscriptions/offline", { headers: student, data: { planId: plan.entity.id } });
  expect(asked.status()).toBe(201);

  await signIn(page, school.owner);
  await page.goto("/quiz/admin/subscription");
  const pending = page.getByRole("table", { name: "Pending offline payment requests" });
  await pending.getByRole("button", { name: "Refuse: Student of Refusing Academy, Yearly" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Refuse request" });
  await expect(dialog).toContainText("No access is granted");
  await dialog.getByRole("button", { name: "Refuse request" }).click();
  await expect(page.getByText("Offline payment request refused.")).toBeVisible();
  await expect(pending.getByText("No pending requests")).toBeVisible();

  const mine = (await (await request.get("/api/subscriptions/offline", { headers: student })).json()) as { entities: { status: string }[] };
  expect(mine.entities.map((entry) => entry.status)).toEqual(["Refused"]);
});
