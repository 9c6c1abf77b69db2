import { and, eq } from "drizzle-orm";
import Papa from "papaparse";
import { quizAttempts } from "../../db/schema";
import { beforeEach, describe, expect, it } from "vitest";
import { createAttempt, createCategoryCourse, createQuiz, createUser } from "../test-support/factories.node";
import type { AppServices } from "../services/core/app-services";
import { neutraliseCell } from "../services/export/csv";
import { bearer } from "../test-support/test-app.node";
import { createTestBed, type Tenant, type TestApi, type Who } from "../test-support/test-bed.node";

/** CSV export of a quiz's stats and of the leader board (decisions.md "Export"; docs/decisions/0041). */
let services: AppServices;
let app: TestApi;
let tenant: Tenant;
let other: Tenant;
const BOM = "\uFEFF";
const SUBMITTED = Date.UTC(2026, 10, 23, 9, 30, 5);

beforeEach(async () => {
  ({ services, app, tenant, other } = await createTestBed("Export School", { now: () => new Date(SUBMITTED) }));
});

async function exportCsv(body: unknown, who: Who = tenant.owner) {
  const headers: Record<string, string> = { "content-type": "application/json", ...(who ? await bearer(services, who) : {}) };
  const res = await app.request("/takenQuiz/export", { method: "POST", headers, body: JSON.stringify(body) });
  // Response.text() drops a BOM (the Encoding standard's "UTF-8 decode"): read the bytes as sent.
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
  return { status: res.status, text, type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition"), cache: res.headers.get("cache-control") };
}

/** The rows of a CSV as a spreadsheet reads them (BOM off, header first). */
const rowsOf = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;

/** A quiz of the tenant's teacher with one finished attempt per student named, and one still running. */
async function quizWith(names: string[], owner: Tenant = tenant, quizName = "Light & lenses") {
  const { category, course } = await createCategoryCourse(services.db, { businessId: owner.business.id, category: `Physics of ${quizName}` });
  const { quiz } = await createQuiz(services.db, { businessId: owner.business.id, teacherId: owner.teacher.id, categoryId: category.id, courseId: course.id, questionCount: 0, quizName, takeBestScore: true });
  const students = [];
  for (const [i, fullname] of names.entries()) {
    const student = await createUser(services.db, { businessId: owner.business.id, userType: "Student", fullname });
    students.push(student);
    await createAttempt(services.db, {
      businessId: owner.business.id,
      quizId: quiz.id,
      studentId: student.id,
      attemptNumber: 1,
      percentage: 100 / 3 + i,
      correctAnswered: 1,
      timeTaken: 95,
      startedAt: new Date(SUBMITTED - 95_000),
      submittedAt: new Date(SUBMITTED),
    });
  }
  const runner = await createUser(services.db, { businessId: owner.business.id, userType: "Student", fullname: "Still Running" });
  await createAttempt(services.db, { businessId: owner.business.id, quizId: quiz.id, studentId: runner.id, startedAt: new Date(SUBMITTED) });
  return { quiz, students };
}

const DANGEROUS = ['=HYPERLINK("http://evil.test","x")', "+1", "-2", "@SUM(A1:A2)", "\tTabbed", "\rCarriage"];

describe("export of a quiz's stats", () => {
  it("answers a UTF-8 CSV with a BOM, CRLF line ends, one row per finished attempt, as an attachment no cache keeps", async () => {
    const { quiz, students } = await quizWith(["Ann Archer", "山田 太郎"]);
    // 山田's essay awaits a grader: the marking column says so (the percentage beside it is provisional).
    await services.db.update(quizAttempts).set({ gradingStatus: "NeedsGrading" }).where(and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.studentId, students[1].id)));
    const res = await exportCsv({ quizId: quiz.id }, tenant.teacher);
    expect(res.status, res.text).toBe(200);
    expect(res.type).toBe("text/csv; charset=utf-8");
    expect(res.disposition).toBe(`attachment; filename="quiz-stats-light-lenses-${quiz.id}.csv"`);
    expect(res.cache).toBe("private, no-store");
    expect(res.text.startsWith(BOM)).toBe(true);
    expect(res.text.split("\r\n").filter(Boolean)).toHaveLength(3);
    expect(res.text.replace(/\r\n/g, "")).not.toContain("\n");
    const [header, ...rows] = rowsOf(res.text);
    expect(header).toEqual(["ID", "Student name", "E-mail", "Attempt", "Percentage", "Correct answers", "Time taken (seconds)", "Date (UTC)", "Status", "Marking", "Passed"]);
    // Student name ascending by default; the running attempt is not a result yet.
    expect(rows).toEqual([
      [expect.any(String), "Ann Archer", students[0].email, "1", "33.33", "1", "95", "2026-11-23 09:30:05", "Pending", "Marked", ""],
      [expect.any(String), "山田 太郎", students[1].email, "1", "34.33", "1", "95", "2026-11-23 09:30:05", "Pending", "Awaiting marking", ""],
    ]);
  });

  it("neutralises every cell a spreadsheet would run as a formula, and doubles quotes", async () => {
    const { quiz } = await quizWith(DANGEROUS);
    const res = await exportCsv({ quizId: quiz.id, queryParams: { sortField: "id" } });
    expect(res.status).toBe(200);
    const names = rowsOf(res.text).slice(1).map((row) => row[1]);
    expect(names).toEqual(DANGEROUS.map((name) => `'${name}`));
    // The raw text: the quote-bearing cell is quoted, its quotes doubled.
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    for (const line of res.text.replace(BOM, "").split("\r\n").slice(1)) {
      expect(line).not.toMatch(/^(?:[^,]*,)?[=+\-@]/);
    }
  });

  it("keeps the stats page's search and sort, and refuses an unknown sort field or a 100,000-character search", async () => {
    const { quiz, students } = await quizWith(["Ann Archer", "Bob Baker", "Cyd Carter"]);
    const bySearch = await exportCsv({ quizId: quiz.id, queryParams: { filter: { studentName: "BAKER", studentEmail: "BAKER" } } });
    expect(rowsOf(bySearch.text).slice(1).map((r) => r[1])).toEqual(["Bob Baker"]);
    const byEmail = await exportCsv({ quizId: quiz.id, queryParams: { filter: { studentName: students[2].email, studentEmail: students[2].email } } });
    expect(rowsOf(byEmail.text).slice(1).map((r) => r[1])).toEqual(["Cyd Carter"]);
    const desc = await exportCsv({ quizId: quiz.id, queryParams: { sortField: "percentage", sortOrder: "desc", pageSize: 1 } });
    expect(rowsOf(desc.text).slice(1).map((r) => r[1])).toEqual(["Cyd Carter", "Bob Baker", "Ann Archer"]);
    const unknown = await exportCsv({ quizId: quiz.id, queryParams: { sortField: "password" } });
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.text).message).toMatch(/^sortField must be one of/);
    expect((await exportCsv({ quizId: quiz.id, queryParams: { filter: { studentName: "x".repeat(100_000) } } })).status).toBe(400);
    expect((await exportCsv({ quizId: "1" })).status).toBe(400);
  });

  it("is the quiz's teacher's and the owner's only: another teacher and a student get 403, another business's quiz is a 404", async () => {
    const { quiz } = await quizWith(["Ann Archer"]);
    expect((await exportCsv({ quizId: quiz.id }, tenant.owner)).status).toBe(200);
    expect((await exportCsv({ quizId: quiz.id }, tenant.teacher)).status).toBe(200);
    const colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });
    const refused = await exportCsv({ quizId: quiz.id }, colleague);
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain("Ann Archer");
    expect((await exportCsv({ quizId: quiz.id }, tenant.student)).status).toBe(403);
    expect((await exportCsv({ quizId: quiz.id }, other.owner)).status).toBe(404);
    expect((await exportCsv({ quizId: quiz.id }, null)).status).toBe(401);
  });
});

describe("export of the leader board", () => {
  it("holds the board's rows under its filter and sort; e-mails only for the owner; a student's export has none", async () => {
    const { quiz, students } = await quizWith(["Ann Archer", "山田 太郎"]);
    await quizWith(["Bob Baker"], tenant, "Other quiz");
    await quizWith(["Zed Zimmer"], other);
    const asOwner = await exportCsv({ queryParams: { filter: { quizName: "Light & lenses" } } });
    expect(asOwner.status).toBe(200);
    expect(asOwner.disposition).toBe('attachment; filename="leader-board-2026-11-23.csv"');
    expect(asOwner.text.startsWith(BOM)).toBe(true);
    const [header, ...rows] = rowsOf(asOwner.text);
    expect(header).toEqual(["ID", "Student name", "E-mail", "Quiz name", "Category", "Percentage", "Total attempts", "Time taken (seconds)", "Status", "Date (UTC)", "Passed"]);
    // Percentage descending: the Japanese name (34.33) first, read back as written.
    expect(rows.map((r) => [r[1], r[2], r[3]])).toEqual([
      ["山田 太郎", students[1].email, "Light & lenses"],
      ["Ann Archer", students[0].email, "Light & lenses"],
    ]);
    expect(rows[0][4]).toBe("Physics of Light & lenses");
    expect(quiz.quizName).toBe(rows[0][3]);

    const asTeacher = await exportCsv({}, tenant.teacher);
    expect(asTeacher.status).toBe(200);
    const [teacherHeader, ...teacherRows] = rowsOf(asTeacher.text);
    expect(teacherHeader).not.toContain("E-mail");
    expect(teacherRows.map((r) => r[1]).sort()).toEqual(["Ann Archer", "Bob Baker", "山田 太郎"]);
    expect(asTeacher.text).not.toContain("@test.quiz");
    expect(asTeacher.text).not.toContain("Zed Zimmer");
    // Issue 27 point 7 (ADR 0076): a student exports only their own rows, never a classmate's.
    const asStudent = await exportCsv({}, students[0]);
    expect(asStudent.status).toBe(200);
    expect(rowsOf(asStudent.text).slice(1).map((r) => r[1])).toEqual(["Ann Archer"]);
  });

  it("neutralises names on the board too, and refuses the board's bad input", async () => {
    await quizWith(DANGEROUS);
    const res = await exportCsv({ queryParams: { sortField: "studentName" } }, tenant.teacher);
    const names = rowsOf(res.text).slice(1).map((row) => row[1]);
    expect(names.sort()).toEqual(DANGEROUS.map((name) => `'${name}`).sort());
    expect((await exportCsv({ queryParams: { sortField: "attemptDate" } })).status).toBe(400);
    expect((await exportCsv({ queryParams: { filter: { quizName: "x".repeat(100_000) } } })).status).toBe(400);
    expect((await exportCsv({ queryParams: { filter: { quizName: "x".repeat(100_000) } } }, null)).status).toBe(401);
  });
});

/** Issue 25 point 15: formulas behind a separator that a spreadsheet of a `;` (or tab) locale splits the cell on. */
const BEHIND_SEPARATOR = ["Eve;=1+1", "Eve;@SUM(A1)", "Eve;-2", "Eve\t=1+1", "Eve,+3", "Eve; =1"];

describe("formulas behind a separator (issue 25, point 15)", () => {
  it("quotes every cell and neutralises every part a ';', ',' or tab starts, in the stats and the board", async () => {
    const { quiz } = await quizWith(BEHIND_SEPARATOR);
    const expected = ["Eve;'=1+1", "Eve;'@SUM(A1)", "Eve;'-2", "Eve\t'=1+1", "Eve,'+3", "Eve; =1"];
    for (const res of [await exportCsv({ quizId: quiz.id, queryParams: { sortField: "id" } }), await exportCsv({ queryParams: { sortField: "studentName" } }, tenant.teacher)]) {
      expect(res.status).toBe(200);
      expect(res.text.startsWith(BOM)).toBe(true);
      expect(rowsOf(res.text).slice(1).map((row) => row[1]).sort()).toEqual([...expected].sort());
      // Read as a `;` or a tab separated file (a French, German or Spanish spreadsheet), no field starts a formula.
      for (const delimiter of [";", "\t", ","]) {
        const fields = Papa.parse<string[]>(res.text.replace(BOM, ""), { delimiter, quoteChar: "\u0000", skipEmptyLines: true }).data.flat();
        for (const field of fields) expect(field.replace(/^"/, "")).not.toMatch(/^[=+\-@]/);
      }
      // Every cell quoted, the numbers too.
      for (const line of res.text.replace(BOM, "").split("\r\n").filter(Boolean)) expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
    }
  });
});

describe("neutraliseCell", () => {
  it("neutralises each part a separator starts, keeps a formula character inside a part", () => {
    expect(neutraliseCell("Eve;=1+1")).toBe("Eve;'=1+1");
    expect(neutraliseCell("a,@b;-c\t+d")).toBe("a,'@b;'-c\t'+d");
    expect(neutraliseCell("=a;=b")).toBe("'=a;'=b");
    for (const safe of ["Eve;1-2", "Ann, Bob", "Eve; =1"]) expect(neutraliseCell(safe)).toBe(safe);
  });

  it("prefixes =, +, -, @, tab and CR, and leaves every other cell as it is", () => {
    for (const risky of ["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx"]) expect(neutraliseCell(risky)).toBe(`'${risky}`);
    expect(neutraliseCell("\t=1")).toBe("'\t'=1");
    for (const safe of ["Ann", "", "1-2", " =1", "'quoted", "山田"]) expect(neutraliseCell(safe)).toBe(safe);
  });
});
