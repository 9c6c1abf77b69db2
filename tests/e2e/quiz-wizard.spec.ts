import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { bankOf, quizBody } from "./quiz-seed";
import { apiAuth, createSchool, signIn } from "./school";
import { fillQuizDetails, nextStep } from "./wizard-steps";

/**
 * Issue 7 item 4: the quiz wizard in both modes, in a school of its own (the owner's policy
 * changes here must not reach journeys running in parallel in the demo school).
 */
// Whole journeys of a dozen server-checked steps each: 30 s is too short on a busy machine.
test.describe.configure({ timeout: 90_000 });

const dialog = (page: Page) => page.getByRole("dialog");
const step = (page: Page, name: string) => dialog(page).getByRole("heading", { level: 3, name: new RegExp(`^${name}`) });
const next = (page: Page) => dialog(page).getByRole("button", { name: "Next" }).click();

test("a teacher builds a quiz through the wizard, meets its rules, and edits it", async ({ page, request }) => {
  const school = await createSchool("Wizard School");
  await bankOf(request, school.teacher, 3);
  await signIn(page, school.teacher, /\/quiz\/teacher\/quizPool$/);

  await page.getByRole("link", { name: "Create Quiz" }).click();
  await expect(page).toHaveURL(/\/teacher\/quizPool\/new$/);
  await expect(step(page, "Quiz Type")).toBeVisible();
  await expect(dialog(page).getByText("8.00")).toBeVisible();
  await expect(dialog(page).getByRole("navigation", { name: "Wizard steps" }).getByRole("listitem")).toHaveCount(5);
  await next(page);

  // Details: the server's own rules answer an empty step.
  await expect(step(page, "Quiz Details")).toBeVisible();
  await next(page);
  await expect(dialog(page).getByText("Quiz name is required").first()).toBeVisible();
  await expect(dialog(page).getByText("Category is required").first()).toBeVisible();
  await fillQuizDetails(page, { name: "Romans, part one", description: "Ten minutes on the Roman Empire.", category: "History", course: "Romans", level: "Moderate" });
  await dialog(page).getByLabel("Total questions").fill("2");
  await next(page);

  // Settings: a date range needs both dates, in order.
  await expect(step(page, "Quiz Settings")).toBeVisible();
  await dialog(page).getByText("Date range", { exact: true }).click();
  await next(page);
  await expect(dialog(page).getByText("Start date is required for date range").first()).toBeVisible();
  await dialog(page).getByLabel("Start date").fill("2030-05-02T09:00");
  await dialog(page).getByLabel("End date").fill("2030-05-01T09:00");
  await next(page);
  await expect(dialog(page).getByText("Start date must not be greater than end date").first()).toBeVisible();
  await dialog(page).getByLabel("End date").fill("2030-05-03T09:00");
  await dialog(page).getByLabel("Time (minutes)").fill("20");
  await dialog(page).getByRole("radiogroup", { name: "Negative Marking" }).getByText("Yes").click();
  await next(page);
  await expect(dialog(page).getByText("Please provide number of wrong answers for negative marking").first()).toBeVisible();
  await dialog(page).getByLabel("Wrong answers in a row per point lost").fill("2");
  await next(page);

  // Visibility: one department.
  await expect(step(page, "Visibility")).toBeVisible();
  await dialog(page).getByRole("group", { name: "Departments" }).getByText("Year 8").click();
  await next(page);

  // Pick Questions: at most totalQuestion, and the last one stays.
  await expect(step(page, "Pick Questions")).toBeVisible();
  const list = dialog(page).locator(".quiz-wizard__picklist");
  await expect(list.getByRole("checkbox")).toHaveCount(3);
  await dialog(page).getByRole("button", { name: "Submit" }).click();
  await expect(dialog(page).getByText("You did not select any questions. You need to select at least one question.").first()).toBeVisible();
  await list.getByText("Roman question 1").click();
  await dialog(page).getByRole("button", { name: "Submit" }).click();
  await expect(dialog(page).getByText("You set total questions : 2 but you have selected only 1. Please select accordingly.").first()).toBeVisible();
  await list.getByText("Roman question 1").click();
  await expect(dialog(page).getByText("At least one question should remain!")).toBeVisible();
  await list.getByText("Roman question 3").click();
  await list.getByText("Roman question 2").click();
  await expect(dialog(page).getByText("Total questions cannot be more than 2")).toBeVisible();
  await expect(dialog(page).getByText("2 of 2 questions chosen")).toBeVisible();
  // Quiz order: question 3 first.
  await dialog(page).getByRole("button", { name: "Move up: Roman question 3" }).click();
  // Steps already done can be opened again.
  await dialog(page).getByRole("button", { name: /Quiz Details/ }).click();
  await expect(dialog(page).getByLabel("Quiz name")).toHaveValue("Romans, part one");
  // Later steps are pending again: reached through Next, which checks each one.
  await expect(dialog(page).getByRole("button", { name: /Pick Questions/ })).toHaveCount(0);
  await nextStep(page);
  await nextStep(page);
  await next(page);
  await expect(dialog(page).getByText("2 of 2 questions chosen")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Submit" }).click();

  await expect(page).toHaveURL(/\/teacher\/quizPool\?notice=added$/);
  await expect(page.getByText("Quiz Added")).toBeVisible();
  const row = page.getByRole("row", { name: /Romans, part one/ });
  await expect(row).toContainText("Date range");
  await expect(row).toContainText("2 / 2");

  // The view shows what the wizard stored, in order.
  await row.getByRole("link", { name: "View Romans, part one" }).click();
  await expect(page.getByRole("region", { name: "Settings" })).toContainText("20 minutes");
  await expect(page.getByRole("region", { name: "Settings" })).toContainText("after 2 wrong answers");
  await expect(page.getByRole("region", { name: /Questions/ }).getByRole("listitem").first()).toContainText("Roman question 3");
  await expect(page.getByRole("region", { name: "Visibility" })).toContainText("Year 8");

  // Edit: no type step; the change is stored.
  await page.goto("/quiz/teacher/quizPool");
  await page.getByRole("link", { name: "Edit Romans, part one" }).click();
  await expect(page).toHaveURL(/\/teacher\/quizPool\/\d+\/edit$/);
  await expect(step(page, "Quiz Details")).toBeVisible();
  await expect(dialog(page).getByRole("navigation", { name: "Wizard steps" }).getByRole("listitem")).toHaveCount(4);
  await dialog(page).getByLabel("Quiz name").fill("Romans, revised");
  await next(page);
  await dialog(page).getByText("Published", { exact: true }).click();
  await nextStep(page);
  await next(page);
  await expect(dialog(page).getByText("2 of 2 questions chosen")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Quiz Updated")).toBeVisible();
  await expect(page.getByRole("row", { name: /Romans, revised/ })).toContainText("Published");
});

test("a quiz built from other quizzes picks its questions from them", async ({ page, request }) => {
  const school = await createSchool("Sources School");
  const headers = await bankOf(request, school.teacher, 3);
  const bank = await request.post("/api/question/findAll", { headers, data: { queryParams: { filter: { category: "History", course: "Romans" } } } });
  const ids = ((await bank.json()) as { entities: { id: number; questionText: string }[] }).entities;
  const source = await request.post("/api/quiz", {
    headers,
    data: quizBody({ quizName: "Source quiz", selectedQuestions: ids.filter((q) => q.questionText !== "Roman question 3").map((q) => q.id) }),
  });
  expect(source.status(), await source.text()).toBe(201);

  await signIn(page, school.teacher, /\/quiz\/teacher\/quizPool$/);
  await page.goto("/quiz/teacher/quizPool/new");
  await dialog(page).getByText("Other quizzes").click();
  await expect(dialog(page).getByRole("navigation", { name: "Wizard steps" }).getByRole("listitem")).toHaveCount(6);
  await next(page);
  await fillQuizDetails(page, { name: "Built from sources", description: "Made of another quiz", category: "History", course: "Romans", level: "Hard" });
  await nextStep(page);
  await nextStep(page);
  await next(page);
  await expect(step(page, "Pick Quizzes")).toBeVisible();
  await next(page);
  await expect(dialog(page).getByText("Choose at least one quiz.").first()).toBeVisible();
  await dialog(page).getByText("Source quiz", { exact: true }).click();
  await dialog(page).getByText("Source quiz", { exact: true }).click();
  await expect(dialog(page).getByText("One quiz should remain: keep at least one in the list.", { exact: true })).toBeVisible();
  await next(page);
  const list = dialog(page).locator(".quiz-wizard__picklist");
  await expect(list.getByRole("checkbox")).toHaveCount(2);
  await expect(list).not.toContainText("Roman question 3");
  await list.getByText("Roman question 2").click();
  await dialog(page).getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Quiz Added")).toBeVisible();
  await expect(page.getByRole("row", { name: /Built from sources/ })).toContainText("1 / 1");
});

test("the owner's policy takes settings away from the wizard, and the server obeys it too", async ({ page, request }) => {
  const school = await createSchool("Policy School");
  const headers = await bankOf(request, school.teacher, 1);
  const owner = await apiAuth(request, school.owner);
  const policy = await request.post("/api/admin/adminSetting", {
    headers: owner,
    data: {
      quizTimeSettingAllowed: "No",
      questionTimeSettingAllowed: "No",
      negativeMarkingSettingAllowed: "No",
      showAnswerSettingAllowed: "No",
      passwordQuizSettingAllowed: "No",
      internalizationSettingAllowed: "Yes",
      maximumRoleLevelForTeacher: 4,
      enableSubscription: "No",
    },
  });
  expect(policy.status(), await policy.text()).toBe(200);

  await signIn(page, school.teacher, /\/quiz\/teacher\/quizPool$/);
  await page.goto("/quiz/teacher/quizPool/new");
  await next(page);
  await fillQuizDetails(page, { name: "Under the owner's rules", description: "No time, no negative marking", category: "History", course: "Romans", level: "Easy" });
  await next(page);
  await expect(dialog(page).getByRole("note")).toContainText("Quizzes have no time limit.");
  await expect(dialog(page).getByRole("note")).toContainText("Negative marking is off.");
  await expect(dialog(page).getByLabel("Time (minutes)")).toHaveCount(0);
  await expect(dialog(page).getByRole("radiogroup", { name: "Negative Marking" })).toHaveCount(0);
  await expect(dialog(page).getByLabel("Quiz password")).toHaveCount(0);
  await nextStep(page);
  await next(page);
  await dialog(page).locator(".quiz-wizard__picklist").getByText("Roman question 1").click();
  await dialog(page).getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Quiz Added")).toBeVisible();

  // A script that sends what the form does not offer is overruled by the server.
  const bank = await request.post("/api/question/findAll", { headers, data: { queryParams: { filter: { category: "History", course: "Romans" } } } });
  const [question] = ((await bank.json()) as { entities: { id: number }[] }).entities;
  const scripted = await request.post("/api/quiz", {
    headers,
    data: quizBody({
      quizName: "Scripted",
      negativeMarking: "Yes",
      consuctiveWrongAnswersForNegativeMarking: 2,
      quiztimetype: "Question",
      time: 30,
      password: "secret",
      selectedQuestions: [question.id],
    }),
  });
  expect(scripted.status(), await scripted.text()).toBe(201);
  const { entity } = (await scripted.json()) as { entity: Record<string, unknown> };
  expect(entity).toMatchObject({ time: -1, quiztimetype: "Quiz", negativeMarking: "No", consuctiveWrongAnswersForNegativeMarking: 0, password: "" });
});

test("the wizard works by keyboard alone", async ({ page }) => {
  const school = await createSchool("Keyboard School");
  await signIn(page, school.teacher, /\/quiz\/teacher\/quizPool$/);
  await page.getByRole("link", { name: "Create Quiz" }).focus();
  await page.keyboard.press("Enter");
  const wizard = dialog(page);
  await expect(step(page, "Quiz Type")).toBeVisible();
  // Focus moves into the dialog; the type is chosen with the arrow keys.
  await wizard.getByRole("radio", { name: /Questions from the bank/ }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(wizard.getByRole("radio", { name: /Other quizzes/ })).toBeChecked();
  await expect(wizard.getByRole("navigation", { name: "Wizard steps" }).getByRole("listitem")).toHaveCount(6);
  await wizard.getByRole("button", { name: "Next" }).focus();
  await page.keyboard.press("Enter");
  await expect(step(page, "Quiz Details")).toBeVisible();
  await wizard.getByLabel("Quiz name").focus();
  await page.keyboard.type("Typed only");
  await page.keyboard.press("Tab");
  await expect(wizard.getByLabel("Quiz description")).toBeFocused();
  // A done step is reachable by keyboard too.
  await wizard.getByRole("button", { name: /Quiz Type/ }).focus();
  await page.keyboard.press("Enter");
  await expect(step(page, "Quiz Type")).toBeVisible();
  await wizard.getByRole("button", { name: "Cancel" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/teacher\/quizPool$/);
});
