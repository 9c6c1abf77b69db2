import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { publishedQuiz } from "./exam-helpers";
import { apiAuth, createSchool, signIn } from "./school";
import { radioQuestionBody } from "../../api/test-support/request-bodies";
import { fractionOf, MARKED_TYPES, MIXED_QUESTIONS, type NewType, type Verdict } from "../mixed-paper";

/**
 * Issue 26 point 2, one-by-one mode: "Check" on each automatically marked type (true/false,
 * short answer, numerical, matching, ordering, cloze) says right, partly right or wrong as the
 * exam page shows it, keyboard only. One attempt per verdict (a Check is final for its attempt);
 * the questions and answers are tests/mixed-paper.ts's, which also says what each verdict earns.
 */

type Marked = Exclude<NewType, "essay">;

async function typedQuestion(request: APIRequestContext, headers: { Authorization: string }, type: Marked) {
  const { questionText, optionType, options, answerKey } = MIXED_QUESTIONS[type];
  const created = await request.post("/api/question", { headers, data: radioQuestionBody({ questionText, optionType, options, ...(answerKey ? { answerKey } : {}) }) });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { entity: { id: number } }).entity.id;
}

/** Focus a field, select what it holds and type: the keyboard's way to fill it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await field.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

/** A native select chosen by typing the start of its option's name, as a keyboard user does. */
async function pick(page: Page, select: Locator, option: string) {
  await select.focus();
  await page.keyboard.type(option.slice(0, 3));
  await expect(select.locator("option:checked")).toHaveText(option);
}

/** Items moved with "Move up" until they stand in `wanted` order (or the shown order kept when it already is). */
async function orderItems(page: Page, card: Locator, wanted: string[]) {
  const order = async () => card.locator(".exam-ordering__text").allTextContents();
  // The type's input loads on its own (ADR 0068): wait for the items before reading their order.
  await expect(card.locator(".exam-ordering__text")).toHaveCount(wanted.length);
  let moved = false;
  for (let guard = 0; guard < 6 && (await order()).join(",") !== wanted.join(","); guard++) {
    const shown = await order();
    const target = wanted[shown.findIndex((item, i) => item !== wanted[i])];
    await card.getByRole("button", { name: `Move up: ${target}` }).focus();
    await page.keyboard.press("Enter");
    await expect(card.getByText(new RegExp(`${target} is now in position`))).toBeAttached();
    moved = true;
  }
  if (!moved) {
    await card.getByRole("button", { name: "Keep this order" }).focus();
    await page.keyboard.press("Enter");
  }
  await expect.poll(async () => (await order()).join(",")).toBe(wanted.join(","));
}

/** What the student does on each type for each verdict (the same answers as tests/mixed-paper.ts sends through the API). */
async function answer(page: Page, card: Locator, type: Marked, verdict: Verdict) {
  switch (type) {
    case "trueFalse": {
      const option = card.getByRole("radio", { name: verdict === "right" ? "True" : "False" });
      await option.focus();
      await page.keyboard.press("Space");
      await expect(option).toBeChecked();
      return;
    }
    case "shortAnswer":
      return typeInto(page, card.getByRole("textbox", { name: "Your answer" }), { right: "jupiter", partial: "Saturn", wrong: "Mars" }[verdict]);
    case "numerical":
      await typeInto(page, card.getByRole("textbox", { name: "Your answer (a number)" }), { right: "9,81", partial: "9.81", wrong: "3" }[verdict]);
      // Partly right: the unit is required and missing (its penalty is 20 %).
      if (verdict !== "partial") await pick(page, card.getByRole("combobox", { name: "Unit" }), "m/s²");
      return;
    case "matching": {
      const pairs = { right: [["France", "Paris"], ["Italy", "Rome"]], partial: [["France", "Paris"], ["Italy", "Lisbon"]], wrong: [["France", "Rome"], ["Italy", "Lisbon"]] }[verdict];
      for (const [stem, choice] of pairs) {
        await card.getByRole("button", { name: new RegExp(stem) }).focus();
        await page.keyboard.press("Enter");
        await page.getByRole("option", { name: choice }).focus();
        await page.keyboard.press("Enter");
        await expect(card.getByRole("button", { name: new RegExp(stem) })).toContainText(choice);
      }
      return;
    }
    case "ordering":
      return orderItems(page, card, { right: ["Mercury", "Venus", "Earth"], partial: ["Venus", "Earth", "Mercury"], wrong: ["Earth", "Venus", "Mercury"] }[verdict]);
    case "cloze": {
      const [text, number, moon] = { right: ["red", "2", "Phobos"], partial: ["red", "3", "Titan"], wrong: ["blue", "3", "Titan"] }[verdict];
      await typeInto(page, card.getByRole("textbox", { name: "Gap 1" }), text);
      await typeInto(page, card.getByRole("textbox", { name: "Gap 2" }), number);
      await pick(page, card.getByRole("combobox", { name: "Gap 3" }), moon);
      return;
    }
  }
}

const SHOWN: Record<"yes" | "partial" | "no", string> = { yes: "Right!", partial: "Partly right.", no: "Wrong." };

test("one by one, Check on every automatically marked type says right, partly right or wrong, keyboard only", async ({ page, request }) => {
  test.setTimeout(300_000);
  const school = await createSchool("Check Every Type School");
  const headers = await apiAuth(request, school.teacher);
  await request.post("/api/categoryCourse", { headers, data: { category: "Maths", course: "Algebra" } });
  const ids: number[] = [];
  for (const type of MARKED_TYPES) ids.push(await typedQuestion(request, headers, type));
  const quizId = await publishedQuiz(request, headers, ids, { category: "Maths", course: "Algebra", attemptsAllowed: 3, allowSkip: "No" });
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);

  for (const verdict of ["right", "partial", "wrong"] as const) {
    await page.goto(`/quiz/student/quizPool/${quizId}/take`);
    const oneByOne = page.getByRole("radiogroup", { name: "How do you want to answer?" }).getByRole("radio", { name: "One by one" });
    await oneByOne.focus();
    await page.keyboard.press("Space");
    await expect(oneByOne).toBeChecked();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Start" }).focus();
    await page.keyboard.press("Enter");

    for (const [n, type] of MARKED_TYPES.entries()) {
      await expect(page.getByText(`Question ${n + 1} of ${MARKED_TYPES.length}`)).toBeVisible();
      const card = page.getByRole("article").first();
      await answer(page, card, type, verdict);
      await page.getByRole("button", { name: "Check", exact: true }).focus();
      await page.keyboard.press("Enter");
      const fraction = fractionOf(type, verdict)!;
      const status = fraction === 1 ? "yes" : fraction === 0 ? "no" : "partial";
      await expect(page.getByRole("status").filter({ hasText: SHOWN[status] }), `${type}, answered ${verdict}`).toBeVisible();
      if (n < MARKED_TYPES.length - 1) {
        await page.getByRole("button", { name: "Next question" }).focus();
        await page.keyboard.press("Enter");
      }
    }
    await page.getByRole("button", { name: "Finish", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("alertdialog").getByRole("button", { name: "Finish now" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/newResult/);
  }
});
