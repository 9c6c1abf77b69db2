import { mkdirSync, readFileSync } from "node:fs";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { expect, loginAs, test, untilInteractive } from "./fixtures";
import { expectNoViolations } from "./exam-helpers";
import { newBank } from "./new-bank";

/**
 * Issue 28 point 3 ("Done when": a teacher exports a course as Moodle XML): the bank's Export
 * button, its dialog (format, what to take), the download; the file is well-formed Moodle XML
 * holding the course's questions. Screenshots of the dialog at 1280 and 390 px.
 */
const SHOTS = "/work/shots";

test("a teacher exports a course as Moodle XML from the bank: the download is well-formed and holds the course's questions", async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, "teacher");
  const { accessToken, category, course, bank } = await newBank(page, { category: "Export", course: "Geography" });
  const headers = { Authorization: `Bearer ${accessToken}` };
  const questions = [
    { questionText: "Capital of France?", optionType: "radio", options: [{ optionText: "Paris", optionStatus: true }, { optionText: "Lyon", optionStatus: false }] },
    { questionText: "Longest river <of> Africa?", optionType: "shortAnswer", answerKey: { answers: [{ text: "Nile", credit: 100 }] } },
    { questionText: "Smallest first.", optionType: "ordering", answerKey: { items: ["pond", "lake", "sea"] } },
  ];
  for (const question of questions) {
    const res = await page.request.post("/api/question", { headers, data: { ...question, category, course, tags: ["geo"], answerExplaination: "<p>Atlas.</p>" } });
    expect(res.status()).toBe(201);
  }

  await page.goto(bank);
  await untilInteractive(page);
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export questions" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "Moodle XML" })).toBeChecked();
  await expect(dialog.getByRole("radio", { name: `All questions of ${category} › ${course}` })).toBeChecked();
  await expectNoViolations(page);
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/w-export-export-dialog-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Export", exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/^geography-[a-z0-9]+-export-[a-z0-9]+-\d{4}-\d{2}-\d{2}\.xml$/);
  const xml = readFileSync(await download.path(), "utf8");
  expect(XMLValidator.validate(xml)).toBe(true);
  const quiz = new XMLParser({ ignoreAttributes: false, processEntities: false, htmlEntities: false, parseTagValue: false }).parse(xml).quiz;
  const names = (quiz.question as { name?: { text: string } }[]).flatMap((q) => (q.name ? [q.name.text] : []));
  expect(names.sort()).toEqual(["Capital of France?", "Longest river &lt;of&gt; Africa?", "Smallest first."]);
  await expect(dialog.getByText(`${download.suggestedFilename()} is downloaded: 3 questions.`)).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/w-export-export-done-${width}.png`, fullPage: true });
  }
});

test("a teacher ticks two questions with the keyboard and exports only those: the count is announced, Export selected opens on them, the file holds them", async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, "teacher");
  const { accessToken, category, course, bank } = await newBank(page, { category: "Chosen", course: "Rivers" });
  const headers = { Authorization: `Bearer ${accessToken}` };
  for (const [text, right] of [["Longest river of Europe?", "Volga"], ["Longest river of Asia?", "Yangtze"], ["Longest river of America?", "Amazon"]]) {
    const res = await page.request.post("/api/question", { headers, data: { questionText: text, optionType: "shortAnswer", answerKey: { answers: [{ text: right, credit: 100 }] }, category, course, tags: [], answerExplaination: "<p>Atlas.</p>" } });
    expect(res.status()).toBe(201);
  }
  await page.goto(bank);
  await untilInteractive(page);
  const count = page.locator(".bank-selection__count");
  await expect(count).toHaveAttribute("aria-live", "polite");
  await expect(count).toHaveText("Tick questions to export only those.");
  const exportSelected = page.getByRole("button", { name: "Export selected" });
  await expect(exportSelected).toBeDisabled();

  // Keyboard only: focus the first row's box, Space ticks it; Tab on to the next question's box.
  const europe = page.getByRole("checkbox", { name: "Select question: Longest river of Europe?" });
  const asia = page.getByRole("checkbox", { name: "Select question: Longest river of Asia?" });
  await europe.focus();
  await page.keyboard.press("Space");
  await expect(europe).toBeChecked();
  await expect(count).toHaveText("1 question selected");
  await asia.focus();
  await page.keyboard.press("Space");
  await expect(count).toHaveText("2 questions selected");
  await expect(page.getByRole("checkbox", { name: "Select all on this page" })).not.toBeChecked();
  await expectNoViolations(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/w-finish28-bank-selection-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Select all ticks the third; once more clears every box (a click on its label, as a mouse user would).
  const selectAll = page.locator(".bank-selection").getByText("Select all on this page");
  await selectAll.click();
  await expect(count).toHaveText("3 questions selected");
  await selectAll.click();
  await expect(count).toHaveText("Tick questions to export only those.");
  for (const box of [europe, asia]) {
    await box.focus();
    await page.keyboard.press("Space");
  }
  await expect(count).toHaveText("2 questions selected");

  await exportSelected.click();
  const dialog = page.getByRole("dialog", { name: "Export questions" });
  await expect(dialog.getByRole("radio", { name: "Only the 2 selected questions" })).toBeChecked();
  await dialog.getByText("GIFT (text)").click();
  await expect(dialog.getByRole("radio", { name: "GIFT (text)" })).toBeChecked();
  const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Export", exact: true }).click()]);
  const gift = readFileSync(await download.path(), "utf8");
  expect(gift).toContain("Longest river of Europe?");
  expect(gift).toContain("Longest river of Asia?");
  expect(gift).not.toContain("Longest river of America?");
  await expect(dialog.getByText(`${download.suggestedFilename()} is downloaded: 2 questions.`)).toBeVisible();
});
