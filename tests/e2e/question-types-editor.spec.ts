import type { Locator, Page } from "@playwright/test";
import { newBank } from "./new-bank";
import { expect, loginAs, test, untilInteractive } from "./fixtures";

/**
 * Issue 26 point 1 (ADR 0067): a teacher writes one question of each type in the editor,
 * keyboard only (focus moves by the keyboard's own means or to a named control, every value is
 * typed, every choice pressed with Space or Enter), sees the student's side in the preview, saves,
 * and reads it back: the bank lists it under its type, the API has the key as written, and the
 * edit form shows it again. Screenshots of each type's form at 1280 and 390 px.
 */
const SHOTS = "/work/shots";


/** Types into a control the keyboard has reached (its text replaced). */
async function typeInto(page: Page, control: Locator, text: string) {
  await control.focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}
/** Presses a button, a radio or a checkbox from the keyboard. */
async function press(page: Page, control: Locator, key: "Enter" | "Space" = "Enter") {
  await control.focus();
  await page.keyboard.press(key);
}
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

interface TypeCase {
  type: string;
  label: string;
  text: string;
  /** Fills the type's own form. */
  fill: (page: Page) => Promise<void>;
  /** What the API reads back: the key, or the options. */
  expected: Record<string, unknown>;
  /** What the preview shows a student. */
  preview: (preview: Locator) => Promise<void>;
}

const CASES: TypeCase[] = [
  {
    type: "radio",
    label: "One answer",
    text: "Which planet is red?",
    fill: async (page) => {
      await typeInto(page, field(page, "Option 1"), "Mars");
      await typeInto(page, field(page, "Option 2"), "Venus");
      for (const n of [5, 4, 3]) await press(page, button(page, `Remove option ${n}`));
      await press(page, page.getByLabel("Option 1 is correct"), "Space");
    },
    expected: { options: [{ optionText: "Mars", optionStatus: true }, { optionText: "Venus", optionStatus: false }] },
    preview: async (preview) => expect(preview.getByRole("radio")).toHaveCount(2),
  },
  {
    type: "checkbox",
    label: "Several answers",
    text: "Which are gas giants?",
    fill: async (page) => {
      for (const [n, text] of ["Jupiter", "Saturn", "Mars"].entries()) await typeInto(page, field(page, `Option ${n + 1}`), text);
      for (const n of [5, 4]) await press(page, button(page, `Remove option ${n}`));
      await press(page, page.getByLabel("Option 1 is correct"), "Space");
      await press(page, page.getByLabel("Option 2 is correct"), "Space");
    },
    expected: { options: [{ optionText: "Jupiter", optionStatus: true }, { optionText: "Saturn", optionStatus: true }, { optionText: "Mars", optionStatus: false }] },
    preview: async (preview) => expect(preview.getByRole("checkbox")).toHaveCount(3),
  },
  {
    type: "trueFalse",
    label: "True or false",
    text: "The Moon is a planet.",
    fill: async (page) => {
      await press(page, page.getByRole("group", { name: "Right answer" }).getByRole("radio", { name: "False" }), "Space");
    },
    expected: { options: [{ optionText: "True", optionStatus: false }, { optionText: "False", optionStatus: true }] },
    preview: async (preview) => {
      await expect(preview.getByRole("radio", { name: "True" })).toBeVisible();
      await expect(preview.getByRole("radio", { name: "False" })).toBeVisible();
    },
  },
  {
    type: "shortAnswer",
    label: "Short answer",
    text: "Name the largest planet.",
    fill: async (page) => {
      await typeInto(page, field(page, "Answer 1"), "Jupiter");
      await press(page, button(page, "Add an answer"));
      await typeInto(page, field(page, "Answer 2"), "Jup*");
      await typeInto(page, field(page, "Credit of answer 2 (%)"), "50");
      await press(page, page.getByLabel("Letter case matters"), "Space");
    },
    expected: { answerKey: { answers: [{ text: "Jupiter", credit: 100 }, { text: "Jup*", credit: 50 }], caseSensitive: true } },
    preview: async (preview) => expect(preview.getByLabel("Your answer")).toBeVisible(),
  },
  {
    type: "numerical",
    label: "Number",
    text: "Gravity on Earth?",
    fill: async (page) => {
      await typeInto(page, field(page, "Value 1"), "9,81");
      await typeInto(page, field(page, "Tolerance ± of value 1"), "0.05");
      await press(page, button(page, "Add a unit"));
      await typeInto(page, field(page, "Unit 1"), "m/s²");
      await press(page, page.getByLabel("A unit must be given"), "Space");
      await typeInto(page, field(page, "Penalty for a missing or wrong unit (0 to 1)"), "0.2");
    },
    expected: { answerKey: { answers: [{ value: 9.81, tolerance: 0.05, credit: 100 }], units: [{ unit: "m/s²", multiplier: 1 }], unitRequired: true, unitPenalty: 0.2 } },
    preview: async (preview) => expect(preview.getByLabel("Unit")).toBeVisible(),
  },
  {
    type: "matching",
    label: "Matching",
    text: "Match each moon to its planet.",
    fill: async (page) => {
      await typeInto(page, field(page, "Item 1"), "Phobos");
      await typeInto(page, field(page, "Match of item 1"), "Mars");
      await typeInto(page, field(page, "Item 2"), String.raw`\(\text{Io}\)`);
      await typeInto(page, field(page, "Match of item 2"), "Jupiter");
      await press(page, button(page, "Add a wrong answer"));
      await typeInto(page, field(page, "Wrong answer 1"), "Venus");
    },
    expected: { answerKey: { pairs: [{ stem: "Phobos", choice: "Mars" }, { stem: String.raw`\(\text{Io}\)`, choice: "Jupiter" }], distractors: ["Venus"] } },
    preview: async (preview) => {
      await expect(preview.getByRole("combobox", { name: "Phobos" })).toBeVisible();
      // The formula is drawn by the server's renderer, as students get it.
      await expect(preview.locator("math")).toHaveCount(1);
    },
  },
  {
    type: "ordering",
    label: "Ordering",
    text: "Order the planets from the Sun.",
    fill: async (page) => {
      await typeInto(page, field(page, "Item 1"), "Earth");
      await typeInto(page, field(page, "Item 2"), "Mercury");
      await typeInto(page, field(page, "Item 3"), "Venus");
      // Mercury first: moved up with its button, then Venus up once.
      await press(page, button(page, "Move item 2 up"));
      await press(page, button(page, "Move item 3 up"));
      await press(page, page.getByRole("radio", { name: "Credit for each item placed right after the one before it" }), "Space");
    },
    expected: { answerKey: { items: ["Mercury", "Venus", "Earth"], grading: "relativeToNext" } },
    preview: async (preview) => expect(preview.getByRole("listitem")).toHaveCount(3),
  },
  {
    type: "cloze",
    label: "Fill in the gaps",
    text: "Mars has {1} moons and is",
    fill: async (page) => {
      await field(page, "Kind of gap 1").focus();
      await page.keyboard.type("Number");
      await typeInto(page, field(page, "Gap 1, value 1"), "2");
      await press(page, button(page, "Add a gap"));
      await field(page, "Kind of gap 2").focus();
      await page.keyboard.type("Dropdown");
      await typeInto(page, field(page, "Gap 2, choice 1"), "red");
      await typeInto(page, field(page, "Gap 2, choice 2"), "blue");
      await typeInto(page, field(page, "Weight of gap 2"), "2");
    },
    expected: {
      questionText: "Mars has {1} moons and is {2}",
      answerKey: {
        gaps: [
          { kind: "number", answers: [{ value: 2, credit: 100 }], tolerance: 0, weight: 1 },
          { kind: "choice", choices: ["red", "blue"], answers: [{ text: "red", credit: 100 }], weight: 2 },
        ],
      },
    },
    preview: async (preview) => {
      await expect(preview.getByRole("textbox", { name: "Gap 1" })).toBeVisible();
      await expect(preview.getByRole("combobox", { name: "Gap 2" })).toBeVisible();
    },
  },
  {
    type: "essay",
    label: "Essay",
    text: "Why is Venus hotter than Mercury?",
    fill: async (page) => {
      await typeInto(page, field(page, "Fewest words"), "20");
      await typeInto(page, field(page, "Most words"), "300");
      await typeInto(page, field(page, "Response template"), "Venus is hotter because");
      await typeInto(page, field(page, "Information for graders"), "Greenhouse effect.");
      await press(page, button(page, "Add a criterion"));
      await typeInto(page, field(page, "Criterion 1"), "Reasoning");
      await typeInto(page, field(page, "Criterion 1, level 1"), "Weak");
      await typeInto(page, field(page, "Criterion 1, level 2"), "Strong");
      await typeInto(page, field(page, "Points of criterion 1, level 2"), "2");
    },
    expected: {
      answerKey: {
        minWords: 20,
        maxWords: 300,
        responseTemplate: "Venus is hotter because",
        graderInfo: "Greenhouse effect.",
        rubric: [{ criterion: "Reasoning", levels: [{ label: "Weak", points: 0 }, { label: "Strong", points: 2 }] }],
      },
    },
    preview: async (preview) => {
      await expect(preview.getByLabel("Your answer")).toHaveValue("Venus is hotter because");
      await expect(preview.getByText("At least 20 words · At most 300 words")).toBeVisible();
    },
  },
];

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
