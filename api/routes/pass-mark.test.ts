import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { adminSettings, certificates, quizzes } from "../../db/schema";
import type { LeaderBoardForStudents } from "../../db/schema/admin-settings";
import { createAttempt, createQuestion, createQuiz, createUser } from "../test-support/factories.node";
import { essayAttempt } from "../test-support/essay-attempt.node";
import { bearer } from "../test-support/test-app.node";
import { eachTestBed, type Tenant } from "../test-support/test-bed.node";

/** Issue 27 points 4 and 7 (docs/decisions/0076): the pass mark, what a certificate certifies, the board's privacy. */
const bed = eachTestBed("Pass Mark School");
const { post } = bed;

/** A quiz of the tenant's teacher with a pass mark, and a finished, marked attempt of `student` at it. */
async function resultAt(percentage: number, passPercentage: number | null, student: { id: number } = bed.tenant.student, quizName = "Optics") {
  const { tenant, services } = bed;
  const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, quizName, passPercentage });
  const attempt = await createAttempt(services.db, {
    businessId: tenant.business.id,
    quizId: quiz.id,
    studentId: student.id,
    startedAt: new Date(Date.now() - 60_000),
    submittedAt: new Date(),
    percentage,
    correctAnswered: 1,
  });
  return { quiz, attempt };
}

const setSchool = (values: { completionCertificateBelowPass?: boolean; leaderBoardForStudents?: LeaderBoardForStudents }) =>
  bed.services.db.insert(adminSettings).values({ businessId: bed.tenant.business.id, ...values }).onConflictDoUpdate({ target: adminSettings.businessId, set: values });

async function certificate(takenQuizId: number, who = bed.tenant.student) {
  return bed.app.request(`/takenQuiz/${takenQuizId}/certificate`, { headers: await bearer(bed.services, who) });
}

const pdfText = async (res: Response) => (await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true })).text;

describe("the quiz's pass mark", () => {
  it("takes 0-100 with two decimals or empty for none, says what is wrong otherwise, and changes nothing then", async () => {
    const { tenant } = bed;
    const { quiz } = await createQuiz(bed.services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
    for (const passPercentage of [101, -1, 50.555, "fifty", true, [50]]) {
      const res = await post(tenant.teacher, "/quiz/update", { quizId: quiz.id, passPercentage });
      expect(res.status, String(passPercentage)).toBe(400);
      expect(res.body.errorCodes.passPercentage, JSON.stringify(res.body)).toBe("QUIZ_PASS_PERCENTAGE_INVALID");
      expect(res.body.errors.passPercentage).toBe("The pass mark must be a percentage from 0 to 100 with at most two decimals, or empty for none");
    }
    expect((await post(tenant.teacher, "/quiz/findOne", { quizId: quiz.id })).body.entity.passPercentage).toBeNull();
    const set = await post(tenant.teacher, "/quiz/update", { quizId: quiz.id, passPercentage: "62.5" });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.entity.passPercentage).toBe(62.5);
    // Left out keeps it; "" (the wizard's empty field) removes it.
    expect((await post(tenant.teacher, "/quiz/update", { quizId: quiz.id, quizName: "Renamed" })).body.entity.passPercentage).toBe(62.5);
    expect((await post(tenant.teacher, "/quiz/update", { quizId: quiz.id, passPercentage: "" })).body.entity.passPercentage).toBeNull();
  });
});

describe("passed on every result", () => {
  it("a 45 % result on a 50 % quiz is not passed in fetchById, fetchLatestById, the taken list, the stats and its CSV", async () => {
    const { tenant } = bed;
    const { quiz, attempt } = await resultAt(45, 50);
    for (const path of ["/takenQuiz/fetchById", "/takenQuiz/fetchLatestById"]) {
      const res = await post(tenant.student, path, { takenQuizId: attempt.id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ percentage: 45, passPercentage: 50, passed: false });
    }
    const list = await post(tenant.student, "/takenQuiz/fetchAllByStudentId", { queryParams: {} });
    expect(list.body.entities[0]).toMatchObject({ takenQuizId: attempt.id, passed: false });
    const stats = await post(tenant.teacher, "/takenQuiz/fetchAllByQuizId", { quizId: quiz.id, queryParams: {} });
    expect(stats.body.entities[0]).toMatchObject({ takenQuizId: attempt.id, passed: false });
    expect(stats.body.quiz.passPercentage).toBe(50);
    const csv = await bed.app.request("/takenQuiz/export", { method: "POST", headers: { ...(await bearer(bed.services, tenant.teacher)), "content-type": "application/json" }, body: JSON.stringify({ quizId: quiz.id }) });
    const [header, row] = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(header.split(",").at(-1)).toBe('"Passed"');
    expect(row.split(",").at(-1)).toBe('"Not passed"');
  });

  it("is true at the pass mark exactly, and null on a quiz without one", async () => {
    const at = await resultAt(50, 50);
    const none = await resultAt(99, null);
    expect((await post(bed.tenant.student, "/takenQuiz/fetchById", { takenQuizId: at.attempt.id })).body.passed).toBe(true);
    expect((await post(bed.tenant.student, "/takenQuiz/fetchById", { takenQuizId: none.attempt.id })).body).toMatchObject({ passPercentage: null, passed: null });
  });

  it("answerAll's answer says whether the submitted attempt passed", async () => {
    const { tenant, services } = bed;
    const { question } = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, options: [["Right", true], ["Wrong", false]] });
    const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: [question.id], passPercentage: 60 });
    const { body: paper } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const wrong = paper.questions[0].options.find((o: { optionText: string }) => o.optionText === "Wrong").id;
    const done = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: paper.takenQuizId, answers: [{ questionId: question.id, answer: [wrong] }] });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.takenQuizObject).toMatchObject({ percentage: 0, passed: false });
  });

  it("is null while marking is pending, then follows the manual marks", async () => {
    const { tenant, services } = bed;
    const { quiz, id, takenQuizId } = await essayAttempt(bed, tenant);
    await services.db.update(quizzes).set({ passPercentage: 40 }).where(eq(quizzes.id, quiz.id));
    const pending = await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId });
    expect(pending.body).toMatchObject({ gradingStatus: "NeedsGrading", passed: null });
    expect((await post(tenant.teacher, "/takenQuiz/fetchAllByQuizId", { quizId: quiz.id, queryParams: {} })).body.entities[0].passed).toBeNull();
    // No certificate while pending, whatever the pass mark.
    expect((await certificate(takenQuizId)).status).toBe(409);
    // Full marks on both essays: 3 + 2 + 0 + 1 of 7 = 85.71 %.
    expect((await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId, questionId: id.rubricEssay, mark: 3 })).status).toBe(200);
    expect((await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId, questionId: id.plainEssay, mark: 2 })).status).toBe(200);
    const marked = await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId });
    expect(marked.body).toMatchObject({ gradingStatus: "Graded", passed: true });
    // A regrade to nothing: 1 of 7 = 14.29 %, below 40 %.
    await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId, questionId: id.rubricEssay, mark: 0 });
    await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId, questionId: id.plainEssay, mark: 0 });
    expect((await post(tenant.student, "/takenQuiz/fetchById", { takenQuizId })).body.passed).toBe(false);
  });
});

describe("what a certificate certifies", () => {
  it("below the pass mark: no certificate (409 CERTIFICATE_BELOW_PASS_MARK), none issued", async () => {
    const { attempt } = await resultAt(45, 50);
    const res = await certificate(attempt.id);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "CERTIFICATE_BELOW_PASS_MARK", params: { passPercentage: 50 } });
    expect(await bed.services.db.select().from(certificates)).toEqual([]);
  });

  it("below the pass mark: a certificate of completion when the owner allows it", async () => {
    await setSchool({ completionCertificateBelowPass: true });
    const { attempt } = await resultAt(45, 50);
    const res = await certificate(attempt.id);
    expect(res.status, await res.clone().text()).toBe(200);
    const text = await pdfText(res);
    expect(text).toContain("Certificate of Completion");
    expect(text).not.toMatch(/achievement|passed/i);
    const [row] = await bed.services.db.select().from(certificates);
    expect(row.kind).toBe("Completion");
    const check = await bed.app.request(`/certificates/${row.code}`, { headers: { "x-quiz-client-address": "198.51.100.9" } });
    expect((await check.json()).data.kind).toBe("Completion");
  });

  it("at or above the pass mark: a certificate of achievement, which the public check names", async () => {
    const { attempt } = await resultAt(85, 50);
    const res = await certificate(attempt.id);
    expect(res.status).toBe(200);
    const text = await pdfText(res);
    expect(text).toContain("Certificate of Achievement");
    expect(text).toContain("has passed the quiz");
    const [row] = await bed.services.db.select().from(certificates);
    expect(row.kind).toBe("Achievement");
    const check = await bed.app.request(`/certificates/${row.code}`, { headers: { "x-quiz-client-address": "198.51.100.9" } });
    expect((await check.json()).data).toMatchObject({ valid: true, kind: "Achievement", percentage: 85 });
  });

  it("without a pass mark: a certificate of completion as before (ADR 0063), whatever the owner chose", async () => {
    const { attempt } = await resultAt(40, null);
    const res = await certificate(attempt.id);
    expect(res.status).toBe(200);
    expect(await pdfText(res)).toContain("Certificate of Completion");
  });

  it("the owner's setting is Yes or No, saved with the board's choice, and refused otherwise", async () => {
    const { tenant } = bed;
    const base = (await bed.call(tenant.owner, "GET", "/admin/adminSetting")).body.adminSetting;
    const bad = await post(tenant.owner, "/admin/adminSetting", { ...base, completionCertificateBelowPass: "Maybe", leaderBoardForStudents: "Public" });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCodes).toMatchObject({ completionCertificateBelowPass: "SETTING_COMPLETION_CERTIFICATE_INVALID", leaderBoardForStudents: "SETTING_LEADER_BOARD_FOR_STUDENTS_INVALID" });
    const ok = await post(tenant.owner, "/admin/adminSetting", { ...base, completionCertificateBelowPass: "Yes", leaderBoardForStudents: "Off" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.adminSetting).toMatchObject({ completionCertificateBelowPass: "Yes", leaderBoardForStudents: "Off" });
  });
});

describe("the leader board for students", () => {
  /** The tenant's student (45 % on Optics) and a classmate (90 %), each with a counted result. */
  async function twoResults(tenant: Tenant) {
    const classmate = await createUser(bed.services.db, { businessId: tenant.business.id, userType: "Student", fullname: "Clara Classmate" });
    const mine = await resultAt(45, 50, tenant.student, "Optics");
    const theirs = await resultAt(90, 50, classmate, "Waves");
    return { classmate, mine, theirs };
  }
  const board = (who: Parameters<typeof bearer>[1], queryParams: Record<string, unknown> = {}) => post(who, "/takenQuiz/fetchAllTakenQuiz", { queryParams });
  const exportBoard = async (who: Parameters<typeof bearer>[1]) => {
    const res = await bed.app.request("/takenQuiz/export", { method: "POST", headers: { ...(await bearer(bed.services, who)), "content-type": "application/json" }, body: "{}" });
    return { status: res.status, text: await res.text() };
  };

  it("Full: a student reads every name, with passed on each row; the student's export holds only their own rows", async () => {
    const { tenant } = bed;
    await setSchool({ leaderBoardForStudents: "Full" });
    const { mine, theirs } = await twoResults(tenant);
    const res = await board(tenant.student);
    expect(res.body.view).toBe("Full");
    expect(res.body.entities.map((r: { studentName: string; passed: boolean }) => [r.studentName, r.passed])).toEqual([
      ["Clara Classmate", true],
      [tenant.student.fullname, false],
    ]);
    const csv = await exportBoard(tenant.student);
    expect(csv.status).toBe(200);
    const rows = csv.text.trim().split("\r\n").slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`"${mine.attempt.id}","${tenant.student.fullname}"`);
    expect(csv.text).not.toContain("Clara Classmate");
    expect(csv.text).not.toContain(`"${theirs.attempt.id}"`);
  });

  it("Anonymous (the default): a student's own row is named, every other is 'Student N' with no id; names cannot be searched or sorted", async () => {
    const { tenant } = bed;
    const { mine } = await twoResults(tenant);
    const res = await board(tenant.student);
    expect(res.body.view).toBe("Anonymous");
    expect(res.body.entities).toEqual([
      expect.objectContaining({ id: null, takenQuizId: null, studentName: "Student 1", fullname: "Student 1", anonymous: { studentNumber: 1 }, percentage: 90, passed: true }),
      expect.objectContaining({ id: mine.attempt.id, studentName: tenant.student.fullname, passed: false }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain("Clara");
    for (const queryParams of [{ filter: { studentName: "Clara" } }, { sortField: "studentName" }]) {
      const refused = await board(tenant.student, queryParams);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("LEADER_BOARD_NAMES_HIDDEN");
    }
    expect((await exportBoard(tenant.student)).text).not.toContain("Clara");
  });

  it("Off: the API refuses a student (403 LEADER_BOARD_OFF), the board and its export alike", async () => {
    const { tenant } = bed;
    await setSchool({ leaderBoardForStudents: "Off" });
    await twoResults(tenant);
    const res = await board(tenant.student);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("LEADER_BOARD_OFF");
    expect((await exportBoard(tenant.student)).status).toBe(403);
  });

  it.each(["Full", "Anonymous", "Off"] as const)("%s: teachers and the owner always read the whole board and export it", async (mode) => {
    const { tenant } = bed;
    await setSchool({ leaderBoardForStudents: mode });
    await twoResults(tenant);
    for (const who of [tenant.teacher, tenant.owner]) {
      const res = await board(who, { sortField: "studentName" });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.view).toBe("Full");
      expect(res.body.entities.map((r: { studentName: string }) => r.studentName).sort()).toEqual(["Clara Classmate", tenant.student.fullname].sort());
      expect((await exportBoard(who)).text).toContain("Clara Classmate");
    }
  });
});
