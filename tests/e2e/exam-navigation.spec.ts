import {choose, expectNoViolations, quizOf, saved, startAllAtOnce } from "./exam-helpers";
import { expect, test } from "./fixtures";
import { createSchool, e2eDatabase, signIn } from "./school";

/**
 * Spec 4's navigation rules and timers in the browser: the all-at-once navigator goes only to
 * unanswered or review-marked questions; the browser's back button asks before leaving; a
 * quiz timed per question shows one question at a time, resets its clock and moves on by
 * itself, with no going back; a submission that fails offline goes out when the network returns.
 */
test("all at once: the navigator goes only to unanswered or marked questions, and back asks before leaving", async ({ page, request }) => {
  const school = await createSchool("Navigator School");
  await quizOf(request, school.teacher);
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  // Into the exam by the app's own links, so that the browser's back button stays inside the app.
  await page.getByRole("link", { name: "Take quiz Planets" }).click();
  await page.getByText("All questions at once", { exact: true }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Start" }).click();

  const navigator = page.getByRole("navigation", { name: "Questions" });
  await expect(navigator.getByRole("button")).toHaveCount(3);
  await choose(page, "Which planet is red", "Mars");
  await page.getByRole("article", { name: /Which planet has rings/ }).getByText("Mark for review").click();
  await expect(navigator.getByRole("button", { name: "Question 1: answered" })).toBeDisabled();
  await expect(navigator.getByRole("button", { name: "Question 2: marked for review" })).toBeEnabled();
  await navigator.getByRole("button", { name: "Question 3: not answered" }).click();
  await expect(page.getByRole("heading", { name: /Which are gas giants/ })).toBeFocused();
  await expectNoViolations(page);
  await saved(page);

  await page.goBack();
  const leave = page.getByRole("alertdialog", { name: "Leave the quiz?" });
  await expect(leave).toContainText("You'll lose your data!");
  await leave.getByRole("button", { name: "Stay in the quiz" }).click();
  await expect(page).toHaveURL(/\/take$/);
  await expect(page.getByRole("radio", { name: "Mars" })).toBeChecked();
});

test("a quiz timed per question: one question at a time, its clock resets and moves on at zero, no going back", async ({ page, request }) => {
  const school = await createSchool("Per Question School");
  const quizId = await quizOf(request, school.teacher, { quiztimetype: "Question", time: 1 });
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await page.goto(`/quiz/student/quizPool/${quizId}/take`);
  await page.getByText("All questions at once", { exact: true }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("You have 1 minute per question.")).toBeVisible();
  await page.getByRole("button", { name: "Start" }).click();

  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Questions" })).toHaveCount(0);
  const questionClock = page.getByRole("timer", { name: "This question" });
  await expect(questionClock).toHaveText(/^[01]:[0-5]\d$/);
  await choose(page, "Which planet is red", "Mars");
  await saved(page);
  await expectNoViolations(page);
  await page.getByRole("button", { name: "Next question" }).click();
  await expect(page.getByRole("article", { name: /Which planet has rings/ })).toBeVisible();
  await expect(questionClock).toHaveText(/^(1:00|0:5\d)$/);

  // A minute is long for a test: move the attempt's start back so that question 2's place in
  // the schedule ends in a few seconds, then reload (the server's schedule rules the clock).
  const db = e2eDatabase();
  const start = Date.now() - 116_000;
  await db.execute({ sql: "update quiz_attempts set started_at = ?, deadline_at = ? where quiz_id = ?", args: [start, start + 180_000, quizId] });
  db.close();
  page.on("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await page.getByRole("button", { name: "Resume your attempt" }).click();
  await expect(page.getByRole("article", { name: /Which planet has rings/ })).toBeVisible();
  await expect(page.getByRole("article", { name: /Which are gas giants/ })).toBeVisible({ timeout: 10_000 });
  await choose(page, "Which are gas giants", "Jupiter");
  await choose(page, "Which are gas giants", "Saturn");
  await page.getByRole("button", { name: "Finish" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Finish now" }).click();
  await expect(page.locator("#result-score")).toHaveText("66.67%");
});

test("a finish that fails offline is sent by itself when the network returns", async ({ page, request, context }) => {
  const school = await createSchool("Retry School");
  const quizId = await quizOf(request, school.teacher);
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await startAllAtOnce(page, quizId);
  await choose(page, "Which planet is red", "Mars");
  await saved(page);
  await context.setOffline(true);
  await choose(page, "Which planet has rings", "Saturn");
  await page.getByRole("button", { name: "Finish" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Finish now" }).click();
  await expect(page.getByText(/No connection: your answers are safe on this device/)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText("quiz completed")).toBeVisible({ timeout: 15_000 });
  await expect(page.locator("#result-score")).toHaveText("66.67%");
});

/** Presses Tab until `target` has the focus (at most 60 times): the keyboard's own way there. */
async function tabTo(page: import("@playwright/test").Page, target: import("@playwright/test").Locator) {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the element");
}

test("the whole exam works by keyboard alone", async ({ page, request }) => {
  const school = await createSchool("Keyboard School");
  const quizId = await quizOf(request, school.teacher);
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await page.goto(`/quiz/student/quizPool/${quizId}/take`);
  // The mode step's radios are the browser's own (NativeRadioGroup): a group named by its
  // label, each option described by its hint, one tab stop, arrows move and choose.
  const modes = page.getByRole("radiogroup", { name: "How do you want to answer?" });
  const allAtOnce = modes.getByRole("radio", { name: "All questions at once" });
  const oneByOne = modes.getByRole("radio", { name: "One by one" });
  await expect(oneByOne).toHaveAccessibleDescription("Check each answer as you go and see whether it is right.");
  await tabTo(page, allAtOnce);
  await page.keyboard.press("ArrowDown");
  await expect(oneByOne).toBeFocused();
  await expect(oneByOne).toBeChecked();
  await page.keyboard.press("ArrowUp");
  await expect(allAtOnce).toBeFocused();
  await expect(allAtOnce).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Next" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(allAtOnce).toBeFocused();
  await page.keyboard.press("Space");
  await expect(allAtOnce).toBeChecked();
  await page.keyboard.press("Enter"); // submits the mode form
  await tabTo(page, page.getByRole("button", { name: "Start" }));
  await page.keyboard.press("Enter");

  // Question 1: the first radio, then the arrow to Mars's place; question 3: two checkboxes.
  const red = page.getByRole("article", { name: /Which planet is red/ });
  await tabTo(page, red.getByRole("radio").first());
  await page.keyboard.press("Space");
  if (!(await red.getByRole("radio", { name: "Mars" }).isChecked())) await page.keyboard.press("ArrowDown");
  await expect(red.getByRole("radio", { name: "Mars" })).toBeChecked();
  const giants = page.getByRole("article", { name: /Which are gas giants/ });
  for (const planet of ["Jupiter", "Saturn"]) {
    await tabTo(page, giants.getByRole("checkbox", { name: planet }));
    await page.keyboard.press("Space");
  }
  await saved(page);
  await tabTo(page, page.getByRole("button", { name: "Finish", exact: true }));
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByRole("alertdialog").getByRole("button", { name: "Finish now" }));
  await page.keyboard.press("Enter");
  await expect(page.locator("#result-score")).toHaveText("66.67%");
});

test("an exam outlives its 15-minute access cookie: a save renews the session and nothing is dropped", async ({ page, request, context }) => {
  const school = await createSchool("Long Exam School");
  const quizId = await quizOf(request, school.teacher);
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await startAllAtOnce(page, quizId);
  await choose(page, "Which planet is red", "Mars");
  await saved(page);
  // What the browser holds once the access cookie has expired: only the refresh cookie.
  await context.clearCookies({ name: "quiz_access" });
  await choose(page, "Which planet has rings", "Saturn");
  await saved(page);
  await page.getByRole("button", { name: "Finish" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Finish now" }).click();
  await expect(page.locator("#result-score")).toHaveText("66.67%");
});
