import { chromium } from "@playwright/test";
const base = "http://localhost:3710";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const width of [1280, 390]) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: "Asia/Tokyo" });
  const page = await context.newPage();
  await page.goto(`${base}/quiz/auth/login`);
  await page.waitForSelector("html:not([data-hydrating])");
  await page.getByLabel(/^e-?mail/i).first().fill("owner@demo.quiz");
  await page.getByLabel(/^password/i).first().fill("Demo1234!");
  await page.getByRole("button", { name: /^(sign in|log in|login)$/i }).first().click();
  await page.waitForURL(/admin\/leaderBoard/);
  const shot = async (path, name) => {
    await page.goto(`${base}${path}`);
    await page.waitForSelector("html:not([data-hydrating])");
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/work/shots/w-owner-${name}-${width}.png`, fullPage: true });
  };
  await shot("/quiz/dashboard", "dashboard");
  await page.goto(`${base}/quiz/teacher/quizPool`);
  const href = await page.getByRole("link", { name: /^View / }).first().getAttribute("href");
  await shot("/quiz/teacher/quizPool", "quiz-pool");
  await shot(href.replace(/^\/quiz/, "/quiz"), "quiz-view");
  await shot("/quiz/admin/outbox", "outbox");
  if (width === 390) {
    await page.goto(`${base}/quiz/dashboard`);
    await page.waitForSelector("html:not([data-hydrating])");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/work/shots/w-owner-menu-${width}.png` });
  }
  await context.close();
}
await browser.close();
