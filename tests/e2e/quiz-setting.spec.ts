import { expect, loginAs, test } from "./fixtures";

/**
 * Issue 7 item 6: the owner's quiz policy. Only options no other journey depends on are
 * changed, and they are put back, because the e2e server's demo school is shared.
 */
test("the owner turns quiz time and negative marking off; question time follows; the choice is stored", async ({ page }) => {
  await loginAs(page, "owner");
  await page.goto("/quiz/admin/quizSetting");
  await expect(page.getByRole("heading", { level: 1, name: "Quiz Setting" })).toBeVisible();
  const group = (name: string) => page.getByRole("radiogroup", { name });

  await group("Quiz time limit").getByText("No", { exact: true }).click();
  await expect(group("Time per question").getByRole("radio", { name: "No" })).toBeChecked();
  await expect(group("Time per question").getByRole("radio", { name: "Yes" })).toBeDisabled();
  await group("Negative marking").getByText("No", { exact: true }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Admin setting updated")).toBeVisible();

  await page.reload();
  await expect(group("Quiz time limit").getByRole("radio", { name: "No" })).toBeChecked();
  await expect(group("Time per question").getByRole("radio", { name: "No" })).toBeChecked();
  await expect(group("Negative marking").getByRole("radio", { name: "No" })).toBeChecked();
  await expect(group("Show answers").getByRole("radio", { name: "Yes" })).toBeChecked();

  // Turning quiz time back on frees question time again; put the demo school back as it was.
  await group("Quiz time limit").getByText("Yes", { exact: true }).click();
  await expect(group("Time per question").getByRole("radio", { name: "Yes" })).toBeEnabled();
  await group("Time per question").getByText("Yes", { exact: true }).click();
  await group("Negative marking").getByText("Yes", { exact: true }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Admin setting updated")).toBeVisible();
  await page.reload();
  await expect(group("Time per question").getByRole("radio", { name: "Yes" })).toBeChecked();
});

test("teachers never reach the owner's quiz settings", async ({ page }) => {
  await loginAs(page, "teacher");
  await page.goto("/quiz/admin/quizSetting");
  await expect(page).not.toHaveURL(/\/admin\//);
});
