import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { certificates, quizAttempts } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { MAX_STATUS_IDS } from "../services/quiz-stats/sort-fields";
import { STATS_MESSAGES } from "../services/quiz-stats/schemas";
import { createAttempt, createQuiz, createUser } from "../test-support/factories.node";
import { bearer } from "../test-support/test-app.node";
import { essayAttempt } from "../test-support/essay-attempt.node";
import { createTestBed, type Tenant, type TestApi, type TestBed } from "../test-support/test-bed.node";

/**
 * Spec 7 fetchAllByQuizId and updateStatus (issue 16 point 1; decisions.md "Results lists",
 * "Bulk status"; docs/decisions/0039-quiz-stats.md), through the real API on a migrated database.
 */
let services: AppServices;
let app: TestApi;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 27, 9, 0, 0);
  ({ services, app, tenant, other, post } = await createTestBed("Stats School", { now: () => new Date(clock) }));
});

type Student = Awaited<ReturnType<typeof createUser>>;

async function student(fullname: string, email: string, businessId = tenant.business.id): Promise<Student> {
  return createUser(services.db, { businessId, userType: "Student", fullname, email, username: email });
}

async function quizOf(owner: Tenant = tenant, fields: Partial<Parameters<typeof createQuiz>[1]> = {}) {
  return (await createQuiz(services.db, { businessId: owner.business.id, teacherId: owner.teacher.id, ...fields })).quiz;
}

/** A finished attempt (graded `minutesAgo` before the clock). */
async function finished(quizId: number, who: Student, fields: { percentage?: number; attemptNumber?: number; timeTaken?: number; minutesAgo?: number; businessId?: number } = {}) {
  const submittedAt = new Date(clock - (fields.minutesAgo ?? 5) * 60_000);
  return createAttempt(services.db, {
    businessId: fields.businessId ?? who.businessId,
    quizId,
    studentId: who.id,
    attemptNumber: fields.attemptNumber ?? 1,
    startedAt: new Date(submittedAt.getTime() - (fields.timeTaken ?? 120) * 1000),
    submittedAt,
    percentage: fields.percentage ?? 50,
    timeTaken: fields.timeTaken ?? 120,
  });
}

const list = (who: Parameters<TestBed["post"]>[0], quizId: number, queryParams: Record<string, unknown> = {}) => post(who, "/takenQuiz/fetchAllByQuizId", { quizId, queryParams });
const names = (body: { entities: { fullname: string }[] }) => body.entities.map((row) => row.fullname);
const statuses = async (ids: number[]) =>
  Object.fromEntries((await services.db.select({ id: quizAttempts.id, status: quizAttempts.status }).from(quizAttempts).where(inArray(quizAttempts.id, ids))).map((row) => [row.id, row.status]));

describe("POST /takenQuiz/fetchAllByQuizId", () => {
  it("lists every attempt at the quiz with the student's name and e-mail, student name ascending by default, paged", async () => {
    const quiz = await quizOf();
    const zoe = await student("Zoë Zimmer", "zoe@stats.test");
    const ada = await student("ada Lovelace", "ada@stats.test");
    const bob = await student("Bob Brown", "bob@stats.test");
    const a1 = await finished(quiz.id, ada, { percentage: 90 });
    await finished(quiz.id, ada, { percentage: 70, attemptNumber: 2 });
    await finished(quiz.id, zoe, { percentage: 40 });
    await finished(quiz.id, bob, { percentage: 100 });
    // Another quiz's attempt is not listed.
    await finished((await quizOf()).id, bob);

    const { status, body } = await list(tenant.teacher, quiz.id);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.totalCount).toBe(4);
    expect(names(body)).toEqual(["ada Lovelace", "ada Lovelace", "Bob Brown", "Zoë Zimmer"]);
    expect(body.inProgressCount).toBe(0);
    expect(body.entities[0]).toMatchObject({
      id: a1.id,
      takenQuizId: a1.id,
      quizId: quiz.id,
      studentId: ada.id,
      fullname: "ada Lovelace",
      studentName: "ada Lovelace",
      email: "ada@stats.test",
      studentEmail: "ada@stats.test",
      attemptNumber: 1,
      percentage: 90,
      timeTaken: 120,
      status: "Pending",
      inProgress: false,
      timeLeft: null,
      closesAt: null,
    });
    expect(body.entities[0].submittedAt).toBe(a1.submittedAt?.getTime());

    const second = await list(tenant.teacher, quiz.id, { pageNumber: 2, pageSize: 3 });
    expect([second.body.totalCount, names(second.body)]).toEqual([4, ["Zoë Zimmer"]]);
    // The owner reads it too.
    expect((await list(tenant.owner, quiz.id)).body.totalCount).toBe(4);
  });

  it("searches one term in the name or the e-mail, case-insensitively and literally", async () => {
    const quiz = await quizOf();
    await finished(quiz.id, await student("Maria Garcia", "mg@stats.test"));
    await finished(quiz.id, await student("Tom Hill", "tom.maria@stats.test"));
    await finished(quiz.id, await student("Ann Lee", "ann@stats.test"));
    await finished(quiz.id, await student("Under_score", "u%x@stats.test"));

    const search = (term: string) => list(tenant.teacher, quiz.id, { filter: { studentName: term, studentEmail: term } });
    expect(names((await search("MaRiA")).body)).toEqual(["Maria Garcia", "Tom Hill"]);
    expect(names((await search("  ANN ")).body)).toEqual(["Ann Lee"]);
    // LIKE's wildcards are plain characters here.
    expect(names((await search("%")).body)).toEqual(["Under_score"]);
    expect(names((await search("_")).body)).toEqual(["Under_score"]);
    expect((await search("nobody")).body).toMatchObject({ totalCount: 0, entities: [] });
    // One field alone filters by that field only.
    expect(names((await list(tenant.teacher, quiz.id, { filter: { studentName: "maria" } })).body)).toEqual(["Maria Garcia"]);
    expect(names((await list(tenant.teacher, quiz.id, { filter: { studentEmail: "" } })).body)).toHaveLength(4);
  });

  it("sorts by each field, both ways, with a stable tie-break", async () => {
    const quiz = await quizOf();
    await finished(quiz.id, await student("Cy", "a@stats.test"), { percentage: 30, timeTaken: 300, minutesAgo: 1 });
    await finished(quiz.id, await student("Al", "c@stats.test"), { percentage: 90, timeTaken: 100, minutesAgo: 30 });
    await finished(quiz.id, await student("Bo", "b@stats.test"), { percentage: 60, timeTaken: 200, minutesAgo: 10 });
    const sorted = async (sortField: string, sortOrder: "asc" | "desc") => names((await list(tenant.teacher, quiz.id, { sortField, sortOrder })).body);
    expect(await sorted("studentName", "desc")).toEqual(["Cy", "Bo", "Al"]);
    expect(await sorted("studentEmail", "asc")).toEqual(["Cy", "Bo", "Al"]);
    expect(await sorted("percentage", "desc")).toEqual(["Al", "Bo", "Cy"]);
    expect(await sorted("attemptDate", "asc")).toEqual(["Al", "Bo", "Cy"]);
    expect(await sorted("timeTaken", "asc")).toEqual(["Al", "Bo", "Cy"]);
    expect(await sorted("", "asc")).toEqual(["Al", "Bo", "Cy"]);
    const rows = (await list(tenant.teacher, quiz.id)).body.entities as { id: number }[];
    expect((await post(tenant.teacher, "/takenQuiz/updateStatus", { quizId: quiz.id, ids: [rows[2].id], status: "Accepted" })).status).toBe(200);
    expect(await sorted("status", "asc")).toEqual(["Cy", "Al", "Bo"]);
  });

  it("includes attempts in progress with their time left (none without a limit), and grades those past their deadline first", async () => {
    const timed = await quizOf(tenant, { time: 10 });
    const sam = await student("Sam Running", "sam@stats.test");
    const late = await student("Lee Late", "lee@stats.test");
    const running = await createAttempt(services.db, { businessId: tenant.business.id, quizId: timed.id, studentId: sam.id, startedAt: new Date(clock - 4 * 60_000), deadlineAt: new Date(clock + 6 * 60_000 - 500) });
    const expired = await createAttempt(services.db, { businessId: tenant.business.id, quizId: timed.id, studentId: late.id, startedAt: new Date(clock - 20 * 60_000), deadlineAt: new Date(clock - 10 * 60_000) });

    const { body } = await list(tenant.teacher, timed.id);
    expect(body.inProgressCount).toBe(1);
    const byId = Object.fromEntries((body.entities as { id: number }[]).map((row) => [row.id, row]));
    expect(byId[running.id]).toMatchObject({ inProgress: true, submittedAt: null, timeLeft: 360, closesAt: clock + 6 * 60_000 - 500, timeTaken: 240, status: "Pending" });
    expect(byId[expired.id]).toMatchObject({ inProgress: false, timeLeft: null, timeTaken: 600 });

    const untimed = await quizOf(tenant, { time: -1 });
    await createAttempt(services.db, { businessId: tenant.business.id, quizId: untimed.id, studentId: sam.id, startedAt: new Date(clock - 60_000) });
    expect((await list(tenant.teacher, untimed.id)).body.entities[0]).toMatchObject({ inProgress: true, timeLeft: null, closesAt: null, timeTaken: 60 });

    // The page's next refresh, 10 s later: 10 s less.
    clock += 10_000;
    expect(((await list(tenant.teacher, timed.id)).body.entities as { id: number; timeLeft: number }[]).find((row) => row.id === running.id)?.timeLeft).toBe(350);
  });

  it("says which finished attempts await a grader (gradingStatus NeedsGrading) until their essays are marked", async () => {
    const { quiz, id, takenQuizId } = await essayAttempt({ services, post }, tenant);
    const rowOf = async () => (await list(tenant.teacher, quiz.id)).body.entities.find((row: { id: number }) => row.id === takenQuizId);
    expect(await rowOf()).toMatchObject({ inProgress: false, gradingStatus: "NeedsGrading" });
    expect((await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId, questionId: id.rubricEssay, mark: 2 })).status).toBe(200);
    expect(await rowOf()).toMatchObject({ gradingStatus: "NeedsGrading" });
    expect((await post(tenant.teacher, "/takenQuiz/grade", { takenQuizId, questionId: id.plainEssay, mark: 1 })).status).toBe(200);
    expect(await rowOf()).toMatchObject({ gradingStatus: "Graded" });
  });

  it("refuses bad queries with a clear 400: an unknown sort field, a 100,000-character search, a bad page size, a bad quiz id", async () => {
    const quiz = await quizOf();
    const cases: [Record<string, unknown>, string][] = [
      [{ quizId: quiz.id, queryParams: { sortField: "password" } }, "sortField must be one of: studentName, studentEmail, percentage, attemptDate, status, timeTaken"],
      [{ quizId: quiz.id, queryParams: { filter: { studentName: "x".repeat(100_000) } } }, STATS_MESSAGES.searchLength],
      [{ quizId: quiz.id, queryParams: { filter: { studentEmail: "y".repeat(201) } } }, STATS_MESSAGES.searchLength],
      [{ quizId: quiz.id, queryParams: { filter: { studentName: { $ne: 1 } } } }, STATS_MESSAGES.searchText],
      [{ quizId: quiz.id, queryParams: { pageSize: 101 } }, "pageSize must be at most 100"],
      [{ quizId: quiz.id, queryParams: { pageSize: 0 } }, "pageSize must be at least 1"],
      [{ quizId: "abc", queryParams: {} }, "quizId must be a quiz id"],
      [{ queryParams: {} }, "quizId is required"],
    ];
    for (const [body, message] of cases) {
      const answer = await post(tenant.teacher, "/takenQuiz/fetchAllByQuizId", body);
      expect([answer.status, answer.body.code, answer.body.message], JSON.stringify(body).slice(0, 80)).toEqual([400, "VALIDATION", message]);
    }
    // Any page size from 1 to 100 is fine.
    expect((await list(tenant.teacher, quiz.id, { pageSize: 100 })).status).toBe(200);
    expect((await list(tenant.teacher, quiz.id, { pageSize: 7 })).status).toBe(200);
  });

  it("is for the quiz's teacher and the owner: a student 403, another teacher 403, another business's quiz 404, no session 401", async () => {
    const quiz = await quizOf();
    await finished(quiz.id, tenant.student);
    const colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });
    expect((await list(tenant.student, quiz.id)).status).toBe(403);
    expect((await list(colleague, quiz.id)).status).toBe(403);
    expect((await list(other.owner, quiz.id)).status).toBe(404);
    expect((await list(other.teacher, quiz.id)).status).toBe(404);
    expect((await list(tenant.teacher, 999_999)).status).toBe(404);
    expect((await list(null, quiz.id)).status).toBe(401);
    expect((await list(tenant.teacher, quiz.id)).status).toBe(200);
  });
});

describe("POST /takenQuiz/updateStatus", () => {
  async function threeFinished() {
    const quiz = await quizOf();
    const rows = [];
    for (const name of ["One", "Two", "Three"]) rows.push(await finished(quiz.id, await student(name, `${name.toLowerCase()}@stats.test`)));
    return { quiz, ids: rows.map((row) => row.id) };
  }

  it("sets the status of all the ids at once, for the quiz's teacher and the owner", async () => {
    const { quiz, ids } = await threeFinished();
    const answer = await post(tenant.teacher, "/takenQuiz/updateStatus", { ids, status: "Accepted", quizId: quiz.id, query: { pageNumber: 1 } });
    expect([answer.status, answer.body]).toEqual([200, { message: STATS_MESSAGES.updated, status: "Accepted", updatedCount: 3 }]);
    expect(await statuses(ids)).toEqual(Object.fromEntries(ids.map((id) => [id, "Accepted"])));
    // Repeated ids count once; the owner may decide too.
    const again = await post(tenant.owner, "/takenQuiz/updateStatus", { ids: [ids[0], ids[0]], status: "Rejected", quizId: quiz.id });
    expect([again.status, again.body.updatedCount]).toEqual([200, 1]);
    expect(await statuses(ids)).toEqual({ [ids[0]]: "Rejected", [ids[1]]: "Accepted", [ids[2]]: "Accepted" });
  });

  it("changes nothing when any id is another quiz's, another business's, unknown or still in progress", async () => {
    const { quiz, ids } = await threeFinished();
    const otherQuiz = await quizOf();
    const elsewhere = await finished(otherQuiz.id, tenant.student);
    const foreignQuiz = await quizOf(other);
    const foreign = await finished(foreignQuiz.id, other.student);
    const running = await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId: tenant.student.id, startedAt: new Date(clock) });
    for (const intruder of [elsewhere.id, foreign.id, running.id, 999_999]) {
      const answer = await post(tenant.teacher, "/takenQuiz/updateStatus", { ids: [...ids, intruder], status: "Rejected", quizId: quiz.id });
      expect([answer.status, answer.body.message, answer.body.errors?.ids], `id ${intruder}`).toEqual([400, STATS_MESSAGES.notFinishedOfQuiz, `Not finished attempts of this quiz: ${intruder}`]);
    }
    expect(Object.values(await statuses([...ids, elsewhere.id, foreign.id, running.id]))).toEqual(["Pending", "Pending", "Pending", "Pending", "Pending", "Pending"]);
    // The other business's attempt through its own quiz id: that quiz is not found here.
    expect((await post(tenant.teacher, "/takenQuiz/updateStatus", { ids: [foreign.id], status: "Rejected", quizId: foreignQuiz.id })).status).toBe(404);
    expect((await statuses([foreign.id]))[foreign.id]).toBe("Pending");
  });

  it("refuses a status outside the three, no ids, 10,000 ids and malformed ids with 400, changing nothing", async () => {
    const { quiz, ids } = await threeFinished();
    const cases: [Record<string, unknown>, string][] = [
      [{ ids, status: "Approved", quizId: quiz.id }, STATS_MESSAGES.statusInvalid],
      [{ ids, status: "accepted", quizId: quiz.id }, STATS_MESSAGES.statusInvalid],
      [{ ids, quizId: quiz.id }, STATS_MESSAGES.statusInvalid],
      [{ ids: [], status: "Accepted", quizId: quiz.id }, STATS_MESSAGES.idsRequired],
      [{ ids: "1,2", status: "Accepted", quizId: quiz.id }, STATS_MESSAGES.idsRequired],
      [{ ids: Array.from({ length: 10_000 }, (_, i) => i + 1), status: "Accepted", quizId: quiz.id }, STATS_MESSAGES.idsTooMany],
      [{ ids: Array.from({ length: MAX_STATUS_IDS + 1 }, (_, i) => i + 1), status: "Accepted", quizId: quiz.id }, STATS_MESSAGES.idsTooMany],
      [{ ids: [ids[0], "2"], status: "Accepted", quizId: quiz.id }, STATS_MESSAGES.idInvalid],
      [{ ids: [ids[0], -1], status: "Accepted", quizId: quiz.id }, STATS_MESSAGES.idInvalid],
      [{ ids: [1.5], status: "Accepted", quizId: quiz.id }, STATS_MESSAGES.idInvalid],
      [{ ids, status: "Accepted" }, "quizId is required"],
    ];
    // The refusals the stats page shows travel by code (ADR 0061); the page reads no words.
    const codeOf = (message: string) => ({ [STATS_MESSAGES.statusInvalid]: "STATS_STATUS_INVALID", [STATS_MESSAGES.idsRequired]: "STATS_IDS_REQUIRED" })[message] ?? "VALIDATION";
    for (const [body, message] of cases) {
      const answer = await post(tenant.teacher, "/takenQuiz/updateStatus", body);
      expect([answer.status, answer.body.code, answer.body.message], JSON.stringify(body).slice(0, 80)).toEqual([400, codeOf(message), message]);
    }
    expect(Object.values(await statuses(ids))).toEqual(["Pending", "Pending", "Pending"]);
    // Exactly the most allowed is a normal call (here refused only because those ids are not this quiz's).
    const most = await post(tenant.teacher, "/takenQuiz/updateStatus", { ids: Array.from({ length: MAX_STATUS_IDS }, (_, i) => i + 1), status: "Accepted", quizId: quiz.id });
    expect([most.status, most.body.code, most.body.message]).toEqual([400, "STATS_NOT_FINISHED", STATS_MESSAGES.notFinishedOfQuiz]);
    expect(most.body.errors.ids).toMatch(/, …$/);
  });

  it("is for the quiz's teacher and the owner only: a student and another teacher get 403 and nothing changes", async () => {
    const { quiz, ids } = await threeFinished();
    const colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });
    for (const who of [tenant.student, colleague]) {
      const answer = await post(who, "/takenQuiz/updateStatus", { ids, status: "Rejected", quizId: quiz.id });
      expect([answer.status, answer.body.code]).toEqual([403, "FORBIDDEN"]);
    }
    expect((await post(other.owner, "/takenQuiz/updateStatus", { ids, status: "Rejected", quizId: quiz.id })).status).toBe(404);
    expect((await post(null, "/takenQuiz/updateStatus", { ids, status: "Rejected", quizId: quiz.id })).status).toBe(401);
    expect(Object.values(await statuses(ids))).toEqual(["Pending", "Pending", "Pending"]);
  });
});

describe("a certificate follows its result's status (ADR 0039)", () => {
  it("a teacher downloads the student's PDF; Rejected revokes it for the public check and the student; Accepted makes it valid again", async () => {
    const quiz = await quizOf();
    const attempt = await finished(quiz.id, tenant.student, { percentage: 80 });
    const download = async (who: Parameters<typeof bearer>[1]) => app.request(`/takenQuiz/${attempt.id}/certificate`, { headers: await bearer(services, who) });
    const verify = async (code: string) => {
      const res = await app.request(`/certificates/${code}`, { headers: { "x-quiz-client-address": "198.51.100.20" } });
      return { status: res.status, body: (await res.json()) as { message?: string; code?: string; data?: unknown } };
    };

    // The quiz's teacher and the owner get the same PDF as the student; another teacher does not.
    const byTeacher = await download(tenant.teacher);
    expect([byTeacher.status, byTeacher.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    expect((await download(tenant.owner)).status).toBe(200);
    expect((await download(await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" }))).status).toBe(404);
    expect((await download(other.owner)).status).toBe(404);
    const [row] = await services.db.select().from(certificates).where(eq(certificates.attemptId, attempt.id));
    expect((await verify(row.code)).status).toBe(200);

    const setStatus = (status: string) => post(tenant.teacher, "/takenQuiz/updateStatus", { ids: [attempt.id], status, quizId: quiz.id });
    expect((await setStatus("Rejected")).status).toBe(200);
    expect(await verify(row.code)).toEqual({ status: 410, body: { message: "This certificate has been revoked: the school rejected the result, so it is not valid", code: "CERTIFICATE_REVOKED" } });
    for (const who of [tenant.student, tenant.teacher]) {
      const res = await download(who);
      expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([410, "CERTIFICATE_REVOKED"]);
    }

    expect((await setStatus("Accepted")).status).toBe(200);
    expect((await verify(row.code)).body.data).toMatchObject({ valid: true, percentage: 80 });
    expect((await download(tenant.student)).status).toBe(200);
    // Still the one certificate, with its first code.
    expect(await services.db.select({ code: certificates.code }).from(certificates)).toEqual([{ code: row.code }]);
  });

  it("a result rejected before any download gets no certificate at all", async () => {
    const quiz = await quizOf();
    const attempt = await finished(quiz.id, tenant.student);
    await post(tenant.teacher, "/takenQuiz/updateStatus", { ids: [attempt.id], status: "Rejected", quizId: quiz.id });
    const res = await app.request(`/takenQuiz/${attempt.id}/certificate`, { headers: await bearer(services, tenant.student) });
    expect(res.status).toBe(410);
    expect(await services.db.select().from(certificates)).toEqual([]);
  });
});

describe("the OpenAPI document", () => {
  it("describes both calls with their bodies and answers", async () => {
    const document = (await (await app.request("/openapi.json")).json()) as { paths: Record<string, { post?: { requestBody?: unknown; responses: Record<string, unknown> } }> };
    for (const path of ["/takenQuiz/fetchAllByQuizId", "/takenQuiz/updateStatus"]) {
      const post = document.paths[path]?.post;
      expect(post?.requestBody, path).toBeDefined();
      expect(Object.keys(post?.responses ?? {}).sort(), path).toEqual(["200", "400", "401", "403", "404"]);
    }
    expect(Object.keys(document.paths["/certificates/{code}"] as object)).toContain("get");
  });
});
