import { mkdirSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoViolations, publishedQuiz } from "./exam-helpers";
import { apiAuth, createSchool, signIn } from "./school";
import { TEXTS, type Kind, typedQuestion } from "./every-type-seed";

/**
 * Issue 26 points 4 and 5 (ADR 0071): a student's result of a paper with every type (partial
 * and pending drawn apart, "Awaiting marking" with a provisional percentage and no
 * certificate); the teacher opens the attempt from the stats page and sees every answer with
 * its key and the Mark link; once the essay is marked the student sees the final mark and an
 * in-app notice, which opening the result clears.
 */
type Headers = { Authorization: string };
type Part = { id: string; text: string };

/** The student's attempt over the API (the exam page's own journey is question-types-exam.spec.ts): partly right on purpose. */
async function submitPaper(request: APIRequestContext, headers: Headers, quizId: number, ids: Record<Kind, number>) {
  const started = await request.post("/api/takeQuiz/startQuiz", { headers, data: { quizId } });
  expect(started.status(), await started.text()).toBe(200);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const paper = (await started.json()) as any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const q = (kind: Kind) => paper.questions.find((question: any) => question.id === ids[kind]);
  const part = (parts: Part[], text: string) => parts.find((p) => p.text === text)!.id;
  const answers = [
    { questionId: ids.trueFalse, answer: [q("trueFalse").options.find((o: { optionText: string }) => o.optionText === "True").id] },
    { questionId: ids.shortAnswer, answer: { text: " jove " } },
    { questionId: ids.numerical, answer: { value: "9,8", unit: "m/s²" } },
    { questionId: ids.matching, answer: { pairs: [{ stemId: part(q("matching").stems, "France"), choiceId: part(q("matching").choices, "Paris") }, { stemId: part(q("matching").stems, "Italy"), choiceId: part(q("matching").choices, "Lisbon") }] } },
    { questionId: ids.ordering, answer: { order: ["Venus", "Mercury", "Earth"].map((text) => part(q("ordering").items, text)) } },
    { questionId: ids.cloze, answer: { gaps: ["red", "3", part(q("cloze").gaps[2].choices, "Phobos")] } },
    { questionId: ids.essay, answer: { html: "<p>Because of <strong>iron oxide</strong> dust.</p>" } },
  ];
  const done = await request.post("/api/takeQuiz/answerAll", { headers, data: { takenQuizId: paper.takenQuizId, quizId, answers } });
  expect(done.status(), await done.text()).toBe(200);
  return paper.takenQuizId as number;
}

const question = (page: Page, text: string | RegExp) => page.locator(".result-answer").filter({ has: page.getByRole("heading", { name: text }) });
const shots = "/work/shots";

async function screenshots(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/w-results-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a paper of every type: awaiting marking with no certificate, the teacher's attempt view from stats, then the final mark and the in-app notice", async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const school = await createSchool("Results School");
  const teacherHeaders = await apiAuth(request, school.teacher);
  await request.post("/api/categoryCourse", { headers: teacherHeaders, data: { category: "Maths", course: "Algebra" } });
  const ids = {} as Record<Kind, number>;
  for (const kind of Object.keys(TEXTS) as Kind[]) ids[kind] = await typedQuestion(request, teacherHeaders, kind);
  const quizId = await publishedQuiz(request, teacherHeaders, Object.values(ids), { quizName: "Mars paper", category: "Maths", course: "Algebra", showAnswer: "Yes" });
  const takenQuizId = await submitPaper(request, await apiAuth(request, school.student), quizId, ids);

  // The student's result: awaiting marking, provisional, no certificate, each type drawn.
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await page.goto(`/quiz/student/takenQuiz/${takenQuizId}/result`);
  await expect(page.getByTestId("awaiting-marking")).toHaveText(/Awaiting marking/);
  await expect(page.locator(".result__percentage")).toHaveText(/% \(provisional\)$/);
  await expect(page.getByTestId("no-certificate")).toBeVisible();
  await expect(page.getByRole("link", { name: "Certificate" })).toHaveCount(0);
  await expect(question(page, /Why is Mars red/).locator(".result-status")).toHaveText("◌ Awaiting marking");
  await expect(question(page, /Why is Mars red/).locator(".result-essay strong")).toHaveText("iron oxide");
  const short = question(page, /largest/);
  await expect(short.locator(".result-status")).toHaveText("◐ Partly right");
  await expect(short.locator(".result-review__typed").first()).toHaveText(" jove ");
  await expect(short).toContainText("Mark: 0.5 / 1");
  await expect(question(page, /g on Earth/)).toContainText("9.81 ± 0.05 m/s²");
  const matching = question(page, /Match each country/);
  await expect(matching.getByRole("row", { name: /Italy/ })).toContainText("Lisbon ✗ wrong");
  await expect(matching.getByRole("row", { name: /Italy/ })).toContainText("Rome");
  await expect(question(page, /Order the planets/).getByRole("list", { name: "The right order" })).toContainText("MercuryVenusEarth");
  const cloze = question(page, /Fill in the gaps/);
  await expect(cloze).toContainText("3 ✗ wrong (right answer: 2)");
  await expect(cloze).toContainText("Phobos ✓ right");
  await screenshots(page, "awaiting");
  await expectNoViolations(page);

  // The list says so too, without a certificate link; no notice yet.
  await page.goto("/quiz/student/takenQuiz");
  await expect(page.getByRole("cell", { name: "Awaiting marking", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Certificate of Mars paper/ })).toHaveCount(0);
  await expect(page.getByText(/has been marked/)).toHaveCount(0);

  // The teacher opens the attempt from the stats page: answers, keys, saved times, the Mark link.
  const teacher = await (await browser.newContext()).newPage();
  await signIn(teacher, school.teacher);
  await teacher.goto(`/quiz/teacher/quiz/${quizId}/viewStats`);
  await expect(teacher.getByRole("link", { name: /^Answers of Student of Results School/ })).toBeVisible();
  await screenshots(teacher, "stats");
  await teacher.getByRole("link", { name: /^Answers of Student of Results School/ }).click();
  await expect(teacher).toHaveURL(new RegExp(`/quiz/teacher/quiz/${quizId}/attempt/${takenQuizId}$`));
  await expect(teacher.getByRole("heading", { level: 1 })).toHaveText("Attempt of Student of Results School: Mars paper");
  const essay = question(teacher, /Why is Mars red/);
  await expect(essay.getByRole("link", { name: "Mark question 7" })).toHaveAttribute("href", `/quiz/teacher/quiz/${quizId}/attempt/${takenQuizId}/grade/${ids.essay}`);
  await expect(essay).toContainText("A thesis");
  await expect(essay).toContainText(/Saved .+/);
  await expect(question(teacher, /largest/).getByRole("link", { name: "Override mark: question 2" })).toBeVisible();
  await expect(question(teacher, /largest/)).toContainText("Jupiter (100% credit)");
  await expect(teacher.locator(".result__facts")).toContainText(/Submitted.*(UTC|GMT|Time)/);
  await screenshots(teacher, "attempt-view");
  await expectNoViolations(teacher);

  // The essay is marked (the grading page is the grading helper's: the API's grade here).
  const graded = await request.post("/api/takenQuiz/grade", { headers: teacherHeaders, data: { takenQuizId, questionId: ids.essay, mark: 1, comment: "Right: iron oxide." } });
  expect(graded.status(), await graded.text()).toBe(200);
  await teacher.reload();
  await expect(question(teacher, /Why is Mars red/)).toContainText(/Marked by Teacher of Results School on/);
  await expect(question(teacher, /Why is Mars red/).getByRole("link", { name: "Override mark: question 7" })).toBeVisible();

  // The student: a notice on their landing page and on the list, the final mark on the result, the notice gone after.
  await page.goto("/quiz/student/quizPool");
  await expect(page.getByRole("status").filter({ hasText: "Your attempt at Mars paper has been marked" })).toBeVisible();
  await page.goto("/quiz/student/takenQuiz");
  const notice = page.getByRole("status").filter({ hasText: "Your attempt at Mars paper has been marked" });
  await expect(notice).toContainText(/has been marked: \d+(\.\d+)?%/);
  await expect(page.getByRole("cell", { name: "Marked", exact: true })).toBeVisible();
  await screenshots(page, "taken-list-notice");
  await notice.getByRole("link", { name: "Open result: Mars paper" }).click();
  await expect(page.getByTestId("awaiting-marking")).toHaveCount(0);
  await expect(page.locator(".result__percentage")).not.toContainText("provisional");
  await expect(page.getByRole("link", { name: "Certificate" })).toBeVisible();
  await expect(question(page, /Why is Mars red/)).toContainText("Right: iron oxide.");
  await expect(question(page, /Why is Mars red/)).toContainText("Mark: 1 / 1");
  await screenshots(page, "result");
  await page.goto("/quiz/student/takenQuiz");
  await expect(page.getByText(/has been marked/)).toHaveCount(0);
  await page.goto("/quiz/student/quizPool");
  await expect(page.getByText(/has been marked/)).toHaveCount(0);

  // One in Japanese.
  await page.context().addCookies([{ name: "lang", value: "ja", url: page.url() }]);
  await page.goto(`/quiz/student/takenQuiz/${takenQuizId}/result`);
  await expect(page.getByText("部分的に正解").first()).toBeVisible();
  await page.screenshot({ path: `${shots}/w-results-result-ja-1280.png`, fullPage: true });
});
