import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { attemptAnswers, classes, classStudents, ltiContexts, ltiGradeSends, ltiResourceLinks, quizAttempts } from "../../../../db/schema";
import { writeBatch } from "../../../../db/raw-batch";
import { createQuestion, createQuiz } from "../../../test-support/factories.node";
import { essayAttempt } from "../../../test-support/essay-attempt.node";
import { insertLaunchRows } from "../../../test-support/lti-rows.node";
import { createTestBed, type TestBed } from "../../../test-support/test-bed.node";
import { closeAttempt } from "../../attempts/close-attempt";
import { gradeAndTell } from "../../grading/grade-and-tell";
import { callerOf } from "../../../test-support/test-app.node";
import { queueGradeStatement } from "./queue-grade";
import { gradeTimeOf } from "./grade-to-work-out";

/**
 * Issue 29 point 4 / issue 30 point 4: the LMS grade is queued by one statement in the grading
 * write's own batch (queue-grade.ts), so the close (or a grader's mark) and its outbox row land
 * together or not at all, a close that lost queues nothing, and a quiz no LMS links to writes
 * nothing. Sending is send-grades.test.ts's.
 */
let clock: number;
let bed: TestBed;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 30, 9, 0, 0);
  bed = await createTestBed("LTI School", { now: () => new Date(clock) });
});

/** Where the rows say the LMS is: nothing here calls it (no grade is sent in this file). */
const LMS = {
  origin: "http://127.0.0.1:9",
  tokenUrl: "http://127.0.0.1:9/token",
  lineItemsUrl: (course: string) => `http://127.0.0.1:9/${course}/lineitems`,
  membershipsUrl: (course: string) => `http://127.0.0.1:9/${course}/memberships`,
};

async function quizOf(questionCount = 2) {
  const { services, tenant } = bed;
  const who = { businessId: tenant.business.id, teacherId: tenant.teacher.id };
  const questions = await Promise.all(Array.from({ length: questionCount }, () => createQuestion(services.db, { ...who, options: [["Right", true], ["Wrong", false]] })));
  return (await createQuiz(services.db, { ...who, questionIds: questions.map((q) => q.question.id) })).quiz;
}

const linkQuiz = (quizId: number, course = "bio-101") =>
  insertLaunchRows(bed.services.db, { businessId: bed.tenant.business.id, quizId, lms: LMS, clientId: `client-${course}`, course, students: [{ userId: bed.tenant.student.id, sub: "lms-user-7" }] });

async function startedAttempt(quizId: number) {
  const started = await bed.post(bed.tenant.student, "/takeQuiz/startQuiz", { quizId });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const [attempt] = await bed.services.db.select().from(quizAttempts).where(eq(quizAttempts.id, started.body.takenQuizId));
  return attempt;
}

const sendRows = () => bed.services.db.select().from(ltiGradeSends);
const run = (text: string) => bed.services.db.run(sql.raw(text));
/** Every write the outbox takes from here on, counted by triggers (an upsert's update is a write too). */
async function countOutboxWrites() {
  await run("create table outbox_writes (kind text)");
  await run("create trigger outbox_insert after insert on lti_grade_sends begin insert into outbox_writes values ('insert'); end");
  await run("create trigger outbox_update after update on lti_grade_sends begin insert into outbox_writes values ('update'); end");
  return async () => (await bed.services.db.all<{ kind: string }>(sql`select kind from outbox_writes`)).map((row) => row.kind);
}

describe("the LMS grade queued in the grading write's own transaction", () => {
  it("a close and its outbox row land together: an outbox that refuses the row leaves the attempt open; then both land", async () => {
    const quiz = await quizOf();
    await linkQuiz(quiz.id);
    const attempt = await startedAttempt(quiz.id);
    await run("create trigger refuse_outbox before insert on lti_grade_sends begin select raise(abort, 'outbox refused'); end");

    await expect(closeAttempt(bed.services, attempt)).rejects.toThrow(/outbox refused/);
    const [open] = await bed.services.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.id));
    expect(open.submittedAt).toBeNull();

    await run("drop trigger refuse_outbox");
    clock += 1000;
    const closed = await closeAttempt(bed.services, attempt);
    expect(closed.submittedAt?.getTime()).toBe(clock);
    const rows = await sendRows();
    expect(rows).toEqual([expect.objectContaining({ userId: bed.tenant.student.id, attemptId: attempt.id, state: "waiting", tries: 0 })]);
    expect(gradeTimeOf(rows[0].payload)?.getTime()).toBe(clock);
  });

  it("a grader's mark and its outbox row land together too", async () => {
    const { quiz, id, takenQuizId } = await essayAttempt(bed, bed.tenant);
    await linkQuiz(quiz.id);
    await run("create trigger refuse_outbox before insert on lti_grade_sends begin select raise(abort, 'outbox refused'); end");
    const grading = { takenQuizId, questionId: id.plainEssay, mark: 2 };
    await expect(gradeAndTell(bed.services, callerOf(bed.tenant.teacher), grading)).rejects.toThrow(/outbox refused/);
    const [essay] = await bed.services.db.select().from(attemptAnswers).where(eq(attemptAnswers.questionId, id.plainEssay));
    expect(essay.gradedAt).toBeNull();

    await run("drop trigger refuse_outbox");
    await gradeAndTell(bed.services, callerOf(bed.tenant.teacher), grading);
    const [attempt] = await bed.services.db.select().from(quizAttempts).where(eq(quizAttempts.id, takenQuizId));
    expect((await sendRows()).map((row) => row.payload)).toEqual([`grade-to-work-out:${takenQuizId}:${attempt.answersVersion}:${clock}`]);
  });

  it("a close that lost queues nothing: two closes at once at different times write the outbox once", async () => {
    const quiz = await quizOf();
    await linkQuiz(quiz.id);
    const attempt = await startedAttempt(quiz.id);
    const writes = await countOutboxWrites();
    const later = { ...bed.services, now: () => new Date(clock + 5) };
    const [first, second] = await Promise.all([closeAttempt(bed.services, attempt), closeAttempt(later, attempt)]);
    // Both answer with the one close that won, and only its statement wrote the outbox.
    expect(second.submittedAt).toEqual(first.submittedAt);
    expect(await writes()).toEqual(["insert"]);
    expect(gradeTimeOf((await sendRows())[0].payload)).toEqual(first.submittedAt);

    // The statement of a close at another time, or of another answers' version, writes nothing.
    const closedAt = first.submittedAt!.getTime();
    const lost = (at: { submittedAt: number; answersVersion: number }) => writeBatch(bed.services.db, [queueGradeStatement({ attemptId: attempt.id, ...at, at: at.submittedAt })]);
    expect(await lost({ submittedAt: closedAt + 1, answersVersion: first.answersVersion })).toEqual([0]);
    expect(await lost({ submittedAt: closedAt, answersVersion: first.answersVersion + 1 })).toEqual([0]);
    expect(await writes()).toEqual(["insert"]);
  });

  it("a quiz no LMS links to: the submit writes nothing, and the statement only looks up indexes", async () => {
    const quiz = await quizOf();
    const attempt = await startedAttempt(quiz.id);
    const writes = await countOutboxWrites();
    const submitted = await bed.post(bed.tenant.student, "/takeQuiz/answerAll", { takenQuizId: attempt.id, answers: [] });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(await writes()).toEqual([]);
    expect(await sendRows()).toEqual([]);

    // Found by the attempt's primary key, then the links by their quiz index: no table is read through.
    const statement = queueGradeStatement({ attemptId: attempt.id, answersVersion: 0, submittedAt: clock, at: clock });
    const client = (bed.services.db as unknown as { $client: { execute(s: { sql: string; args: unknown[] }): Promise<{ rows: { detail: string }[] }> } }).$client;
    const plan = (await client.execute({ sql: `explain query plan ${statement.sql}`, args: statement.args })).rows.map((row) => String(row.detail));
    expect(plan.join("\n")).toMatch(/SEARCH a USING INTEGER PRIMARY KEY/);
    expect(plan.join("\n")).toMatch(/SEARCH l USING INDEX lti_resource_links_quiz_idx/);
    expect(plan.filter((line) => line.startsWith("SCAN"))).toEqual([]);
  });

  it("a quiz placed in two courses of one LMS queues for the course whose class holds the student; in neither, for both", async () => {
    const quiz = await quizOf(1);
    const { platform, link: ownCourse } = await linkQuiz(quiz.id, "bio-101");
    // A second course of the same LMS placing the same quiz, whose class the student is not in.
    const [klass] = await bed.services.db.insert(classes).values({ businessId: bed.tenant.business.id, name: "Course bio-102", joinCode: "bio102code", externalRef: `lti:${platform.id}:bio-102` }).returning();
    const [context] = await bed.services.db.insert(ltiContexts).values({ platformId: platform.id, deploymentId: "deployment-1", contextId: "bio-102", classId: klass.id }).returning();
    const [otherCourse] = await bed.services.db.insert(ltiResourceLinks).values({ platformId: platform.id, contextRowId: context.id, resourceLinkId: "link-102", quizId: quiz.id }).returning();

    const attempt = await startedAttempt(quiz.id);
    await closeAttempt(bed.services, attempt);
    expect((await sendRows()).map((row) => row.resourceLinkId)).toEqual([ownCourse.id]);

    await bed.services.db.delete(classStudents).where(eq(classStudents.userId, bed.tenant.student.id));
    await bed.services.db.delete(ltiGradeSends);
    const [closed] = await bed.services.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.id));
    await writeBatch(bed.services.db, [queueGradeStatement({ attemptId: attempt.id, answersVersion: closed.answersVersion, at: clock })]);
    expect((await sendRows()).map((row) => row.resourceLinkId).sort()).toEqual([ownCourse.id, otherCourse.id].sort());
  });
});
