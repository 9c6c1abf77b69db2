import { beforeEach, describe, expect, it } from "vitest";
import * as gradePage from "../../app/routes/teacher/quiz-attempt-grade";
import * as gradingPage from "../../app/routes/teacher/quiz-grading";
import type { AppServices } from "../services/core/app-services";
import { essayAttempt } from "../test-support/essay-attempt.node";
import { createUser } from "../test-support/factories.node";
import { pageContext } from "../test-support/page-context.node";
import { createTestBed, type Tenant, type TestBed } from "../test-support/test-bed.node";

/**
 * The grading pages' loaders and actions (ADR 0070) as the framework calls them: the same rules
 * as the API (the quiz's teacher and the owner; another business's quiz 404), no name on the
 * anonymous page, the name revealed once a mark is saved, refusals by code on the form that was
 * sent, and the grade page's way back only to a teacher-area path of this site.
 */
let services: AppServices;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];

beforeEach(async () => {
  ({ services, tenant, other, post } = await createTestBed("Page Grading School"));
});

type User = Tenant["teacher"];
const SITE = "http://school.test/quiz";
// The framework's arguments, as far as these routes read them.
type Args = Parameters<typeof gradingPage.loader>[0];

/** What a route answers or throws: a redirect's target, an error's status, or the data. */
async function outcome<T>(run: () => Promise<T>): Promise<{ data?: T; status?: number; location?: string | null }> {
  try {
    const answer = (await run()) as unknown;
    const wrapped = answer as { type?: string; data?: T; init?: { status?: number } };
    return wrapped?.type === "DataWithResponseInit" ? { data: wrapped.data, status: wrapped.init?.status ?? 200 } : { data: answer as T, status: 200 };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    const wrapped = thrown as { type?: string; init?: { status?: number } };
    if (wrapped?.type === "DataWithResponseInit") return { status: wrapped.init?.status };
    throw thrown;
  }
}

const gradingLoad = (who: User, quizId: number, query = "") =>
  outcome(() => gradingPage.loader({ context: pageContext(services, who), request: new Request(`${SITE}/teacher/quiz/${quizId}/grading${query}`), params: { id: String(quizId) } } as unknown as Args));

function formPost(url: string, fields: Record<string, string>) {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } });
}

describe("the grading page", () => {
  it("lists the essays waiting, without any name when anonymous; a save answers with the name and the row leaves", async () => {
    const { quiz, id, takenQuizId } = await essayAttempt({ services, post }, tenant);
    const named = await gradingLoad(tenant.teacher, quiz.id, "?by=student");
    expect(named.status).toBe(200);
    expect(named.data?.answers).toHaveLength(2);
    expect(named.data?.answers[0]).toMatchObject({ takenQuizId, studentName: tenant.student.fullname, words: expect.any(Number) });
    // A page past the last (its last rows just marked) sends the grader to the last page there is.
    expect(await gradingLoad(tenant.teacher, quiz.id, "?by=student&anonymous=1&page=3")).toMatchObject({ status: 302, location: `/teacher/quiz/${quiz.id}/grading?by=student&anonymous=1` });

    // By question, with no question named: the first with answers waiting, each essay with its count.
    const byQuestion = await gradingLoad(tenant.teacher, quiz.id);
    expect(byQuestion.data?.view.questionId).toBe(id.rubricEssay);
    expect(byQuestion.data?.essays.map((essay) => [essay.id, essay.waiting])).toEqual([[id.rubricEssay, 1], [id.plainEssay, 1]]);

    const anonymous = await gradingLoad(tenant.owner, quiz.id, `?question=${id.plainEssay}&anonymous=1`);
    expect(anonymous.data?.answers).toEqual([{ takenQuizId, questionId: id.plainEssay, html: "<p>Another essay of some words.</p>", words: 5, submittedAt: expect.any(Number) }]);
    expect(JSON.stringify(anonymous.data)).not.toContain(tenant.student.fullname);

    const request = formPost(`${SITE}/teacher/quiz/${quiz.id}/grading?anonymous=1`, { takenQuizId: String(takenQuizId), questionId: String(id.plainEssay), mark: "1,5", comment: "Clear" });
    const saved = await outcome(() => gradingPage.action({ context: pageContext(services, tenant.teacher), request, params: { id: String(quiz.id) } } as never));
    expect(saved.data).toMatchObject({ ok: true, code: "GRADED_ANSWER", saved: { mark: 1.5, maxMark: 2, studentName: tenant.student.fullname } });
    expect((await gradingLoad(tenant.teacher, quiz.id, `?question=${id.plainEssay}`)).data?.answers).toEqual([]);
    // Nothing left of the plain essay: the page opens on the question that still has answers waiting.
    expect((await gradingLoad(tenant.teacher, quiz.id)).data?.essays.map((essay) => essay.waiting)).toEqual([1, 0]);
  });

  it("answers a bad mark by its code and values on the form that was sent, changing nothing", async () => {
    const { quiz, id, takenQuizId } = await essayAttempt({ services, post }, tenant);
    const request = formPost(`${SITE}/teacher/quiz/${quiz.id}/grading`, { takenQuizId: String(takenQuizId), questionId: String(id.rubricEssay), mark: "lots" });
    const refused = await outcome(() => gradingPage.action({ context: pageContext(services, tenant.teacher), request, params: { id: String(quiz.id) } } as never));
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ code: "GRADE_MARK_INVALID", errorCodes: { mark: "GRADE_MARK_INVALID" }, errorParams: { mark: { max: 3 } }, takenQuizId, questionId: id.rubricEssay });
    expect((await gradingLoad(tenant.teacher, quiz.id, "?by=student")).data?.answers).toHaveLength(2);
  });

  it("is the quiz's teacher's and the owner's: another teacher is refused (403), another business's quiz and a bad id are not found (404), a student is sent home", async () => {
    const { quiz } = await essayAttempt({ services, post }, tenant);
    const colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });
    expect((await gradingLoad(colleague, quiz.id)).status).toBe(403);
    expect((await gradingLoad(other.teacher, quiz.id)).status).toBe(404);
    expect((await gradingLoad(other.owner, quiz.id)).status).toBe(404);
    expect((await outcome(() => gradingPage.loader({ context: pageContext(services, tenant.teacher), request: new Request(`${SITE}/teacher/quiz/x/grading`), params: { id: "x" } } as unknown as Args))).status).toBe(404);
    expect((await gradingLoad(tenant.student, quiz.id)).status).toBe(302);
  });
});

describe("the grade page", () => {
  const gradeUrl = (quizId: number, takenQuizId: number, questionId: number) => `${SITE}/teacher/quiz/${quizId}/attempt/${takenQuizId}/grade/${questionId}`;
  const params = (quizId: number, takenQuizId: number, questionId: number) => ({ id: String(quizId), takenQuizId: String(takenQuizId), questionId: String(questionId) });

  it("shows the answer given and its automatic mark; an override goes back to a same-site teacher path, never elsewhere", async () => {
    const { quiz, id, takenQuizId } = await essayAttempt({ services, post }, tenant);
    const shown = await outcome(() => gradePage.loader({ context: pageContext(services, tenant.teacher), request: new Request(`${gradeUrl(quiz.id, takenQuizId, id.short)}?back=//evil.example/quiz/teacher/`), params: params(quiz.id, takenQuizId, id.short) } as never));
    expect(shown.data).toMatchObject({ attempt: { studentName: tenant.student.fullname }, answer: { answer: { text: "London" }, mark: 0, maxMark: 1 }, back: `/teacher/quiz/${quiz.id}/attempt/${takenQuizId}` });

    const save = (back: string) =>
      outcome(() =>
        gradePage.action({
          context: pageContext(services, tenant.teacher),
          request: formPost(gradeUrl(quiz.id, takenQuizId, id.short), { takenQuizId: String(takenQuizId), questionId: String(id.short), mark: "1", back }),
          params: params(quiz.id, takenQuizId, id.short),
        } as never),
      );
    expect(await save("https://evil.example/")).toMatchObject({ status: 302, location: `/teacher/quiz/${quiz.id}/attempt/${takenQuizId}` });
    expect(await save(`/quiz/teacher/quiz/${quiz.id}/grading?anonymous=1`)).toMatchObject({ status: 302, location: `/teacher/quiz/${quiz.id}/grading?anonymous=1` });
    const after = await outcome(() => gradePage.loader({ context: pageContext(services, tenant.teacher), request: new Request(gradeUrl(quiz.id, takenQuizId, id.short)), params: params(quiz.id, takenQuizId, id.short) } as never));
    expect(after.data).toMatchObject({ answer: { mark: 1, gradedBy: tenant.teacher.fullname, gradedAt: expect.any(Number) } });
  });

  it("starts an override with the grade given: the rubric levels chosen, the comment, and the mark only where the levels do not make it", async () => {
    const { quiz, id, takenQuizId } = await essayAttempt({ services, post }, tenant);
    const at = (questionId: number) => ({ url: gradeUrl(quiz.id, takenQuizId, questionId), params: params(quiz.id, takenQuizId, questionId) });
    const load = async (questionId: number) => (await outcome(() => gradePage.loader({ context: pageContext(services, tenant.teacher), request: new Request(at(questionId).url), params: at(questionId).params } as never))).data;
    const grade = (questionId: number, fields: Record<string, string>) =>
      outcome(() =>
        gradePage.action({ context: pageContext(services, tenant.teacher), request: formPost(at(questionId).url, { takenQuizId: String(takenQuizId), questionId: String(questionId), ...fields }), params: at(questionId).params } as never),
      );
    // Not marked yet: nothing chosen, nothing typed.
    expect((await load(id.rubricEssay))?.startWith).toEqual({ mark: null, comment: "", levels: {} });

    // Marked by the rubric (Clear 1.5 + Strong 1 = 2.5): the levels come back and make the mark, none typed.
    expect(await grade(id.rubricEssay, { "rubric.0": "1", "rubric.1": "2", comment: "Well argued" })).toMatchObject({ status: 302 });
    const byLevels = await load(id.rubricEssay);
    expect(byLevels?.answer).toMatchObject({ mark: 2.5 });
    expect(byLevels?.startWith).toEqual({ mark: null, comment: "Well argued", levels: { 0: 1, 1: 2 } });

    // A typed mark over the levels wins, so it is typed again beside them.
    expect(await grade(id.rubricEssay, { "rubric.0": "1", "rubric.1": "1", mark: "2", comment: "" })).toMatchObject({ status: 302 });
    expect((await load(id.rubricEssay))?.startWith).toEqual({ mark: 2, comment: "", levels: { 0: 1, 1: 1 } });

    // No rubric: the mark and comment given.
    expect(await grade(id.plainEssay, { mark: "1.25", comment: "Short" })).toMatchObject({ status: 302 });
    expect((await load(id.plainEssay))?.startWith).toEqual({ mark: 1.25, comment: "Short", levels: {} });
  });

  it("an attempt of another quiz, a question not on the paper and another business are 404", async () => {
    const mine = await essayAttempt({ services, post }, tenant);
    const another = await essayAttempt({ services, post }, tenant);
    const load = (who: User, quizId: number, takenQuizId: number, questionId: number) =>
      outcome(() => gradePage.loader({ context: pageContext(services, who), request: new Request(gradeUrl(quizId, takenQuizId, questionId)), params: params(quizId, takenQuizId, questionId) } as never));
    expect((await load(tenant.teacher, mine.quiz.id, another.takenQuizId, another.id.short)).status).toBe(404);
    expect((await load(tenant.teacher, mine.quiz.id, mine.takenQuizId, another.id.short)).status).toBe(404);
    expect((await load(other.owner, mine.quiz.id, mine.takenQuizId, mine.id.short)).status).toBe(404);
  });
});
