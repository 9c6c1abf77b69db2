import type { Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { planetQuestion, publishedQuiz, startAllAtOnce } from "./exam-helpers";
import { expect, test, untilInteractive } from "./fixtures";
import { apiAuth, createSchool, signIn } from "./school";
import { radioQuestionBody } from "../../api/test-support/request-bodies";

/**
 * Issue 26 point 6 (ADR 0066): TeX in a question is rendered to MathML when it is saved; the
 * exam page shows the formula as MathML (drawn by the browser, read by a screen reader) and
 * loads no maths library; the editor's preview shows what the server renders.
 */
const SHOTS = "/work/shots";

async function photograph(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await untilInteractive(page);
    await page.screenshot({ path: `${SHOTS}/w-maths-${name}-${width}.png` }).catch(() => undefined);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("the exam page shows a saved question's formulas as MathML, with no maths library", async ({ page, request }) => {
  test.slow(); // a school, a quiz and an exam on a shared machine
  const school = await createSchool("Maths School");
  const headers = await apiAuth(request, school.teacher);
  const withMaths = await planetQuestion(
    request,
    headers,
    String.raw`Solve \(x^2 - 5x + 6 = 0\). Which is a root? \[x = \frac{5 \pm \sqrt{25 - 24}}{2}\]`,
    [
      { optionText: String.raw`\(x = 3\)`, optionStatus: true },
      { optionText: String.raw`\(x = \frac{1}{2}\)`, optionStatus: false },
      { optionText: "None of them", optionStatus: false },
    ],
    String.raw`<p>Factor: \((x-2)(x-3) = 0\).</p>`,
  );
  const quizId = await publishedQuiz(request, headers, [withMaths]);

  const scripts: string[] = [];
  page.on("request", (sent) => {
    if (sent.resourceType() === "script") scripts.push(sent.url());
  });
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await startAllAtOnce(page, quizId);

  const question = page.getByRole("article", { name: /Solve/ });
  await expect(question).toBeVisible();
  // MathML elements the browser built (not text that looks like TeX): inline and display in the text, one per maths option.
  await expect(question.locator("h2 math")).toHaveCount(2);
  await expect(question.locator('h2 math[display="block"] mfrac')).toHaveCount(1);
  await expect(question.locator("label math")).toHaveCount(2);
  await expect(question.getByText("x^2 - 5x", { exact: false })).toBeHidden(); // the TeX source stays in the annotation, not shown
  // Drawn, not an empty box: the fraction has height, the formula width.
  const box = await question.locator('h2 math[display="block"]').boundingBox();
  expect(box?.height ?? 0).toBeGreaterThan(20);
  // An option with a formula is still chosen by its label, and the answer saves (the options
  // are shuffled per attempt: the label is found by its formula, the radio by its name).
  await untilInteractive(page);
  await question.locator("label").filter({ has: page.locator("math") }).filter({ hasText: "3" }).first().click();
  await expect(question.getByRole("radio", { name: /x\s*=\s*3/ })).toBeChecked();
  await expect(page.getByRole("status").filter({ hasText: "All answers saved" })).toBeVisible();

  // No maths library: the page's scripts are the app's own chunks, none of them a renderer.
  const sources = await Promise.all(scripts.map(async (url) => (await request.get(url)).text()));
  expect(scripts.length).toBeGreaterThan(0);
  for (const [index, source] of sources.entries()) expect(source, scripts[index]).not.toMatch(/renderToString\(|ParseError|\\\\frac|temml|katex|MathJax/i);
  // Nothing scriptable came with the formulas.
  expect(await page.locator("math [href], math annotation-xml, math maction, math script").count()).toBe(0);
  // Each formula is named by its words (its aria-label, ADR 0066 "Names of formulas"): a
  // fraction is "1 over 2", not the flattened "1 2"; axe's own name computation does not read
  // MathML and flags a formula-only label as unnamed, so the names are asserted here.
  await expect(question.getByRole("radio", { name: /x\s*=\s*3/ })).toHaveCount(1);
  await expect(question.getByRole("radio", { name: "x = 1 over 2", exact: true })).toHaveCount(1);
  await untilInteractive(page);
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).disableRules(["label"]).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await photograph(page, "exam");
});

test("the editor's preview shows the formulas the server renders", async ({ page, request }) => {
  const school = await createSchool("Maths Editor School");
  const headers = await apiAuth(request, school.teacher);
  await request.post("/api/categoryCourse", { headers, data: { category: "Maths", course: "Geometry" } });
  await signIn(page, school.teacher);
  await page.goto("/quiz/teacher/question/Maths/Geometry/new");
  await page.getByLabel("Question", { exact: true }).fill(String.raw`Is \(a^2 + b^2 = c^2\) true in a right triangle?`);
  await page.getByLabel("Option 1", { exact: true }).fill(String.raw`\(\sqrt{2}\)`);
  await page.getByLabel("Option 2", { exact: true }).fill(String.raw`\(\frac{1\)`);
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "As students see it" });
  await expect(preview.locator(".exam-question__title math msup")).toHaveCount(3);
  await expect(preview.locator("label math msqrt")).toHaveCount(1);
  // A typo shows as the TeX typed, marked.
  await expect(preview.locator("label merror")).toHaveText("\\frac{1");
  await preview.scrollIntoViewIfNeeded();
  await photograph(page, "editor-preview");
});

test("a matching question's formulas reach the student as MathML on the exam page and on the result page", async ({ page, request }) => {
  test.slow(); // a school, a quiz, an exam and a result on a shared machine
  const school = await createSchool("Matching Maths School");
  const headers = await apiAuth(request, school.teacher);
  await request.post("/api/categoryCourse", { headers, data: { category: "Maths", course: "Algebra" } });
  const answerKey = {
    pairs: [
      { stem: String.raw`\(\text{Io}\) orbits`, choice: "Jupiter" },
      { stem: String.raw`\(x^2 = 9\) when`, choice: String.raw`\(x = 3\)` },
    ],
    distractors: ["Mars"],
  };
  const created = await request.post("/api/question", {
    headers,
    data: radioQuestionBody({ questionText: "Match each one.", optionType: "matching", options: [], answerKey, category: "Maths", course: "Algebra" }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const questionId = ((await created.json()) as { entity: { id: number } }).entity.id;
  const quizId = await publishedQuiz(request, headers, [questionId], { category: "Maths", course: "Algebra" });

  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await startAllAtOnce(page, quizId);
  const question = page.getByRole("article", { name: /Match each one/ });
  await expect(question).toBeVisible();
  // Each stem's label is MathML the browser built (the TeX source stays in its annotation), and names its list.
  await expect(question.locator(".exam-matching__pair .ui-field__label math")).toHaveCount(2);
  await expect(question.locator(".exam-matching__pair .ui-field__label msup")).toHaveCount(1);
  await expect(question.getByText("\\text{Io}", { exact: false })).toBeHidden();
  const io = question.getByRole("button", { name: /Io/ });
  await untilInteractive(page);
  await io.focus();
  await page.keyboard.press("Enter");
  // A choice with a formula is drawn as MathML in the list, and chosen by the keyboard.
  await expect(page.getByRole("listbox").locator("math")).toHaveCount(1);
  await page.getByRole("option", { name: "Jupiter" }).focus();
  await page.keyboard.press("Enter");
  await expect(io).toContainText("Jupiter");
  const square = question.getByRole("button", { name: /x squared = 9/ });
  await square.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("option", { name: /x\s*=\s*3/ }).focus();
  await page.keyboard.press("Enter");
  await expect(square.locator("math")).toHaveCount(1);
  await expect(page.getByRole("status").filter({ hasText: "All answers saved" })).toBeVisible();
  await photograph(page, "matching-exam");

  await page.getByRole("button", { name: "Finish" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Finish now" }).click();
  await expect(page).toHaveURL(/\/student\/takenQuiz\/\d+\/newResult/);
  const review = page.locator(".result-review-table");
  await expect(review).toBeVisible();
  // The stems, the choices given and the right ones, as MathML where they have formulas.
  await expect(review.locator('th[scope="row"] math')).toHaveCount(2);
  await expect(review.locator("td math").first()).toBeVisible();
  await expect(page.getByText("\\text{Io}", { exact: false })).toBeHidden();
  await photograph(page, "matching-result");
  // The answers' table itself on a phone: it sits below the score.
  await page.setViewportSize({ width: 390, height: 844 });
  await review.screenshot({ path: `${SHOTS}/w-maths-matching-result-table-390.png` });
});
