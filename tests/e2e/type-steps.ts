import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * The question editor's steps for one question of each type (issue 26), keyboard only: focus
 * moves to a named control, every value is typed, every choice pressed with Space or Enter.
 * Shared by the editor's spec and the whole "done when" journey.
 */

/** Types into a control the keyboard has reached (its text replaced). */
export async function typeInto(page: Page, control: Locator, text: string) {
  await control.focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}
/** Presses a button, a radio or a checkbox from the keyboard. */
export async function press(page: Page, control: Locator, key: "Enter" | "Space" = "Enter") {
  await control.focus();
  await page.keyboard.press(key);
}
export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
export const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

export interface TypeCase {
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

export const CASES: TypeCase[] = [
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
    // The exam's own card: three options, and its "Mark for review".
    preview: async (preview) => expect(preview.getByRole("group", { name: "Choose every right answer" }).getByRole("checkbox")).toHaveCount(3),
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
      // The exam's own input: a react-aria Select per item, named by it.
      await expect(preview.getByRole("button", { name: /Phobos/ })).toBeVisible();
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
      await expect(preview.getByText("Words: 4 · between 20 and 300 words")).toBeVisible();
    },
  },
];

