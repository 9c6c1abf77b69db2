import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createAttempt, createQuestion, createQuiz, createUser } from "../test-support/factories.node";
import { questions, questionVotes } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { VOTE_MESSAGES } from "../services/feedback/vote-question";
import { createTestBed, type Tenant, type TestBed } from "../test-support/test-bed.node";

/** Thumbs up/down on a question (ADR 0027): one vote per student, counts kept on the question. */
let services: AppServices;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];

beforeEach(async () => {
  ({ services, tenant, other, post } = await createTestBed("Thumbs School"));
});

async function finishedQuiz(studentId: number, submitted = true) {
  const { quiz, questionIds } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
  await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId, submittedAt: submitted ? new Date() : null });
  return questionIds;
}

const countsOf = async (questionId: number) =>
  (await services.db.select({ up: questions.thumbsUpCount, down: questions.thumbsDownCount }).from(questions).where(eq(questions.id, questionId)))[0];

describe("POST /question/thumbs", () => {
  it("counts one vote per student: again replaces it, none takes it back", async () => {
    const [questionId] = await finishedQuiz(tenant.student.id);
    const classmate = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    await createAttempt(services.db, { businessId: tenant.business.id, quizId: (await services.db.query.quizQuestions.findFirst({ where: (q, { eq: is }) => is(q.questionId, questionId) }))!.quizId, studentId: classmate.id, submittedAt: new Date() });

    const up = await post(tenant.student, "/question/thumbs", { questionId, vote: "up" });
    expect(up).toEqual({ status: 200, body: { message: VOTE_MESSAGES.saved, vote: "up", thumbsUpCount: 1, thumbsDownCount: 0 } });
    expect((await post(tenant.student, "/question/thumbs", { questionId, vote: "up" })).body.thumbsUpCount).toBe(1);
    expect((await post(classmate, "/question/thumbs", { questionId, vote: "down" })).body).toMatchObject({ thumbsUpCount: 1, thumbsDownCount: 1 });
    expect((await post(tenant.student, "/question/thumbs", { questionId, vote: "down" })).body).toMatchObject({ thumbsUpCount: 0, thumbsDownCount: 2 });
    const none = await post(tenant.student, "/question/thumbs", { questionId, vote: "none" });
    expect(none.body).toEqual({ message: VOTE_MESSAGES.removed, vote: "none", thumbsUpCount: 0, thumbsDownCount: 1 });
    expect(await countsOf(questionId)).toEqual({ up: 0, down: 1 });
  });

  it("keeps the counts exact under parallel votes of the same student", async () => {
    const [questionId] = await finishedQuiz(tenant.student.id);
    await Promise.all(Array.from({ length: 10 }, (_, i) => post(tenant.student, "/question/thumbs", { questionId, vote: i % 2 ? "up" : "down" })));
    const { up, down } = await countsOf(questionId);
    expect(up + down).toBe(1);
    expect(await services.db.select().from(questionVotes)).toHaveLength(1);
  });

  it("refuses a question not met in a finished attempt, other schools, non-students and bad votes, changing nothing", async () => {
    const [running] = await finishedQuiz(tenant.student.id, false);
    const unmet = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
    const [met] = await finishedQuiz(tenant.student.id);
    expect((await post(tenant.student, "/question/thumbs", { questionId: running, vote: "up" })).status).toBe(404);
    expect((await post(tenant.student, "/question/thumbs", { questionId: unmet.question.id, vote: "up" })).status).toBe(404);
    expect((await post(other.student, "/question/thumbs", { questionId: met, vote: "up" })).status).toBe(404);
    expect((await post(tenant.teacher, "/question/thumbs", { questionId: met, vote: "up" })).status).toBe(403);
    const bad = await post(tenant.student, "/question/thumbs", { questionId: met, vote: "sideways" });
    expect([bad.status, bad.body.message]).toEqual([400, VOTE_MESSAGES.voteChoice]);
    expect(await services.db.select().from(questionVotes)).toEqual([]);
    expect(await countsOf(met)).toEqual({ up: 0, down: 0 });
  });
});
