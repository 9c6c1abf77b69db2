import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { choose, expectNoViolations, quizOf, saved, startAllAtOnce } from "./exam-helpers";
import { expect, loginAs, test, untilInteractive } from "./fixtures";
import { createSchool, e2eDatabase, signIn } from "./school";

/**
 * Issue 25 point 6, the first-week papercuts a school sees (docs/decisions/0063). With
 * SHOTS_DIR set, each test also photographs its screen at 1280 and 390 px wide.
 */
async function shoot(page: Page, name: string, target = page.locator("main")) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await target.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/w-ux-${name}-${width}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("the quiz view shows its teacher the password behind a show/hide button", async ({ page, request }) => {
  const school = await createSchool("Password View School");
  const quizId = await quizOf(request, school.teacher, { password: "open-sesame-42" });
  await signIn(page, school.teacher, /\/quiz\/teacher/);
  await page.goto(`/quiz/teacher/quiz/${quizId}/view`);
  await untilInteractive(page);
  const item = page.locator(".quiz-details__item").filter({ has: page.getByText("Password", { exact: true }) });
  await expect(item).not.toContainText("open-sesame-42");
  await item.getByRole("button", { name: "Show" }).click();
  await expect(item.getByText("open-sesame-42")).toBeVisible();
  await shoot(page, "quiz-password", item);
  await item.getByRole("button", { name: "Hide" }).click();
  await expect(item).not.toContainText("open-sesame-42");
  await expectNoViolations(page);
});

test("the outbox on a phone is cards that fit the screen, like every other list", async ({ page }) => {
  const school = await createSchool("Outbox Cards School");
  const db = e2eDatabase();
  await db.execute({
    sql: `insert into email_outbox (business_id, to_address, from_address, subject, html, text, tag, provider, status, created_at)
          values (?, ?, 'Quiz <no-reply@quiz.local>', 'Question import (CSV): 2 imported, 1 rejected', '<p>Hi</p>', 'Hi', 'question-import', 'outbox', 'stored', ?)`,
    args: [school.businessId, school.teacher, Date.now()],
  });
  db.close();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, school.owner);
  await page.goto("/quiz/admin/outbox");
  await untilInteractive(page);
  const table = page.getByRole("table", { name: "E-mails of your business" });
  await expect(table.getByRole("row").filter({ hasText: school.teacher })).toBeVisible();
  // Before: a 771 px table scrolling inside a 356 px box.
  const fits = await page.locator(".shell-table-wrap").evaluate((wrap) => ({ scroll: wrap.scrollWidth, box: wrap.clientWidth, rowDisplay: getComputedStyle(wrap.querySelector("tbody tr")!).display }));
  expect(fits.rowDisplay).toBe("block");
  expect(fits.scroll).toBeLessThanOrEqual(fits.box);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, "outbox");
});

/** A student of a new school in a three-question exam (all at once) on a 390 px phone. */
async function phoneExam(page: Page, request: APIRequestContext, name: string) {
  const school = await createSchool(name);
  const quizId = await quizOf(request, school.teacher, { time: 10 });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await startAllAtOnce(page, quizId);
  await untilInteractive(page);
  return page.getByRole("article", { name: /Which are gas giants/ });
}

test("on a phone the exam's bar stays small and a question scrolled to lands below it", async ({ page, request }) => {
  const giants = await phoneExam(page, request, "Phone Exam School");
  const bar = page.locator(".exam__bar");
  await expect(bar).toBeVisible();
  // Before: 145–160 px of a 844 px screen.
  expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(96);
  await page.getByRole("navigation", { name: "Questions" }).getByRole("button", { name: /^Question 3/ }).click();
  const heading = giants.getByRole("heading");
  const clearance = async () => {
    const box = (await bar.boundingBox())!;
    return (await heading.boundingBox())!.y - (box.y + box.height);
  };
  await expect.poll(clearance).toBeGreaterThanOrEqual(0);
  await shoot(page, "exam-bar", giants);
});

/** What makes an option look like a card: its border, corners and height. */
const cardLook = (option: Locator) =>
  option.evaluate((element) => {
    const style = getComputedStyle(element);
    return { border: style.borderTopStyle, radius: style.borderTopLeftRadius, minHeight: style.minHeight };
  });

test("several-answer options are cards like one-answer options", async ({ page, request }) => {
  const giants = await phoneExam(page, request, "Checkbox Cards School");
  const radioCard = await cardLook(page.getByRole("article", { name: /Which planet is red/ }).locator("label").first());
  expect(radioCard.border).toBe("solid");
  const options = giants.getByRole("group", { name: "Choose every right answer" }).locator("label");
  await expect(options).toHaveCount(3);
  for (const option of await options.all()) expect(await cardLook(option)).toEqual(radioCard);
  await giants.getByText("Jupiter", { exact: true }).click();
  await shoot(page, "exam-checkbox-cards", giants);
});

test("on a phone 'Mark for review' is set apart from a question's options", async ({ page, request }) => {
  const giants = await phoneExam(page, request, "Review Apart School");
  const review = giants.locator("label").filter({ hasText: "Mark for review" });
  await expect(review).toBeVisible();
  // Not a card like the options, and under a rule of its own.
  expect((await cardLook(review)).border).toBe("none");
  const footer = review.locator("xpath=..");
  expect(await footer.evaluate((element) => getComputedStyle(element).borderTopStyle)).toBe("dashed");
  expect(await review.evaluate((element) => parseFloat(getComputedStyle(element).fontSize))).toBeLessThan(
    await giants.getByText("Jupiter", { exact: true }).evaluate((element) => parseFloat(getComputedStyle(element).fontSize)),
  );
  await shoot(page, "exam-review-apart", giants);
});

test("'Only unanswered questions can be marked.' is said once, under the question whose mark an answer took away", async ({ page, request }) => {
  const school = await createSchool("Review Mark School");
  const quizId = await quizOf(request, school.teacher);
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await startAllAtOnce(page, quizId);
  const hint = page.getByText("Only unanswered questions can be marked.");
  await choose(page, "Which planet is red", "Mars");
  await choose(page, "Which planet has rings", "Saturn");
  await saved(page);
  // Before: once under every answered question.
  await expect(hint).toHaveCount(0);

  const giants = page.getByRole("article", { name: /Which are gas giants/ });
  await giants.getByText("Mark for review").click();
  await choose(page, "Which are gas giants", "Jupiter");
  await expect(hint).toHaveCount(1);
  await expect(giants.getByText("Only unanswered questions can be marked.")).toBeVisible();
});

/**
 * Words the page split across two lines although they would fit on one line of their box
 * (a word wider than its whole box may break: that is overflow-wrap's job). Before, the
 * quiz pool's cards at 390 px broke "Mathem/atics" and "Geom/etry".
 */
async function brokenWords(page: Page): Promise<string[]> {
  return page.locator("main").evaluate((main) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const box = node.parentElement;
      if (!box || box.closest(".ui-visually-hidden, svg, [hidden]") || box.offsetParent === null) continue;
      // A hyphen is a place a line may end ("e-" / "mail"): the parts around it are the words.
      for (const match of text.matchAll(/[^\s\-\u2010]{2,}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size < 2) continue;
        const wordWidth = [...range.getClientRects()].reduce((sum, rect) => sum + rect.width, 0);
        if (wordWidth < box.getBoundingClientRect().width) broken.push(match[0]);
      }
    }
    return broken;
  });
}

for (const width of [1280, 390]) {
  test(`no list or page breaks a word that would fit its line at ${width} px`, async ({ page }) => {
    test.slow(); // Three sign-ins and nine pages.
    await page.setViewportSize({ width, height: 900 });
    const found: string[] = [];
    for (const [role, paths] of [
      ["owner", ["/quiz/admin/users", "/quiz/admin/outbox", "/quiz/admin/leaderBoard"]],
      ["teacher", ["/quiz/teacher/quizPool", "/quiz/teacher/questions/Mathematics/Algebra/load", "/quiz/teacher/feedback"]],
      ["student", ["/quiz/student/quizPool", "/quiz/student/takenQuiz", "/quiz/user-profile"]],
    ] as const) {
      await loginAs(page, role);
      for (const path of paths) {
        await page.goto(path);
        await untilInteractive(page);
        for (const word of await brokenWords(page)) found.push(`${path}: ${word}`);
      }
      await page.context().clearCookies();
    }
    expect(found).toEqual([]);
  });
}
