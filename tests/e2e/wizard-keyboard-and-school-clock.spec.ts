import type { APIRequestContext, Page } from "@playwright/test";
import { quizOf } from "./exam-helpers";
import { expect, test, untilInteractive } from "./fixtures";
import { apiAuth, createSchool, e2eDatabase, type School, signIn } from "./school";
import { pressOn } from "./school-by-class-steps";
import { nextStep, wizardOf } from "./wizard-steps";

/**
 * Issue 27, the last keyboard and clock gaps (ADR 0077 and 0082, second addenda): the chosen
 * questions' Move up / Move down at the list's ends, "Remove <class>" in the quiz's classes from
 * the keyboard, and every date a teacher types for a class or one student (the wizard's classes,
 * the quiz page's overrides) read on the school's clock whatever the teacher's browser says.
 */
const RED = "Which planet is red?";
const RINGS = "Which planet has rings?";
const GIANTS = "Which are gas giants?";

async function classOf(request: APIRequestContext, school: School, name: string): Promise<number> {
  const headers = await apiAuth(request, school.teacher);
  const made = await request.post("/api/classes", { headers, data: { name } });
  expect(made.status(), await made.text()).toBe(201);
  const classId = ((await made.json()) as { entity: { id: number } }).entity.id;
  const added = await request.post("/api/classes/members", { headers, data: { classId, add: [school.student] } });
  expect(added.status(), await added.text()).toBe(200);
  return classId;
}

async function openWizardSettings(page: Page, quizId: number) {
  await page.goto(`/quiz/teacher/quizPool/${quizId}/edit`);
  await untilInteractive(page);
  await nextStep(page);
}

async function submitWizard(page: Page) {
  const wizard = wizardOf(page);
  while (!(await wizard.getByRole("button", { name: "Submit" }).isVisible())) await nextStep(page);
  await wizard.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Quiz Updated")).toBeVisible();
}

async function rowsOf(sql: string, args: (number | string)[]) {
  const db = e2eDatabase();
  try {
    return (await db.execute({ sql, args })).rows;
  } finally {
    db.close();
  }
}

test("Move up / Move down keep focus on a usable control at the list's ends and say where the question went", async ({ page, request }) => {
  const school = await createSchool("Order Keys School");
  const quizId = await quizOf(request, school.teacher, { quizName: "Planets in order" });
  await signIn(page, school.teacher, /\/quiz\/teacher/);
  await openWizardSettings(page, quizId);
  await nextStep(page); // Visibility
  await nextStep(page); // Questions
  const wizard = wizardOf(page);
  const chosen = wizard.locator(".quiz-wizard__order");
  const moved = wizard.locator(".quiz-wizard__selected").getByRole("status");

  // The middle question down to the end: "Move down" turns disabled, so focus goes to its "Move up".
  await pressOn(page, wizard.getByRole("button", { name: `Move down: ${RINGS}` }), "Enter");
  await expect(chosen.getByRole("listitem").last()).toContainText(RINGS);
  await expect(wizard.getByRole("button", { name: `Move up: ${RINGS}` })).toBeFocused();
  await expect(moved).toHaveText(`${RINGS} moved to position 3 of 3.`);

  // The (new) middle one up to the top: focus on its "Move down".
  await pressOn(page, wizard.getByRole("button", { name: `Move up: ${GIANTS}` }), "Space");
  await expect(chosen.getByRole("listitem").first()).toContainText(GIANTS);
  await expect(wizard.getByRole("button", { name: `Move down: ${GIANTS}` })).toBeFocused();
  await expect(moved).toHaveText(`${GIANTS} moved to position 1 of 3.`);

  // In the middle of the list focus stays on the button pressed, on the question it moved.
  await page.keyboard.press("Enter");
  await expect(chosen.getByRole("listitem").nth(1)).toContainText(GIANTS);
  await expect(wizard.getByRole("button", { name: `Move down: ${GIANTS}` })).toBeFocused();
  await expect(moved).toHaveText(`${GIANTS} moved to position 2 of 3.`);
  await expect(chosen.getByRole("listitem")).toHaveText([new RegExp(RED), new RegExp(GIANTS), new RegExp(RINGS)]);
});

test("Remove a class from the quiz by keyboard: focus moves to the next class, then to the class chooser", async ({ page, request }) => {
  const school = await createSchool("Remove Keys School");
  const first = await classOf(request, school, "8A Physics");
  const second = await classOf(request, school, "8B Physics");
  const quizId = await quizOf(request, school.teacher, { quizName: "Planets for two classes", classes: [{ classId: first }, { classId: second }] });
  await signIn(page, school.teacher, /\/quiz\/teacher/);
  await openWizardSettings(page, quizId);
  const wizard = wizardOf(page);
  await expect(wizard.getByRole("group", { name: "Settings for 8A Physics" })).toBeVisible();

  await pressOn(page, wizard.getByRole("button", { name: "Remove 8A Physics" }), "Enter");
  await expect(wizard.getByRole("group", { name: "Settings for 8A Physics" })).toHaveCount(0);
  await expect(wizard.getByRole("group", { name: "Settings for 8B Physics" }).getByLabel("Opens")).toBeFocused();

  await pressOn(page, wizard.getByRole("button", { name: "Remove 8B Physics" }), "Space");
  await expect(wizard.getByRole("group", { name: "Settings for 8B Physics" })).toHaveCount(0);
  // The last class gone: focus on the chooser that sets the quiz for a class again, inside the dialog.
  await expect(wizard.getByRole("button", { name: /Class/ })).toBeFocused();
  await expect(wizard.getByText("Not set for any class", { exact: false })).toBeVisible();

  await submitWizard(page);
  expect(await rowsOf("select class_id from quiz_classes where quiz_id = ?", [quizId])).toHaveLength(0);
});

test("class and override dates typed in London are read on the school's Tokyo clock, the zone named beside each field", async ({ browser, baseURL, request }) => {
  test.slow(); // the wizard and the quiz page in a second browser
  const school = await createSchool("Tokyo Entry School");
  await rowsOf("update admin_settings set time_zone = 'Asia/Tokyo' where business_id = ?", [school.businessId]);
  const classId = await classOf(request, school, "7C Astronomy");
  const quizId = await quizOf(request, school.teacher, { quizName: "Planets on Tokyo time", classes: [{ classId }] });
  const context = await browser.newContext({ baseURL, timezoneId: "Europe/London" });
  const page = await context.newPage();
  await signIn(page, school.teacher, /\/quiz\/teacher/);

  // The wizard's class dates: 09:00 and 18:30 in Tokyo are 00:00 and 09:30 UTC.
  await openWizardSettings(page, quizId);
  const settings = wizardOf(page).getByRole("group", { name: "Settings for 7C Astronomy" });
  await expect(settings.getByText("In Asia/Tokyo time (GMT+9)")).toHaveCount(2);
  await settings.getByLabel("Opens").fill("2030-05-02T09:00");
  await settings.getByLabel("Closes").fill("2030-05-03T18:30");
  await submitWizard(page);
  const classWindow = await rowsOf("select start_timestamp, end_timestamp from quiz_classes where quiz_id = ?", [quizId]);
  expect(classWindow.map((row) => [Number(row.start_timestamp), Number(row.end_timestamp)])).toEqual([[Date.UTC(2030, 4, 2, 0, 0) / 1000, Date.UTC(2030, 4, 3, 9, 30) / 1000]]);

  // One student's override on the quiz page: 08:00 on June 1 in Tokyo is 23:00 UTC on May 31.
  await page.goto(`/quiz/teacher/quiz/${quizId}/view`);
  await untilInteractive(page);
  const panel = page.getByRole("region", { name: "Overrides" });
  await panel.getByRole("button", { name: "Add an override" }).click();
  await panel.getByRole("button", { name: /Student/ }).click();
  await page.getByRole("option", { name: /Student of Tokyo Entry School/ }).click();
  const form = panel.getByRole("form", { name: "Add an override" });
  await expect(form.getByText("In Asia/Tokyo time (GMT+9)")).toHaveCount(2);
  await form.getByLabel("Opens").fill("2030-06-01T08:00");
  await form.getByLabel("Closes").fill("2030-06-02T20:00");
  await panel.getByRole("button", { name: "Save override" }).click();
  const row = panel.getByRole("row").filter({ hasText: "Student of Tokyo Entry School" });
  await expect(row).toContainText("Jun 1, 2030, 8:00 AM GMT+9");
  await expect(row).toContainText("Jun 2, 2030, 8:00 PM GMT+9");
  const override = await rowsOf("select start_timestamp, end_timestamp from quiz_overrides where quiz_id = ?", [quizId]);
  expect(override.map((r) => [Number(r.start_timestamp), Number(r.end_timestamp)])).toEqual([[Date.UTC(2030, 4, 31, 23, 0) / 1000, Date.UTC(2030, 5, 2, 11, 0) / 1000]]);
  await context.close();
});
