import type { Page } from "@playwright/test";
import { expect, test, untilInteractive } from "./fixtures";
import { apiAuth, createSchool, e2eDatabase, signIn } from "./school";

/**
 * Issue 27 point 6, "a student abroad sees both" (ADR 0082, second addendum): the dates a student
 * reads beyond the pool, the take page, the taken list and the result, each by the same
 * `useDates().forReader`: when their premium ends and when they asked to pay by transfer
 * (subscription page), and where they are signed in (profile). The school lives in Tokyo, the
 * student's browser in New York. Each would show Tokyo's time alone on the old code.
 * SHOTS_DIR=… photographs the two pages at 1280 and 390 px.
 */
test.use({ timezoneId: "America/New_York" });

const BOTH_CLOCKS = /\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M Asia\/Tokyo \(\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M your time, America\/New_York\)/;

async function photograph(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/w-finish27-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("a student in New York reads premium's end, their transfer request and their sign-ins on Tokyo's clock and their own", async ({ page, request }) => {
  test.slow(); // a school with payments, a plan, a request and two pages
  const school = await createSchool("Tokyo Transfer School");
  const db = e2eDatabase();
  try {
    await db.execute({ sql: "update admin_settings set enable_subscription = 1, time_zone = 'Asia/Tokyo' where business_id = ?", args: [school.businessId] });
  } finally {
    db.close();
  }
  const owner = await apiAuth(request, school.owner);
  expect((await request.put("/api/admin/settings", { headers: owner, data: { CURRENCY: "eur", STRIPE_SECRET_KEY: "sk_test_e2e_abroad_4242" } })).status()).toBe(200);
  const plan = await request.post("/api/subscriptions", { headers: owner, data: { title: "Premium", price: 9.5, interval: "month", description: "Every premium quiz" } });
  expect(plan.status(), await plan.text()).toBe(201);

  // The student asks to pay by transfer: the request's date, both clocks.
  await signIn(page, school.student);
  await page.goto("/quiz/student/subscription");
  await untilInteractive(page);
  const section = page.locator(".offline-section");
  await section.getByRole("button", { name: "Pay Premium by bank transfer" }).click();
  await expect(section.getByRole("row", { name: /^Premium €/ }).getByText(BOTH_CLOCKS)).toBeVisible();

  // The owner marks it paid: premium's end, both clocks.
  const read = e2eDatabase();
  const requestId = await read
    .execute({ sql: "select id from offline_payment_requests where business_id = ?", args: [school.businessId] })
    .then(({ rows }) => Number(rows[0].id))
    .finally(() => read.close());
  const today = new Date();
  const inAMonth = new Date(today.getTime() + 30 * 24 * 3600 * 1000);
  const paid = await request.post("/api/subscriptions/offline/markPaid", {
    headers: owner,
    data: { id: requestId, periodStart: today.toISOString().slice(0, 10), periodEnd: inAMonth.toISOString().slice(0, 10) },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await page.reload();
  await untilInteractive(page);
  const subscribed = page.getByText(/^You are subscribed to Premium until /);
  await expect(subscribed).toBeVisible();
  await expect(subscribed).toHaveText(BOTH_CLOCKS);
  await photograph(page, "subscription-abroad");

  // Where they are signed in: both clocks.
  await page.goto("/quiz/user-profile");
  await untilInteractive(page);
  const sessions = page.getByRole("region", { name: "Where you are signed in" });
  await expect(sessions.getByText(BOTH_CLOCKS).first()).toBeVisible();
  await photograph(page, "profile-abroad");
});
