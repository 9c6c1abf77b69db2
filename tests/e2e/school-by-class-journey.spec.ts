import { formatWallClock } from "../../api/services/core/dates";
import { saved } from "./exam-helpers";
import { expect, test, untilInteractive } from "./fixtures";
import { bankOf } from "./quiz-seed";
import { createSchool, signIn } from "./school";
import {
  answer,
  chooseByKeyboard,
  createClass,
  downloadCsv,
  finish,
  invitationPath,
  paperOf,
  pickClass,
  poolOf,
  pressOn,
  setForClass,
  startAllAtOnce,
  utcInput,
} from "./school-by-class-steps";
import { photograph } from "./shots";
import { fillQuizDetails, nextStep, wizardOf } from "./wizard-steps";

/**
 * Issue 27's "Done when", walked as the school would, through its pages: a teacher makes two
 * classes, imports 30 students into one from a CSV and lets the other join by code, writes one
 * quiz for both with different windows, a pass mark and a random draw of 10 from 30 (the draw
 * added in the wizard with the mouse and the keyboard), gives one student an extra attempt; a
 * student of each class sits it in their window and gets a different paper, kept on resume; 45 %
 * says Not passed without a certificate, 100 % passes with a certificate of achievement; the
 * teacher filters the stats and item analysis by class, reads the class grid and the student's
 * report and reads both CSVs back. Only the bank (which the journey does not name) is made over
 * the API. The wizard's lists are worked from the keyboard too, and keep its focus (ADR 0077's
 * addendum). It makes classes.spec.ts's roster and code, random-papers.spec.ts and the first
 * test of pass-mark.spec.ts largely redundant (see the report of the session that wrote it).
 */
test.use({ timezoneId: "UTC" });

/**
 * Both windows are typed on the UTC clock. Class B's first opens two hours ahead, so "not open
 * yet" holds however slow the machine; the teacher then brings it forward to now (step 6), as a
 * teacher moving a section's sitting does, instead of the test waiting for a wall-clock moment.
 */
const B_OPENS_AFTER_MS = 2 * 3600_000;
/** With SHOTS_DIR set, the wizard's lists after a keyboard add or remove (w-journey27-<screen>-<width>.png). */
const SHOTS = "w-journey27";

const ADA_PASSWORD = "Lantern-orbit-meadow-72";
/** createSchool's student, who joins 10B by its code. */
const STUDENT_NAME = "Student of By Class School";

test("a school works by class: rosters, one quiz for two classes with a draw, a pass mark, an override, reports", async ({ page, request, browser }, testInfo) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const school = await createSchool("By Class School");
  // The bank: ten Greek questions the quiz will hold, thirty Roman ones it will draw from.
  await bankOf(request, school.teacher, 10, { category: "History", course: "Greeks", topic: "Greek" });
  await bankOf(request, school.teacher, 30, { category: "History", course: "Romans", topic: "Roman" });
  const baseURL = testInfo.project.use.baseURL;
  const quizName = `Ancient history ${run}`;
  const ada = { name: "Ada Pupil", email: `ada.${run}@school.test` };

  // 1. Two classes; 30 students imported into 10A from a CSV.
  await signIn(page, school.teacher, /\/quiz\/teacher\//);
  const classA = await createClass(page, "10A History");
  const classB = await createClass(page, "10B History");
  await page.goto(classA);
  await untilInteractive(page);
  const roster = ["fullname,email", `${ada.name},${ada.email}`, ...Array.from({ length: 29 }, (_, i) => `Pupil ${i + 2},pupil${i + 2}.${run}@school.test`)];
  await page.getByLabel("Roster CSV file").setInputFiles({ name: "roster.csv", mimeType: "text/csv", buffer: Buffer.from(roster.join("\n")) });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("Done: 30 new accounts invited, 0 students already at the school added, 0 rows changed nothing")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Roster: 30 students" })).toBeVisible();

  // 2. The school's student joins 10B by the code the teacher reads out.
  await page.goto(classB);
  const code = (await page.locator(".classes-copy__value").first().textContent())!.trim();
  const bea = await (await browser.newContext({ baseURL, timezoneId: "UTC" })).newPage();
  await signIn(bea, school.student, /\/quiz\/student\/quizPool$/);
  await bea.goto("/quiz/student/classes");
  await untilInteractive(bea);
  await bea.getByLabel("Join code").fill(code.toLowerCase());
  await bea.getByRole("button", { name: "Join", exact: true }).click();
  await expect(bea.getByRole("heading", { name: "10B History" })).toBeVisible();

  // 3. The quiz, in the wizard: both classes with their own windows, a pass mark, ten chosen
  //    questions and a draw of ten from the thirty Romans (added by mouse, set by keyboard).
  await page.goto("/quiz/teacher/quizPool");
  await page.getByRole("link", { name: "Create Quiz" }).click();
  const wizard = wizardOf(page);
  await nextStep(page);
  await fillQuizDetails(page, { name: quizName, description: "Greeks for all, Romans drawn for each.", category: "History", course: "Greeks", level: "Moderate" }, "keyboard");
  await nextStep(page, "keyboard");
  await wizard.getByText("Published", { exact: true }).click();
  await wizard.getByLabel("Pass mark (%)").fill("50");
  const closesA = Date.now() + 3 * 3600_000;
  await setForClass(page, "10A History", Date.now() - 3600_000, closesA);
  // 10B by keyboard: the class chosen and set; focus lands on its first field.
  await chooseByKeyboard(page, wizard.getByRole("button", { name: /Class/ }), "10B History");
  await pressOn(page, wizard.getByRole("button", { name: "Set for this class" }), "Enter");
  const settingsB = wizard.getByRole("group", { name: "Settings for 10B History" });
  await expect(settingsB.getByLabel("Opens")).toBeFocused();
  await photograph(page, SHOTS, "wizard-class-added");
  const opensB = Date.now() + B_OPENS_AFTER_MS;
  await settingsB.getByLabel("Opens").fill(utcInput(opensB));
  const closesB = opensB + 26 * 3600_000;
  await settingsB.getByLabel("Closes").fill(utcInput(closesB));
  await nextStep(page);
  await nextStep(page);
  const bank = wizard.locator(".quiz-wizard__picklist");
  for (let i = 1; i <= 10; i++) await bank.getByText(`Greek question ${i}`, { exact: true }).click();
  // One taken off again from the keyboard: focus stays in the chosen list, on the question before it.
  await pressOn(page, wizard.getByRole("button", { name: "Remove: Greek question 10" }), "Enter");
  await expect(wizard.getByRole("button", { name: "Move up: Greek question 9" })).toBeFocused();
  await bank.getByText("Greek question 10", { exact: true }).click();
  await expect(wizard.getByText("10 questions chosen")).toBeVisible();
  // The draw by keyboard: Add lands on the new draw's first choice, the quiz's category.
  const addDraw = wizard.getByRole("button", { name: "Add a draw" });
  await pressOn(page, addDraw, "Enter");
  const draw = wizard.getByRole("listitem", { name: "Draw 1" });
  await expect(draw.getByRole("button", { name: /Category/ })).toBeFocused();
  await expect(draw.getByRole("button", { name: /Category/ })).toContainText("History");
  await chooseByKeyboard(page, draw.getByRole("button", { name: /Course/ }), "Romans");
  await draw.getByLabel("Questions to draw").focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("10");
  await expect(draw.getByText("30 available")).toBeVisible();
  // A second draw added with the mouse and removed from the keyboard: focus stays in the draws.
  await addDraw.click();
  await pressOn(page, wizard.getByRole("button", { name: "Remove draw 2" }), "Enter");
  await expect(wizard.getByRole("listitem", { name: "Draw 2" })).toHaveCount(0);
  await expect(draw.getByRole("button", { name: /Category/ })).toBeFocused();
  await photograph(page, SHOTS, "wizard-draw-removed");
  const shuffle = wizard.getByRole("switch", { name: "Shuffle question order for each student" });
  await pressOn(page, shuffle, "Space");
  await expect(shuffle).toBeChecked();
  await wizard.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Quiz Added")).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(quizName) });
  await expect(row).toContainText("10 / 20");

  const quizId = Number((await row.getByRole("link", { name: `View ${quizName}` }).getAttribute("href"))!.match(/\/quiz\/(\d+)\/view/)![1]);

  // Class B's window has not opened: its student does not see the quiz yet.
  await expect(await poolOf(bea)).not.toContainText(quizName);
  expect(Date.now()).toBeLessThan(opensB);

  // 4. The quiz's page lists its draw and classes; Ada gets an extra attempt.
  await page.goto(`/quiz/teacher/quiz/${quizId}/view`);
  await expect(page.getByText("10 questions from History › Romans › Any tag")).toBeVisible();
  await expect(page.getByText("Shuffled for each student")).toBeVisible();
  await expect(page.getByRole("region", { name: "Visibility" })).toContainText("10A History, 10B History");
  const overrides = page.getByRole("region", { name: "Overrides" });
  await overrides.getByRole("button", { name: "Add an override" }).click();
  await overrides.getByRole("button", { name: /Student/ }).click();
  await page.getByRole("option", { name: new RegExp(ada.name) }).click();
  await overrides.getByLabel("Attempts").fill("2");
  await overrides.getByRole("button", { name: "Save override" }).click();
  await expect(overrides.getByRole("row").filter({ hasText: ada.name })).toContainText("2");

  // 5. Ada, imported into 10A, chooses her password from the invitation and sits in 10A's window.
  const adaPage = await (await browser.newContext({ baseURL, timezoneId: "UTC" })).newPage();
  await adaPage.goto(await invitationPath(request, school.owner, ada.email));
  await untilInteractive(adaPage);
  await adaPage.getByLabel("New password").fill(ADA_PASSWORD);
  await adaPage.getByLabel("Confirm password").fill(ADA_PASSWORD);
  await adaPage.getByRole("button", { name: "Change password" }).click();
  await expect(adaPage).toHaveURL(/\/quiz\/auth\/login\?notice=password-changed$/);
  await untilInteractive(adaPage);
  await adaPage.getByLabel("Email").fill(ada.email);
  await adaPage.getByLabel("Password", { exact: true }).fill(ADA_PASSWORD);
  await adaPage.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(adaPage).toHaveURL(/\/quiz\/student\/quizPool$/);
  // Her pool says when the quiz closes for her: 10A's close, on the page's clock.
  await expect(adaPage.getByRole("row", { name: new RegExp(quizName) })).toContainText(formatWallClock(closesA, "en", "UTC"));
  await startAllAtOnce(adaPage, quizId, "Attempts used: 0 of 2.");
  const adaPaper = await paperOf(adaPage);
  expect(adaPaper).toHaveLength(20);
  expect(adaPaper.filter((text) => text.startsWith("Roman question")), adaPaper.join(" / ")).toHaveLength(10);
  await answer(adaPage, [0, 1, 2, 3, 4], "Right");
  await saved(adaPage);
  // She closes the tab and comes back: the same paper in the same order, her answers kept.
  await adaPage.goto(`/quiz/student/quizPool/${quizId}/take`);
  await adaPage.getByRole("button", { name: "Resume your attempt" }).click();
  await expect(adaPage.getByRole("article")).toHaveCount(20);
  expect(await paperOf(adaPage)).toEqual(adaPaper);
  await expect(adaPage.getByRole("article").nth(4).getByRole("radio", { name: "Right" })).toBeChecked();
  await answer(adaPage, [5, 6, 7, 8], "Right");
  await answer(adaPage, [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19], "Wrong");
  await saved(adaPage);
  await finish(adaPage);
  await expect(adaPage.locator("#result-score")).toHaveText("45%");
  await expect(adaPage.locator(".pass-verdict").first()).toHaveText(/✗\s*Not passed \(pass mark 50%\)/);
  await expect(adaPage.getByTestId("no-certificate")).toHaveText("This result is below the pass mark of 50%, so it has no certificate.");
  // Her extra attempt: the quiz is still hers to take.
  await adaPage.goto(`/quiz/student/quizPool/${quizId}/take`);
  await adaPage.getByText("All questions at once", { exact: true }).click();
  await adaPage.getByRole("button", { name: "Next" }).click();
  await expect(adaPage.getByText("Attempts used: 1 of 2.")).toBeVisible();

  // 6. The teacher brings 10B's window forward to now (a taken quiz keeps its questions, not its
  // dates): its student sits, on another paper, and passes.
  await page.goto(`/quiz/teacher/quizPool/${quizId}/edit`);
  await untilInteractive(page);
  await nextStep(page);
  await wizard.getByRole("group", { name: "Settings for 10B History" }).getByLabel("Opens").fill(utcInput(Date.now() - 60_000));
  while (!(await wizard.getByRole("button", { name: "Submit" }).isVisible())) await nextStep(page);
  await wizard.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Quiz Updated")).toBeVisible();
  await expect.poll(async () => (await poolOf(bea)).innerText(), { timeout: 30_000, intervals: [1_000] }).toContain(quizName);
  await expect(bea.getByRole("row", { name: new RegExp(quizName) })).toContainText(formatWallClock(closesB, "en", "UTC"));
  await startAllAtOnce(bea, quizId, "Attempts used: 0 of 1.");
  const beaPaper = await paperOf(bea);
  expect(beaPaper).toHaveLength(20);
  expect(beaPaper).not.toEqual(adaPaper);
  await answer(bea, [...beaPaper.keys()], "Right");
  await saved(bea);
  await finish(bea);
  await expect(bea.locator("#result-score")).toHaveText("100%");
  await expect(bea.locator(".pass-verdict").first()).toHaveText(/✓\s*Passed/);
  await bea.getByRole("link", { name: /^Certificate/ }).first().click();
  const certificate = bea.getByRole("dialog");
  await expect(certificate.getByText("Certificate of achievement", { exact: true })).toBeVisible();
  await expect(certificate.getByRole("link", { name: "Download the certificate of achievement (PDF)" })).toBeVisible();

  // 7. The teacher reads the stats by class.
  await page.goto(`/quiz/teacher/quiz/${quizId}/viewStats`);
  await untilInteractive(page);
  const names = page.locator(".stats-table__name");
  await expect(names).toHaveCount(2);
  await pickClass(page, "10A History");
  await expect(names).toHaveText([ada.name]);
  await expect(page.locator(".pass-verdict")).toHaveText([/Not passed/]);
  await pickClass(page, "10B History");
  await expect(names).toHaveText([STUDENT_NAME]);
  // Item analysis keeps the class and counts per drawn question: each of the ten on 10B's paper once.
  await page.getByRole("link", { name: "Item analysis" }).click();
  await expect(page).toHaveURL(/\/analysis\?classId=\d+$/);
  await expect(page.getByText("Drawn 1 time", { exact: true })).toHaveCount(10);

  // 8. 10A's grid and Ada's report, each downloaded and read back.
  await page.getByRole("navigation").getByRole("link", { name: "Reports" }).first().click();
  await page.getByRole("link", { name: "10A History" }).click();
  const grid = page.getByRole("table", { name: /^Results of 10A History/ });
  await expect(grid.getByRole("row")).toHaveCount(31);
  const adaRow = grid.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(ada.name) }) });
  await expect(adaRow.getByRole("cell").first()).toContainText("45%");
  await expect(adaRow.getByRole("cell").first()).toContainText("✗ Not passed");
  const gridCsv = await downloadCsv(page, page.getByRole("link", { name: "Download CSV" }));
  expect(gridCsv.name).toMatch(/^class-report-10a-history-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(gridCsv.lines).toHaveLength(31);
  expect(gridCsv.lines[0]).toContain(`"${quizName} [${quizId}] Percentage"`);
  expect(gridCsv.lines.find((line) => line.includes(ada.email))).toContain('"45","Not passed","1"');

  await grid.getByRole("link", { name: ada.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Report: ${ada.name}` })).toBeVisible();
  const report = page.getByRole("table", { name: `${ada.name}'s results, one row per quiz` });
  await expect(report.getByRole("row").filter({ hasText: quizName }).getByRole("cell").first()).toHaveText("45%✗ Not passed");
  const reportCsv = await downloadCsv(page, page.getByRole("link", { name: "Download CSV" }));
  expect(reportCsv.lines).toHaveLength(2);
  expect(reportCsv.lines[1].split('","').slice(2, 9).join("|")).toBe(`${quizName}|History|Yes|Best attempt|1|45|Not passed`);
});
