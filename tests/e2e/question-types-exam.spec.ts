import { mkdirSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { publishedQuiz, saved, startAllAtOnce } from "./exam-helpers";
import { apiAuth, createSchool, signIn } from "./school";
import { radioQuestionBody } from "../../api/test-support/request-bodies";

/**
 * Issue 26 point 2: a student answers one question of every type on the exam page with the
 * keyboard only, reloads half-way and finds every answer kept, and submits.
 */
const KEYS = {
  shortAnswer: { answers: [{ text: "Jupiter", credit: 100 }], caseSensitive: false },
  numerical: { answers: [{ value: 9.81, tolerance: 0.05, credit: 100 }], units: [{ unit: "m/s²", multiplier: 1 }], unitRequired: true, unitPenalty: 0.2 },
  matching: { pairs: [{ stem: "France", choice: "Paris" }, { stem: "Italy", choice: "Rome" }], distractors: ["Lisbon"] },
  ordering: { items: ["Mercury", "Venus", "Earth"], grading: "allOrNothing" },
  cloze: {
    gaps: [
      { kind: "text", answers: [{ text: "red", credit: 100 }], weight: 1 },
      { kind: "number", answers: [{ value: 2, credit: 100 }], tolerance: 0, weight: 1 },
      { kind: "choice", choices: ["Phobos", "Titan"], answers: [{ text: "Phobos", credit: 100 }], weight: 1 },
    ],
  },
  essay: { minWords: 3, maxWords: 40, graderInfo: "<p>A thesis</p>", responseTemplate: "<p>Mars is</p>" },
};
const TEXTS = {
  trueFalse: "Mars is a planet.",
  shortAnswer: "Which planet is the largest?",
  numerical: "What is g on Earth?",
  matching: "Match each country with its capital.",
  ordering: "Order the planets from the Sun.",
  cloze: "Mars is {1}, it has {2} moons, the larger one is {3}.",
  essay: "Why is Mars red?",
};
type Kind = keyof typeof TEXTS;

async function typedQuestion(request: APIRequestContext, headers: { Authorization: string }, kind: Kind) {
  const body =
    kind === "trueFalse"
      ? radioQuestionBody({ questionText: TEXTS[kind], optionType: kind, options: [{ optionText: "True", optionStatus: true }, { optionText: "False", optionStatus: false }] })
      : radioQuestionBody({ questionText: TEXTS[kind], optionType: kind, options: [], answerKey: KEYS[kind] });
  const created = await request.post("/api/question", { headers, data: body });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { entity: { id: number } }).entity.id;
}

const card = (page: Page, kind: Kind) => page.getByRole("article", { name: new RegExp(TEXTS[kind].slice(0, 12).replace(/[.?]/g, "\\$&")) });
const cardOf = (page: Page, kind: Kind) => (kind === "cloze" ? page.getByRole("article", { name: /Fill in the gaps/ }) : card(page, kind));

/** Focus a field with the keyboard's Tab from the question's heading, then type. */
async function typeInto(page: Page, field: ReturnType<Page["locator"]>, text: string) {
  await field.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

test("a student answers every question type keyboard-only, a reload keeps every answer, and the attempt is submitted", async ({ page, request }) => {
  test.setTimeout(90_000);
  const school = await createSchool("Every Type School");
  const headers = await apiAuth(request, school.teacher);
  await request.post("/api/categoryCourse", { headers, data: { category: "Maths", course: "Algebra" } });
  const ids = [];
  for (const kind of Object.keys(TEXTS) as Kind[]) ids.push(await typedQuestion(request, headers, kind));
  const quizId = await publishedQuiz(request, headers, ids, { category: "Maths", course: "Algebra" });

  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await startAllAtOnce(page, quizId);

  // True/false: radios, in the student's words; arrow keys choose.
  await cardOf(page, "trueFalse").getByRole("radio", { name: "True" }).focus();
  await page.keyboard.press("Space");
  await expect(cardOf(page, "trueFalse").getByRole("radio", { name: "True" })).toBeChecked();
  // Short answer and number with its unit.
  await typeInto(page, cardOf(page, "shortAnswer").getByRole("textbox", { name: "Your answer" }), "jupiter");
  await typeInto(page, cardOf(page, "numerical").getByRole("textbox", { name: "Your answer (a number)" }), "9,8");
  await cardOf(page, "numerical").getByRole("combobox", { name: "Unit" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(cardOf(page, "numerical").getByRole("combobox", { name: "Unit" })).toHaveValue("m/s²");
  // Matching: each stem's list opened and chosen with the keyboard; Italy gets a wrong capital (partial credit).
  for (const [stem, choice] of [
    ["France", "Paris"],
    ["Italy", "Lisbon"],
  ]) {
    await cardOf(page, "matching").getByRole("button", { name: new RegExp(stem) }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("option", { name: choice }).focus();
    await page.keyboard.press("Enter");
    await expect(cardOf(page, "matching").getByRole("button", { name: new RegExp(stem) })).toContainText(choice);
  }
  await saved(page);
  await page.reload();
  await page.getByRole("button", { name: "Resume your attempt" }).click();

  // Everything answered before the reload is back.
  await expect(cardOf(page, "trueFalse").getByRole("radio", { name: "True" })).toBeChecked();
  await expect(cardOf(page, "shortAnswer").getByRole("textbox", { name: "Your answer" })).toHaveValue("jupiter");
  await expect(cardOf(page, "numerical").getByRole("textbox", { name: "Your answer (a number)" })).toHaveValue("9,8");
  await expect(cardOf(page, "numerical").getByRole("combobox", { name: "Unit" })).toHaveValue("m/s²");
  await expect(cardOf(page, "matching").getByRole("button", { name: /France/ })).toContainText("Paris");
  await expect(cardOf(page, "matching").getByRole("button", { name: /Italy/ })).toContainText("Lisbon");

  // Ordering: Move up / Move down, each move announced.
  const ordering = cardOf(page, "ordering");
  const order = async () => (await ordering.locator(".exam-ordering__text").allTextContents()).join(",");
  for (let guard = 0; guard < 6 && (await order()) !== "Mercury,Venus,Earth"; guard++) {
    const shown = (await order()).split(",");
    const wrong = shown.findIndex((item, i) => item !== ["Mercury", "Venus", "Earth"][i]);
    const target = ["Mercury", "Venus", "Earth"][wrong];
    await ordering.getByRole("button", { name: `Move up: ${target}` }).focus();
    await page.keyboard.press("Enter");
    await expect(ordering.getByText(new RegExp(`${target} is now in position`))).toBeAttached();
  }
  if ((await ordering.getByRole("button", { name: "Keep this order" }).count()) > 0) {
    await ordering.getByRole("button", { name: "Keep this order" }).focus();
    await page.keyboard.press("Enter");
  }
  await expect.poll(order).toBe("Mercury,Venus,Earth");

  // Cloze: each gap named "Gap n".
  const cloze = cardOf(page, "cloze");
  await typeInto(page, cloze.getByRole("textbox", { name: "Gap 1" }), "red");
  await typeInto(page, cloze.getByRole("textbox", { name: "Gap 2" }), "2");
  await cloze.getByRole("combobox", { name: "Gap 3" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(cloze.getByRole("combobox", { name: "Gap 3" })).not.toHaveValue("");

  // Essay: starts from the template, counts words against the limits.
  const essay = cardOf(page, "essay").getByRole("textbox", { name: "Your answer" });
  await expect(essay).toHaveValue("Mars is");
  await essay.focus();
  await page.keyboard.press("End");
  await page.keyboard.type(" red because of iron oxide.");
  await expect(cardOf(page, "essay").getByText("Words: 7 · between 3 and 40 words")).toBeVisible();
  await saved(page);

  // Screenshots of each type at 1280 and 390 px.
  const dir = "/work/shots";
  mkdirSync(dir, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const kind of Object.keys(TEXTS) as Kind[]) await cardOf(page, kind).screenshot({ path: `${dir}/w-qpage-${kind}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // A reload again: the answers given after the first one are kept too.
  await page.reload();
  await page.getByRole("button", { name: "Resume your attempt" }).click();
  await expect(cardOf(page, "essay").getByRole("textbox", { name: "Your answer" })).toHaveValue("Mars is red because of iron oxide.");
  await expect(cloze.getByRole("textbox", { name: "Gap 1" })).toHaveValue("red");
  await expect.poll(order).toBe("Mercury,Venus,Earth");

  await page.getByRole("button", { name: "Finish" }).click();
  await page.getByRole("button", { name: "Finish now" }).click();
  await expect(page).toHaveURL(/\/newResult/);
});
