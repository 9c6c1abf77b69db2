import type { Page } from "@playwright/test";
import { expectNoViolations } from "./exam-helpers";
import { expect, test } from "./fixtures";
import { createSchool, e2eDatabase, signIn } from "./school";

/**
 * Issue 25, point 4 in the browser (docs/decisions/0060): a school that takes only bank
 * transfers creates a plan without card keys, and its student sees it paid by bank transfer;
 * a key the provider refuses is said so under the key and not saved; an accepted one gives the
 * plan its card price. Its own school, so no other journey sees its keys or plan. The changed
 * screens are photographed at 1280 and 390 px into test-results/.
 */
async function photograph(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator("main").screenshot({ path: `test-results/offline-only-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a school without card keys sells a plan by bank transfer; a refused key is not saved, an accepted one gives the plan its card price", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const school = await createSchool("Transfer Only School");
  const db = e2eDatabase();
  try {
    await db.execute({ sql: "update admin_settings set enable_subscription = 1 where business_id = ?", args: [school.businessId] });
  } finally {
    db.close();
  }

  await signIn(page, school.owner);
  await page.goto("/quiz/admin/subscription");
  await expect(page.getByText(/^Card payments are off: no secret key/)).toBeVisible();
  await expect(page.getByText("Without card keys, the plans you create are sold by bank transfer only.")).toBeVisible();
  await page.getByRole("button", { name: "Create plan" }).click();
  const dialog = page.getByRole("dialog", { name: "Create plan" });
  await dialog.getByLabel("Title").fill("Term pass");
  await dialog.getByLabel("Price (USD)").fill("30");
  await dialog.getByRole("button", { name: "Save plan" }).click();
  await expect(page.getByText("Subscription created successfully")).toBeVisible();
  const row = page.getByRole("row", { name: /Term pass/ });
  await expect(row).toContainText("Bank transfer only (no card price yet)");
  // An offline plan still changes: its switch is live.
  await expect(page.getByRole("switch", { name: "Offer Term pass to students" })).toBeEnabled();
  await expectNoViolations(page);
  await photograph(page, "owner-plans");

  // The student sees the plan, paid by bank transfer (no Subscribe button), and can ask to pay it so.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signIn(student, school.student);
  await student.goto("/quiz/student/subscription");
  await expect(student.getByText(/Your school takes bank transfers only/)).toBeVisible();
  const card = student.locator(".plan-card", { hasText: "Term pass" });
  await expect(card.getByText("Paid by bank transfer: ask for it below.")).toBeVisible();
  await expect(student.getByRole("button", { name: "Subscribe to Term pass" })).toHaveCount(0);
  await expect(student.getByRole("button", { name: "Pay Term pass by bank transfer" })).toBeVisible();
  await expectNoViolations(student);
  await photograph(student, "student-plans");
  await studentContext.close();

  // A key the provider refuses (the stand-in takes sk_test_… only): said under the field, not saved.
  await page.getByLabel("Enter the secret key").fill("sk_live_refused_by_the_stand_in");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("The card provider refused the secret key: check it in the payment settings").first()).toBeVisible();
  await expect(page.locator(".payment-settings__secret").first()).toContainText("Not set");
  await photograph(page, "owner-key-refused");

  // An accepted key: said so, and the offline plan gets its card price.
  await page.getByLabel("Enter the secret key").fill("sk_test_e2e_transfer_school_4242");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText(/^Settings updated successfully\. The card provider accepted the secret key/)).toBeVisible();
  await expect(row.locator("code")).toHaveText(/^price_/);
  await expect(page.getByText(/^Card payments are off/)).toHaveCount(0);
  await photograph(page, "owner-key-accepted");
});
