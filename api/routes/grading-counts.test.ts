import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { loginThrottle } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { GRADING_QUEUE_LIMITS } from "../services/grading/grading-queue";
import { waitingCountsByQuiz, waitingCountsQuery } from "../services/grading/waiting-counts";
import { essayAttempt } from "../test-support/essay-attempt.node";
import { createUser } from "../test-support/factories.node";
import { callerOf } from "../test-support/test-app.node";
import { createTestBed, type Tenant, type TestBed } from "../test-support/test-bed.node";

/**
 * What waits to be marked, counted (issue 26 point 4: "the teacher's dashboard counts what
 * waits"; ADR 0070): per quiz for the grading overview, summed on the dashboard (POST
 * /api/dashboard answersWaiting), a teacher's own quizzes, the owner's whole business, never
 * another business's; and the queue's rate limit.
 */
let services: AppServices;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];

beforeEach(async () => {
  ({ services, tenant, other, post } = await createTestBed("Counting School"));
});

const dashboardWaiting = async (who: Tenant["teacher"]) => (await post(who, "/dashboard")).body.answersWaiting;

describe("answers waiting, counted", () => {
  it("counts a teacher's own quizzes, the owner's whole business, per quiz and in total; a mark takes one off; another business sees none", async () => {
    const colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });
    const mine = await essayAttempt({ services, post }, tenant);
    const theirs = await essayAttempt({ services, post }, tenant, colleague);
    // An auto-marked question and an attempt of another business count for nobody here.
    await essayAttempt({ services, post }, other);

    expect(await waitingCountsByQuiz(services, callerOf(tenant.teacher))).toEqual([{ quizId: mine.quiz.id, quizName: mine.quiz.quizName, waiting: 2 }]);
    expect(await waitingCountsByQuiz(services, callerOf(colleague))).toEqual([{ quizId: theirs.quiz.id, quizName: theirs.quiz.quizName, waiting: 2 }]);
    const everyQuiz = await waitingCountsByQuiz(services, callerOf(tenant.owner));
    expect(everyQuiz.map((row) => [row.quizId, row.waiting]).sort()).toEqual([[mine.quiz.id, 2], [theirs.quiz.id, 2]].sort());
    expect([await dashboardWaiting(tenant.teacher), await dashboardWaiting(tenant.owner), await dashboardWaiting(other.teacher)]).toEqual([2, 4, 2]);

    expect((await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId: mine.takenQuizId, questionId: mine.id.plainEssay, mark: 1 })).status).toBe(200);
    // An override of an automatic mark leaves the count alone: it never waited.
    expect((await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId: mine.takenQuizId, questionId: mine.id.short, mark: 1 })).status).toBe(200);
    expect(await waitingCountsByQuiz(services, callerOf(tenant.teacher))).toEqual([{ quizId: mine.quiz.id, quizName: mine.quiz.quizName, waiting: 1 }]);
    expect([await dashboardWaiting(tenant.teacher), await dashboardWaiting(tenant.owner)]).toEqual([1, 3]);

    expect((await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId: mine.takenQuizId, questionId: mine.id.rubricEssay, mark: 3 })).status).toBe(200);
    expect(await waitingCountsByQuiz(services, callerOf(tenant.teacher))).toEqual([]);
    expect(await dashboardWaiting(tenant.teacher)).toBe(0);
  });

  it("is for authors only: a student's call is refused (403)", async () => {
    await expect(waitingCountsByQuiz(services, callerOf(tenant.student))).rejects.toMatchObject({ status: 403 });
    expect(await post(tenant.student, "/dashboard")).not.toHaveProperty("body.answersWaiting");
  });
});

describe("the grading queue's rate limit", () => {
  it("stops a grader past the limit with 429 TOO_MANY_ATTEMPTS; a refused caller fills no counter", async () => {
    const { quiz } = await essayAttempt({ services, post }, tenant);
    const key = `grading-queue:10m:${tenant.teacher.id}`;
    expect((await post(tenant.teacher, "/takenQuiz/gradingQueue", { quizId: quiz.id, queryParams: {} })).status).toBe(200);
    // As the counter stands after a loop of reads: the next one is over the limit.
    await services.db.update(loginThrottle).set({ failures: GRADING_QUEUE_LIMITS.perTenMinutes }).where(eq(loginThrottle.key, key));
    const stopped = await post(tenant.teacher, "/takenQuiz/gradingQueue", { quizId: quiz.id, queryParams: {} });
    expect(stopped.status).toBe(429);
    expect(stopped.body.code).toBe("TOO_MANY_ATTEMPTS");

    expect((await post(tenant.student, "/takenQuiz/gradingQueue", { quizId: quiz.id, queryParams: {} })).status).toBe(403);
    expect(await services.db.select().from(loginThrottle).where(eq(loginThrottle.key, `grading-queue:10m:${tenant.student.id}`))).toEqual([]);
  });
});

describe("quizzesCallerMayGrade", () => {
  it("gives a caller who is no author no quiz at all (a count of nothing, not a refusal: the dashboard asks it of every staff account)", async () => {
    await essayAttempt({ services, post }, tenant);
    const staff = await createUser(services.db, { businessId: tenant.business.id, userType: "Admin", profile: 1 });
    expect(await waitingCountsQuery(services.db, callerOf(staff))).toEqual([]);
    expect((await waitingCountsQuery(services.db, callerOf(tenant.owner))).map((row) => row.waiting)).toEqual([2]);
  });
});
