import { describe, expect, it } from "vitest";
import { loginThrottle, quizClasses } from "../../db/schema";
import { REPORT_LIMITS } from "../services/reports/schemas";
import { createAttempt, createQuiz, createUser } from "../test-support/factories.node";
import { bearer } from "../test-support/test-app.node";
import { eachTestBed, type Who } from "../test-support/test-bed.node";

/** decisions.md "Reports" (issue 27 point 5, docs/decisions/0081): the counting rule, who reads whose report, the CSV. */
const bed = eachTestBed("Report School");
const { post } = bed;

type Person = { id: number; email: string };
const newStudent = (fullname: string) => createUser(bed.services.db, { businessId: bed.tenant.business.id, userType: "Student", fullname });

/** A class taught by `teacher` with `students` in it, made through the API as the pages do. */
async function classOf(teacher: Who, students: Person[], name = "Year 9 Physics") {
  const made = await post(teacher, "/classes", { name });
  expect(made.status).toBe(201);
  const classId = made.body.entity.classId as number;
  if (students.length) expect((await post(teacher, "/classes/members", { classId, add: students.map((s) => s.email) })).status).toBe(200);
  return classId;
}

/** A quiz of `teacherId` and the student's finished attempts at it with these percentages, in order (attempt 1, 2…). */
async function attemptsAt(student: Person, percentages: number[], quiz: { takeBestScore?: boolean; passPercentage?: number | null; quizName?: string; teacherId?: number }) {
  const { tenant, services } = bed;
  const made = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: quiz.teacherId ?? tenant.teacher.id, ...quiz });
  let minute = 0;
  for (const [index, percentage] of percentages.entries()) {
    minute += 10;
    await createAttempt(services.db, {
      businessId: tenant.business.id,
      quizId: made.quiz.id,
      studentId: student.id,
      attemptNumber: index + 1,
      startedAt: new Date(Date.UTC(2026, 10, 20, 9, minute)),
      submittedAt: new Date(Date.UTC(2026, 10, 20, 9, minute + 5)),
      percentage,
      timeTaken: 300 + index,
    });
  }
  return made.quiz;
}

async function csvOf(who: NonNullable<Who>, path: string, body: unknown) {
  const res = await bed.app.request(path, { method: "POST", headers: { "content-type": "application/json", ...(await bearer(bed.services, who)) }, body: JSON.stringify(body) });
  return { status: res.status, type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition"), bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe("the counting rule", () => {
  it("gives each quiz the attempt its rule counts (best: the earliest of equal bests; latest: the last), with every finished attempt, and the grid the same", async () => {
    const ann = await newStudent("Ann Able");
    const best = await attemptsAt(ann, [60, 80, 80], { takeBestScore: true, passPercentage: 50, quizName: "Best counts" });
    const latest = await attemptsAt(ann, [90, 40], { takeBestScore: false, passPercentage: 50, quizName: "Latest counts" });
    // An attempt still open is no result yet.
    await createAttempt(bed.services.db, { businessId: bed.tenant.business.id, quizId: latest.id, studentId: ann.id, attemptNumber: 3, startedAt: new Date() });
    const classId = await classOf(bed.tenant.teacher, [ann]);

    const report = await post(bed.tenant.teacher, "/reports/student", { userId: ann.id });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const [bestRow, latestRow] = report.body.data.quizzes;
    expect(report.body.data.student).toMatchObject({ userId: ann.id, fullname: "Ann Able" });
    expect(bestRow).toMatchObject({ quizId: best.id, countingRule: "best", attemptsCount: 3, passPercentage: 50, result: { attemptNumber: 2, percentage: 80, passed: true, counts: true } });
    expect(bestRow.attempts.map((a: { counts: boolean }) => a.counts)).toEqual([false, true, false]);
    expect(latestRow).toMatchObject({ quizId: latest.id, countingRule: "latest", attemptsCount: 2, result: { attemptNumber: 2, percentage: 40, passed: false, timeTaken: 301 } });
    expect(latestRow.result.submittedAt).toBe(Date.UTC(2026, 10, 20, 9, 25));

    const grid = await post(bed.tenant.teacher, "/reports/class", { classId });
    expect(grid.status, JSON.stringify(grid.body)).toBe(200);
    expect(grid.body.data.quizzes.map((q: { quizId: number }) => q.quizId)).toEqual([best.id, latest.id]);
    const [row] = grid.body.data.students;
    expect(row.results).toEqual([
      expect.objectContaining({ quizId: best.id, takenQuizId: bestRow.result.takenQuizId, percentage: 80, passed: true, attemptsCount: 3 }),
      expect.objectContaining({ quizId: latest.id, takenQuizId: latestRow.result.takenQuizId, percentage: 40, passed: false, attemptsCount: 2 }),
    ]);
  });

  it("lists every member of a class, those who took nothing with no results, and only quizzes some member finished as columns", async () => {
    const [ann, bob] = [await newStudent("Ann"), await newStudent("Bob")];
    const outsider = await newStudent("Outsider");
    const taken = await attemptsAt(ann, [70], { quizName: "Taken by Ann" });
    await attemptsAt(outsider, [70], { quizName: "Taken by someone outside the class" });
    const classId = await classOf(bed.tenant.teacher, [bob, ann]);
    const grid = await post(bed.tenant.teacher, "/reports/class", { classId });
    expect(grid.body.data.quizzes.map((q: { quizId: number }) => q.quizId)).toEqual([taken.id]);
    expect(grid.body.data.students.map((s: { fullname: string; results: unknown[] }) => [s.fullname, s.results.length])).toEqual([["Ann", 1], ["Bob", 0]]);
  });
  it("adds each quiz set for the class (ADR 0079) as a column though nobody took it, its cells empty, in the CSV too; a teacher sees only their own", async () => {
    const { services, tenant } = bed;
    const ann = await newStudent("Ann");
    const colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });
    const taken = await attemptsAt(ann, [70], { quizName: "B taken" });
    const classId = await classOf(tenant.teacher, [ann]);
    const setForClass = async (quizName: string, teacherId = tenant.teacher.id) => {
      const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId, quizName, passPercentage: 50 });
      await services.db.insert(quizClasses).values({ quizId: quiz.id, classId });
      return quiz;
    };
    const untaken = await setForClass("A set, not taken");
    const colleagues = await setForClass("C set by a colleague", colleague.id);
    // Set for the class and taken: one column, not two.
    await services.db.insert(quizClasses).values({ quizId: taken.id, classId });

    const grid = await post(tenant.teacher, "/reports/class", { classId });
    expect(grid.status, JSON.stringify(grid.body)).toBe(200);
    expect(grid.body.data.quizzes).toEqual([
      { quizId: untaken.id, quizName: "A set, not taken", quizCategory: expect.any(String), countingRule: "latest", passPercentage: 50 },
      expect.objectContaining({ quizId: taken.id }),
    ]);
    expect(grid.body.data.students[0].results).toEqual([expect.objectContaining({ quizId: taken.id, percentage: 70 })]);
    const owners = await post(tenant.owner, "/reports/class", { classId });
    expect(owners.body.data.quizzes.map((q: { quizId: number }) => q.quizId)).toEqual([untaken.id, taken.id, colleagues.id]);

    const csv = await csvOf(tenant.teacher, "/reports/class", { classId, format: "csv" });
    const [header, row] = new TextDecoder().decode(csv.bytes.slice(3)).trimEnd().split("\r\n");
    expect(header).toBe(`"Student name","E-mail","A set, not taken [${untaken.id}] Percentage","A set, not taken [${untaken.id}] Passed","A set, not taken [${untaken.id}] Attempts","B taken [${taken.id}] Percentage","B taken [${taken.id}] Passed","B taken [${taken.id}] Attempts"`);
    expect(row).toMatch(/^"Ann","[^"]+","","","","70",/);
  });
});

describe("who reads whose report", () => {
  it("shows a teacher only their own quizzes, for students of the classes they teach; the owner every quiz and student", async () => {
    const ann = await newStudent("Ann");
    const colleague = await createUser(bed.services.db, { businessId: bed.tenant.business.id, userType: "Teacher" });
    const mine = await attemptsAt(ann, [70], { quizName: "Mine" });
    const theirs = await attemptsAt(ann, [30], { quizName: "Theirs", teacherId: colleague.id });
    const classId = await classOf(bed.tenant.teacher, [ann]);
    const quizIdsFor = async (who: Who) => (await post(who, "/reports/student", { userId: ann.id })).body.data.quizzes.map((q: { quizId: number }) => q.quizId);
    expect(await quizIdsFor(bed.tenant.teacher)).toEqual([mine.id]);
    expect(await quizIdsFor(bed.tenant.owner)).toEqual([mine.id, theirs.id]);
    expect((await post(bed.tenant.teacher, "/reports/class", { classId })).body.data.quizzes.map((q: { quizId: number }) => q.quizId)).toEqual([mine.id]);
    expect((await post(bed.tenant.owner, "/reports/class", { classId })).body.data.quizzes.map((q: { quizId: number }) => q.quizId)).toEqual([mine.id, theirs.id]);
    // The colleague teaches no class of Ann's: her report and the class are unknown to them.
    expect(await post(colleague, "/reports/student", { userId: ann.id })).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
    expect(await post(colleague, "/reports/class", { classId })).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
  });

  it("answers another school's student and class as ids never used (404), and refuses students (403)", async () => {
    const ann = await newStudent("Ann");
    const classId = await classOf(bed.tenant.teacher, [ann]);
    const theirClass = await classOf(bed.other.teacher, []);
    for (const who of [bed.tenant.owner, bed.tenant.teacher]) {
      const foreign = await post(who, "/reports/student", { userId: bed.other.student.id });
      const never = await post(who, "/reports/student", { userId: 987_654 });
      expect(foreign).toEqual(never);
      expect(foreign).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
      expect(await post(who, "/reports/class", { classId: theirClass })).toEqual(await post(who, "/reports/class", { classId: 987_654 }));
      expect((await post(who, "/reports/class", { classId: theirClass })).status).toBe(404);
    }
    // A student reads neither a classmate's report nor their own here (their results are on the taken list), nor the grid.
    for (const userId of [ann.id, bed.tenant.student.id]) expect((await post(bed.tenant.student, "/reports/student", { userId })).status).toBe(403);
    expect((await post(ann, "/reports/class", { classId })).status).toBe(403);
    expect((await post(null, "/reports/class", { classId })).status).toBe(401);
  });

  it("says what is wrong with a bad body, by code", async () => {
    const ann = await newStudent("Ann");
    await classOf(bed.tenant.teacher, [ann]);
    expect(await post(bed.tenant.teacher, "/reports/student", { userId: "Ann" })).toMatchObject({ status: 400, body: { errors: { userId: "userId must be an id" } } });
    expect(await post(bed.tenant.teacher, "/reports/student", { userId: ann.id, format: "xlsx" })).toMatchObject({ status: 400, body: { errorCodes: { format: "REPORT_FORMAT_INVALID" } } });
    expect((await post(bed.tenant.teacher, "/reports/class", [])).status).toBe(400);
  });
});

describe("the reports as CSV", () => {
  it("sends the same report as a file with a BOM, formula-safe cells (names, quiz names) and a file name", async () => {
    const eve = await newStudent("=HYPERLINK(\"http://evil.test\",\"Eve\")");
    await attemptsAt(eve, [55, 45], { quizName: "+SUM(1;-2)", takeBestScore: true, passPercentage: 50 });
    const classId = await classOf(bed.tenant.teacher, [eve], "@Class -1");

    const student = await csvOf(bed.tenant.teacher, "/reports/student", { userId: eve.id, format: "csv" });
    expect(student.status).toBe(200);
    expect(student.type).toBe("text/csv; charset=utf-8");
    expect(student.disposition).toMatch(new RegExp(`^attachment; filename="student-report-hyperlink-http-evil-test-eve-${eve.id}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    expect([...student.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const studentText = new TextDecoder().decode(student.bytes.slice(3));
    const studentLines = studentText.trimEnd().split("\r\n");
    expect(studentLines[0]).toBe('"Student name","E-mail","Quiz name","Category","Counts","Counting rule","Attempt","Percentage","Passed","Time taken (seconds)","Submitted (UTC)","Status","Marking"');
    expect(studentLines).toHaveLength(3);
    expect(studentLines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.test"",""Eve""\)","[^"]+","'\+SUM\(1;'-2\)",/);
    expect(studentLines[1]).toContain('"Yes","Best attempt","1","55","Passed","300","2026-11-20 09:15:00"');
    expect(studentLines[2]).toContain('"No","Best attempt","2","45","Not passed"');

    const grid = await csvOf(bed.tenant.teacher, "/reports/class", { classId, format: "csv" });
    expect(grid.status).toBe(200);
    expect(grid.disposition).toMatch(new RegExp(`filename="class-report-class-1-${classId}-`));
    expect([...grid.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const gridLines = new TextDecoder().decode(grid.bytes.slice(3)).trimEnd().split("\r\n");
    expect(gridLines[0]).toMatch(/^"Student name","E-mail","'\+SUM\(1;'-2\) \[\d+\] Percentage","'\+SUM\(1;'-2\) \[\d+\] Passed","'\+SUM\(1;'-2\) \[\d+\] Attempts"$/);
    expect(gridLines[1]).toMatch(/^"'=HYPERLINK.*","55","Passed","2"$/);
  });

  it("refuses a CSV as the JSON is refused: another school's class is 404 with no file", async () => {
    const theirClass = await classOf(bed.other.teacher, []);
    const res = await csvOf(bed.tenant.owner, "/reports/class", { classId: theirClass, format: "csv" });
    expect(res.status).toBe(404);
    expect(res.type).toContain("application/json");
  });
});

describe("the reports' rate limit", () => {
  it("refuses an author past their reads in ten minutes with 429 and Retry-After; another author still reads", async () => {
    const ann = await newStudent("Ann");
    const classId = await classOf(bed.tenant.teacher, [ann]);
    // The counter as 600 reads in this window would leave it (counting them one by one would only slow the test).
    await bed.services.db.insert(loginThrottle).values({ key: `reports:10m:${bed.tenant.teacher.id}`, failures: REPORT_LIMITS.perTenMinutes, windowStartedAt: bed.services.now() });
    const res = await bed.app.request("/reports/class", { method: "POST", headers: { "content-type": "application/json", ...(await bearer(bed.services, bed.tenant.teacher)) }, body: JSON.stringify({ classId }) });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await post(bed.tenant.owner, "/reports/class", { classId })).status).toBe(200);
  });
});
