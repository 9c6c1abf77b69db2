import { eq } from "drizzle-orm";
import { parse, type DefaultTreeAdapterTypes } from "parse5";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { ResultView } from "../../app/components/results/ResultView";
import { createI18n } from "../../app/i18n/create-i18n";
import { createCategoryCourse, createQuestion, createQuiz } from "../test-support/factories.node";
import { questions } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import type { TakenQuizResult } from "../services/results/present-result";
import { fetchTakenQuizResult } from "../services/results/read-result";
import { callerOf } from "../test-support/test-app.node";
import { createTestBed, type Tenant, type TestBed } from "../test-support/test-bed.node";

/**
 * Issue 14 point 7: an explanation cannot restyle the page it is shown on. Stored rich text
 * is a balanced fragment whether it came through the API now or was stored before the
 * sanitiser parsed (docs/decisions/0033-balanced-html-and-certificate-snapshot.md).
 */
let services: AppServices;
let tenant: Tenant;
let post: TestBed["post"];

beforeEach(async () => {
  ({ services, tenant, post } = await createTestBed("Markup School"));
});

const REL = 'rel="noopener noreferrer nofollow"';
/** What js-xss stored for `…</li></ol></section><a href="https://evil.example/">click` before: the stray closers and the open link kept. */
const OLD_ROW = `<p>Because of the lens.</p></li></ol></section><a ${REL} href="https://evil.example/">click`;
const BALANCED = `<p>Because of the lens.</p><a ${REL} href="https://evil.example/">click</a>`;

/** A quiz of two questions, the first with `explanation` stored as it is (no sanitiser), started by the student. */
async function startedExam(explanation: string, examMode?: "onebyone") {
  const { category, course } = await createCategoryCourse(services.db, { businessId: tenant.business.id });
  const base = { businessId: tenant.business.id, teacherId: tenant.teacher.id, categoryId: category.id, courseId: course.id };
  const first = await createQuestion(services.db, { ...base, answerExplanation: explanation });
  const second = await createQuestion(services.db, { ...base, answerExplanation: "<p>Second.</p>" });
  const { quiz } = await createQuiz(services.db, { ...base, questionIds: [first.question.id, second.question.id], showAnswer: true });
  const started = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id, ...(examMode ? { examMode } : {}) });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  // The ids the paper gave (the option ids a student sees), the first option of each question.
  const answers = (started.body.questions as { questionId: number; options: { id: number }[] }[]).map((q) => ({ questionId: q.questionId, answer: [q.options[0].id] }));
  return { quiz, takenQuizId: started.body.takenQuizId as number, questionId: first.question.id, answers };
}

/** startedExam, then answered and finished. */
async function finishedResult(explanation: string) {
  const { quiz, takenQuizId, questionId, answers } = await startedExam(explanation);
  const done = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId, quizId: quiz.id, answers });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { takenQuizId, questionId };
}

describe("explanations on the way in", () => {
  it("stores and answers a balanced fragment for unbalanced and nested markup, and the editor's markup as it was", async () => {
    const radio = (answerExplaination: string) => ({
      questionText: "Which lens?",
      optionType: "radio",
      options: [{ optionText: "Convex", optionStatus: true }, { optionText: "Concave", optionStatus: false }],
      category: "Physics",
      course: "Optics",
      answerExplaination,
    });
    await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Physics", course: "Optics" });
    const cases: [string, string][] = [
      ["</div></div><p>Why</p><a href=//evil>", `<p>Why</p><a ${REL}></a>`],
      ['<p>See <a href="https://evil.example/">this', `<p>See <a ${REL} href="https://evil.example/">this</a></p>`],
      ["<p>a</li></ul></section>b</p>", "<p>ab</p>"],
      ['<a href="https://a.example/">1<a href="https://b.example/">2</a></a>', `<a ${REL} href="https://a.example/">1</a><a ${REL} href="https://b.example/">2</a>`],
      ["<b><i>x</b></i>", "<b><i>x</i></b>"],
      // As deep as the 25,000 characters allowed go (docs/decisions/0057): an answer, not a 500.
      ["<div>".repeat(4_990) + "<p>Deep</p>", "<p>Deep</p>"],
      ["<h3>Why</h3><p>It is <strong>b</strong> and <em>i</em>.</p><ul><li>one</li></ul>", "<h3>Why</h3><p>It is <strong>b</strong> and <em>i</em>.</p><ul><li>one</li></ul>"],
    ];
    for (const [sent, kept] of cases) {
      const res = await post(tenant.teacher, "/question", radio(sent));
      expect([res.status, res.body.entity?.answerExplaination], sent.slice(0, 80)).toEqual([201, kept]);
      const [row] = await services.db.select({ stored: questions.answerExplanation }).from(questions).where(eq(questions.id, res.body.entity.id));
      expect(row.stored, sent.slice(0, 80)).toBe(kept);
    }
  });
});

describe("explanations stored before the parsing sanitiser", () => {
  it("reach the result, the question's page and the one-by-one check balanced", async () => {
    const { takenQuizId, questionId } = await finishedResult(OLD_ROW);
    const result = await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId });
    expect(result.status).toBe(200);
    expect(result.body.takenQuizAnswers[0].answerExplaination).toBe(BALANCED);
    expect((await post(tenant.teacher, "/question/findOne", { questionId })).body.answerExplaination).toBe(BALANCED);

    const oneByOne = await startedExam(OLD_ROW, "onebyone");
    const first = oneByOne.answers.find((answer) => answer.questionId === oneByOne.questionId)!;
    const checked = await post(tenant.student, "/takeQuiz/answerOne", { takenQuizId: oneByOne.takenQuizId, ...first, optionType: "radio" });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.answerExplaination).toBe(BALANCED);
  });
});

type Element = DefaultTreeAdapterTypes.Element;
const attr = (node: Element, name: string) => node.attrs.find((a) => a.name === name)?.value;
const elements = (node: DefaultTreeAdapterTypes.ParentNode, found: Element[] = []): Element[] => {
  for (const child of node.childNodes) {
    if (!("tagName" in child)) continue;
    found.push(child);
    elements(child, found);
  }
  return found;
};
const insideLink = (node: Element) => {
  for (let up = node.parentNode; up && "tagName" in up; up = up.parentNode) if (up.tagName === "a") return true;
  return false;
};

/** The result page's body as the server renders it (React's renderToString, the page's i18n and router), read as a browser would. */
function renderResultPage(result: TakenQuizResult) {
  const Page = createRoutesStub([{ path: "/student/takenQuiz/:id/result", Component: () => createElement(ResultView, { result }) }]);
  const html = renderToString(createElement(I18nextProvider, { i18n: createI18n("en") }, createElement(Page, { initialEntries: [`/student/takenQuiz/${result.takenQuizId}/result`] })));
  const all = elements(parse(`<!doctype html><html><body><main>${html}</main><footer>footer</footer></body></html>`));
  const byClass = (name: string) => all.filter((node) => (attr(node, "class") ?? "").split(" ").includes(name));
  return { all, byClass };
}

describe("the server-rendered result page", () => {
  it("keeps its own structure: the explanation stays inside its card, nothing after it is a link", async () => {
    const { takenQuizId } = await finishedResult(OLD_ROW);
    const result = await fetchTakenQuizResult(services, callerOf(tenant.student), { takenQuizId });

    const page = renderResultPage(result);
    const [list] = page.byClass("result__questions");
    const answers = page.byClass("result-answer");
    expect(answers).toHaveLength(2);
    for (const answer of answers) expect(answer.parentNode).toBe(list);
    const [card] = page.byClass("result-answer__explanation");
    const evil = page.all.filter((node) => node.tagName === "a" && attr(node, "href") === "https://evil.example/");
    expect(evil).toHaveLength(1);
    expect(elements(card)).toContain(evil[0]);
    // Everything after the card (the answer's actions, the next answer, the footer) is outside any link.
    const after = page.all.slice(page.all.indexOf(card) + elements(card).length + 1);
    expect(after.map((node) => node.tagName)).toEqual(expect.arrayContaining(["li", "footer"]));
    expect(after.filter(insideLink).map((node) => node.tagName)).toEqual([]);
  });

  it("would not, with the old row as stored (so the check above can fail)", async () => {
    const { takenQuizId } = await finishedResult(OLD_ROW);
    const result = await fetchTakenQuizResult(services, callerOf(tenant.student), { takenQuizId });
    result.takenQuizAnswers[0].answerExplaination = OLD_ROW;

    const page = renderResultPage(result);
    const [list] = page.byClass("result__questions");
    const answers = page.byClass("result-answer");
    const after = page.all.slice(page.all.indexOf(page.byClass("result-answer__explanation")[0]) + 1);
    expect(answers.every((answer) => answer.parentNode === list) && after.filter(insideLink).length === 0).toBe(false);
  });
});
