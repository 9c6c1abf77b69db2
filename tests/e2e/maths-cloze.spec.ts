import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { publishedQuiz, startAllAtOnce } from "./exam-helpers";
import { expect, loginAs, test, untilInteractive } from "./fixtures";
import { newBank } from "./new-bank";
import { button, field, press, typeInto } from "./type-steps";
import { apiAuth, createSchool, signIn } from "./school";
import { radioQuestionBody } from "../../api/test-support/request-bodies";

/**
 * Issue 26 points 2 and 6 (ADR 0066, addendum "A cloze dropdown with formulas"): TeX in a
 * cloze text is drawn as MathML on the exam page, the result page and the teacher's attempt
 * view; a dropdown gap whose choices have formulas is a list drawing them, chosen by keyboard
 * and named by words; each formula is named by its words in Chromium's own accessibility tree.
 */
const SHOTS = "/work/shots";
const TEXT = String.raw`If \(x^2 = 9\) and \(x > 0\), then {1}; and \(\frac12\) of 10 is {2}.`;
const KEY = {
  gaps: [
    { kind: "choice", choices: [String.raw`\(x = 3\)`, String.raw`\(x = \sqrt{3}\)`, "no x"], answers: [{ text: String.raw`\(x = 3\)`, credit: 100 }], weight: 1 },
    { kind: "number", answers: [{ value: 5, credit: 100 }], tolerance: 0, weight: 1 },
  ],
};

/** The name Chromium itself gives a node (its accessibility tree, what a screen reader gets), not Playwright's own computation. */
async function chromiumName(page: Page, node: Locator): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  const marker = `ax-${Math.random().toString(36).slice(2)}`;
  await node.evaluate((element, id) => element.setAttribute("data-ax", id), marker);
  const { result } = await cdp.send("Runtime.evaluate", { expression: `document.querySelector('[data-ax="${marker}"]')` });
  const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { objectId: result.objectId, fetchRelatives: false });
  await cdp.detach();
  return String(nodes[0]?.name?.value ?? "");
}

/** A school with a published quiz of the one cloze question above. */
async function clozeQuiz(request: APIRequestContext, name: string) {
  const school = await createSchool(name);
  const headers = await apiAuth(request, school.teacher);
  await request.post("/api/categoryCourse", { headers, data: { category: "Maths", course: "Algebra" } });
  const created = await request.post("/api/question", { headers, data: radioQuestionBody({ questionText: TEXT, optionType: "cloze", options: [], answerKey: KEY, category: "Maths", course: "Algebra" }) });
  expect(created.status(), await created.text()).toBe(201);
  const questionId = ((await created.json()) as { entity: { id: number } }).entity.id;
  return { school, quizId: await publishedQuiz(request, headers, [questionId], { category: "Maths", course: "Algebra", showAnswer: "Yes" }) };
}

test("a cloze text's formulas and a dropdown of formulas: exam page by keyboard, result page, teacher's attempt view", async ({ page, browser, request }) => {
  test.setTimeout(120_000); // a school, a quiz, an exam, a result and the teacher's view on a shared machine
  const { school, quizId } = await clozeQuiz(request, "Cloze Maths School");

  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await startAllAtOnce(page, quizId);
  const cloze = page.locator(".exam-cloze");
  // The text around the gaps: three formulas drawn as MathML, their TeX only in annotations.
  await expect(cloze.locator(":scope > .maths-text math")).toHaveCount(3);
  await expect(cloze.locator("mfrac")).toHaveCount(1);
  await expect(page.getByText("x^2 = 9", { exact: false })).toBeHidden();
  // The number gap stays a field; the dropdown with formulas is a list button named by its gap.
  const gap1 = page.getByRole("button", { name: /Gap 1/ });
  await expect(gap1).toBeVisible();
  await untilInteractive(page);
  await gap1.focus();
  await page.keyboard.press("Enter");
  const list = page.getByRole("listbox");
  await expect(list.locator("math")).toHaveCount(2);
  // Options named by the formulas' words (the TeX never): a root is said as one.
  await expect(list.getByRole("option", { name: "x = square root of 3" })).toBeVisible();
  await expect(list.getByRole("option", { name: "no x" })).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/w-ui26-exam-cloze-open-${width}.png` }).catch(() => undefined);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press("Escape");
  await gap1.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("option", { name: "x = 3", exact: true }).focus();
  await page.keyboard.press("Enter");
  // The chosen value is drawn in the button and said with the gap's name.
  await expect(gap1.locator("math")).toHaveCount(1);
  await expect(gap1).toHaveAccessibleName(/Gap 1/);
  expect(await chromiumName(page, gap1)).toMatch(/x = 3.*Gap 1|Gap 1.*x = 3/);
  await page.getByRole("textbox", { name: "Gap 2" }).fill("5");
  await expect(page.getByRole("status").filter({ hasText: "All answers saved" })).toBeVisible();
  // The formula in the text, named by its words in Chromium's own tree (it names nothing from MathML itself).
  expect(await chromiumName(page, cloze.locator("math").first())).toBe("x squared = 9");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/w-ui26-exam-cloze-${width}.png` }).catch(() => undefined);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("button", { name: "Finish" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Finish now" }).click();
  await expect(page).toHaveURL(/\/student\/takenQuiz\/\d+\/newResult/);
  const takenQuizId = /takenQuiz\/(\d+)\//.exec(page.url())![1];
  const result = page.locator(".result-cloze");
  await expect(result).toBeVisible();
  // The text's three formulas and the dropdown's choice given, all MathML.
  await expect(result.locator(":scope > .maths-text math")).toHaveCount(3);
  await expect(result.locator(".result-cloze__given math")).toHaveCount(1);
  await expect(page.getByText("x^2 = 9", { exact: false })).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/w-ui26-result-cloze-1280.png`, fullPage: true }).catch(() => undefined);

  const teacher = await (await browser.newContext()).newPage();
  await signIn(teacher, school.teacher);
  await teacher.goto(`/quiz/teacher/quiz/${quizId}/attempt/${takenQuizId}`);
  const attempt = teacher.locator(".result-cloze");
  await expect(attempt).toBeVisible();
  await expect(attempt.locator(":scope > .maths-text math")).toHaveCount(3);
  await expect(teacher.getByText("x^2 = 9", { exact: false })).toBeHidden();
  await teacher.screenshot({ path: `${SHOTS}/w-ui26-attempt-cloze-1280.png`, fullPage: true }).catch(() => undefined);
});

test("at 390 px by touch: the dropdown of formulas opens with a tap, a choice is tapped and saved", async ({ browser, request }) => {
  test.slow(); // a school, a quiz and an exam on a shared machine
  const { school, quizId } = await clozeQuiz(request, "Cloze Touch School");
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await startAllAtOnce(page, quizId);
  const gap1 = page.getByRole("button", { name: /Gap 1/ });
  await untilInteractive(page);
  await gap1.tap();
  await page.getByRole("option", { name: "x = 3", exact: true }).tap();
  await expect(gap1.locator("math")).toHaveCount(1);
  await expect(page.getByRole("listbox")).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "All answers saved" })).toBeVisible();
  await context.close();
});

test("in the question editor's preview, a chosen formula is taken back with “No choice”, keyboard only and said as such", async ({ page }) => {
  test.setTimeout(90_000); // a long form on a shared two-core machine
  await loginAs(page, "teacher");
  const { bank } = await newBank(page, { category: "Maths", course: "Cloze" });
  await page.goto(bank);
  await press(page, page.getByRole("link", { name: "Create question" }));
  await untilInteractive(page);
  await typeInto(page, field(page, "Question"), "If x squared is 9, {1}");
  await press(page, page.getByRole("radio", { name: "Fill in the gaps", exact: true }), "Space");
  await field(page, "Kind of gap 1").focus();
  await page.keyboard.type("Dropdown");
  await typeInto(page, field(page, "Gap 1, choice 1"), String.raw`\(x = 3\)`);
  await typeInto(page, field(page, "Gap 1, choice 2"), String.raw`\(x = \sqrt{3}\)`);
  await press(page, button(page, "Preview"));
  const preview = page.getByRole("region", { name: "As students see it" });
  // Once the server has drawn the choices' formulas, the gap is the list that draws them.
  const gap = preview.getByRole("button", { name: /Gap 1/ });
  await expect(gap).toBeVisible();

  await press(page, gap);
  await page.getByRole("option", { name: "x = 3", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(gap.locator("math")).toHaveCount(1);
  expect(await chromiumName(page, gap)).toMatch(/x = 3/);

  // Taken back by keyboard: the list's first item, named for a screen reader.
  await press(page, gap);
  const none = page.getByRole("option", { name: "No choice", exact: true });
  await expect(none).toBeVisible();
  await none.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("listbox")).toBeHidden();
  await expect(gap.locator("math")).toHaveCount(0);
  await expect(gap).toContainText("Choose…");
  expect(await chromiumName(page, gap)).not.toMatch(/x = 3/);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await gap.scrollIntoViewIfNeeded();
    await press(page, gap);
    await expect(none).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/w-types26-preview-cloze-no-choice-${width}.png` }).catch(() => undefined);
    await page.keyboard.press("Escape");
  }
});
