import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { publishedQuiz, startAllAtOnce } from "./exam-helpers";
import { apiAuth, createSchool, signIn } from "./school";
import { radioQuestionBody } from "../../api/test-support/request-bodies";
import { XSS_PAYLOADS as P } from "../../api/test-support/xss-payloads";

/**
 * Issue 26 "Bad input and security": a quiz whose questions carry the hundred XSS payloads in
 * every field a student or an author sees (question texts, units, matching stems, choices and
 * distractors, ordering items, dropdown choices, the essay's response template, explanations),
 * drawn by the exam page, the result page and the editor's preview in a real Chromium. Any
 * payload that ran would call alert (or confirm, prompt, print): the trap turns that into
 * `window.__xss`, which must stay unset, and no element on the page may carry an event handler.
 */
const unit = (payload: string, i: number) => `${i}${payload}`.slice(0, 30);
const explanation = `<p>Because.</p>${P.slice(0, 20).join(" ")}`;
const BODIES = {
  trueFalse: { questionText: P[0], options: [{ optionText: "True", optionStatus: true }, { optionText: "False", optionStatus: false }] },
  shortAnswer: { questionText: P[1], answerKey: { answers: P.slice(0, 20).map((text, i) => ({ text, credit: i === 0 ? 100 : 50 })) } },
  numerical: { questionText: P[2], answerKey: { answers: [{ value: 1, credit: 100 }], units: P.slice(0, 20).map((text, i) => ({ unit: unit(text, i), multiplier: i + 1 })) } },
  matching: { questionText: P[3], answerKey: { pairs: P.slice(0, 30).map((stem, i) => ({ stem, choice: P[30 + i] })), distractors: P.slice(60, 70) } },
  ordering: { questionText: P[4], answerKey: { items: P.slice(70, 90), grading: "allOrNothing" } },
  cloze: { questionText: "Pick {1} and type {2}.", answerKey: { gaps: [{ kind: "choice", choices: P.slice(80, 100), answers: [{ text: P[80], credit: 100 }], weight: 1 }, { kind: "text", answers: [{ text: P[5], credit: 100 }], weight: 1 }] } },
  essay: { questionText: P[6], answerKey: { responseTemplate: P.join("<br>"), graderInfo: P.join("<br>"), rubric: P.slice(0, 20).map((criterion) => ({ criterion, levels: [{ label: criterion, points: 0.05 }] })) } },
} as const;
type Kind = keyof typeof BODIES;

async function payloadQuestion(request: APIRequestContext, headers: { Authorization: string }, kind: Kind) {
  const created = await request.post("/api/question", { headers, data: radioQuestionBody({ options: [], optionType: kind, answerExplaination: explanation, ...BODIES[kind] }) });
  expect(created.status(), `${kind}: ${(await created.text()).slice(0, 300)}`).toBe(201);
  return ((await created.json()) as { entity: { id: number } }).entity.id;
}

/** Before any script of the page: every way a payload could show itself sets `window.__xss`. */
async function setTrap(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    for (const name of ["alert", "confirm", "prompt", "print"]) w[name] = () => (w.__xss = name);
  });
  page.on("dialog", (dialog) => void dialog.dismiss());
}

const trapped = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: string }).__xss);
/** Every element's on… attribute on the page (React never writes one). */
const handlersOn = (page: Page) => page.evaluate(() => [...document.querySelectorAll("*")].flatMap((element) => [...element.attributes].filter((a) => a.name.startsWith("on")).map((a) => `${element.tagName}[${a.name}]`)));

/**
 * The trap is unset and no element has an on… attribute. The page's Content-Security-Policy
 * runs no inline handler anyway, so the attribute scan is what sees a payload that survived as
 * markup; the trap sees script that ran any other way.
 */
async function expectNothingRan(page: Page, where: string) {
  // Hovering and focusing what is drawn gives handlers their chance to fire.
  await page.mouse.move(10, 10);
  await page.mouse.move(600, 400);
  expect(await trapped(page), where).toBeUndefined();
  expect(await handlersOn(page), where).toEqual([]);
  const scripts = await page.evaluate(() => [...document.querySelectorAll("main script, main iframe, main object, main embed, main img[src='x']")].length);
  expect(scripts, where).toBe(0);
}

test("a quiz seeded with a hundred XSS payloads runs none of them on the exam page, the result page or the editor's preview", async ({ page, request }) => {
  test.setTimeout(120_000);
  const school = await createSchool("Payload School");
  const headers = await apiAuth(request, school.teacher);
  await request.post("/api/categoryCourse", { headers, data: { category: "Maths", course: "Algebra" } });
  const ids = {} as Record<Kind, number>;
  for (const kind of Object.keys(BODIES) as Kind[]) ids[kind] = await payloadQuestion(request, headers, kind);
  const quizId = await publishedQuiz(request, headers, Object.values(ids), { category: "Maths", course: "Algebra" });

  await setTrap(page);
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await startAllAtOnce(page, quizId);
  await expect(page.getByRole("article")).toHaveCount(7);
  // The payloads are on the page as text: a matching stem, an ordering item, a unit.
  await expect(page.getByText(P[70], { exact: true }).first()).toBeAttached();
  await expectNothingRan(page, "the exam page");

  // The essay, started from its template (the payloads as text), gets payloads typed too.
  await page.locator("main textarea").first().fill(P.slice(0, 10).join(" "));
  await page.getByRole("button", { name: "Finish" }).click();
  await page.getByRole("button", { name: "Finish now" }).click();
  await expect(page).toHaveURL(/\/newResult/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNothingRan(page, "the result page");

  // The author's editor: each question's preview, as students would see it.
  const teacher = await page.context().browser()!.newPage();
  await setTrap(teacher);
  await signIn(teacher, school.teacher);
  for (const kind of Object.keys(BODIES) as Kind[]) {
    await teacher.goto(`/quiz/teacher/question/${ids[kind]}/edit`);
    await teacher.getByRole("button", { name: "Preview" }).click();
    await expect(teacher.getByRole("region", { name: "As students see it" })).toBeVisible();
    await expectNothingRan(teacher, `the ${kind} preview`);
  }
  // The checks themselves: markup put on the page by hand is found, and script calling alert is trapped.
  await teacher.evaluate(() => document.body.insertAdjacentHTML("beforeend", "<img src=x onerror=alert(1)>"));
  expect(await handlersOn(teacher)).toEqual(["IMG[onerror]"]);
  await teacher.evaluate(() => window.alert("caught"));
  expect(await trapped(teacher)).toBe("alert");
  await teacher.close();
});
