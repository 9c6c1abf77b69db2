import { describe, expect, it } from "vitest";
import { classResultsSchool, type ClassResultsSchool } from "../test-support/class-results.node";
import { bearer } from "../test-support/test-app.node";
import { eachTestBed, type Who } from "../test-support/test-bed.node";

/**
 * Issue 27 point 2 (ADR 0080): every results view takes an optional `classId` and then counts
 * only the attempts of the class's members; a class the caller does not manage is a 404.
 */
const bed = eachTestBed("Class Filter School");
const { post } = bed;

type School = ClassResultsSchool;
const school = () => classResultsSchool(bed);
const names = (entities: { fullname: string }[]) => entities.map((row) => row.fullname).sort();

/** Every way a class may not be used: another business's, another teacher's, never made (404 alike), not an id (400). */
async function expectRefusedClasses(s: School, ask: (who: Who, classId: unknown) => Promise<{ status: number; body: { code?: string } }>) {
  const { tenant } = bed;
  const foreign = await ask(tenant.teacher, s.foreign);
  const never = await ask(tenant.teacher, 987_654);
  expect(foreign).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
  expect(foreign).toEqual(never);
  expect(await ask(tenant.owner, s.foreign)).toMatchObject({ status: 404 });
  // ADR 0075: a class the teacher does not teach is not confirmed to them; the owner manages every class.
  expect(await ask(tenant.teacher, s.colleagues)).toEqual(never);
  expect((await ask(tenant.owner, s.colleagues)).status).toBe(200);
  expect((await ask(tenant.teacher, "abc")).status).toBe(400);
}

describe("POST /takenQuiz/fetchAllByQuizId with classId", () => {
  it("lists and counts only the class's members; without it, everyone", async () => {
    const s = await school();
    const read = (classId?: number) => post(bed.tenant.teacher, "/takenQuiz/fetchAllByQuizId", { quizId: s.quiz.id, ...(classId ? { classId } : {}) });
    const all = await read();
    expect(all.body.totalCount).toBe(4);
    const year10 = await read(s.year10);
    expect(year10.status).toBe(200);
    expect(year10.body.totalCount).toBe(2);
    expect(names(year10.body.entities)).toEqual(["Ada Class", "Ben Class"]);
    expect(names((await read(s.year11)).body.entities)).toEqual(["Cy Other"]);
    // With the search too: both filters apply.
    const searched = await post(bed.tenant.teacher, "/takenQuiz/fetchAllByQuizId", { quizId: s.quiz.id, classId: s.year10, queryParams: { filter: { studentName: "ben" } } });
    expect(names(searched.body.entities)).toEqual(["Ben Class"]);
    // null and "" are "All students".
    expect((await post(bed.tenant.teacher, "/takenQuiz/fetchAllByQuizId", { quizId: s.quiz.id, classId: null })).body.totalCount).toBe(4);
  });

  it("answers another business's class, another teacher's class and a never-used id with the same 404", async () => {
    const s = await school();
    await expectRefusedClasses(s, (who, classId) => post(who, "/takenQuiz/fetchAllByQuizId", { quizId: s.quiz.id, classId }));
  });
});

describe("POST /takenQuiz/fetchAllTakenQuiz with classId", () => {
  it("keeps the class's members on the owner's and the teacher's board, and counts its students", async () => {
    const s = await school();
    for (const who of [bed.tenant.owner, bed.tenant.teacher]) {
      const board = await post(who, "/takenQuiz/fetchAllTakenQuiz", { queryParams: {}, classId: s.year10 });
      expect(board.status).toBe(200);
      expect(board.body).toMatchObject({ totalCount: 2, studentCount: 2 });
      expect(names(board.body.entities)).toEqual(["Ada Class", "Ben Class"]);
    }
    expect((await post(bed.tenant.owner, "/takenQuiz/fetchAllTakenQuiz", { queryParams: {} })).body.totalCount).toBe(4);
  });

  it("never takes a class from a student, not even one they are in; refuses foreign and other teachers' classes as never-used ids", async () => {
    const s = await school();
    const studentAsk = await post(s.ada, "/takenQuiz/fetchAllTakenQuiz", { queryParams: {}, classId: s.year10 });
    expect(studentAsk).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
    expect((await post(s.ada, "/takenQuiz/fetchAllTakenQuiz", { queryParams: {} })).status).toBe(200);
    await expectRefusedClasses(s, (who, classId) => post(who, "/takenQuiz/fetchAllTakenQuiz", { queryParams: {}, classId }));
  });
});

describe("POST /takenQuiz/itemAnalysis with classId", () => {
  it("analyses only the class's attempts: counts, option choices and the score distribution", async () => {
    const s = await school();
    const analysis = async (classId?: number) => (await post(bed.tenant.teacher, "/takenQuiz/itemAnalysis", { quizId: s.quiz.id, ...(classId ? { classId } : {}) })).body.data;
    const all = await analysis();
    expect(all.attempts).toBe(4);
    const year10 = await analysis(s.year10);
    expect(year10.attempts).toBe(2);
    expect(year10.averagePercentage).toBe(50);
    expect(year10.questions[0].options.map((o: { chosenCount: number }) => o.chosenCount)).toEqual([1, 1]);
    expect(year10.distribution.find((bin: { from: number }) => bin.from === 90).count).toBe(1);
    const year11 = await analysis(s.year11);
    expect(year11.questions[0]).toMatchObject({ attempts: 1, facility: 1 });
    await expectRefusedClasses(s, (who, classId) => post(who, "/takenQuiz/itemAnalysis", { quizId: s.quiz.id, classId }));
  });

  it("keeps the answers per class: a filtered read after the whole quiz's is the class's, and each stays right read after read", async () => {
    const s = await school();
    const analysis = async (classId?: number) => (await post(bed.tenant.owner, "/takenQuiz/itemAnalysis", { quizId: s.quiz.id, ...(classId ? { classId } : {}) })).body.data;
    const chosen = (data: { questions: { options: { chosenCount: number }[] }[] }) => data.questions[0].options.map((o) => o.chosenCount);
    for (let round = 0; round < 2; round++) {
      expect(chosen(await analysis())).toEqual([2, 2]);
      expect(chosen(await analysis(s.year10))).toEqual([1, 1]);
      expect(chosen(await analysis(s.year11))).toEqual([0, 1]);
    }
  });

  it("shows a new member's attempts at once, and a member's new attempt", async () => {
    const s = await school();
    const analysis = async () => (await post(bed.tenant.teacher, "/takenQuiz/itemAnalysis", { quizId: s.quiz.id, classId: s.year11 })).body.data;
    expect((await analysis()).attempts).toBe(1);
    // Dee (wrong) joins Year 11: her finished attempt counts for the class straight away.
    expect((await post(bed.tenant.teacher, "/classes/members", { classId: s.year11, add: [s.dee.email] })).status).toBe(200);
    const joined = await analysis();
    expect(joined.attempts).toBe(2);
    expect(joined.questions[0].options.map((o: { chosenCount: number }) => o.chosenCount)).toEqual([1, 1]);
    // Cy takes it again and gets it wrong.
    await s.sit(s.cy, false, 2);
    const again = await analysis();
    expect(again.attempts).toBe(3);
    expect(again.questions[0].options.map((o: { chosenCount: number }) => o.chosenCount)).toEqual([2, 1]);
    // Dee leaves: her attempt goes with her.
    expect((await post(bed.tenant.teacher, "/classes/members", { classId: s.year11, remove: [s.dee.id] })).status).toBe(200);
    expect((await analysis()).attempts).toBe(2);
  });
});

describe("POST /takenQuiz/export with classId", () => {
  async function csv(who: Who, body: unknown) {
    const res = await bed.app.request("/takenQuiz/export", { method: "POST", headers: { "content-type": "application/json", ...(who ? await bearer(bed.services, who) : {}) }, body: JSON.stringify(body) });
    return { status: res.status, text: await res.text() };
  }

  it("exports a quiz's stats and the board of the class's members only", async () => {
    const s = await school();
    const stats = await csv(bed.tenant.teacher, { quizId: s.quiz.id, classId: s.year10 });
    expect(stats.status).toBe(200);
    expect(stats.text).toContain("Ada Class");
    expect(stats.text).toContain("Ben Class");
    expect(stats.text).not.toContain("Cy Other");
    expect(stats.text).not.toContain("Dee Nobody");
    expect(stats.text.trim().split("\r\n")).toHaveLength(3);
    const board = await csv(bed.tenant.owner, { queryParams: {}, classId: s.year11 });
    expect(board.status).toBe(200);
    expect(board.text.trim().split("\r\n")).toHaveLength(2);
    expect(board.text).toContain("Cy Other");
    const whole = await csv(bed.tenant.owner, { queryParams: {} });
    expect(whole.text.trim().split("\r\n")).toHaveLength(5);
  });

  it("refuses a class the caller does not manage as a never-used id, on both exports", async () => {
    const s = await school();
    const asJson = async (who: Who, body: unknown) => {
      const answer = await csv(who, body);
      return { status: answer.status, body: answer.status === 200 ? {} : (JSON.parse(answer.text) as { code?: string }) };
    };
    await expectRefusedClasses(s, (who, classId) => asJson(who, { quizId: s.quiz.id, classId }));
    await expectRefusedClasses(s, (who, classId) => asJson(who, { queryParams: {}, classId }));
    // A student's own board export takes no class either.
    expect((await csv(s.ada, { queryParams: {}, classId: s.year10 })).status).toBe(404);
  });
});
