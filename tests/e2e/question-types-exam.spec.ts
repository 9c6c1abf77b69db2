import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { publishedQuiz, saved, startAllAtOnce } from "./exam-helpers";
import { apiAuth, createSchool, signIn } from "./school";
import { TEXTS, type Kind, typedQuestion } from "./every-type-seed";

/**
 * Issue 26 point 2: a student answers one question of every type on the exam page with the
 * keyboard only, reloads half-way and finds every answer kept, and submits.
 */
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
