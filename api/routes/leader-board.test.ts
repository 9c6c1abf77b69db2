import { beforeEach, describe, expect, it } from "vitest";
import { createAttempt, createCategoryCourse, createQuiz, createUser } from "../test-support/factories.node";
import type { AppServices } from "../services/core/app-services";
import { pickCountingAttempt } from "../services/attempts/counting-attempt";
import { AppError } from "../services/core/errors";
import { readBoardAttempt } from "../services/leader-board/read-board-attempt";
import { callerOf } from "../test-support/test-app.node";
import { createTestBed, type Tenant, type TestBed, type Who } from "../test-support/test-bed.node";

/** The leader board and its dropdowns (spec 2.7, 7; decisions.md "Results lists"; docs/decisions/0041). */
let services: AppServices;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];
let call: TestBed["call"];
const START = Date.UTC(2026, 10, 23, 9, 0, 0);

beforeEach(async () => {
  ({ services, tenant, other, post, call } = await createTestBed("Board School"));
});

type Owner = Tenant;
async function quizOf(owner: Owner, fields: { quizName: string; category?: string; takeBestScore?: boolean }) {
  const { category, course } = await createCategoryCourse(services.db, { businessId: owner.business.id, category: fields.category ?? `Category of ${fields.quizName}` });
  const { quiz } = await createQuiz(services.db, {
    businessId: owner.business.id,
    teacherId: owner.teacher.id,
    categoryId: category.id,
    courseId: course.id,
    questionCount: 0,
    quizName: fields.quizName,
    takeBestScore: fields.takeBestScore ?? false,
    attemptsAllowed: 5,
  });
  return quiz;
}

/** A finished attempt (unless `open`), attempt number n, the given percentage and seconds. */
function attempt(owner: Owner, quizId: number, studentId: number, n: number, percentage: number, timeTaken = 60, open = false) {
  const startedAt = new Date(START + n * 3_600_000);
  return createAttempt(services.db, {
    businessId: owner.business.id,
    quizId,
    studentId,
    attemptNumber: n,
    percentage,
    correctAnswered: Math.round(percentage / 10),
    timeTaken,
    startedAt,
    submittedAt: open ? null : new Date(startedAt.getTime() + timeTaken * 1000),
  });
}

const student = (name: string, owner: Owner = tenant) => createUser(services.db, { businessId: owner.business.id, userType: "Student", fullname: name });
const board = (queryParams: unknown = {}, who: Who = tenant.owner) => post(who, "/takenQuiz/fetchAllTakenQuiz", { queryParams });

/** Two quizzes (best-score and latest-score), three students, a few attempts each. */
async function school() {
  const best = await quizOf(tenant, { quizName: "Optics", category: "Physics", takeBestScore: true });
  const latest = await quizOf(tenant, { quizName: "Cells", category: "Biology", takeBestScore: false });
  const ann = await student("Ann Archer");
  const bob = await student("Bob Baker");
  const cyd = await student("Cyd Carter");
  const annBest = [await attempt(tenant, best.id, ann.id, 1, 40), await attempt(tenant, best.id, ann.id, 2, 90), await attempt(tenant, best.id, ann.id, 3, 70)];
  await attempt(tenant, best.id, ann.id, 4, 100, 60, true); // still running: never counts, never counted
  const bobBest = [await attempt(tenant, best.id, bob.id, 1, 90, 30), await attempt(tenant, best.id, bob.id, 2, 90, 10)];
  const annLatest = [await attempt(tenant, latest.id, ann.id, 1, 100), await attempt(tenant, latest.id, ann.id, 2, 20)];
  const cydLatest = [await attempt(tenant, latest.id, cyd.id, 1, 55)];
  return { best, latest, ann, bob, cyd, annBest, bobBest, annLatest, cydLatest };
}

describe("fetchAllTakenQuiz", () => {
  it("has one row per student and quiz: the best attempt when takeBestScore is Yes (earliest on a tie), else the latest; finished attempts counted", async () => {
    const s = await school();
    const res = await board();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totalCount).toBe(4);
    expect(res.body.studentCount).toBe(3);
    const byPair = new Map(res.body.entities.map((row: { quizId: number; studentName: string }) => [`${row.quizId}:${row.studentName}`, row]));
    expect(byPair.get(`${s.best.id}:Ann Archer`)).toMatchObject({ takenQuizId: s.annBest[1].id, id: s.annBest[1].id, percentage: 90, totalAttempts: 3, quizName: "Optics", quizCategory: "Physics", status: "Pending" });
    // A tie at 90: the first attempt keeps the row (what a retake only equals changes nothing).
    expect(byPair.get(`${s.best.id}:Bob Baker`)).toMatchObject({ takenQuizId: s.bobBest[0].id, percentage: 90, totalAttempts: 2, timeTaken: 30 });
    // takeBestScore No: the latest attempt, though an earlier one scored 100.
    expect(byPair.get(`${s.latest.id}:Ann Archer`)).toMatchObject({ takenQuizId: s.annLatest[1].id, percentage: 20, totalAttempts: 2 });
    expect(byPair.get(`${s.latest.id}:Cyd Carter`)).toMatchObject({ takenQuizId: s.cydLatest[0].id, percentage: 55, totalAttempts: 1 });
  });

  it("sorts by percentage descending by default (the quicker first on a tie), and by id or student name either way", async () => {
    const s = await school();
    // Bob's 90 took 30 s, Ann's 90 took 60 s.
    expect((await board()).body.entities.map((r: { takenQuizId: number }) => r.takenQuizId)).toEqual([s.bobBest[0].id, s.annBest[1].id, s.cydLatest[0].id, s.annLatest[1].id]);
    expect((await board({ sortField: "" })).body.entities[0].takenQuizId).toBe(s.bobBest[0].id);
    expect((await board({ sortField: "percentage", sortOrder: "asc" })).body.entities.map((r: { percentage: number }) => r.percentage)).toEqual([20, 55, 90, 90]);
    const ids = (await board({ sortField: "id", sortOrder: "asc" })).body.entities.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect((await board({ sortField: "takenQuizId", sortOrder: "desc" })).body.entities.map((r: { id: number }) => r.id)).toEqual([...ids].reverse());
    const names = (await board({ sortField: "studentName", sortOrder: "desc" })).body.entities.map((r: { studentName: string }) => r.studentName);
    expect(names).toEqual(["Cyd Carter", "Bob Baker", "Ann Archer", "Ann Archer"]);
  });

  it("filters by quiz name and category (exact; empty = All) and by a part of the student's name, and counts the students it keeps", async () => {
    await school();
    const optics = await board({ filter: { quizName: "Optics" } });
    expect(optics.body.entities.map((r: { quizName: string }) => r.quizName)).toEqual(["Optics", "Optics"]);
    expect(optics.body).toMatchObject({ totalCount: 2, studentCount: 2 });
    expect((await board({ filter: { quizName: "Opt" } })).body.totalCount).toBe(0);
    const biology = await board({ filter: { quizCategory: "Biology" } });
    expect(biology.body.entities.map((r: { studentName: string }) => r.studentName).sort()).toEqual(["Ann Archer", "Cyd Carter"]);
    expect((await board({ filter: { quizName: "", quizCategory: "" } })).body.totalCount).toBe(4);
    const ann = await board({ filter: { studentName: "archer" } });
    expect(ann.body).toMatchObject({ totalCount: 2, studentCount: 1 });
    expect((await board({ filter: { quizName: "Optics", quizCategory: "Biology" } })).body).toMatchObject({ totalCount: 0, studentCount: 0, entities: [] });
    // Wildcards are literal characters.
    expect((await board({ filter: { studentName: "%" } })).body.totalCount).toBe(0);
  });

  it("agrees with pickCountingAttempt (the result page's rule) on many random attempts, ties and 1/3 percentages included", async () => {
    const best = await quizOf(tenant, { quizName: "Random best", takeBestScore: true });
    const latest = await quizOf(tenant, { quizName: "Random latest", takeBestScore: false });
    const people = [await student("R One"), await student("R Two"), await student("R Three"), await student("R Four")];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const made: Awaited<ReturnType<typeof attempt>>[] = [];
    for (const quiz of [best, latest]) {
      for (const person of people) {
        const tries = 1 + Math.floor(random() * 6);
        for (let n = 1; n <= tries; n++) made.push(await attempt(tenant, quiz.id, person.id, n, (Math.floor(random() * 4) * 100) / 3, 60, n === tries && random() < 0.3));
      }
    }
    const res = await board({ pageSize: 100 });
    for (const quiz of [best, latest]) {
      for (const person of people) {
        const mine = made.filter((a) => a.quizId === quiz.id && a.studentId === person.id);
        const expected = pickCountingAttempt(mine, quiz.takeBestScore);
        const row = res.body.entities.find((r: { quizId: number; studentName: string }) => r.quizId === quiz.id && r.studentName === person.fullname);
        expect(row?.takenQuizId ?? null).toBe(expected?.id ?? null);
        if (row) expect(row.totalAttempts).toBe(mine.filter((a) => a.submittedAt !== null).length);
      }
    }
  });

  it("pages with any size from 1 to 100", async () => {
    await school();
    const first = await board({ pageSize: 1, pageNumber: 1 });
    const second = await board({ pageSize: 1, pageNumber: 2 });
    expect(first.body.entities).toHaveLength(1);
    expect(second.body.entities).toHaveLength(1);
    expect(second.body.totalCount).toBe(4);
    expect(second.body.entities[0].id).not.toBe(first.body.entities[0].id);
    expect((await board({ pageNumber: 9 })).body).toMatchObject({ totalCount: 4, entities: [] });
  });

  it("never shows another business's attempts, even of a quiz with the same name", async () => {
    await school();
    const theirQuiz = await quizOf(other, { quizName: "Optics", category: "Physics", takeBestScore: true });
    const theirs = await student("Zed Zimmer", other);
    await attempt(other, theirQuiz.id, theirs.id, 1, 100);
    const ours = await board({ pageSize: 100 });
    expect(ours.body.totalCount).toBe(4);
    expect(ours.body.entities.some((r: { studentName: string }) => r.studentName === "Zed Zimmer")).toBe(false);
    const theirBoard = await board({}, other.owner);
    expect(theirBoard.body.entities.map((r: { studentName: string }) => r.studentName)).toEqual(["Zed Zimmer"]);
  });

  it("answers bad input with a clear 400: a 100,000-character filter, an unknown sort field, a page size of 101, a filter that is not text", async () => {
    await school();
    const long = await board({ filter: { studentName: "x".repeat(100_000) } });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("filter.studentName must be at most 200 characters");
    const sort = await board({ sortField: "email" });
    expect(sort.status).toBe(400);
    expect(sort.body.message).toMatch(/sortField must be one of: percentage, id, studentName/);
    expect((await board({ pageSize: 101 })).status).toBe(400);
    expect((await board({ filter: { quizName: 3 } })).status).toBe(400);
    expect((await post(tenant.owner, "/takenQuiz/fetchAllTakenQuiz", "[]")).status).toBe(400);
  });

  it("is every signed-in user's (spec 2.3), with e-mails only for the owner, who gets the row actions", async () => {
    const s = await school();
    const asOwner = await board({}, tenant.owner);
    expect(asOwner.body.entities.find((r: { takenQuizId: number }) => r.takenQuizId === s.annBest[1].id).email).toBe(s.ann.email);
    for (const who of [tenant.student, tenant.teacher, s.bob]) {
      const res = await board({}, who);
      expect(res.status).toBe(200);
      expect(res.body.totalCount).toBe(4);
      expect(res.body.entities.every((r: object) => !("email" in r))).toBe(true);
      expect(JSON.stringify(res.body)).not.toContain("@test.quiz");
    }
    // The spec's studentEmail filter is dropped: a student cannot probe addresses through it.
    expect((await board({ filter: { studentEmail: "nobody-has-this" } }, tenant.student)).body.totalCount).toBe(4);
    expect((await board({}, null)).status).toBe(401);
  });

  it("takes a body without queryParams as the default query", async () => {
    await school();
    const bare = await post(tenant.student, "/takenQuiz/fetchAllTakenQuiz", {});
    expect(bare.status).toBe(200);
    expect(bare.body.entities.map((r: { percentage: number }) => r.percentage)).toEqual([90, 90, 55, 20]);
  });
});

describe("fetchQuizNames", () => {
  it("lists the de-duplicated names and categories of the business's quizzes that somebody finished, to every user", async () => {
    const s = await school();
    // A second quiz called Optics (another teacher's), finished: one name, two categories.
    const twin = await quizOf(tenant, { quizName: "Optics", category: "Astronomy" });
    await attempt(tenant, twin.id, s.cyd.id, 1, 10);
    // Never finished (only an open attempt) and never taken: not offered.
    const open = await quizOf(tenant, { quizName: "Genetics", category: "Chemistry" });
    await attempt(tenant, open.id, s.cyd.id, 1, 0, 60, true);
    await quizOf(tenant, { quizName: "Untaken" });
    const theirs = await quizOf(other, { quizName: "Secret quiz", category: "Secret category" });
    await attempt(other, theirs.id, other.student.id, 1, 50);

    for (const who of [tenant.owner, tenant.student]) {
      const res = await call(who, "GET", "/takenQuiz/fetchQuizNames");
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ quizNames: ["Cells", "Optics"], quizCategories: ["Astronomy", "Biology", "Physics"] });
    }
    expect((await call(null, "GET", "/takenQuiz/fetchQuizNames")).status).toBe(401);
  });
});

describe("readBoardAttempt (the board's download dialog)", () => {
  it("gives the owner a finished attempt of the business with the student's e-mail; nobody else, nothing foreign or running", async () => {
    const s = await school();
    const row = await readBoardAttempt(services, callerOf(tenant.owner), { takenQuizId: s.annBest[0].id });
    expect(row).toMatchObject({ takenQuizId: s.annBest[0].id, studentName: "Ann Archer", email: s.ann.email, percentage: 40, totalAttempts: 3, quizName: "Optics" });
    const status = (promise: Promise<unknown>) => promise.then(() => 200, (error: unknown) => (error instanceof AppError ? error.status : 500));
    expect(await status(readBoardAttempt(services, callerOf(tenant.teacher), { takenQuizId: s.annBest[0].id }))).toBe(403);
    expect(await status(readBoardAttempt(services, callerOf(tenant.student), { takenQuizId: s.annBest[0].id }))).toBe(403);
    expect(await status(readBoardAttempt(services, callerOf(other.owner), { takenQuizId: s.annBest[0].id }))).toBe(404);
    const running = await attempt(tenant, s.best.id, s.bob.id, 3, 0, 60, true);
    expect(await status(readBoardAttempt(services, callerOf(tenant.owner), { takenQuizId: running.id }))).toBe(404);
  });
});
