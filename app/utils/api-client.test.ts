import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { loginThrottle } from "../../db/schema";
import { JOIN_LIMITS } from "../../api/services/classes/join-class";
import { createCategoryCourse, createQuestion, createQuiz } from "../../api/test-support/factories.node";
import { bearer } from "../../api/test-support/test-app.node";
import { createTestBed, type TestBed } from "../../api/test-support/test-bed.node";
import { callApi, createApiClient } from "./api-client";

/**
 * The browser's typed client (api-client.ts) against the real API on a migrated database:
 * the paths and bodies it sends are the routes' own, answers come back as `ApiAnswer`s with
 * the error's `code`, and a 401 renews the session once and sends the call again.
 */
let bed: TestBed;

beforeEach(async () => {
  bed = await createTestBed("Client School");
});

/** A fetch that hands the client's request to the API app, as the student (or `who`) signed in (the cookie's stand-in). */
function asStudent(who: "student" | "teacher" = "student"): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(await bearer(bed.services, bed.tenant[who]))) headers.set(name, value);
    return bed.app.request(String(input).replace(/^\/api/, ""), { ...init, headers });
  };
}

async function oneQuestionQuiz() {
  const { services, tenant } = bed;
  const { category, course } = await createCategoryCourse(services.db, { businessId: tenant.business.id });
  const { question } = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, categoryId: category.id, courseId: course.id, options: [["A", false], ["B", true]] });
  const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, categoryId: category.id, courseId: course.id, questionIds: [question.id] });
  return quiz;
}

describe("the typed API client", () => {
  it("starts an exam and saves an answer through the routes' own paths and shapes", async () => {
    const client = createApiClient(asStudent());
    const quiz = await oneQuestionQuiz();
    const started = await callApi(() => client.takeQuiz.startQuiz.$post({ json: { quizId: quiz.id } }));
    if (!started.ok) throw new Error(JSON.stringify(started));
    expect(started.data.quizId).toBe(quiz.id);
    expect(started.data.questionTime).toBeNull();
    const [question] = started.data.questions;
    const saved = await callApi(() =>
      client.takeQuiz.saveAnswers.$post({ json: { takenQuizId: started.data.takenQuizId, answers: [{ questionId: question.id, answer: [question.options[1].id] }] } }),
    );
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    expect(saved.data.saved).toBe(1);
    expect(saved.data.deadlineAt).toBe(started.data.deadlineAt);
    // The answer's type is the route's documented schema: a field it leaves out fails `npm run typecheck`.
    // @ts-expect-error saveAnswers documents no such field
    expect(saved.data.notDocumented).toBeUndefined();
  });

  it("reaches the class routes too (joined to ApiType beside the chain), and a refusal brings its code's values", async () => {
    const teacher = createApiClient(asStudent("teacher"));
    const made = await callApi(() => teacher.classes.$post({ json: { name: "Year 7 Art" } }));
    if (!made.ok) throw new Error(JSON.stringify(made));
    expect(made.data.entity.name).toBe("Year 7 Art");
    // @ts-expect-error the class answer documents no such field
    expect(made.data.entity.notDocumented).toBeUndefined();
    const status = await callApi(() => teacher.classes.import.status.$post({ json: { importId: 999_999 } }));
    expect(status).toMatchObject({ ok: false, status: 404, code: "NOT_FOUND" });

    // The student joins, then their join counter is put at its limit (as after that many tries): the 429 says how long to wait.
    expect(await callApi(() => createApiClient(asStudent()).classes.join.$post({ json: { joinCode: made.data.entity.joinCode } }))).toMatchObject({ ok: true, data: { code: "CLASS_JOINED" } });
    await bed.services.db.update(loginThrottle).set({ failures: JOIN_LIMITS.perUser }).where(eq(loginThrottle.key, `class-join:user:${bed.tenant.student.id}`));
    const refused = await callApi(() => createApiClient(asStudent()).classes.join.$post({ json: { joinCode: made.data.entity.joinCode } }));
    expect(refused).toMatchObject({ ok: false, status: 429, code: "TOO_MANY_ATTEMPTS", params: { minutes: expect.any(Number) }, retryAfterSeconds: expect.any(Number) });
  });

  it("reaches the report and override routes too (joined to ApiType beside the chain), their answers typed", async () => {
    const teacher = createApiClient(asStudent("teacher"));
    const quiz = await oneQuestionQuiz();
    const made = await callApi(() => teacher.classes.$post({ json: { name: "Year 8 Music" } }));
    if (!made.ok) throw new Error(JSON.stringify(made));
    const grid = await callApi(() => teacher.reports.class.$post({ json: { classId: made.data.entity.classId } }));
    // The route answers JSON, or CSV with format "csv": the JSON is told apart by its `data`.
    if (!grid.ok || typeof grid.data !== "object" || !("data" in grid.data)) throw new Error(JSON.stringify(grid));
    expect(grid.data.data.class.name).toBe("Year 8 Music");
    // @ts-expect-error the grid documents no such field
    expect(grid.data.data.notDocumented).toBeUndefined();
    expect(await callApi(() => teacher.reports.student.$post({ json: { userId: 987_654 } }))).toMatchObject({ ok: false, status: 404, code: "NOT_FOUND" });
    const override = await callApi(() => teacher.quiz.override.$post({ json: { quizId: quiz.id, userId: bed.tenant.student.id, attemptsAllowed: 3 } }));
    if (!override.ok) throw new Error(JSON.stringify(override));
    const listed = await callApi(() => teacher.quiz.override.list.$post({ json: { quizId: quiz.id } }));
    if (!listed.ok) throw new Error(JSON.stringify(listed));
    expect(listed.data.entities.map((entity) => [entity.userId, entity.attemptsAllowed])).toEqual([[bed.tenant.student.id, 3]]);
    const copy = await callApi(() => teacher.quiz.duplicate.$post({ json: { quizId: quiz.id } }));
    if (!copy.ok) throw new Error(JSON.stringify(copy));
    expect(copy.data.entity.status).toBe("Draft");
  });

  it("answers an API error with its status, code and message", async () => {
    const client = createApiClient(asStudent());
    const answer = await callApi(() => client.takeQuiz.saveAnswers.$post({ json: { takenQuizId: 999_999, answers: [] } }));
    expect(answer).toMatchObject({ ok: false, offline: false, status: 404, code: "NOT_FOUND" });
  });

  it("answers offline when the network fails, and INTERNAL for an answer without the envelope", async () => {
    const offline = createApiClient(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await callApi(() => offline.takeQuiz.startQuiz.$post({ json: { quizId: 1 } }))).toEqual({ ok: false, offline: true });
    const proxy = createApiClient(async () => new Response("<html>Bad gateway</html>", { status: 502 }));
    expect(await callApi(() => proxy.takeQuiz.startQuiz.$post({ json: { quizId: 1 } }))).toMatchObject({ ok: false, status: 502, code: "INTERNAL" });
  });

  it("renews the session once on a 401 and sends the call again, one renewal for calls at the same time", async () => {
    const sent: string[] = [];
    let renewed = false;
    const client = createApiClient(async (input, init) => {
      const path = String(input);
      sent.push(`${init?.method} ${path}`);
      if (path === "/api/auth/refresh") {
        await new Promise((resolve) => setTimeout(resolve, 10));
        renewed = true;
        return Response.json({ message: "ok" });
      }
      return renewed ? Response.json({ message: "Saved", saved: 0, savedAt: 1, deadlineAt: null }) : Response.json({ message: "expired", code: "UNAUTHENTICATED" }, { status: 401 });
    });
    const save = () => callApi(() => client.takeQuiz.saveAnswers.$post({ json: { takenQuizId: 1, answers: [] } }));
    const [first, second] = await Promise.all([save(), save()]);
    expect(first.ok && second.ok).toBe(true);
    expect(sent.filter((line) => line === "POST /api/auth/refresh")).toHaveLength(1);
    expect(sent.filter((line) => line === "POST /api/takeQuiz/saveAnswers")).toHaveLength(4);
  });

  it("gives up when the renewal is refused", async () => {
    const client = createApiClient(async () => Response.json({ message: "Your session has expired. Login again", code: "UNAUTHENTICATED" }, { status: 401 }));
    expect(await callApi(() => client.takeQuiz.saveAnswers.$post({ json: { takenQuizId: 1, answers: [] } }))).toMatchObject({ ok: false, status: 401, code: "UNAUTHENTICATED" });
  });
});
