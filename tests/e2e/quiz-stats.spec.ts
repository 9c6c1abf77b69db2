import type { APIRequestContext, Page } from "@playwright/test";
import { mkdir } from "node:fs/promises";
import { expectNoViolations, publishedQuiz, redPlanet } from "./exam-helpers";
import { expect, test } from "./fixtures";
import { radioQuestionBody } from "../../api/test-support/request-bodies";
import { apiAuth, createSchool, e2eDatabase, signIn, type School } from "./school";

/**
 * Issue 16 point 1, a quiz's stats (spec 2.5 viewStats; ADR 0039): after several students
 * have taken a quiz, its teacher searches, sorts, accepts three results at once, downloads a
 * certificate, watches an attempt in progress finish without a reload, and rejects a result,
 * whose certificate the public check then calls revoked. A school of its own.
 */
test.describe.configure({ mode: "serial" });

/** More students in the school (same password as its others); their e-mails by name. */
async function addStudents(school: School, names: string[]): Promise<Record<string, string>> {
  const db = e2eDatabase();
  try {
    const { rows } = await db.execute({ sql: "select password_hash from users where email = ?", args: [school.student] });
    const hash = rows[0].password_hash as string;
    const emails: Record<string, string> = {};
    const stamp = Date.now().toString(36);
    await db.batch(
      names.map((fullname) => {
        const email = `${fullname.split(" ")[0].toLowerCase()}-${stamp}@stats.test`;
        emails[fullname] = email;
        return {
          sql: `insert into users (business_id, email, username, fullname, password_hash, user_type, profile, role_level, email_verified, created_at, updated_at)
                values (?, ?, ?, ?, ?, 'Student', 4, 4, 1, ?, ?)`,
          args: [school.businessId, email, email, fullname, hash, Date.now(), Date.now()],
        };
      }),
      "write",
    );
    return emails;
  } finally {
    db.close();
  }
}

/** Starts an attempt over the API; answers (right or wrong) and finishes it unless `finish` is null. */
async function attempt(request: APIRequestContext, email: string, quizId: number, finish: "right" | "wrong" | null) {
  const headers = await apiAuth(request, email);
  const started = await request.post("/api/takeQuiz/startQuiz", { headers, data: { quizId, examMode: "all" } });
  expect(started.status(), await started.text()).toBe(200);
  const { takenQuizId, questions } = (await started.json()) as { takenQuizId: number; questions: { id: number; options: { id: number; optionText: string }[] }[] };
  const answerWith = async (right: boolean) => {
    const [question] = questions;
    const option = question.options.find((o) => o.optionText === (right ? "Mars" : "Venus"));
    const done = await request.post("/api/takeQuiz/answerAll", { headers, data: { takenQuizId, quizId, answers: [{ questionId: question.id, answer: [option?.id] }] } });
    expect(done.status(), await done.text()).toBe(200);
  };
  if (finish) await answerWith(finish === "right");
  return { takenQuizId, finish: () => answerWith(true) };
}

const row = (page: Page, name: string) => page.locator("tbody tr").filter({ hasText: name });
/** A row's checkbox (its label is for screen readers; the box is what a pointer clicks). */
const rowBox = (page: Page, name: string) => page.getByRole("checkbox", { name: `Select the result of ${name}, attempt 1` });
const tick = (page: Page, name: string) => page.locator("label.ui-checkbox").filter({ has: rowBox(page, name) }).click();
const studentNames = (page: Page) => page.locator("tbody .stats-table__name").allInnerTexts();

async function screenshots(page: Page, name: string) {
  if (!process.env.STATS_SHOTS) return;
  await mkdir(process.env.STATS_SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${process.env.STATS_SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("the teacher searches, sorts, accepts three results, downloads a certificate, watches a sitting and revokes a certificate", async ({ page, request, browser }) => {
  test.setTimeout(240_000); // twenty pages, four attempts, a PDF and a live sitting on a shared two-core machine
  const school = await createSchool("Stats School");
  const emails = await addStudents(school, ["Ada Archer", "Ben Brooks", "Cleo Chen", "Dan Diaz"]);
  const teacher = await apiAuth(request, school.teacher);
  const quizId = await publishedQuiz(request, teacher, [await redPlanet(request, teacher)], { quizName: "Red Planets", time: 10, attemptsAllowed: 3 });
  const ada = await attempt(request, emails["Ada Archer"], quizId, "right");
  await attempt(request, emails["Ben Brooks"], quizId, "wrong");
  await attempt(request, emails["Cleo Chen"], quizId, "right");
  const dan = await attempt(request, emails["Dan Diaz"], quizId, "wrong");
  const sitting = await attempt(request, school.student, quizId, null);

  await signIn(page, school.teacher);
  await page.goto(`/quiz/teacher/quiz/${quizId}/viewStats`);
  await expect(page.getByRole("heading", { level: 1, name: "Results of Red Planets" })).toBeVisible();
  await expect(page.getByText("5 attempts")).toBeVisible();
  // Student name ascending by default.
  expect(await studentNames(page)).toEqual(["Ada Archer", "Ben Brooks", "Cleo Chen", "Dan Diaz", "Student of Stats School"]);
  // The attempt in progress, with its time left; the page says it follows the sitting.
  const running = row(page, "Student of Stats School");
  await expect(running.getByText("In progress")).toBeVisible();
  await expect(running.getByText(/^\d+:\d\d left$/)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "1 attempt in progress" })).toBeVisible();
  await expect(running.getByRole("checkbox")).toHaveCount(0);
  await expectNoViolations(page);
  await screenshots(page, "stats");
  // On a phone the rows are cards: still labelled, still axe-clean.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("checkbox", { name: "Select every result on this page" })).toBeAttached();
  await expectNoViolations(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Search: one box over name and e-mail; a new search starts at page 1.
  await page.goto(`/quiz/teacher/quiz/${quizId}/viewStats?page=2&size=10`);
  await page.getByRole("searchbox", { name: "Student name or e-mail" }).fill("CLEO");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/search=CLEO/);
  expect(new URL(page.url()).searchParams.get("page")).toBeNull();
  await expect.poll(() => studentNames(page)).toEqual(["Cleo Chen"]);
  await page.getByRole("searchbox", { name: "Student name or e-mail" }).fill(emails["Dan Diaz"].slice(0, 6));
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect.poll(() => studentNames(page)).toEqual(["Dan Diaz"]);
  await page.getByRole("searchbox", { name: "Student name or e-mail" }).fill("nobody at all");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("No attempts match this search.")).toBeVisible();

  // Sort: by score, highest first, by clicking the header twice.
  await page.goto(`/quiz/teacher/quiz/${quizId}/viewStats`);
  await page.getByRole("link", { name: "Score" }).click();
  await expect(page).toHaveURL(/sort=percentage&order=asc/);
  // The address changes before the sorted page is drawn; the header's link to the other order
  // exists only then, so a click before it would ask for ascending again.
  await expect(page.getByRole("columnheader", { name: /Score/ })).toHaveAttribute("aria-sort", "ascending");
  await page.getByRole("link", { name: /Score/ }).click();
  await expect(page).toHaveURL(/sort=percentage&order=desc/);
  await expect(page.getByRole("columnheader", { name: /Score/ })).toHaveAttribute("aria-sort", "descending");
  await expect.poll(async () => (await studentNames(page)).slice(0, 2)).toEqual(["Ada Archer", "Cleo Chen"]);
  await page.goto(`/quiz/teacher/quiz/${quizId}/viewStats`);

  // Three at once: select, choose Accepted, set; the list reloads with the new statuses.
  for (const name of ["Ada Archer", "Ben Brooks", "Cleo Chen"]) await tick(page, name);
  await expect(page.getByText("3 results selected")).toBeVisible();
  await page.getByRole("button", { name: /New status/ }).click();
  await page.getByRole("option", { name: "Accepted" }).click();
  await page.getByRole("button", { name: "Set status" }).click();
  await expect(page.getByRole("status").filter({ hasText: "3 results set to Accepted." })).toBeVisible();
  for (const name of ["Ada Archer", "Ben Brooks", "Cleo Chen"]) await expect(row(page, name).locator(".shell-badge")).toHaveText("Accepted");
  await expect(row(page, "Dan Diaz").locator(".shell-badge")).toHaveText("Pending");
  await expect(page.getByRole("checkbox", { name: "Select every result on this page" })).not.toBeChecked();

  // One certificate: the dialog over the stats, the PDF, and back to the row's link.
  await page.getByRole("link", { name: "Certificate of Ada Archer, attempt 1" }).click();
  await expect(page).toHaveURL(new RegExp(`/quiz/teacher/quiz/${quizId}/${ada.takenQuizId}/download$`));
  const dialog = page.getByRole("dialog", { name: "Certificate" });
  await expect(dialog).toContainText("Ada Archer: Red Planets, 100%");
  await expectNoViolations(page);
  await screenshots(page, "stats-certificate");
  const pdfHref = (await dialog.getByRole("link", { name: "Download the certificate of completion (PDF)" }).getAttribute("href")) ?? "";
  const pdf = await page.request.get(pdfHref);
  expect([pdf.status(), pdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);
  expect(pdf.headers()["content-disposition"]).toBe(`attachment; filename="certificate-of-completion-red-planets-${ada.takenQuizId}.pdf"`);
  expect(new TextDecoder().decode((await pdf.body()).subarray(0, 5))).toBe("%PDF-");
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(new RegExp(`/quiz/teacher/quiz/${quizId}/viewStats$`));
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Certificate of Ada Archer, attempt 1" })).toBeFocused();

  // A sitting under way: the row finishes by itself, without a reload, keeping focus and selection.
  const marker = await page.evaluate(() => ((window as unknown as { statsMarker: number }).statsMarker = Math.random()));
  const dansBox = rowBox(page, "Dan Diaz");
  await tick(page, "Dan Diaz");
  await expect(dansBox).toBeFocused();
  await sitting.finish();
  await expect(running.locator(".shell-badge")).toHaveText("Pending", { timeout: 20_000 });
  await expect(page.getByRole("status").filter({ hasText: /in progress/ })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { statsMarker?: number }).statsMarker)).toBe(marker);
  await expect(dansBox).toBeFocused();
  await expect(dansBox).toBeChecked();

  // Dan's certificate, then his result rejected: the public check says plainly it is revoked.
  await page.getByRole("link", { name: "Certificate of Dan Diaz, attempt 1" }).click();
  const verifyUrl = (await page.getByRole("dialog", { name: "Certificate" }).getByRole("link", { name: /\/quiz\/verify\// }).getAttribute("href")) ?? "";
  expect(verifyUrl).toMatch(/\/quiz\/verify\/[A-Za-z0-9_-]{22}$/);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // The selection outlived the dialog over the page.
  await expect(dansBox).toBeChecked();
  await expect(page.getByText("1 result selected")).toBeVisible();
  // This time by keyboard only: open the status list, pick Rejected, Tab to the button.
  await page.getByRole("button", { name: /New status/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("option", { name: "Pending" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("option", { name: "Rejected" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: /New status/ })).toContainText("Rejected");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Set status" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "1 result set to Rejected." })).toBeVisible();
  await expect(row(page, "Dan Diaz").locator(".shell-badge")).toHaveText("Rejected");

  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  const answer = await visitor.goto(verifyUrl);
  expect(answer?.status()).toBe(410);
  await expect(visitor.getByText("This certificate has been revoked.")).toBeVisible();
  await expect(visitor.getByText("Stats School rejected the result it attests, so it is not valid.")).toBeVisible();
  await expect(visitor.getByText("This certificate is genuine.")).toHaveCount(0);
  await expectNoViolations(visitor);
  await screenshots(visitor, "verify-revoked");
  await stranger.close();

  // The teacher's dialog says so too, with no PDF to download.
  await page.goto(`/quiz/teacher/quiz/${quizId}/${dan.takenQuizId}/download`);
  await expect(page.getByRole("dialog", { name: "Certificate" }).getByText("This certificate is revoked")).toBeVisible();
  await expect(page.getByRole("link", { name: /Download/ })).toHaveCount(0);
});

test("a student can open neither the stats page nor its API", async ({ page, request }) => {
  const school = await createSchool("Stats Privacy School");
  const teacher = await apiAuth(request, school.teacher);
  const quizId = await publishedQuiz(request, teacher, [await redPlanet(request, teacher)], { quizName: "Private Planets" });
  await signIn(page, school.student);
  await page.goto(`/quiz/teacher/quiz/${quizId}/viewStats`);
  await expect(page).not.toHaveURL(/viewStats/);
  const api = await request.post("/api/takenQuiz/fetchAllByQuizId", { headers: await apiAuth(request, school.student), data: { quizId, queryParams: {} } });
  expect(api.status()).toBe(403);
});

test("a student whose result was rejected is told the certificate is revoked, and gets no PDF", async ({ page, request }) => {
  const school = await createSchool("Stats Rejection School");
  const teacher = await apiAuth(request, school.teacher);
  const quizId = await publishedQuiz(request, teacher, [await redPlanet(request, teacher)], { quizName: "Rejected Planets" });
  const { takenQuizId } = await attempt(request, school.student, quizId, "right");
  const rejected = await request.post("/api/takenQuiz/updateStatus", { headers: teacher, data: { ids: [takenQuizId], status: "Rejected", quizId } });
  expect(rejected.status(), await rejected.text()).toBe(200);

  await signIn(page, school.student);
  await page.goto(`/quiz/student/takenQuiz/${takenQuizId}/download`);
  const dialog = page.getByRole("dialog", { name: "Certificate" });
  await expect(dialog.getByText("This certificate has been revoked")).toBeVisible();
  await expect(dialog.getByText("Your teacher rejected this result, so its certificate is not valid.")).toBeVisible();
  await expect(dialog.getByRole("link", { name: /Download/ })).toHaveCount(0);
  const pdf = await page.request.get(`/quiz/student/takenQuiz/${takenQuizId}/certificate.pdf`);
  expect([pdf.status(), await pdf.text()]).toEqual([410, "This certificate has been revoked: its result was rejected."]);
  await expectNoViolations(page);
});

test("an attempt whose essay awaits a grader says so in words on the stats page and in its CSV, its percentage provisional, until it is marked", async ({ page, request }) => {
  const school = await createSchool("Stats Marking School");
  const teacher = await apiAuth(request, school.teacher);
  const planet = await redPlanet(request, teacher);
  const essay = await request.post("/api/question", {
    headers: teacher,
    data: radioQuestionBody({ options: [], questionText: "Why is Mars red?", optionType: "essay", defaultMark: 1, answerKey: { graderInfo: "", responseTemplate: "" }, category: "Science", course: "Planets" }),
  });
  expect(essay.status(), await essay.text()).toBe(201);
  const essayId = ((await essay.json()) as { entity: { id: number } }).entity.id;
  const quizId = await publishedQuiz(request, teacher, [planet, essayId], { quizName: "Essay Planets" });
  const student = await apiAuth(request, school.student);
  const started = await request.post("/api/takeQuiz/startQuiz", { headers: student, data: { quizId } });
  const { takenQuizId, questions } = (await started.json()) as { takenQuizId: number; questions: { id: number; options: { id: number; optionText: string }[] }[] };
  const mars = questions.find((q) => q.id === planet)!.options.find((o) => o.optionText === "Mars")!.id;
  const done = await request.post("/api/takeQuiz/answerAll", {
    headers: student,
    data: { takenQuizId, answers: [{ questionId: planet, answer: [mars] }, { questionId: essayId, answer: { html: "<p>Iron oxide.</p>" } }] },
  });
  expect(done.status(), await done.text()).toBe(200);

  await signIn(page, school.teacher);
  await page.goto(`/quiz/teacher/quiz/${quizId}/viewStats`);
  const result = row(page, "Student of Stats Marking School");
  await expect(result.getByText("Awaiting marking")).toBeVisible();
  await expect(result.getByText("50% (provisional)")).toBeVisible();
  // No certificate is offered before every essay is marked (the server would refuse it).
  await expect(result.getByRole("link", { name: /^Certificate of / })).toHaveCount(0);
  await expectNoViolations(page);
  await screenshots(page, "w-polish-stats-awaiting");
  const csv = await page.request.get(`/quiz/teacher/quiz/${quizId}/viewStats.csv`);
  expect(csv.status()).toBe(200);
  const [header, line] = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
  expect(header.endsWith(`"Status","Marking","Passed"`)).toBe(true);
  expect(line.endsWith(`"Pending","Awaiting marking",""`)).toBe(true);

  const marked = await request.post("/api/takenQuiz/grade", { headers: teacher, data: { takenQuizId, questionId: essayId, mark: 1 } });
  expect(marked.status(), await marked.text()).toBe(200);
  await page.reload();
  await expect(result.getByText("100%", { exact: true })).toBeVisible();
  await expect(result.getByText("Awaiting marking")).toHaveCount(0);
  await expect(result.getByRole("link", { name: /^Certificate of / })).toBeVisible();
});
