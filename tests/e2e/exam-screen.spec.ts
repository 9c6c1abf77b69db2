import type { Locator, Page } from "@playwright/test";
import { choose, expectNoViolations, quizOf, saved, startAllAtOnce } from "./exam-helpers";
import { expect, test } from "./fixtures";
import { createSchool, signIn } from "./school";

/**
 * Issue 18, the exam: one by one gets back to what it skipped (the navigator, spec 4's
 * rules), resumes at its first unchecked question and marks the checked option itself; the
 * exam has the screen to itself at every spec width; it starts at any address the app
 * answers on; and a start, save or finish that fails says so, with what to do.
 */
async function startOneByOne(page: Page, quizId: number) {
  await page.goto(`/quiz/student/quizPool/${quizId}/take`);
  await page.getByText("One by one", { exact: true }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Start" }).click();
}

test("one by one: the navigator opens a skipped question once all were seen, the checked option shows right or wrong, a resume starts at the first unchecked question", async ({ page, request }) => {
  test.slow(); // two exam screens and a reload
  const school = await createSchool("Skip Back School");
  const quizId = await quizOf(request, school.teacher);
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await startOneByOne(page, quizId);

  const navigator = page.getByRole("navigation", { name: "Questions" });
  await expect(navigator.getByRole("button")).toHaveCount(3);
  // Before every question was seen, the navigator only shows where the student is.
  await expect(navigator.getByRole("button", { name: "Question 1: not answered" })).toHaveAttribute("aria-current", "step");
  await expect(navigator.getByRole("button", { name: "Question 3: not answered" })).toBeDisabled();

  // Question 1, wrong: the chosen option says so itself (seen, and read with it), the right one too.
  await choose(page, "Which planet is red", "Venus");
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByText("Wrong.")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Venus" })).toHaveAccessibleDescription("Your choice: wrong");
  await expect(page.getByRole("radio", { name: "Mars" })).toHaveAccessibleDescription("Right answer, not chosen");
  await expect(page.locator('[data-verdict="chosenWrong"]')).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole("button", { name: "Next question" }).click();

  // Question 2: skipped. Question 3: right.
  await page.getByRole("button", { name: "Skip" }).click();
  await choose(page, "Which are gas giants", "Jupiter");
  await choose(page, "Which are gas giants", "Saturn");
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByText("Right!")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Jupiter" })).toHaveAccessibleDescription("Your choice: right");

  // Every question seen: the skipped one opens, from the navigator or the button; the checked ones stay closed.
  await expect(navigator.getByRole("button", { name: "Question 1: wrong" })).toBeDisabled();
  await expect(navigator.getByRole("button", { name: "Question 3: answered" })).toBeDisabled();
  await expect(navigator.getByRole("button", { name: "Question 2: not answered" })).toBeEnabled();
  await expect(page.getByText("You have seen every question. Go back to a skipped one, or finish.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Back to question 2" })).toBeVisible();
  await expectNoViolations(page);
  await navigator.getByRole("button", { name: "Question 2: not answered" }).click();
  await expect(page.getByRole("heading", { name: /Which planet has rings/ })).toBeFocused();

  // A choice saved but not checked: after a reload the exam resumes here, at the first
  // unchecked question (not question 1), and the saved choice is not taken for a right answer.
  await choose(page, "Which planet has rings", "Venus");
  await saved(page);
  page.on("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await page.getByRole("button", { name: "Resume your attempt" }).click();
  await expect(page.getByRole("article", { name: /Which planet has rings/ })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Venus" })).toBeChecked();
  await expect(page.getByText("Right!")).toHaveCount(0);
  await expect(navigator.getByRole("button", { name: "Question 2: not answered" })).toHaveAttribute("aria-current", "step");
  await expect(navigator.getByRole("button", { name: "Question 1: wrong" })).toBeDisabled();
  await choose(page, "Which planet has rings", "Saturn");
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByText("Right!")).toBeVisible();
  await expect(page.getByText("That was the last question. Select Finish when you are ready.")).toBeVisible();
  await page.getByRole("button", { name: "Finish", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Finish now" }).click();
  await expect(page.locator("#result-score")).toHaveText("66.67%");
});

/** Whether the element's centre is its own (nothing lies over it there). */
const ownsItsCentre = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top);
  });

test("the exam has the screen to itself: no side menu or header menus, the timer, save status and Finish in view at every spec width", async ({ page, request }) => {
  test.slow(); // four widths
  const school = await createSchool("Full Screen School");
  const quizId = await quizOf(request, school.teacher);
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await expect(page.locator(".shell-sidebar")).toBeVisible();
  await startAllAtOnce(page, quizId);
  const timer = page.getByRole("timer");
  await expect(timer).toBeVisible();

  for (const width of [390, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 720 });
    // The app's menus step aside: hidden, and inert for the keyboard and screen readers.
    await expect(page.locator(".shell-sidebar")).toBeHidden();
    await expect(page.locator(".shell-header")).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveCount(0);
    expect(await page.locator(".shell-sidebar").evaluate((element) => (element as HTMLElement).inert)).toBe(true);
    for (const where of ["top", "bottom"] as const) {
      await page.evaluate((to) => window.scrollTo(0, to === "top" ? 0 : document.documentElement.scrollHeight), where);
      const finish = page.getByRole("button", { name: "Finish", exact: true });
      for (const [name, element] of [
        ["timer", timer],
        ["save status", page.getByRole("status").filter({ hasText: /saved|Saving|Offline/ })],
        ["Finish", finish],
      ] as const) {
        await expect(element, `${name} at ${width} px, ${where}`).toBeInViewport();
      }
      expect(await ownsItsCentre(finish), `nothing covers Finish at ${width} px, ${where}`).toBe(true);
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await choose(page, "Which planet is red", "Mars");
  await saved(page);
  await page.getByRole("button", { name: "Finish", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Finish now" }).click();
  // The exam over, the menus are back.
  await expect(page.locator("#result-score")).toHaveText("33.33%");
  await expect(page.locator(".shell-sidebar")).toBeVisible();
  expect(await page.locator(".shell-sidebar").evaluate((element) => (element as HTMLElement).inert)).toBe(false);
});

test.describe("at the e2e server's other address", () => {
  // The same server at 127.0.0.1 instead of localhost (APP_URL's): another origin.
  test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}` });

  test("a student signs in at 127.0.0.1 and starts an exam", async ({ page, request }) => {
    const school = await createSchool("Loopback School");
    const quizId = await quizOf(request, school.teacher);
    await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
    expect(new URL(page.url()).hostname).toBe("127.0.0.1");
    const started = page.waitForResponse((res) => res.url().endsWith("/api/takeQuiz/startQuiz"));
    await startAllAtOnce(page, quizId);
    expect((await started).status()).toBe(200);
    await expect(page.getByRole("timer")).toBeVisible();
    await choose(page, "Which planet is red", "Mars");
    await saved(page);
    await page.getByRole("button", { name: "Finish", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Finish now" }).click();
    await expect(page.locator("#result-score")).toHaveText("33.33%");
  });
});

test("a start, a save and a finish that fail say so, with what the student can do, and work once the server answers", async ({ page, request }) => {
  test.slow(); // three failures and their recoveries
  const school = await createSchool("Failing Server School");
  const quizId = await quizOf(request, school.teacher);
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await page.goto(`/quiz/student/quizPool/${quizId}/take`);
  await page.getByText("All questions at once", { exact: true }).click();
  await page.getByRole("button", { name: "Next" }).click();

  // Start: refused (as the cross-site check did) and then failing; the page says which, and what to do.
  const failWith = (status: number, code: string) => (route: import("@playwright/test").Route) => route.fulfill({ status, json: { code, message: "English text the page must not show" } });
  await page.route("**/api/takeQuiz/startQuiz", failWith(403, "FORBIDDEN"));
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("alert")).toHaveText(/The server refused this request from this page\. Press Start to try again; if it keeps failing, reload the page\./);
  await page.unroute("**/api/takeQuiz/startQuiz");
  await page.route("**/api/takeQuiz/startQuiz", failWith(500, "INTERNAL"));
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("alert")).toHaveText(/The server had a problem\. Press Start to try again/);
  await expect(page.getByText("English text the page must not show")).toHaveCount(0);
  await page.unroute("**/api/takeQuiz/startQuiz");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("timer")).toBeVisible();

  // Save: the server fails; the answers wait on the device and go by themselves once it answers.
  await page.route("**/api/takeQuiz/saveAnswers", failWith(500, "INTERNAL"));
  await choose(page, "Which planet is red", "Mars");
  const saveFailed = page.getByRole("alert").filter({ hasText: "The server had a problem. Your answers are kept on this device and will be sent again by themselves." });
  await expect(saveFailed).toBeVisible();
  await page.unroute("**/api/takeQuiz/saveAnswers");
  await saved(page);
  await expect(saveFailed).toHaveCount(0);

  // Finish: the server fails; the page says the answers are kept and Finish can be pressed again.
  await page.route("**/api/takeQuiz/answerAll", failWith(500, "INTERNAL"));
  await page.getByRole("button", { name: "Finish", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Finish now" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The server had a problem. Your answers are kept on this device: press Finish to try again, or reload the page." })).toBeVisible();
  await page.unroute("**/api/takeQuiz/answerAll");
  await page.getByRole("button", { name: "Finish", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Finish now" }).click();
  await expect(page.locator("#result-score")).toHaveText("33.33%");
  // The spec's 'quiz completed', in a sentence; the status is the teacher's review.
  await expect(page.getByRole("status").filter({ hasText: "Quiz completed: here is your result." })).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: /^Teacher review$/ })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: /^Pending$/ })).toBeVisible();
});
