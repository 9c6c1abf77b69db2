import { newBank } from "./new-bank";
import { expect, loginAs, test, untilInteractive } from "./fixtures";
import { button, CASES, field, press, typeInto } from "./type-steps";

/**
 * Issue 26 point 1 (ADR 0067): a teacher writes one question of each type in the editor,
 * keyboard only (focus moves by the keyboard's own means or to a named control, every value is
 * typed, every choice pressed with Space or Enter), sees the student's side in the preview, saves,
 * and reads it back: the bank lists it under its type, the API has the key as written, and the
 * edit form shows it again. Screenshots of each type's form at 1280 and 390 px.
 */
const SHOTS = "/work/shots";


for (const one of CASES) {
  test(`a teacher writes a ${one.type} question keyboard only and reads it back`, async ({ page }) => {
    test.setTimeout(90_000); // a long form on a shared two-core machine
    await loginAs(page, "teacher");
    const { accessToken, category, course, bank } = await newBank(page, { category: "Types", course: "Course" });
    await page.goto(bank);
    await press(page, page.getByRole("link", { name: "Create question" }));
    await expect(page.getByRole("heading", { level: 1, name: "Create question" })).toBeVisible();
    await untilInteractive(page);

    await typeInto(page, field(page, "Question"), one.text);
    await press(page, page.getByRole("radio", { name: one.label, exact: true }), "Space");
    await expect(page.getByRole("radio", { name: one.label, exact: true })).toBeChecked();
    await one.fill(page);
    await typeInto(page, field(page, "Default mark"), "2.5");
    await page.getByRole("textbox", { name: "Answer explanation" }).focus();
    await page.keyboard.type("Astronomy.");

    await press(page, button(page, "Preview"));
    const preview = page.getByRole("region", { name: "As students see it" });
    await one.preview(preview);
    // The key never shows in the student's side.
    await expect(preview.locator(".editor-option__mark, [name='correct']")).toHaveCount(0);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      // From the top, so the sticky header is drawn once, where it belongs.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/w-qauthor-${one.type}-${width}.png`, fullPage: true });
      await preview.screenshot({ path: `${SHOTS}/w-ui26-preview-${one.type}-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await press(page, button(page, "Save question"));
    await expect(page).toHaveURL(/\/load\?notice=added$/);
    await expect(page.getByRole("table")).toContainText(one.text.split("{")[0].trim());
    // The bank names its type, and its type filter finds it.
    await expect(page.getByRole("table")).toContainText(one.label);
    await page.goto(`${bank}?type=${one.type}`);
    await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
    // The view dialog shows the author the key (or the options with their marks).
    await press(page, page.getByRole("link", { name: /^View:/ }));
    const view = page.getByRole("dialog", { name: "Question" });
    if ("answerKey" in one.expected) await expect(view.getByRole("region", { name: "Answer key" })).toBeVisible();
    else await expect(view.getByRole("list", { name: "Options" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(view).toBeHidden();

    // Read back through the API: the key (or options) as written, the default mark.
    const listed = await page.request.post("/api/question/findAll", { headers: { Authorization: `Bearer ${accessToken}` }, data: { queryParams: { filter: { category, course, optionType: one.type } } } });
    const { entities } = (await listed.json()) as { entities: Record<string, unknown>[] };
    expect(entities).toHaveLength(1);
    expect(entities[0]).toMatchObject({ optionType: one.type, defaultMark: 2.5, ...one.expected });

    // The edit form shows it again, and saves it unchanged.
    await page.goto(`/quiz/teacher/question/${String(entities[0].id)}/edit`);
    await expect(page.getByRole("radio", { name: one.label, exact: true })).toBeChecked();
    await expect(field(page, "Default mark")).toHaveValue("2.5");
    await untilInteractive(page);
    await press(page, button(page, "Save question"));
    await expect(page).toHaveURL(/\/load\?notice=updated$/);
    const again = await page.request.post("/api/question/findOne", { headers: { Authorization: `Bearer ${accessToken}` }, data: { questionId: entities[0].id } });
    expect(await again.json()).toMatchObject({ optionType: one.type, defaultMark: 2.5, ...one.expected });
  });
}

test("a keyed question's rules answer on its fields, in the author's words", async ({ page }) => {
  await loginAs(page, "teacher");
  const { bank } = await newBank(page, { category: "Types", course: "Course" });
  await page.goto(bank);
  await press(page, page.getByRole("link", { name: "Create question" }));
  await untilInteractive(page);
  await typeInto(page, field(page, "Question"), "Mars has {1} moons and {3}");
  await press(page, page.getByRole("radio", { name: "Fill in the gaps", exact: true }), "Space");
  await typeInto(page, field(page, "Gap 1, answer 1"), "two");
  await typeInto(page, field(page, "Credit of gap 1, answer 1 (%)"), "80");
  await typeInto(page, field(page, "Default mark"), "0.25");
  await page.getByRole("textbox", { name: "Answer explanation" }).focus();
  await page.keyboard.type("Phobos and Deimos.");
  await press(page, button(page, "Save question"));
  await expect(page.getByText("The question was not saved")).toBeVisible();
  await expect(page.getByText("One accepted answer must give 100 %, so that full marks are possible")).toBeVisible();
  await expect(page.getByText("Default mark must be a number from 0.5 to 100 with at most two decimals")).toBeVisible();
  await expect(field(page, "Default mark")).toHaveAttribute("aria-invalid", "true");
  // The values came back as typed.
  await expect(field(page, "Gap 1, answer 1")).toHaveValue("two");
  await typeInto(page, field(page, "Credit of gap 1, answer 1 (%)"), "100");
  await typeInto(page, field(page, "Default mark"), "1");
  await press(page, button(page, "Save question"));
  await expect(page.getByText("The question text must hold each gap once, numbered {1} to 1 as the gaps are listed")).toBeVisible();
});
