import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { attemptAnswers, emailOutbox, quizAttempts, users } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { issueCertificate } from "../services/certificates/issue-certificate";
import { callerOf } from "../test-support/test-app.node";
import { createQuestion } from "../test-support/factories.node";
import { essayAttempt as essayAttemptOf } from "../test-support/essay-attempt.node";
import { createTestBed, type Tenant, type TestBed } from "../test-support/test-bed.node";

/**
 * Manual grading (issue 26 point 4; decisions.md "Manual grading"; ADR 0069) through the real
 * endpoints on the real database: the queue of answers waiting for a person, a grader's mark
 * (typed, or a rubric's sum), an override of an automatic mark, who may grade, bad marks, and
 * what results, certificates and the leader board make of a graded attempt.
 */
let services: AppServices;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];

beforeEach(async () => {
  ({ services, tenant, other, post } = await createTestBed("Grading School"));
});

const essayAttempt = () => essayAttemptOf({ services, post }, tenant);

const attemptRow = async (takenQuizId: number) => (await services.db.select().from(quizAttempts).where(eq(quizAttempts.id, takenQuizId)))[0];
const answerRows = async (takenQuizId: number) => new Map((await services.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, takenQuizId))).map((row) => [row.questionId, row]));

describe("the grading queue", () => {
  it("lists the essays waiting for a grader, one question's with questionId, without names when anonymous; graded ones leave it", async () => {
    const { quiz, id, takenQuizId } = await essayAttempt();
    const queue = await post(tenant.teacher, "/takenQuiz/gradingQueue", { quizId: quiz.id, queryParams: {} });
    expect(queue.status, JSON.stringify(queue.body)).toBe(200);
    expect(queue.body.totalCount).toBe(2);
    expect(queue.body.entities).toContainEqual({ takenQuizId, questionId: id.plainEssay, studentName: tenant.student.fullname, answer: { html: "<p>Another essay of some words.</p>" }, submittedAt: expect.any(Number) });
    const one = await post(tenant.owner, "/takenQuiz/gradingQueue", { quizId: quiz.id, questionId: id.rubricEssay, anonymous: true, queryParams: { pageSize: 1 } });
    expect(one.body.totalCount).toBe(1);
    expect(one.body.entities[0]).toEqual({ takenQuizId, questionId: id.rubricEssay, answer: { html: "<p>A clear essay with an argument.</p>" }, submittedAt: expect.any(Number) });
    expect(JSON.stringify(one.body)).not.toContain(tenant.student.fullname);

    expect((await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId, questionId: id.plainEssay, mark: 1 })).status).toBe(200);
    const after = await post(tenant.teacher, "/takenQuiz/gradingQueue", { quizId: quiz.id, queryParams: {} });
    expect(after.body.entities.map((e: { questionId: number }) => e.questionId)).toEqual([id.rubricEssay]);
  });

  it("still lists an essay whose answer row kept its saved status (a process stopped between the close and the markings written after it)", async () => {
    const { quiz, id, takenQuizId } = await essayAttempt();
    // As the row stands when the close committed but store-markings.ts never ran.
    await services.db.update(attemptAnswers).set({ answerStatus: "yes", fractionE7: null }).where(eq(attemptAnswers.attemptId, takenQuizId));
    const queue = await post(tenant.teacher, "/takenQuiz/gradingQueue", { quizId: quiz.id, queryParams: {} });
    expect(queue.body.entities.map((e: { questionId: number }) => e.questionId).sort()).toEqual([id.rubricEssay, id.plainEssay].sort());
  });

  it("is the quiz's graders' only: a student 403, another business's teacher 404, a question not on the quiz 404", async () => {
    const { quiz } = await essayAttempt();
    expect((await post(tenant.student, "/takenQuiz/gradingQueue", { quizId: quiz.id, queryParams: {} })).status).toBe(403);
    expect((await post(other.teacher, "/takenQuiz/gradingQueue", { quizId: quiz.id, queryParams: {} })).status).toBe(404);
    expect((await post(other.owner, "/takenQuiz/gradingQueue", { quizId: quiz.id, queryParams: {} })).status).toBe(404);
    const elsewhere = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
    expect((await post(tenant.teacher, "/takenQuiz/gradingQueue", { quizId: quiz.id, questionId: elsewhere.question.id, queryParams: {} })).status).toBe(404);
  });
});

describe("grading an answer", () => {
  it("NeedsGrading → graded → Graded with the right percentage; results carry the mark, the comment for the student and who and when for the authors; the certificate and the board follow; the student is told once", async () => {
    const { id, takenQuizId } = await essayAttempt();
    // Earned before grading: short 0 of 1, radio 1 of 1, the essays pending: 1 of 7.
    expect(await attemptRow(takenQuizId)).toMatchObject({ gradingStatus: "NeedsGrading", percentage: 14.29 });
    await expect(issueCertificate(services, callerOf(tenant.student), { takenQuizId })).rejects.toMatchObject({ status: 409, code: "AWAITING_MARKING" });

    const first = await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId, questionId: id.plainEssay, mark: 1.25, comment: "Good start" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ code: "GRADED_ANSWER", entity: { mark: 1.25, maxMark: 2, gradingStatus: "NeedsGrading" } });
    expect(await services.db.select().from(emailOutbox).where(eq(emailOutbox.to, tenant.student.email))).toEqual([]);

    // The rubric's levels add up to the mark: Clear 1.5 + Some 0.25 = 1.75 of 3.
    const second = await post(tenant.owner, "/takenQuiz/grade", { takenQuizId, questionId: id.rubricEssay, rubric: [{ criterion: 0, level: 1 }, { criterion: 1, level: 1 }] });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    // 1 + 1.25 + 1.75 = 4 of 7: 57.14 %.
    expect(second.body.entity).toMatchObject({ mark: 1.75, maxMark: 3, gradingStatus: "Graded", percentage: 57.14, score: 4 });
    const attempt = await attemptRow(takenQuizId);
    expect([attempt.gradingStatus, attempt.percentage, attempt.scoreE7, attempt.correctAnswered]).toEqual(["Graded", 57.14, 40_000_000, 1]);
    const rows = await answerRows(takenQuizId);
    expect(rows.get(id.rubricEssay)).toMatchObject({ fractionE7: 5_833_333, answerStatus: "partial", gradedBy: tenant.owner.id, rubricLevels: [{ criterion: 0, level: 1 }, { criterion: 1, level: 1 }], graderComment: null });
    expect(rows.get(id.plainEssay)).toMatchObject({ fractionE7: 6_250_000, gradedBy: tenant.teacher.id, graderComment: "Good start" });
    expect(rows.get(id.plainEssay)?.gradedAt).toBeInstanceOf(Date);

    const mails = await services.db.select().from(emailOutbox).where(eq(emailOutbox.to, tenant.student.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("57.14");
    expect(mails[0].text).toContain(`/quiz/student/takenQuiz/${takenQuizId}/result`);

    const asStudent = await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId });
    expect(asStudent.body).toMatchObject({ gradingStatus: "Graded", percentage: 57.14, score: 4, totalMarks: 7 });
    const studentSees = new Map(asStudent.body.takenQuizAnswers.map((a: { questionId: number }) => [a.questionId, a]));
    expect(studentSees.get(id.plainEssay)).toMatchObject({ answerStatus: "partial", mark: 1.25, maxMark: 2, comment: "Good start" });
    expect(studentSees.get(id.plainEssay)).not.toHaveProperty("gradedBy");
    expect(studentSees.get(id.rubricEssay)).toMatchObject({ mark: 1.75 });
    const asTeacher = await post(tenant.teacher, "/takenQuiz/fetchById", { takenQuizId });
    const teacherSees = new Map(asTeacher.body.takenQuizAnswers.map((a: { questionId: number }) => [a.questionId, a]));
    expect(teacherSees.get(id.rubricEssay)).toMatchObject({ gradedBy: tenant.owner.fullname, gradedAt: expect.any(Number) });
    expect(teacherSees.get(id.short)).not.toHaveProperty("gradedBy");

    await expect(issueCertificate(services, callerOf(tenant.student), { takenQuizId })).resolves.toBeTruthy();
    const board = await post(tenant.owner, "/takenQuiz/fetchAllTakenQuiz", { queryParams: {} });
    expect(board.body.entities.map((row: { takenQuizId: number }) => row.takenQuizId)).toContain(takenQuizId);

    // A double click, and a later override of a Graded attempt: the same values, no second mail.
    const again = await post(tenant.owner, "/takenQuiz/grade", { takenQuizId, questionId: id.rubricEssay, rubric: [{ criterion: 0, level: 1 }, { criterion: 1, level: 1 }] });
    expect(again.body.entity).toMatchObject({ percentage: 57.14, gradingStatus: "Graded" });
    expect(await services.db.select().from(emailOutbox).where(eq(emailOutbox.to, tenant.student.email))).toHaveLength(1);
  });

  it("overrides an automatic mark: the wrong short answer earns what the grader gives, and who gave it is kept", async () => {
    const { id, takenQuizId } = await essayAttempt();
    const overridden = await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId, questionId: id.short, mark: 1, comment: "London was accepted in class" });
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(200);
    // short 1 + radio 1 of 7, the essays still pending.
    expect(await attemptRow(takenQuizId)).toMatchObject({ percentage: 28.57, correctAnswered: 2, gradingStatus: "NeedsGrading" });
    expect((await answerRows(takenQuizId)).get(id.short)).toMatchObject({ fractionE7: 10_000_000, answerStatus: "yes", gradedBy: tenant.teacher.id });
    const result = await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId });
    expect(result.body.takenQuizAnswers.find((a: { questionId: number }) => a.questionId === id.short)).toMatchObject({ answerStatus: "yes", mark: 1 });
  });

  it("two graders marking two questions of one attempt at once lose neither (the compare-and-set on answersVersion)", async () => {
    const { id, takenQuizId } = await essayAttempt();
    const [a, b] = await Promise.all([
      post(tenant.teacher, "/takenQuiz/grade", { takenQuizId, questionId: id.plainEssay, mark: 2 }),
      post(tenant.owner, "/takenQuiz/grade", { takenQuizId, questionId: id.rubricEssay, mark: 3 }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // 2 + 3 + radio 1 = 6 of 7.
    expect(await attemptRow(takenQuizId)).toMatchObject({ gradingStatus: "Graded", percentage: 85.71, scoreE7: 60_000_000 });
  });

  it("refuses bad marks with 400 and its code, changing nothing", async () => {
    const { id, takenQuizId } = await essayAttempt();
    const before = [await attemptRow(takenQuizId), await answerRows(takenQuizId)];
    const refused = async (body: Record<string, unknown>) => {
      const answer = await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId, ...body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      return answer.body;
    };
    expect(await refused({ questionId: id.plainEssay, mark: 2.5 })).toMatchObject({ code: "GRADE_MARK_INVALID", errorCodes: { mark: "GRADE_MARK_INVALID" }, errorParams: { mark: { max: 2 } } });
    expect((await refused({ questionId: id.plainEssay, mark: -1 })).code).toBe("GRADE_MARK_INVALID");
    expect((await refused({ questionId: id.plainEssay, mark: 1.234 })).code).toBe("GRADE_MARK_INVALID");
    expect((await refused({ questionId: id.plainEssay, mark: "1" })).code).toBe("VALIDATION");
    expect((await refused({ questionId: id.plainEssay })).code).toBe("GRADE_MARK_OR_RUBRIC");
    expect((await refused({ questionId: id.plainEssay, rubric: [{ criterion: 0, level: 0 }] })).code).toBe("GRADE_NO_RUBRIC");
    expect(await refused({ questionId: id.rubricEssay, rubric: [{ criterion: 1, level: 3 }] })).toMatchObject({ code: "GRADE_RUBRIC_LEVEL_UNKNOWN", errorParams: { rubric: { criterion: 1, level: 3 } } });
    expect((await refused({ questionId: id.rubricEssay, rubric: [{ criterion: 0, level: 1 }, { criterion: 0, level: 0 }] })).code).toBe("GRADE_RUBRIC_CRITERION_REPEATED");
    expect((await refused({ questionId: id.plainEssay, mark: 1, comment: "x".repeat(5001) })).code).toBe("GRADE_COMMENT_TOO_LONG");
    expect([await attemptRow(takenQuizId), await answerRows(takenQuizId)]).toEqual(before);
  });

  it("a student cannot grade (403), another business's teacher gets 404, a question not on the paper 404; nothing changes", async () => {
    const { id, takenQuizId } = await essayAttempt();
    const before = [await attemptRow(takenQuizId), await answerRows(takenQuizId)];
    expect((await post(tenant.student, "/takenQuiz/grade", { takenQuizId, questionId: id.plainEssay, mark: 2 })).status).toBe(403);
    expect((await post(other.teacher, "/takenQuiz/grade", { takenQuizId, questionId: id.plainEssay, mark: 2 })).status).toBe(404);
    expect((await post(other.owner, "/takenQuiz/grade", { takenQuizId, questionId: id.plainEssay, mark: 2 })).status).toBe(404);
    const elsewhere = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
    expect((await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId, questionId: elsewhere.question.id, mark: 1 })).status).toBe(404);
    expect([await attemptRow(takenQuizId), await answerRows(takenQuizId)]).toEqual(before);
  });

  it("tells the student in the language they signed up in", async () => {
    await services.db.update(users).set({ language: "fr" }).where(eq(users.id, tenant.student.id));
    const { id, takenQuizId } = await essayAttempt();
    await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId, questionId: id.plainEssay, mark: 2 });
    await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId, questionId: id.rubricEssay, mark: 3 });
    const [mail] = await services.db.select().from(emailOutbox).where(eq(emailOutbox.to, tenant.student.email));
    expect(mail.subject).toMatch(/^Vos notes pour « .+ » sont prêtes$/);
    expect(mail.text).toContain("85.71 %");
  });
});
