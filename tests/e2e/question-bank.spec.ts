import { expect, loginAs, test } from "./fixtures";
import { radioQuestionBody } from "../../api/test-support/request-bodies";

/**
 * Issue 7 item 1: the bank's first step. A teacher picks a category and course (both are
 * needed), or creates them in the newCatCourse dialog with the spec's messages; the choice
 * opens the bank's own URL, and the spec's load/{course}/{category} URL preselects it.
 */
test("a teacher creates a category and course, and Next opens its bank", async ({ page }) => {
  const suffix = Date.now().toString(36);
  const category = `History ${suffix}`;
  const course = `Rome / Empire ${suffix}`; // a slash must stay inside one path segment
  await loginAs(page, "teacher");
  await page.goto("/quiz/teacher/questions");
  await expect(page.getByRole("heading", { level: 1, name: "Question bank" })).toBeVisible();

  // Next without both choices is refused in place.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Please choose both a category and a course")).toBeVisible();

  await page.getByRole("link", { name: "Create category and course" }).click();
  const dialog = page.getByRole("dialog", { name: "Create category and course" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Question category is required")).toBeVisible();
  await expect(dialog.getByText("Question course is required")).toBeVisible();
  await dialog.getByLabel("Category").fill("H");
  // Editing a field clears its own message; the other field keeps its one until it is edited.
  await expect(dialog.getByText("Question category is required")).toBeHidden();
  await expect(dialog.getByText("Question course is required")).toBeVisible();
  await dialog.getByLabel("Course").fill(course);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Category must be 2 to 50 characters")).toBeVisible();
  await dialog.getByLabel("Category").fill(category);
  await dialog.getByRole("button", { name: "Save" }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText("Category and Course added")).toBeVisible();
  await expect(page.getByRole("button", { name: /Category$/ })).toContainText(category);
  await expect(page.getByRole("button", { name: /Course$/ })).toContainText(course);

  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(`/quiz/teacher/questions/${encodeURIComponent(category)}/${encodeURIComponent(course)}/load`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(category);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(course);

  await expect(page.getByText("No questions in this course yet.")).toBeVisible();

  // Two questions through the API (the editor is a later slice); the bank lists, searches and sorts them.
  const login = await page.request.post("/api/auth/login", { data: { email: "teacher@demo.quiz", password: "Demo1234!" } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  for (const questionText of ["Who founded Rome?", "When did the empire fall?"]) {
    const created = await page.request.post("/api/question", {
      headers: { Authorization: `Bearer ${accessToken}` },
      data: radioQuestionBody({ questionText, category, course, tags: ["history"] }),
    });
    expect(created.status()).toBe(201);
  }
  await page.reload();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(3); // header + 2
  await expect(rows.nth(1)).toContainText("When did the empire fall?"); // question text ascending
  await page.getByRole("link", { name: "Question", exact: true }).click();
  await expect(page).toHaveURL(/sort=questionText&order=desc/);
  await expect(rows.nth(1)).toContainText("Who founded Rome?");
  await page.getByLabel("Search question text").fill("founded");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByText("1 question", { exact: true })).toBeVisible();
  await page.getByLabel("Search question text").fill("nothing like this");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No questions match this search.")).toBeVisible();

  // Go back keeps the choice; the spec's load/{course}/{category} URL lands on the same bank.
  await page.getByRole("link", { name: "Go back" }).click();
  await expect(page.getByRole("button", { name: /Course$/ })).toContainText(course);
  await page.goto(`/quiz/teacher/questions/load/${encodeURIComponent(course)}/${encodeURIComponent(category)}`);
  await expect(page).toHaveURL(/\/load$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(course);

  // Adding the same course again (other case) is refused with a message, nothing changes.
  await page.goto("/quiz/teacher/questions/newCatCourse");
  await page.getByRole("dialog").getByLabel("Category").fill(category.toUpperCase());
  await page.getByRole("dialog").getByLabel("Course").fill(course.toLowerCase());
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("This category already has a course with this name")).toBeVisible();
});

/**
 * The dialog keeps its errors in the shared Form (components/ui/form-errors.ts, ADR 0091): each
 * server message is under its own field until that field is typed in, and a click on Save always
 * sends. Under react-aria's own rule (a message goes when its field loses focus) this fails at the
 * first toBeHidden. The centred dialog moves its button only half a line when a message goes, so
 * the missed click itself is pinned on the key pair panel (security.spec.ts), where it misses.
 */
test("the new category and course dialog: errors under their fields, typing clears one, and every click on Save sends", async ({ page }) => {
  const suffix = Date.now().toString(36);
  await loginAs(page, "teacher");
  await page.goto("/quiz/teacher/questions/newCatCourse");
  const dialog = page.getByRole("dialog", { name: "Create category and course" });
  const category = dialog.getByRole("textbox", { name: "Category" });
  const course = dialog.getByRole("textbox", { name: "Course" });
  const save = dialog.getByRole("button", { name: "Save" });
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });

  await save.click();
  await expect(category).toHaveAccessibleDescription(/Question category is required/);
  await expect(course).toHaveAccessibleDescription(/Question course is required/);
  await expect(course).toHaveAttribute("aria-invalid", "true");
  expect(posts).toHaveLength(1);

  // Typing in Course clears its own message; Category's stays, and Save sends at once with it shown.
  await course.fill(`Rivers ${suffix}`);
  await expect(dialog.getByText("Question course is required")).toBeHidden();
  await expect(course).not.toHaveAttribute("aria-invalid");
  await expect(category).toHaveAccessibleDescription(/Question category is required/);
  await save.click();
  await expect.poll(() => posts.length).toBe(2);
  await expect(category).toHaveAccessibleDescription(/Question category is required/);
  await expect(course).toHaveValue(`Rivers ${suffix}`);

  // The corrected Category, then Save straight away: the click lands and the dialog is done.
  await category.fill(`Geography ${suffix}`);
  await expect(dialog.getByText("Question category is required")).toBeHidden();
  await expect(save).not.toHaveAttribute("data-pending", "true");
  await save.click();
  await expect.poll(() => posts.length).toBe(3);
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Category and Course added")).toBeVisible();
});

test("changing the category clears the course, and an unknown bank URL goes back to step 1", async ({ page }) => {
  await loginAs(page, "teacher");
  await page.goto("/quiz/teacher/questions");
  const categorySelect = page.getByRole("button", { name: /Category$/ });
  await categorySelect.click();
  const firstCategory = page.getByRole("option").first();
  await firstCategory.click();
  const courseSelect = page.getByRole("button", { name: /Course$/ });
  await expect(courseSelect).toBeEnabled();
  await courseSelect.click();
  await page.getByRole("option").first().click();
  await expect(courseSelect).not.toContainText("Select a course");
  await categorySelect.click();
  await page.getByRole("option").last().click();
  await expect(courseSelect).toContainText("Select a course");

  await page.goto("/quiz/teacher/questions/No%20such/category/load");
  await expect(page).toHaveURL(/\/quiz\/teacher\/questions$/);
});

test("students never reach the bank", async ({ page }) => {
  await loginAs(page, "student");
  await page.goto("/quiz/teacher/questions/newCatCourse");
  await expect(page).not.toHaveURL(/\/teacher\//);
});
