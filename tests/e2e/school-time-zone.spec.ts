import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test, untilInteractive } from "./fixtures";
import { bankOf, quizBody } from "./quiz-seed";
import { apiAuth, createSchool, signIn } from "./school";
import { nextStep } from "./wizard-steps";

/**
 * Issue 27 point 6 (ADR 0082): the owner, whose browser is in Paris, sets the school's zone to
 * Asia/Tokyo; a teacher in London types a close date, read on Tokyo's clock and named so; a
 * student in New York sees the Tokyo time named and their own beside it, on the server-drawn
 * page and after hydration alike. SHOTS_DIR=… also photographs the two screens at 1280 and 390 px.
 */

/** React's hydration errors (in production builds only their numbers: 418, 423, 425). */
const HYDRATION = /hydrat|did not match|react\.dev\/errors\/(418|423|425)/i;

async function browserIn(browser: Browser, baseURL: string | undefined, timezoneId: string) {
  const context = await browser.newContext({ baseURL, timezoneId, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const hydrationErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && HYDRATION.test(message.text())) hydrationErrors.push(message.text());
  });
  page.on("pageerror", (error) => {
    if (HYDRATION.test(error.message)) hydrationErrors.push(error.message);
  });
  return { context, page, hydrationErrors };
}

async function photograph(page: Page, name: string, prefix = process.env.SHOTS_PREFIX ?? "w-timezone") {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${prefix}-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The school's zone as the owner's setting answers it (null: none). */
async function schoolZone(request: APIRequestContext, owner: string): Promise<string | null> {
  const answer = await request.get("/api/admin/adminSetting", { headers: await apiAuth(request, owner) });
  return ((await answer.json()) as { adminSetting: { timeZone: string | null } }).adminSetting.timeZone;
}

test("a new school's zone defaults from its owner's browser at the first sign-in; a student abroad then sees both clocks", async ({ browser, baseURL, request }) => {
  test.slow(); // three browsers, a school and a quiz
  const school = await createSchool("Perth Default School");
  expect(await schoolZone(request, school.owner)).toBeNull();

  // A teacher in New York signs in first: only the owner's browser gives the school its zone.
  const teacher = await browserIn(browser, baseURL, "America/New_York");
  await signIn(teacher.page, school.teacher);
  await teacher.page.goto("/quiz/teacher/quizPool");
  await untilInteractive(teacher.page);
  await teacher.context.close();
  expect(await schoolZone(request, school.owner)).toBeNull();

  // The owner, in Perth, signs in: no settings page opened, nothing typed.
  const owner = await browserIn(browser, baseURL, "Australia/Perth");
  await signIn(owner.page, school.owner);
  await expect.poll(() => schoolZone(request, school.owner)).toBe("Australia/Perth");
  await owner.page.goto("/quiz/admin/quizSetting");
  await untilInteractive(owner.page);
  await expect(owner.page.getByRole("combobox", { name: "Time zone" })).toHaveValue("Australia/Perth");
  await expect(owner.page.getByText("Every date is typed and shown in Australia/Perth", { exact: false })).toBeVisible();
  await photograph(owner.page, "adopted-zone", "w-finish27");
  expect(owner.hydrationErrors).toEqual([]);
  await owner.context.close();

  // A student in New York now reads the pool on Perth's clock, their own beside it (18:30 AWST = 06:30 EDT).
  const headers = await bankOf(request, school.teacher, 1, { category: "Science", course: "Sand", topic: "Sand" });
  const bank = await request.post("/api/question/findAll", { headers, data: { queryParams: { filter: { category: "Science", course: "Sand" } } } });
  const questionId = ((await bank.json()) as { entities: { id: number }[] }).entities[0]!.id;
  const closes = Date.UTC(2030, 4, 3, 10, 30) / 1000;
  const made = await request.post("/api/quiz", {
    headers,
    data: quizBody({ quizName: "Sand in Perth", category: "Science", course: "Sand", selectedQuestions: [questionId], status: "DateRange", startDate: Date.UTC(2026, 0, 1) / 1000, endDate: closes }),
  });
  expect(made.status(), await made.text()).toBe(201);
  const student = await browserIn(browser, baseURL, "America/New_York");
  await signIn(student.page, school.student);
  await student.page.goto("/quiz/student/quizPool");
  await untilInteractive(student.page);
  await expect(student.page.getByRole("row").filter({ hasText: "Sand in Perth" }).getByText("May 3, 2030, 6:30 PM Australia/Perth (May 3, 2030, 6:30 AM your time, America/New_York)", { exact: true })).toBeVisible();
  expect(await schoolZone(request, school.owner)).toBe("Australia/Perth");
  await student.context.close();
});

test("the owner sets Asia/Tokyo; a close date typed in London is Tokyo's; a student in New York sees both clocks", async ({ browser, baseURL, request }) => {
  test.slow(); // three browsers, a school, a quiz and several server-drawn pages
  const school = await createSchool("Tokyo Time School");

  // The owner, in Paris: the first sign-in made the browser's zone the school's (its default).
  const owner = await browserIn(browser, baseURL, "Europe/Paris");
  await signIn(owner.page, school.owner);
  await expect.poll(() => schoolZone(request, school.owner)).toBe("Europe/Paris");
  await owner.page.goto("/quiz/admin/quizSetting");
  await untilInteractive(owner.page);
  const zoneBox = owner.page.getByRole("combobox", { name: "Time zone" });
  await expect(zoneBox).toHaveValue("Europe/Paris");
  await expect(owner.page.getByText("Every date is typed and shown in Europe/Paris", { exact: false })).toBeVisible();
  // Searching: "tokyo" finds Asia/Tokyo.
  await zoneBox.fill("tokyo");
  await expect(owner.page.getByRole("option", { name: "Asia/Tokyo" })).toBeVisible();
  await photograph(owner.page, "zone-search");
  await owner.page.getByRole("option", { name: "Asia/Tokyo" }).click();
  await expect(zoneBox).toHaveValue("Asia/Tokyo");
  await owner.page.getByRole("button", { name: "Save" }).click();
  await expect(owner.page.getByText("Admin setting updated")).toBeVisible();
  await owner.page.reload();
  await expect(owner.page.getByRole("combobox", { name: "Time zone" })).toHaveValue("Asia/Tokyo");
  await expect(owner.page.getByText("Every date is typed and shown in Asia/Tokyo", { exact: false })).toBeVisible();
  await photograph(owner.page, "admin-settings");
  expect(owner.hydrationErrors).toEqual([]);
  await owner.context.close();

  // The teacher, in London, types the dates: read on Tokyo's clock, named so.
  const headers = await bankOf(request, school.teacher, 1, { category: "Science", course: "Light", topic: "Light" });
  const bank = await request.post("/api/question/findAll", { headers, data: { queryParams: { filter: { category: "Science", course: "Light" } } } });
  const questionId = ((await bank.json()) as { entities: { id: number }[] }).entities[0]!.id;
  const made = await request.post("/api/quiz", { headers, data: quizBody({ quizName: "Light in Tokyo", category: "Science", course: "Light", selectedQuestions: [questionId] }) });
  expect(made.status(), await made.text()).toBe(201);
  const teacher = await browserIn(browser, baseURL, "Europe/London");
  await signIn(teacher.page, school.teacher, /\/quiz\/teacher\/quizPool$/);
  await teacher.page.getByRole("link", { name: "Edit Light in Tokyo" }).click();
  await nextStep(teacher.page);
  const wizard = teacher.page.getByRole("dialog");
  await wizard.getByText("Date range", { exact: true }).click();
  await wizard.getByLabel("Start date").fill("2026-01-05T08:00");
  await wizard.getByLabel("End date").fill("2030-05-03T18:30");
  await expect(wizard.getByText("In Asia/Tokyo time (GMT+9)").first()).toBeVisible();
  await nextStep(teacher.page);
  await nextStep(teacher.page);
  await wizard.getByRole("button", { name: "Submit" }).click();
  await expect(teacher.page.getByText("Quiz Updated")).toBeVisible();
  await teacher.page.getByRole("link", { name: "View Light in Tokyo" }).click();
  await untilInteractive(teacher.page);
  await expect(teacher.page.getByText("Jan 5, 2026, 8:00 AM GMT+9 to May 3, 2030, 6:30 PM GMT+9", { exact: true })).toBeVisible();
  // Quiz pools show when a quiz closes: the teacher's too, on the school's clock.
  await teacher.page.goto("/quiz/teacher/quizPool");
  await untilInteractive(teacher.page);
  await expect(teacher.page.getByRole("row").filter({ hasText: "Light in Tokyo" }).getByText("Closes May 3, 2030, 6:30 PM GMT+9", { exact: true })).toBeVisible();
  await photograph(teacher.page, "teacher-pool-closes", "w-finish27");
  expect(teacher.hydrationErrors).toEqual([]);
  await teacher.context.close();

  // The student, in New York: Tokyo's time named, and their own (18:30 JST = 05:30 EDT).
  const both = "May 3, 2030, 6:30 PM Asia/Tokyo (May 3, 2030, 5:30 AM your time, America/New_York)";
  const student = await browserIn(browser, baseURL, "America/New_York");
  await signIn(student.page, school.student);
  await student.page.goto("/quiz/student/quizPool");
  await student.page.reload();
  await untilInteractive(student.page);
  const row = student.page.getByRole("row").filter({ hasText: "Light in Tokyo" });
  await expect(row.getByText(both, { exact: true })).toBeVisible();
  // The server drew the same text the browser shows (the page as fetched with the student's cookies).
  const drawn = await student.page.request.get("/quiz/student/quizPool");
  expect(await drawn.text()).toContain(both);
  expect(student.hydrationErrors).toEqual([]);
  await photograph(student.page, "student-pool");

  // Issue 27 point 3: where a date matters to the student, both clocks too, by the pool's own
  // formatter: the take page's "Closes for you", the taken list's and the result's date.
  const quizId = ((await made.json()) as { entity: { id: number } }).entity.id;
  await student.page.goto(`/quiz/student/quizPool/${quizId}/take`);
  await untilInteractive(student.page);
  await student.page.getByText("All questions at once", { exact: true }).click();
  await student.page.getByRole("button", { name: "Next" }).click();
  await expect(student.page.getByText(`Closes for you ${both}`, { exact: true })).toBeVisible();
  await photograph(student.page, "take-page");
  const studentHeaders = await apiAuth(request, school.student);
  const started = await request.post("/api/takeQuiz/startQuiz", { headers: studentHeaders, data: { quizId, examMode: "all" } });
  expect(started.status(), await started.text()).toBe(200);
  const { takenQuizId } = (await started.json()) as { takenQuizId: number };
  const finished = await request.post("/api/takeQuiz/answerAll", { headers: studentHeaders, data: { takenQuizId, quizId, answers: [] } });
  expect(finished.status(), await finished.text()).toBe(200);
  const bothClocks = /^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M Asia\/Tokyo \(\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M your time, America\/New_York\)$/;
  await student.page.goto("/quiz/student/takenQuiz");
  await untilInteractive(student.page);
  await expect(student.page.getByRole("row").filter({ hasText: "Light in Tokyo" }).getByText(bothClocks)).toBeVisible();
  // The long date stays clear of the sticky Actions column at 1280 px.
  const [dateRight, actionsLeft] = await student.page.evaluate(() => {
    const row = Array.from(document.querySelectorAll("tbody tr")).find((tr) => tr.textContent?.includes("Light in Tokyo"))!;
    const cells = row.querySelectorAll("td");
    return [cells[cells.length - 2].getBoundingClientRect().right, cells[cells.length - 1].getBoundingClientRect().left];
  });
  expect(dateRight).toBeLessThanOrEqual(actionsLeft + 1);
  await photograph(student.page, "taken-list");
  await student.page.goto(`/quiz/student/takenQuiz/${takenQuizId}/result`);
  await untilInteractive(student.page);
  await expect(student.page.getByText(bothClocks)).toBeVisible();
  expect(student.hydrationErrors).toEqual([]);
  await photograph(student.page, "result");
  await student.context.close();
});
