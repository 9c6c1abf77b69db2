import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ltiGradeSends, ltiResourceLinks, ltiUsers, quizAttempts } from "../../../../db/schema";
import { createQuestion, createQuiz } from "../../../test-support/factories.node";
import { essayAttempt } from "../../../test-support/essay-attempt.node";
import { insertLaunchRows } from "../../../test-support/lti-rows.node";
import { startLmsStandInFor } from "../../../test-support/lms-stand-in/for-services.node";
import type { LmsStandIn } from "../../../test-support/lms-stand-in/index.node";
import type { LmsServicesStandIn } from "../../../test-support/lms-stand-in/services";
import { createTestBed, type TestBed } from "../../../test-support/test-bed.node";
import { closeExpiredAttempts } from "../../attempts/close-expired";
import { queueLtiGrade } from "../../../test-support/queue-lti-grade.node";
import { GRADE_SENDING, sendDueLtiGrades } from "./send-grades";

/**
 * Issue 29 point 4 through the real services and the LMS stand-in's service side: the grade
 * outbox filled where an attempt becomes graded, sent by AGS with a client-credentials token.
 */
let clock: number;
let bed: TestBed;
let standIn: LmsStandIn;
let lms: LmsServicesStandIn;
const CLIENT_ID = "quiz-tool-1";

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 29, 9, 0, 0);
  bed = await createTestBed("LTI School", { now: () => new Date(clock) });
  bed.services.config = { ...bed.services.config, ltiAllowHttp: true };
  standIn = await startLmsStandInFor(bed.services, { clientIds: [CLIENT_ID] });
  lms = standIn.services;
});
afterEach(() => standIn.close());

async function linkedQuiz(fields: { takeBestScore?: boolean; attemptsAllowed?: number } = {}, launch: Partial<Parameters<typeof insertLaunchRows>[1]> = {}) {
  const { services, tenant } = bed;
  const who = { businessId: tenant.business.id, teacherId: tenant.teacher.id };
  const questions = [await createQuestion(services.db, { ...who, options: [["Right", true], ["Wrong", false]] }), await createQuestion(services.db, { ...who, options: [["Right", true], ["Wrong", false]] })];
  const { quiz } = await createQuiz(services.db, { ...who, questionIds: questions.map((q) => q.question.id), quizName: "Photosynthesis", ...fields });
  const rows = await insertLaunchRows(services.db, { businessId: tenant.business.id, quizId: quiz.id, lms, clientId: CLIENT_ID, course: "bio-101", students: [{ userId: tenant.student.id, sub: "lms-user-7" }], ...launch });
  return { quiz, ...rows };
}

/** The student takes the quiz through the real endpoints, `right` of its two questions right. */
async function take(quizId: number, right: number) {
  const { body: paper } = await bed.post(bed.tenant.student, "/takeQuiz/startQuiz", { quizId });
  clock += 30_000;
  const answers = (paper.questions as { id: number; options: { id: number; optionText: string }[] }[]).map((question, index) => ({
    questionId: question.id,
    answer: [question.options.find((option) => option.optionText === (index < right ? "Right" : "Wrong"))!.id],
  }));
  const submitted = await bed.post(bed.tenant.student, "/takeQuiz/answerAll", { takenQuizId: paper.takenQuizId, answers });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return paper.takenQuizId as number;
}

const sendRows = () => bed.services.db.select().from(ltiGradeSends);
const scoresOf = (lineItem: string) => [...(lms.scores.get(lineItem)?.values() ?? [])];

describe("grades back to the LMS (AGS)", () => {
  it("a submit queues the score; the sender creates the line item once, posts the score and keeps the token", async () => {
    const { quiz, link } = await linkedQuiz({ attemptsAllowed: 3 });
    await take(quiz.id, 1);
    expect((await sendRows()).map((row) => row.state)).toEqual(["waiting"]);

    expect(await sendDueLtiGrades(bed.services)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(lms.lineItems).toEqual([expect.objectContaining({ scoreMaximum: 100, label: "Photosynthesis", resourceLinkId: link.resourceLinkId, resourceId: `quiz-${quiz.id}` })]);
    const [stored] = await bed.services.db.select().from(ltiResourceLinks).where(eq(ltiResourceLinks.id, link.id));
    expect(stored.lineItemUrl).toBe(lms.lineItems[0].id);
    const [score] = scoresOf(lms.lineItems[0].id);
    expect(score).toEqual({ userId: "lms-user-7", scoreGiven: 50, scoreMaximum: 100, activityProgress: "Completed", gradingProgress: "FullyGraded", timestamp: new Date(clock).toISOString() });
    expect(score.timestamp).toMatch(/\.\d{3}Z$/);
    expect((await sendRows())[0]).toMatchObject({ state: "sent", lastError: null });

    // A second attempt: the same column, the same token (one token request in all).
    clock += 60_000;
    await take(quiz.id, 2);
    expect(await sendDueLtiGrades(bed.services)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(lms.lineItems).toHaveLength(1);
    expect(lms.tokenRequests).toHaveLength(1);
    expect(scoresOf(lms.lineItems[0].id)[0].scoreGiven).toBe(100);

    // Past the token's life (an hour, less the margin) a new one is asked for.
    clock += 3600_000;
    await queueLtiGrade(bed.services, (await bed.services.db.select().from(quizAttempts))[0].id);
    await sendDueLtiGrades(bed.services);
    expect(lms.tokenRequests).toHaveLength(2);
  });

  it("sends the best attempt when the quiz takes the best score, the latest otherwise", async () => {
    const best = await linkedQuiz({ takeBestScore: true, attemptsAllowed: 3 });
    await take(best.quiz.id, 2);
    await take(best.quiz.id, 0);
    await sendDueLtiGrades(bed.services);
    expect(scoresOf(lms.lineItems[0].id)[0].scoreGiven).toBe(100);
  });

  it("an essay's score goes as PendingManual, then FullyGraded once the teacher has marked every essay", async () => {
    const { quiz, id, takenQuizId } = await essayAttempt(bed, bed.tenant);
    await insertLaunchRows(bed.services.db, { businessId: bed.tenant.business.id, quizId: quiz.id, lms, clientId: CLIENT_ID, course: "bio-101", students: [{ userId: bed.tenant.student.id, sub: "lms-user-7" }] });
    // The submit came before this link existed: the launch's own queue is what a later grade does.
    await queueLtiGrade(bed.services, takenQuizId);
    await sendDueLtiGrades(bed.services);
    const item = lms.lineItems[0].id;
    expect(scoresOf(item)[0]).toMatchObject({ gradingProgress: "PendingManual", activityProgress: "Completed" });

    clock += 1000;
    expect((await bed.post(bed.tenant.teacher, "/takenQuiz/grade", { takenQuizId, questionId: id.plainEssay, mark: 2 })).status).toBe(200);
    await sendDueLtiGrades(bed.services);
    expect(scoresOf(item)[0].gradingProgress).toBe("PendingManual");

    clock += 1000;
    expect((await bed.post(bed.tenant.teacher, "/takenQuiz/grade", { takenQuizId, questionId: id.rubricEssay, mark: 3 })).status).toBe(200);
    await sendDueLtiGrades(bed.services);
    const [final] = scoresOf(item);
    expect(final).toMatchObject({ gradingProgress: "FullyGraded", userId: "lms-user-7" });
    // Both essays full, the short answer wrong, the radio right: 6 of 7 marks.
    expect(final.scoreGiven).toBeCloseTo(85.71, 2);
    expect(lms.scorePosts.map((post) => post.score.gradingProgress)).toEqual(["PendingManual", "PendingManual", "FullyGraded"]);
  });

  it("the deadline sweep's grade is queued too", async () => {
    const { quiz } = await linkedQuiz({ time: 1 } as never);
    await bed.post(bed.tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    clock += 10 * 60_000;
    expect(await closeExpiredAttempts(bed.services)).toEqual({ closed: 1, failed: 0 });
    expect(await sendDueLtiGrades(bed.services)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(scoresOf(lms.lineItems[0].id)[0]).toMatchObject({ scoreGiven: 0, gradingProgress: "FullyGraded" });
  });

  it("an LMS that is down: the send waits, doubling its wait, and goes once the LMS is back; nothing is lost", async () => {
    const { quiz } = await linkedQuiz();
    await take(quiz.id, 2);
    lms.trouble = { kind: "500", calls: 2 };
    expect(await sendDueLtiGrades(bed.services)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    let [row] = await sendRows();
    expect(row).toMatchObject({ state: "waiting", tries: 1, lastError: "LTI_LMS_SERVER_ERROR" });
    expect(row.nextTryAt!.getTime()).toBe(clock + GRADE_SENDING.firstDelayMs);
    // Not due yet: nothing is called.
    expect(await sendDueLtiGrades(bed.services)).toEqual({ sent: 0, retrying: 0, failed: 0 });

    clock += GRADE_SENDING.firstDelayMs;
    expect(await sendDueLtiGrades(bed.services)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    [row] = await sendRows();
    expect(row.nextTryAt!.getTime()).toBe(clock + 2 * GRADE_SENDING.firstDelayMs);

    clock += 2 * GRADE_SENDING.firstDelayMs;
    expect(await sendDueLtiGrades(bed.services)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(scoresOf(lms.lineItems[0].id)[0].scoreGiven).toBe(100);
  });

  it("a grade queued while its row is being sent stays waiting, and the next run sends the newer score", async () => {
    const { quiz } = await linkedQuiz({ attemptsAllowed: 2 });
    await take(quiz.id, 1);
    lms.trouble = { kind: "slow", calls: 1 };
    const sending = sendDueLtiGrades(bed.services);
    // The first grade is worked out and its send held by the LMS; meanwhile a retake is graded.
    await vi.waitFor(() => expect(lms.trouble?.calls).toBe(0));
    await take(quiz.id, 2);
    lms.releaseSlow();
    expect(await sending).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect((await sendRows())[0]).toMatchObject({ state: "waiting", tries: 0, lastError: null });

    expect(await sendDueLtiGrades(bed.services)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(scoresOf(lms.lineItems[0].id)[0].scoreGiven).toBe(100);
    // What was sent is stored in the row's place of the marker: the teacher's list reads its score.
    expect(JSON.parse((await sendRows())[0].payload)).toMatchObject({ scoreGiven: 100, userId: "lms-user-7" });
  });

  it("a grade to work out with nothing left to send (the student's LMS identity gone) is dropped, not posted", async () => {
    const { quiz } = await linkedQuiz();
    await take(quiz.id, 1);
    await bed.services.db.delete(ltiUsers);
    expect(await sendDueLtiGrades(bed.services)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await sendRows()).toEqual([]);
    expect(lms.scorePosts).toEqual([]);
  });

  it("garbage from the LMS is retried like an outage, and after the last try the send is failed with its reason", async () => {
    const { quiz } = await linkedQuiz();
    await take(quiz.id, 1);
    lms.trouble = { kind: "garbage", calls: 1000 };
    for (let run = 1; run <= GRADE_SENDING.maxTries; run++) {
      await sendDueLtiGrades(bed.services);
      clock += GRADE_SENDING.maxDelayMs;
    }
    expect((await sendRows())[0]).toMatchObject({ state: "failed", tries: GRADE_SENDING.maxTries, lastError: "LTI_LMS_GARBAGE", nextTryAt: null });
    expect(await sendDueLtiGrades(bed.services)).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it("two senders running together post a score once", async () => {
    const { quiz } = await linkedQuiz();
    await take(quiz.id, 2);
    const runs = await Promise.all([sendDueLtiGrades(bed.services), sendDueLtiGrades(bed.services), sendDueLtiGrades(bed.services)]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(1);
    expect(lms.scorePosts).toHaveLength(1);
  });

  it("a link without a score scope, or a platform of another business, sends nothing", async () => {
    const { quiz } = await linkedQuiz({}, { agsScopes: "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem" });
    await take(quiz.id, 2);
    expect(await sendDueLtiGrades(bed.services)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect((await sendRows())[0].lastError).toBe("LTI_NO_LINE_ITEM");

    // The other business's platform placing this business's quiz: the attempt queues nothing.
    const { services, other, tenant } = bed;
    const { quiz: second } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionCount: 1 });
    await insertLaunchRows(services.db, { businessId: other.business.id, quizId: second.id, lms, clientId: "other-client", course: "x", students: [{ userId: tenant.student.id, sub: "crossed" }] });
    const [attempt] = await services.db.insert(quizAttempts).values({ businessId: tenant.business.id, quizId: second.id, studentId: tenant.student.id, attemptNumber: 1, startedAt: new Date(clock), submittedAt: new Date(clock) }).returning();
    expect(await queueLtiGrade(services, attempt.id)).toBe(0);
  });

  it("a quiz no LMS links to queues nothing", async () => {
    const { services, tenant } = bed;
    const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionCount: 1 });
    const [attempt] = await services.db.insert(quizAttempts).values({ businessId: tenant.business.id, quizId: quiz.id, studentId: tenant.student.id, attemptNumber: 1, startedAt: new Date(clock), submittedAt: new Date(clock) }).returning();
    expect(await queueLtiGrade(services, attempt.id)).toBe(0);
    expect(await sendRows()).toEqual([]);
  });
});
