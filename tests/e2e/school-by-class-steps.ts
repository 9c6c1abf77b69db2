import { readFile } from "node:fs/promises";
import type { APIRequestContext, Download, Locator, Page } from "@playwright/test";
import { expect, untilInteractive } from "./fixtures";
import { apiAuth } from "./school";
import { wizardOf } from "./wizard-steps";

/** What school-by-class-journey.spec.ts does more than once, by the pages a school uses. */

/** The teacher makes a class on the Classes page and opens it; its page's address. */
export async function createClass(page: Page, name: string): Promise<string> {
  await page.goto("/quiz/teacher/classes");
  await untilInteractive(page);
  await page.getByLabel("Class name").fill(name);
  await page.getByRole("button", { name: "Create class" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Class created" })).toBeVisible();
  await page.getByRole("link", { name: "Open the class" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return page.url();
}

/** A react-aria Select worked from the keyboard: focus its button, open it, type the option's start, Enter. */
export async function chooseByKeyboard(page: Page, select: Locator, option: string) {
  await pressOn(page, select, "Enter");
  await expect(page.getByRole("listbox")).toBeVisible();
  await page.keyboard.type(option);
  await expect(page.getByRole("option", { name: option, exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(select).toContainText(option);
}

/** Focuses a control and presses a key on it, as a keyboard user does. */
export async function pressOn(page: Page, control: Locator, key: string) {
  await control.focus();
  await page.keyboard.press(key);
}

/** A `datetime-local` value on the UTC clock (the journey's browsers read UTC), to the second. */
export const utcInput = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 19);

/** In the wizard's settings step: sets the quiz for a class with its own window. */
export async function setForClass(page: Page, name: string, opens: number, closes: number) {
  const wizard = wizardOf(page);
  await wizard.getByRole("button", { name: /Class/ }).click();
  await page.getByRole("option", { name, exact: true }).click();
  await wizard.getByRole("button", { name: "Set for this class" }).click();
  const settings = wizard.getByRole("group", { name: `Settings for ${name}` });
  await settings.getByLabel("Opens").fill(utcInput(opens));
  await settings.getByLabel("Closes").fill(utcInput(closes));
}

/** The path of the class invitation mailed to a student the roster import made, read from the owner's outbox (as soon as it is there). */
export async function invitationPath(request: APIRequestContext, ownerEmail: string, studentEmail: string): Promise<string> {
  const headers = await apiAuth(request, ownerEmail);
  let link: string | undefined;
  await expect(async () => {
    const list = await request.get("/api/outbox?pageSize=100", { headers });
    expect(list.status(), await list.text()).toBe(200);
    const { entities } = (await list.json()) as { entities: { id: number; to: string; tag: string | null }[] };
    const mail = entities.find((entry) => entry.to === studentEmail && entry.tag === "class-invitation");
    expect(mail, `an invitation to ${studentEmail} in the outbox`).toBeTruthy();
    const { text } = (await (await request.get(`/api/outbox/${mail!.id}`, { headers })).json()) as { text: string };
    link = text.match(/https?:\/\/\S+\/quiz\/auth\/reset-password\/\S+/)?.[0];
    expect(link, "the invitation's link").toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return new URL(link!).pathname;
}

/** The exam's questions, in the order the page shows them. */
export const paperOf = (page: Page) => page.getByRole("article").locator(".exam-question__text").allTextContents();

/** A downloaded CSV's lines (after its BOM). */
export async function csvLines(download: Download): Promise<string[]> {
  const bytes = new Uint8Array(await readFile((await download.path()) ?? ""));
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1).split("\r\n").filter(Boolean);
}

/** Clicks a download link and reads the file back. */
export async function downloadCsv(page: Page, link: Locator): Promise<{ name: string; lines: string[] }> {
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  return { name: download.suggestedFilename(), lines: await csvLines(download) };
}

/** Opens the take page, chooses all questions at once, reads the attempts line on the guidelines, starts. */
export async function startAllAtOnce(page: Page, quizId: number, attempts: string) {
  await page.goto(`/quiz/student/quizPool/${quizId}/take`);
  await page.getByText("All questions at once", { exact: true }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(attempts)).toBeVisible();
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("article")).toHaveCount(20);
}

/** Chooses one option in each of these questions (by their place on the paper). */
export async function answer(page: Page, places: number[], option: "Right" | "Wrong") {
  for (const place of places) await page.getByRole("article").nth(place).getByText(option, { exact: true }).click();
}

/** Finishes the exam (confirming the dialog) and waits for the result page. */
export async function finish(page: Page) {
  await page.getByRole("button", { name: "Finish" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Finish now" }).click();
  await expect(page).toHaveURL(/\/student\/takenQuiz\/\d+\/newResult/);
}

/** Picks a class on the stats page's Class picker (a react-aria Select named by its label and value). */
export async function pickClass(page: Page, name: string) {
  await page.getByRole("button", { name: /Class$/ }).click();
  await page.getByRole("option", { name, exact: true }).click();
}

/** The student's quiz pool, as drawn and running. */
export const poolOf = async (page: Page) => {
  await page.goto("/quiz/student/quizPool");
  await untilInteractive(page);
  return page.getByRole("main");
};
