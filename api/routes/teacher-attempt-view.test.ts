import { beforeEach, describe, expect, it } from "vitest";
import { loader } from "../../app/routes/teacher/quiz-attempt";
import { fromJsonText } from "../../app/utils/json-text";
import { createQuizWhereBIsRight } from "../test-support/b-is-right-quiz.node";
import { createUser } from "../test-support/factories.node";
import { pageContext } from "../test-support/page-context.node";
import type { AppServices } from "../services/core/app-services";
import { createTestBed, type Tenant, type TestBed } from "../test-support/test-bed.node";

/**
 * The teacher's attempt view's loader (/teacher/quiz/{id}/attempt/{takenQuizId}, ADR 0071): the
 * business's authors read the attempt whole; a student is sent away; another business's attempt
 * or an address naming another quiz is the not-found page.
 */
let services: AppServices;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];

beforeEach(async () => {
  ({ services, tenant, other, post } = await createTestBed("Attempt View School"));
});

async function finishedAttempt() {
  const { quiz, questions, right } = await createQuizWhereBIsRight(services.db, {
    businessId: tenant.business.id,
    teacherId: tenant.teacher.id,
    bank: { category: "Physics", course: "Optics" },
    questionTexts: ["Which lens converges?"],
    showAnswer: false,
  });
  const started = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
  const takenQuizId = started.body.takenQuizId as number;
  const { shownIdsOf } = await import("../test-support/shown-ids.node");
  const shown = await shownIdsOf(services, takenQuizId);
  await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId, quizId: quiz.id, answers: [{ questionId: questions[0].id, answer: shown(right[0]) }] });
  return { quizId: quiz.id, takenQuizId };
}

type Who = Parameters<typeof pageContext>[1];
async function open(who: Who, quizId: number | string, takenQuizId: number | string) {
  const request = new Request(`http://school.test/quiz/teacher/quiz/${quizId}/attempt/${takenQuizId}`);
  try {
    return { data: await loader({ context: pageContext(services, who), request, params: { id: String(quizId), takenQuizId: String(takenQuizId) } } as never) };
  } catch (thrown) {
    return { thrown: thrown as { status?: number; init?: { status?: number }; headers?: Headers } };
  }
}
const statusOf = (thrown: { status?: number; init?: { status?: number } }) => thrown.status ?? thrown.init?.status;

describe("the teacher's attempt view", () => {
  it("gives the business's authors (the quiz's teacher, another teacher, the owner) the whole attempt with the key and who took it", async () => {
    const { quizId, takenQuizId } = await finishedAttempt();
    const colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });
    for (const author of [tenant.teacher, colleague, tenant.owner]) {
      const { data } = await open(author, quizId, takenQuizId);
      // Only the quiz's teacher and the owner may grade it (mayGradeQuiz): the colleague gets no Mark links.
      expect(data!.mayGrade).toBe(author !== colleague);
      const result = fromJsonText(data!.result);
      expect(result.student).toEqual({ name: tenant.student.fullname, email: tenant.student.email });
      expect(result.takenQuizAnswers[0]).toMatchObject({ answerStatus: "yes", correctOptionIds: expect.any(Array), savedAt: expect.any(Number) });
    }
  });

  it("sends a student away, and is the not-found page to another business, to another quiz's address and to a bad id", async () => {
    const { quizId, takenQuizId } = await finishedAttempt();
    const student = await open(tenant.student, quizId, takenQuizId);
    expect([statusOf(student.thrown!), student.thrown!.headers?.get("Location")]).toEqual([302, "/"]);
    for (const who of [other.teacher, other.owner]) expect(statusOf((await open(who, quizId, takenQuizId)).thrown!)).toBe(404);
    expect(statusOf((await open(tenant.teacher, quizId + 1000, takenQuizId)).thrown!)).toBe(404);
    expect(statusOf((await open(tenant.teacher, quizId, "abc")).thrown!)).toBe(404);
  });
});
