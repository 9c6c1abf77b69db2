import { createClient, type Client } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { expectHealthyAfterLock } from "../../db/test-support/lock-health.node";
import { scratchDatabases } from "../../db/test-support/scratch-files.node";
import { closeExpiredAttempts } from "../services/attempts/close-expired";
import { CLIENT_ADDRESS_HEADER } from "../services/auth/client-address";
import { createQuestion, createQuiz, createTestDb, TEST_PASSWORD } from "../test-support/factories.node";
import { bearer } from "../test-support/test-app.node";
import { shownIdsOf } from "../test-support/shown-ids.node";
import { createTestBed, type TestBed } from "../test-support/test-bed.node";

/**
 * Issue 25 point 13, through the API: each of the services' kinds of write meets another
 * process's write lock for longer than its patience (429 SERVER_BUSY), the lock goes, and
 * the process is as healthy as before (expectHealthyAfterLock) and serves the same request.
 * The first case is the finding's own: the public certificate check's rate-limit counter.
 */
const scratch = scratchDatabases();

const PATIENCE_MS = 80;

async function schoolBesideAnotherProcess(): Promise<TestBed & { otherProcess: Client }> {
  const file = scratch.file("write-after-busy-api");
  const bed = await createTestBed("Busy School", { db: await createTestDb({ url: `file:${file}`, busyTimeoutMs: PATIENCE_MS }) });
  const otherProcess = scratch.close(createClient({ url: `file:${file}` }));
  return { ...bed, otherProcess };
}

/** A request made ready before the lock is taken (its token's session is a write too); `expected` is its status once the lock is gone. */
interface Case {
  prepare(bed: TestBed): Promise<() => Promise<number>>;
  expected: number;
}

const json = (bed: TestBed, method: string, address: string, body: unknown, headers: Record<string, string> = {}) => async () =>
  (await bed.app.request(address, { method, headers: { "content-type": "application/json", [CLIENT_ADDRESS_HEADER]: "203.0.113.9", ...headers }, body: JSON.stringify(body) })).status;

/** A running attempt of a one-question quiz of `minutes`, and the student's token. */
async function runningAttempt(bed: TestBed, minutes = 30) {
  const { tenant, services } = bed;
  const made = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, options: [["A", false], ["B", true]] });
  const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: [made.question.id], time: minutes });
  const started = await bed.post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
  const shown = await shownIdsOf(services, started.body.takenQuizId);
  const answer = { questionId: made.question.id, answer: shown([made.options[1].id]) };
  return { quiz, takenQuizId: started.body.takenQuizId as number, answer, headers: await bearer(services, tenant.student) };
}

const cases: Record<string, Case> = {
  "the public certificate check's rate-limit counter (a batch of upserts that return rows)": {
    prepare: async (bed) => async () => (await bed.app.request("/certificates/3q2-7wAAAAD_u7u7u7u7uw", { headers: { [CLIENT_ADDRESS_HEADER]: "203.0.113.9" } })).status,
    expected: 404,
  },
  "a sign-in (the throttle cleared by a lone delete, the session inserted)": {
    prepare: async (bed) => json(bed, "POST", "/auth/login", { email: bed.tenant.student.email, password: TEST_PASSWORD }),
    expected: 200,
  },
  "a failed sign-in (the failure counters)": {
    prepare: async (bed) => json(bed, "POST", "/auth/login", { email: bed.tenant.student.email, password: "not-the-password" }),
    expected: 401,
  },
  "signing out (the session ended by a lone update)": {
    prepare: async (bed) => json(bed, "POST", "/auth/logout", {}, await bearer(bed.services, bed.tenant.student)),
    expected: 200,
  },
  "an autosave (group commit)": {
    prepare: async (bed) => {
      const { takenQuizId, answer, headers } = await runningAttempt(bed);
      return json(bed, "POST", "/takeQuiz/saveAnswers", { takenQuizId, answers: [answer] }, headers);
    },
    expected: 200,
  },
  "a submit (the close, a prepared write that returns the graded row)": {
    prepare: async (bed) => {
      const { quiz, takenQuizId, answer, headers } = await runningAttempt(bed);
      return json(bed, "POST", "/takeQuiz/answerAll", { takenQuizId, quizId: quiz.id, answers: [answer] }, headers);
    },
    expected: 200,
  },
  "the abandoned-attempt sweep (grades an attempt past its deadline)": {
    prepare: async (bed) => {
      await runningAttempt(bed, 1);
      const { services } = bed;
      services.now = () => new Date(Date.now() + 60 * 60_000);
      // The sweep logs an attempt it could not grade and tries it again on its next run: 429 here.
      return async () => {
        const { closed, failed } = await closeExpiredAttempts(services);
        return closed === 1 ? 200 : failed === 1 ? 429 : 500;
      };
    },
    expected: 200,
  },
};

describe("a write of the API that met another process's lock past its patience", () => {
  it.each(Object.keys(cases))("%s: refused as busy, then the process is healthy and serves it", async (name) => {
    const bed = await schoolBesideAnotherProcess();
    const request = await cases[name].prepare(bed);
    const holder = await bed.otherProcess.transaction("write");
    await holder.execute("update businesses set name = name");
    const refused = await request().catch((error: unknown) => (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code);
    expect([429, "SQLITE_BUSY"]).toContain(refused);
    await holder.commit();
    await expectHealthyAfterLock(bed.services.db, bed.otherProcess);
    expect(await request()).toBe(cases[name].expected);
  });
});
