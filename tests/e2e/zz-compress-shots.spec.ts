// Scratch check for issue 19 (not committed): the pages whose namespaces became page
// namespaces, in Japanese at 390 px, show no raw message key; screenshots in /work/shots.
import { readdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { flattenMessages } from "../../locales/messages.node";
import { expect, loginAs, test } from "./fixtures";

const keys: string[] = [];
for (const file of readdirSync("locales/en").filter((name) => name.endsWith(".json"))) {
  const namespace = file.replace(/\.json$/, "");
  for (const key of Object.keys(flattenMessages(JSON.parse(readFileSync(`locales/en/${file}`, "utf8"))))) {
    if (key.includes(".")) keys.push(key, `${namespace}:${key}`);
  }
}

async function expectNoRawKeys(page: Page, where: string) {
  await page.waitForSelector("html:not([data-hydrating])");
  await page.waitForLoadState("networkidle");
  const text = await page.evaluate(() => {
    const labels = [...document.querySelectorAll("[aria-label],[title],[placeholder]")].map((element) =>
      ["aria-label", "title", "placeholder"].map((name) => element.getAttribute(name) ?? "").join(" "),
    );
    return `${document.body.innerText}\n${labels.join("\n")}\n${document.title}`;
  });
  const words = new Set(text.split(/[^\w.:]+/));
  expect(keys.filter((key) => words.has(key)), where).toEqual([]);
  expect(text, where).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
}

test.use({ viewport: { width: 390, height: 844 } });

async function japanese(page: Page) {
  const url = new URL(page.url());
  await page.context().addCookies([{ name: "lang", value: "ja", domain: url.hostname, path: "/" }]);
}

test("login page", async ({ page }) => {
  await page.goto("/quiz/auth/login");
  await japanese(page);
  await page.goto("/quiz/auth/login");
  await expectNoRawKeys(page, "login");
  await page.screenshot({ path: "/work/shots/compress-login-ja.png", fullPage: true });
  await page.goto("/quiz/auth/registration");
  await expectNoRawKeys(page, "registration");
  await page.goto("/quiz/terms");
  await expectNoRawKeys(page, "terms");
});

test("student pages and the exam", async ({ page }) => {
  await loginAs(page, "student");
  await japanese(page);
  await page.goto("/quiz/student/quizPool");
  await expectNoRawKeys(page, "student quiz pool");
  await page.screenshot({ path: "/work/shots/compress-student-pool-ja.png", fullPage: true });
  // A client navigation: the exam namespace comes with the .data answer.
  await page.locator('a[href*="/take"]').first().click();
  await expect(page).toHaveURL(/\/take$/);
  await expectNoRawKeys(page, "take quiz, step 1");
  await page.getByText("すべての問題を一度に表示", { exact: true }).click();
  await page.getByRole("button", { name: "次へ" }).click();
  await page.getByRole("button", { name: "開始" }).click();
  await expect(page.getByRole("button", { name: "終了", exact: true })).toBeVisible();
  await expectNoRawKeys(page, "exam screen");
  await page.screenshot({ path: "/work/shots/compress-exam-ja.png" });
  await page.getByRole("button", { name: "終了", exact: true }).click();
  await expectNoRawKeys(page, "finish dialog");
  await page.screenshot({ path: "/work/shots/compress-exam-finish-dialog-ja.png" });
  await page.goto("/quiz/student/takenQuiz");
  await expectNoRawKeys(page, "taken quizzes");
  await page.goto("/quiz/user-profile");
  await expectNoRawKeys(page, "profile");
  await page.goto("/quiz/settings/personal-information");
  await expectNoRawKeys(page, "personal information");
});

test("teacher pages", async ({ page }) => {
  await loginAs(page, "teacher");
  await japanese(page);
  await page.goto("/quiz/teacher/quizPool");
  await expectNoRawKeys(page, "teacher quiz pool");
  await page.goto("/quiz/teacher/quizPool/new");
  await expectNoRawKeys(page, "quiz wizard");
  await page.screenshot({ path: "/work/shots/compress-quiz-wizard-ja.png" });
  await page.goto("/quiz/teacher/questions");
  await expectNoRawKeys(page, "questions");
  await page.goto("/quiz/teacher/questions/uploadCSV");
  await expectNoRawKeys(page, "upload dialog");
  await page.goto("/quiz/teacher/feedback");
  await expectNoRawKeys(page, "feedback");
  const bank = page.locator('a[href*="/load"]').first();
  await page.goto("/quiz/teacher/questions");
  if (await bank.count()) {
    await bank.click();
    await expectNoRawKeys(page, "question bank");
    await page.screenshot({ path: "/work/shots/compress-question-bank-ja.png", fullPage: true });
  }
});

test("owner pages", async ({ page }) => {
  await loginAs(page, "owner");
  await japanese(page);
  for (const path of ["/quiz/admin/users", "/quiz/admin/quizSetting", "/quiz/admin/leaderBoard"]) {
    await page.goto(path);
    await expectNoRawKeys(page, path);
  }
});
