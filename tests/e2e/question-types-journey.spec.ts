import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { saved } from "./exam-helpers";
import { expect, test, untilInteractive } from "./fixtures";
import { apiAuth, createSchool, signIn } from "./school";
import { button, CASES, field, press, typeInto } from "./type-steps";
import { chooseRadio, fillQuizDetails, nextStep, wizardOf } from "./wizard-steps";

/**
 * Issue 26, "Done when", as one journey tried as a new user would, in Chromium, keyboard only:
 * a teacher writes one question of each type (one with maths, one with an image) in the editor
 * and builds a quiz of them in the wizard; a student takes it at 390 px, loses the connection
 * mid-essay and gets it back (the draft survives), finishes; the result is awaiting marking,
 * provisional, without a certificate; the teacher marks the essay anonymously with its rubric;
 * the student sees the final mark and downloads the certificate. Screenshots at the key moments.
 */
const SHOTS = "/work/shots";
const QUIZ = "Every kind of question";
// A 1x1 PNG: the server checks the content, not only the name.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const BANK = { category: "Astronomy", course: "Planets" };
/** The formula the numerical question carries in its text. */
const GRAVITY = String.raw`\(g = \frac{F}{m}\)`;
const text = (type: string) => CASES.find((one) => one.type === type)?.text ?? type;

/** A screenshot from the top; the exam page's is of the screen only (its off-screen cards are not painted: content-visibility). */
async function shoot(page: Page, name: string, fullPage = true) {
  const width = page.viewportSize()?.width ?? 1280;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/w-journey-${name}-${width}.png`, fullPage });
}

/** The exam page's card of a question, named by the start of its text. */
const card = (page: Page, type: string) => page.getByRole("article", { name: new RegExp(`${text(type).slice(0, 12).replace(/[.?]/g, "\\$&")}`) });

/** Space on a radio or checkbox of the exam page, and it is chosen. */
async function tick(page: Page, control: Locator) {
  await control.focus();
  await page.keyboard.press("Space");
  await expect(control).toBeChecked();
}

/** Opens a matching stem's list with Enter and chooses with Enter. */
async function match(page: Page, stem: Locator, choice: string) {
  await stem.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("option", { name: choice, exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(stem).toContainText(choice);
}

/** Moves items up with their buttons until the list reads `want`; each move is announced. */
async function putInOrder(page: Page, list: Locator, want: string[]) {
  const shown = async () => (await list.locator(".exam-ordering__text").allTextContents()).join(",");
  for (let guard = 0; guard < 6 && (await shown()) !== want.join(","); guard++) {
    const target = want[(await shown()).split(",").findIndex((item, i) => item !== want[i])];
    await list.getByRole("button", { name: `Move up: ${target}` }).focus();
    await page.keyboard.press("Enter");
    await expect(list.getByText(new RegExp(`${target} is now in position`))).toBeAttached();
  }
  if ((await list.getByRole("button", { name: "Keep this order" }).count()) > 0) await press(page, list.getByRole("button", { name: "Keep this order" }));
  await expect.poll(shown).toBe(want.join(","));
}

test("issue 26 done when: every type written, built into a quiz, taken at 390 px through a lost connection, marked with a rubric, certified", async ({ page, request, browser }) => {
  test.setTimeout(600_000); // nine forms, a wizard, an exam and the marking on a shared two-core machine
  const school = await createSchool("Journey School");
  // The bank's category and course exist before the teacher arrives (the admin's part).
  const created = await request.post("/api/categoryCourse", { headers: await apiAuth(request, school.teacher), data: BANK });
  expect(created.status()).toBeLessThan(300);

  await test.step("the teacher writes one question of each type, one with maths and one with an image", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, school.teacher);
    for (const one of CASES) {
      await page.goto(`/quiz/teacher/question/${BANK.category}/${BANK.course}/new`);
      await expect(page.getByRole("heading", { level: 1, name: "Create question" })).toBeVisible();
      await untilInteractive(page);
      await typeInto(page, field(page, "Question"), one.type === "numerical" ? `${one.text} ${GRAVITY}` : one.text);
      await press(page, page.getByRole("radio", { name: one.label, exact: true }), "Space");
      await expect(page.getByRole("radio", { name: one.label, exact: true })).toBeChecked();
      await one.fill(page);
      if (one.type === "radio") {
        // The image, chosen from the keyboard: Space on the file field opens the file chooser.
        const choosing = page.waitForEvent("filechooser");
        await press(page, page.getByLabel("Question image"), "Space");
        await (await choosing).setFiles({ name: "mars.png", mimeType: "image/png", buffer: PNG });
        await expect(page.getByRole("img", { name: "Question image" })).toBeVisible();
      }
      await typeInto(page, field(page, "Default mark"), "2");
      await page.getByRole("textbox", { name: "Answer explanation" }).focus();
      await page.keyboard.type("Astronomy.");
      if (one.type === "numerical") {
        await press(page, button(page, "Preview"));
        await expect(page.getByRole("region", { name: "As students see it" }).locator("math mfrac")).toHaveCount(1);
        await shoot(page, "editor-maths");
      }
      await press(page, button(page, "Save question"));
      await expect(page).toHaveURL(/\/load\?notice=added$/);
    }
    await expect(page.getByRole("table").getByRole("row")).toHaveCount(CASES.length + 1);
    await shoot(page, "bank");
  });

  let quizId = 0;
  await test.step("the teacher builds a quiz of them in the wizard", async () => {
    await page.goto("/quiz/teacher/quizPool");
    await press(page, page.getByRole("link", { name: "Create Quiz" }));
    await expect(page).toHaveURL(/\/teacher\/quizPool\/new$/);
    await untilInteractive(page);
    await nextStep(page, "keyboard"); // from the bank's questions, the default
    await fillQuizDetails(page, { name: QUIZ, description: "One question of each type.", ...BANK, level: "Moderate" }, "keyboard");
    await nextStep(page, "keyboard");
    await chooseRadio(page, wizardOf(page).getByRole("radio", { name: "Published", exact: true }));
    await typeInto(page, wizardOf(page).getByLabel("Time (minutes)"), "30");
    await nextStep(page, "keyboard");
    await nextStep(page, "keyboard"); // visible to everyone of the school
    const list = wizardOf(page).locator(".quiz-wizard__picklist");
    await expect(list.getByRole("checkbox")).toHaveCount(CASES.length);
    for (const box of await list.getByRole("checkbox").all()) await tick(page, box);
    await expect(wizardOf(page).getByRole("heading", { name: `${CASES.length} questions chosen` })).toBeVisible();
    await shoot(page, "wizard-pick");
    await press(page, wizardOf(page).getByRole("button", { name: "Submit" }));
    await expect(page).toHaveURL(/\/teacher\/quizPool\?notice=added$/);
    const view = page.getByRole("row", { name: new RegExp(QUIZ) }).getByRole("link", { name: `View ${QUIZ}` });
    quizId = Number((await view.getAttribute("href"))?.match(/(\d+)/)?.[1]);
    expect(quizId).toBeGreaterThan(0);
  });

  const student = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await student.newPage();
  let takenQuizId = 0;
  await test.step("a student at 390 px answers every type", async () => {
    await signIn(phone, school.student, /\/quiz\/student\/quizPool$/);
    await phone.goto(`/quiz/student/quizPool/${quizId}/take`);
    await untilInteractive(phone);
    await tick(phone, phone.getByRole("radio", { name: "All questions at once" }));
    await press(phone, phone.getByRole("button", { name: "Next" }));
    await press(phone, phone.getByRole("button", { name: "Start" }));
    await expect(card(phone, "essay")).toBeVisible();
    await untilInteractive(phone);

    await expect(card(phone, "radio").getByRole("img")).toBeVisible();
    await tick(phone, card(phone, "radio").getByRole("radio", { name: "Mars" }));
    await tick(phone, card(phone, "checkbox").getByRole("checkbox", { name: "Jupiter" }));
    await tick(phone, card(phone, "checkbox").getByRole("checkbox", { name: "Saturn" }));
    await tick(phone, card(phone, "trueFalse").getByRole("radio", { name: "False" }));
    await typeInto(phone, card(phone, "shortAnswer").getByRole("textbox", { name: "Your answer" }), "Jupiter");
    await typeInto(phone, card(phone, "numerical").getByRole("textbox", { name: "Your answer (a number)" }), "9.81");
    await card(phone, "numerical").getByRole("combobox", { name: "Unit" }).focus();
    await phone.keyboard.press("ArrowDown");
    await expect(card(phone, "numerical").getByRole("combobox", { name: "Unit" })).toHaveValue("m/s²");
    // The formula in the numerical question's text, drawn as MathML.
    await expect(card(phone, "numerical").locator("h2 math mfrac")).toHaveCount(1);
    const matching = card(phone, "matching");
    await match(phone, matching.getByRole("button", { name: /Phobos/ }), "Mars");
    // (The stem "\(\text{Io}\)" is shown as its TeX source here: the exam page does not draw a key's formulas; reported.)
    await match(phone, matching.getByRole("button", { name: /Io/ }), "Jupiter");
    await putInOrder(phone, card(phone, "ordering"), ["Mercury", "Venus", "Earth"]);
    const cloze = phone.getByRole("article", { name: /Fill in the gaps/ });
    await typeInto(phone, cloze.getByRole("textbox", { name: "Gap 1" }), "2");
    await cloze.getByRole("combobox", { name: "Gap 2" }).focus();
    await phone.keyboard.type("red");
    await expect(cloze.getByRole("combobox", { name: "Gap 2" }).locator("option:checked")).toHaveText("red");
    await saved(phone);
    await shoot(phone, "exam-answered", false);
  });

  const ESSAY_START = " the thick carbon dioxide air of Venus traps the heat of the Sun";
  const ESSAY_END = " like a greenhouse, while Mercury has almost no air to keep any of it.";
  await test.step("the connection drops mid-essay and comes back; the draft survives", async () => {
    const essay = card(phone, "essay").getByRole("textbox", { name: "Your answer" });
    await expect(essay).toHaveValue("Venus is hotter because");
    await essay.focus();
    await phone.keyboard.press("End");
    await phone.keyboard.type(ESSAY_START);
    await saved(phone);
    await student.setOffline(true);
    await phone.keyboard.type(ESSAY_END);
    await expect(phone.getByRole("status").filter({ hasText: /Offline: 1 answer waiting to be saved/ })).toBeVisible({ timeout: 30_000 });
    // The phone's page keeps its width: the longer status wraps in the bar.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(phone, "exam-offline", false);
    await student.setOffline(false);
    await saved(phone);
    // The server has the whole draft: a reload brings it back.
    await phone.reload();
    await press(phone, phone.getByRole("button", { name: "Resume your attempt" }));
    await expect(card(phone, "essay").getByRole("textbox", { name: "Your answer" })).toHaveValue(`Venus is hotter because${ESSAY_START}${ESSAY_END}`);
  });

  await test.step("the student finishes; the result awaits marking, provisional, without a certificate", async () => {
    await untilInteractive(phone);
    await press(phone, phone.getByRole("button", { name: "Finish" }));
    await press(phone, phone.getByRole("button", { name: "Finish now" }));
    await expect(phone).toHaveURL(/\/takenQuiz\/\d+\/newResult(\?|$)/);
    takenQuizId = Number(phone.url().match(/takenQuiz\/(\d+)\//)?.[1]);
    await expect(phone.getByTestId("awaiting-marking")).toHaveText(/Awaiting marking/);
    // Every automatically marked type right: 16 of 18 marks before the essay is marked.
    await expect(phone.getByText("88.89% (provisional)", { exact: true })).toBeVisible();
    await expect(phone.getByText("The certificate is available once every answer has been marked.")).toBeVisible();
    await expect(phone.getByRole("link", { name: "Certificate", exact: true })).toHaveCount(0);
    await shoot(phone, "result-awaiting");
  });

  await test.step("the teacher marks the essay anonymously with the rubric", async () => {
    await page.goto(`/quiz/teacher/quiz/${quizId}/grading`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Mark answers: ${QUIZ}`);
    await untilInteractive(page);
    await page.getByRole("checkbox", { name: /Anonymous/ }).focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/anonymous=1/);
    await expect(page.getByText("Student of Journey School")).toHaveCount(0);
    const answer = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Answer 1", exact: true }) });
    await expect(answer.getByText(/Mercury has almost no air/)).toBeVisible();
    await answer.getByRole("radio", { name: "Weak (0 marks)" }).focus();
    await page.keyboard.press("ArrowDown");
    await expect(answer.getByRole("radio", { name: "Strong (2 marks)" })).toBeChecked();
    await shoot(page, "grading");
    await press(page, answer.getByRole("button", { name: "Save the mark" }));
    await expect(page.getByRole("status").filter({ hasText: "Mark saved: 2 of 2 for Student of Journey School." })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Nothing waits to be marked" })).toBeVisible();
  });

  await test.step("the student sees the final mark and downloads the certificate", async () => {
    await phone.goto(`/quiz/student/takenQuiz/${takenQuizId}/result`);
    await expect(phone.getByTestId("awaiting-marking")).toHaveCount(0);
    await expect(phone.getByText("100%", { exact: true })).toBeVisible();
    await shoot(phone, "result-final");
    await press(phone, phone.getByRole("link", { name: "Certificate", exact: true }));
    const dialog = phone.getByRole("dialog", { name: "Certificate" });
    await expect(dialog).toContainText(`${QUIZ}: 100%`);
    const downloading = phone.waitForEvent("download");
    await press(phone, dialog.getByRole("link", { name: "Download the certificate of completion (PDF)" }));
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`certificate-of-completion-every-kind-of-question-${takenQuizId}.pdf`);
    const bytes = new Uint8Array(await readFile((await download.path()) ?? ""));
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
  });
  await student.close();
});
