import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { classStudents, emailOutbox, ltiGradeSends, ltiUsers, quizzes } from "../../../../db/schema";
import { createAttempt, createQuiz, createUser } from "../../../test-support/factories.node";
import { insertLaunchRows } from "../../../test-support/lti-rows.node";
import { startLmsStandInFor } from "../../../test-support/lms-stand-in/for-services.node";
import type { LmsStandIn } from "../../../test-support/lms-stand-in/index.node";
import type { LmsServicesStandIn } from "../../../test-support/lms-stand-in/services";
import { createCountingDb } from "../../../test-support/counting-db.node";
import { callerOf } from "../../../test-support/test-app.node";
import { createTestBed, type TestBed } from "../../../test-support/test-bed.node";
import { GRADE_SENDS_SHOWN, listGradeSends, resendGrades } from "../ags/grade-sends-view";
import { MAX_BOUND_PARAMETERS } from "../../../../db/statement-limits";
import { sendDueLtiGrades } from "../ags/send-grades";
import { queueLtiGrade } from "../../../test-support/queue-lti-grade.node";
import { emailWhoHasNotTaken, ROSTER_EMAIL_LIMITS, ROSTER_EMAIL_TAG } from "./email-roster";
import { lmsRoster, nextLink } from "./roster";

/** Issue 29 point 5 (NRPS) and the teacher's view of the grade sends, through the real services and the LMS stand-in. */
let clock: number;
let bed: TestBed;
let standIn: LmsStandIn;
let lms: LmsServicesStandIn;
const CLIENT_ID = "quiz-tool-1";
const LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner";

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 29, 9, 0, 0);
  bed = await createTestBed("Roster School", { now: () => new Date(clock) });
  bed.services.config = { ...bed.services.config, ltiAllowHttp: true };
  standIn = await startLmsStandInFor(bed.services, { clientIds: [CLIENT_ID], services: { pageSize: 2 } });
  lms = standIn.services;
});
afterEach(() => standIn.close());

/** A quiz placed in course "bio-101" whose LMS class has four learners (one without e-mail, one who handed in) and a teacher. */
async function classAndQuiz() {
  const { services, tenant } = bed;
  const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionCount: 1, quizName: "Cells" });
  const took = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
  const rows = await insertLaunchRows(services.db, { businessId: tenant.business.id, quizId: quiz.id, lms, clientId: CLIENT_ID, course: "bio-101", students: [{ userId: took.id, sub: "s-took" }] });
  await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId: took.id, submittedAt: new Date(clock), percentage: 80 });
  lms.members.set("bio-101", [
    { user_id: "s-took", name: "Ada Took", email: "ada@school.test", roles: [LEARNER] },
    { user_id: "t-1", name: "Mr Teacher", email: "teacher@school.test", roles: ["http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"] },
    { user_id: "s-2", name: "Ben Late", email: "ben@school.test", roles: [LEARNER] },
    { user_id: "s-3", name: "Cy Nomail", roles: [LEARNER] },
    { user_id: "s-4", given_name: "Dee", family_name: "Gone", email: "dee@school.test", roles: [LEARNER], status: "Inactive" } as never,
    { user_id: "s-5", name: "Eve Later", email: "eve@school.test", roles: ["Learner"] },
  ]);
  return { quiz, took, ...rows };
}

describe("the LMS class of a quiz (NRPS)", () => {
  it("reads every page by the Link header and says who has not taken the quiz", async () => {
    const { quiz } = await classAndQuiz();
    const [course] = await lmsRoster(bed.services, callerOf(bed.tenant.teacher), quiz.id);
    expect(course).toMatchObject({ title: "Course bio-101", error: null, truncated: false });
    expect(course.learners).toEqual([
      { sub: "s-took", name: "Ada Took", email: "ada@school.test", notTaken: false },
      { sub: "s-2", name: "Ben Late", email: "ben@school.test", notTaken: true },
      { sub: "s-3", name: "Cy Nomail", email: null, notTaken: true },
      { sub: "s-5", name: "Eve Later", email: "eve@school.test", notTaken: true },
    ]);
    expect(lms.tokenRequests.map((request) => request.scope)).toEqual(["https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly"]);
  });

  it("an LMS answering garbage or 500 is a reason on the course, never an error of the page", async () => {
    const { quiz } = await classAndQuiz();
    lms.trouble = { kind: "garbage", calls: 1 };
    expect((await lmsRoster(bed.services, callerOf(bed.tenant.teacher), quiz.id))[0]).toMatchObject({ error: "LTI_LMS_GARBAGE", learners: [] });
    lms.trouble = { kind: "500", calls: 5 };
    expect((await lmsRoster(bed.services, callerOf(bed.tenant.teacher), quiz.id))[0]).toMatchObject({ error: "LTI_LMS_SERVER_ERROR" });
  });

  it("e-mails the learners who have not taken it and have an address, a few times an hour at most", async () => {
    const { quiz } = await classAndQuiz();
    const teacher = callerOf(bed.tenant.teacher);
    expect(await emailWhoHasNotTaken(bed.services, teacher, quiz.id, "en")).toEqual({ sent: 2, withoutEmail: 1 });
    const mails = await bed.services.db.select().from(emailOutbox).where(eq(emailOutbox.tag, ROSTER_EMAIL_TAG));
    expect(mails.map((mail) => mail.to).sort()).toEqual(["ben@school.test", "eve@school.test"]);
    expect(mails[0].subject).toBe("Reminder: Cells");
    for (let i = 1; i < ROSTER_EMAIL_LIMITS.perHour; i++) await emailWhoHasNotTaken(bed.services, teacher, quiz.id, "fr");
    await expect(emailWhoHasNotTaken(bed.services, teacher, quiz.id, "en")).rejects.toMatchObject({ status: 429 });
  });

  it("another business's quiz is not found, and a student may not read it", async () => {
    const { quiz } = await classAndQuiz();
    await expect(lmsRoster(bed.services, callerOf(bed.other.teacher), quiz.id)).rejects.toMatchObject({ status: 404 });
    await expect(lmsRoster(bed.services, callerOf(bed.tenant.student), quiz.id)).rejects.toMatchObject({ status: 403 });
    await expect(emailWhoHasNotTaken(bed.services, callerOf(bed.other.owner), quiz.id, "en")).rejects.toMatchObject({ status: 404 });
  });

  it("reads the next page from a Link header as RFC 8288 writes it", () => {
    expect(nextLink('<https://lms.test/m?page=2>; rel="next", <https://lms.test/m?page=9>; rel="last"')).toBe("https://lms.test/m?page=2");
    expect(nextLink('<https://lms.test/m?page=9>; rel="last"')).toBeNull();
    expect(nextLink('<https://lms.test/a>; rel="prev next"')).toBe("https://lms.test/a");
    expect(nextLink(null)).toBeNull();
  });
});

describe("the teacher's view of the grade sends", () => {
  it("lists the sends with their state and reason, and resends every failed one", async () => {
    const { quiz, took } = await classAndQuiz();
    const teacher = callerOf(bed.tenant.teacher);
    const [attempt] = await bed.services.db.select().from(ltiGradeSends);
    expect(attempt).toBeUndefined();
    await queueLtiGrade(bed.services, (await bed.services.db.query.quizAttempts.findFirst())!.id);
    lms.trouble = { kind: "500", calls: 1 };
    await sendDueLtiGrades(bed.services);
    await bed.services.db.update(ltiGradeSends).set({ state: "failed", nextTryAt: null });
    const view = await listGradeSends(bed.services, teacher, quiz.id);
    expect(view.linked).toBe(true);
    expect(view.sends).toEqual([expect.objectContaining({ studentName: took.fullname, state: "failed", lastError: "LTI_LMS_SERVER_ERROR", scoreGiven: 80, gradingProgress: "FullyGraded", tries: 1 })]);

    await expect(resendGrades(bed.services, callerOf(bed.other.teacher), quiz.id, "allFailed")).rejects.toMatchObject({ status: 404 });
    expect(await resendGrades(bed.services, teacher, quiz.id, "allFailed")).toEqual({ queued: 1 });
    expect(await sendDueLtiGrades(bed.services)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect((await listGradeSends(bed.services, teacher, quiz.id)).sends[0]).toMatchObject({ state: "sent", lastError: null });
  });

  it("a row still to send shows the score the sender will post: the best attempt, or the latest, as the quiz says", async () => {
    const { quiz, took } = await classAndQuiz();
    const teacher = callerOf(bed.tenant.teacher);
    const { db } = bed.services;
    const retake = await createAttempt(db, { businessId: bed.tenant.business.id, quizId: quiz.id, studentId: took.id, attemptNumber: 2, submittedAt: new Date(clock), percentage: 30 });
    await queueLtiGrade(bed.services, retake.id);

    await db.update(quizzes).set({ takeBestScore: true }).where(eq(quizzes.id, quiz.id));
    expect((await listGradeSends(bed.services, teacher, quiz.id)).sends).toEqual([expect.objectContaining({ state: "waiting", tries: 0, scoreGiven: 80, gradingProgress: "FullyGraded" })]);
    await db.update(quizzes).set({ takeBestScore: false }).where(eq(quizzes.id, quiz.id));
    expect((await listGradeSends(bed.services, teacher, quiz.id)).sends).toEqual([expect.objectContaining({ state: "waiting", tries: 0, scoreGiven: 30, gradingProgress: "FullyGraded" })]);

    // What the list showed is what the sender posts.
    expect(await sendDueLtiGrades(bed.services)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect([...lms.scores.values()].flatMap((scores) => [...scores.values()].map((score) => score.scoreGiven))).toEqual([30]);
    expect((await listGradeSends(bed.services, teacher, quiz.id)).sends[0]).toMatchObject({ state: "sent", scoreGiven: 30 });
  });

  it("works the waiting rows' scores out together: as many statements for three rows as for one", async () => {
    const counted = await createCountingDb();
    // classAndQuiz writes through `bed`: this test's bed reads a database that counts its statements.
    bed = await createTestBed("Counted School", { db: counted.db, now: () => new Date(clock) });
    const { quiz, platform, classId } = await classAndQuiz();
    const { db } = bed.services;
    const teacher = callerOf(bed.tenant.teacher);
    const listed = async () => {
      counted.reset();
      const { sends } = await listGradeSends(bed.services, teacher, quiz.id);
      return { statements: counted.statements(), scores: sends.map((send) => send.scoreGiven).sort() };
    };
    await queueLtiGrade(bed.services, (await db.query.quizAttempts.findFirst())!.id);
    const one = await listed();
    expect(one.scores).toEqual([80]);

    for (const [sub, percentage] of [["s-more-1", 55], ["s-more-2", 65]] as const) {
      const student = await createUser(db, { businessId: bed.tenant.business.id, userType: "Student" });
      await db.insert(ltiUsers).values({ platformId: platform.id, sub, userId: student.id });
      await db.insert(classStudents).values({ classId, userId: student.id, joinedBy: "import", joinedAt: new Date(clock) });
      const attempt = await createAttempt(db, { businessId: bed.tenant.business.id, quizId: quiz.id, studentId: student.id, submittedAt: new Date(clock), percentage });
      await queueLtiGrade(bed.services, attempt.id);
    }
    const three = await listed();
    expect(three.scores).toEqual([55, 65, 80]);
    expect(three.statements).toBe(one.statements);
  });

  it("works out a full list of waiting rows (200 students) within D1's 100 values a statement", async () => {
    const counted = await createCountingDb();
    bed = await createTestBed("Counted School", { db: counted.db, now: () => new Date(clock) });
    const { quiz, platform, classId } = await classAndQuiz();
    const { db } = bed.services;
    for (let i = 0; i < GRADE_SENDS_SHOWN; i++) {
      const student = await createUser(db, { businessId: bed.tenant.business.id, userType: "Student" });
      await db.insert(ltiUsers).values({ platformId: platform.id, sub: `s-many-${i}`, userId: student.id });
      await db.insert(classStudents).values({ classId, userId: student.id, joinedBy: "import", joinedAt: new Date(clock) });
      const attempt = await createAttempt(db, { businessId: bed.tenant.business.id, quizId: quiz.id, studentId: student.id, submittedAt: new Date(clock), percentage: i % 101 });
      await queueLtiGrade(bed.services, attempt.id);
    }
    counted.reset();
    const { sends } = await listGradeSends(bed.services, callerOf(bed.tenant.teacher), quiz.id);
    expect(sends).toHaveLength(GRADE_SENDS_SHOWN);
    expect(sends.every((send) => typeof send.scoreGiven === "number")).toBe(true);
    expect(counted.mostBound()).toBeLessThanOrEqual(MAX_BOUND_PARAMETERS);
  });

  it("a quiz no LMS links to shows nothing of LTI", async () => {
    const { quiz } = await createQuiz(bed.services.db, { businessId: bed.tenant.business.id, teacherId: bed.tenant.teacher.id, questionCount: 1 });
    expect(await listGradeSends(bed.services, callerOf(bed.tenant.teacher), quiz.id)).toEqual({ linked: false, sends: [] });
  });
});
