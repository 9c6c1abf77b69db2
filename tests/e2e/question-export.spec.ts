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
