import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import Stripe from "stripe";
import { publishedQuiz, redPlanet } from "./exam-helpers";
import { expect, test, untilInteractive } from "./fixtures";
import { apiAuth, createSchool, e2eDatabase, signIn } from "./school";

/**
 * Issue 17 points 3, 4 and 6 in the browser (ADR 0044): the owner has test keys and a plan;
 * a student sees the premium banner, subscribes through the stand-in's checkout page,
 * comes back subscribed and opens a premium quiz; then Stripe's signed
 * customer.subscription.deleted closes premium again. A school of its own: it sells.
 */
const standIn = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`;
const WEBHOOK_SECRET = "whsec_e2e_standin"; // playwright.config.ts gives the server the same

async function expectNoViolations(page: Page) {
  await untilInteractive(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(" | ")}`)).toEqual([]);
}

const pool = (page: Page) => page.getByRole("table", { name: "Quizzes you can take" });

test("a student subscribes through checkout, opens a premium quiz, and a cancelling webhook closes it again", async ({ page, request }) => {
  test.setTimeout(120_000);
  const school = await createSchool("Subscription School");
  const teacher = await apiAuth(request, school.teacher);
  const questionId = await redPlanet(request, teacher, "<p>It is rusty.</p>");
  await publishedQuiz(request, teacher, [questionId], { time: 5, quizName: "Free orbit" });
  await publishedQuiz(request, teacher, [questionId], { time: 5, quizName: "Premium orbit", isPremium: true });

  // The owner: test keys, subscriptions on, one plan (over the API, as the payments spec does it in the browser).
  const owner = await apiAuth(request, school.owner);
  expect((await request.put("/api/admin/settings", { headers: owner, data: { CURRENCY: "usd", STRIPE_SECRET_KEY: "sk_test_e2e_subscription" } })).status()).toBe(200);
  const db = e2eDatabase();
  try {
    await db.execute({ sql: "update admin_settings set enable_subscription = 1 where business_id = ?", args: [school.businessId] });
  } finally {
    db.close();
  }
  const plan = await request.post("/api/subscriptions", { headers: owner, data: { title: "Premium", price: 9.99, interval: "month", description: "Every premium quiz" } });
  expect(plan.status(), await plan.text()).toBe(201);

  // The student sees the banner, then the plan.
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await expect(page.getByText("Displaying 1 of 2 quizzes.")).toBeVisible();
  await page.getByRole("link", { name: "Subscribe to see the premium quizzes" }).click();
  await expect(page).toHaveURL(/\/quiz\/student\/subscription$/);
  // The card plans (the bank-transfer section below lists the same plan again).
  const card = page.getByRole("region", { name: "Plans" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Premium" }) });
  await expect(card.getByText("$9.99")).toBeVisible();
  await expect(card.getByText("per month")).toBeVisible();
  await expect(card.getByText("Every premium quiz")).toBeVisible();
  await page.reload();
  await expectNoViolations(page);

  // Checkout at the stand-in, and back.
  await card.getByRole("button", { name: "Subscribe to Premium" }).click();
  await expect(page).toHaveURL(new RegExp(`^${standIn}/checkout/cs_`));
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/quiz\/student\/subscription\?session_id=cs_/);
  await expect(page.getByText("Thank you: your subscription is active and premium quizzes are open.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your subscription" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Manage billing" })).toBeVisible();
  await expectNoViolations(page);

  // Premium is open at once.
  await page.goto("/quiz/student/quizPool");
  await expect(pool(page).getByText("Premium orbit")).toBeVisible();
  await pool(page).getByRole("link", { name: "Take quiz Premium orbit" }).click();
  await expect(page).toHaveURL(/\/quiz\/student\/quizPool\/\d+\/take$/);

  // Stripe cancels the subscription and says so, signed.
  const requests = (await (await request.get(`${standIn}/__requests`)).json()) as { path: string }[];
  const subscriptionId = requests.map((entry) => /^\/v1\/subscriptions\/(sub_\w+)$/.exec(entry.path)?.[1]).findLast(Boolean)!;
  const canceled = await (await request.post(`${standIn}/__subscriptions/${subscriptionId}`, { data: { status: "canceled" } })).json();
  const payload = JSON.stringify({ id: `evt_e2e_${Date.now()}`, object: "event", type: "customer.subscription.deleted", created: Math.floor(Date.now() / 1000), data: { object: canceled } });
  const forged = await request.post("/api/subscriptions/webhook", { headers: { "stripe-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`, "content-type": "application/json" }, data: payload });
  expect(forged.status()).toBe(400);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: WEBHOOK_SECRET, cryptoProvider: Stripe.createSubtleCryptoProvider() });
  const webhook = await request.post("/api/subscriptions/webhook", { headers: { "stripe-signature": signature, "content-type": "application/json" }, data: payload });
  expect(webhook.status(), await webhook.text()).toBe(200);

  await page.goto("/quiz/student/quizPool");
  await expect(page.getByText("Displaying 1 of 2 quizzes.")).toBeVisible();
  await expect(pool(page).getByText("Premium orbit")).toHaveCount(0);
  await page.goto("/quiz/student/subscription");
  await expect(page.getByRole("button", { name: "Subscribe to Premium" })).toBeVisible();
});
