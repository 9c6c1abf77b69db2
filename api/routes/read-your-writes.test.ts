import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { scratchDatabases } from "../../db/test-support/scratch-files.node";
import type { AppServices } from "../services/core/app-services";
import { createQuestion, createQuiz, createTenant, createTestDb, createUser } from "../test-support/factories.node";
import { bearer, createTestApi, createTestServices } from "../test-support/test-app.node";
import { shownIdsOf } from "../test-support/shown-ids.node";

/**
 * Issue 25 point 7: a 200 from a write means every process reads it. `npm start` runs one
 * server process per core on one database file; here two apps, each with its own services
 * and libSQL client on one file, stand for two processes, and a third client for the rest of
 * the world's writes. In one process two clients' writes never overlap (each runs to its end
 * on the event loop), so the meeting that two processes have all the time is made on
 * purpose, every round: while the world holds the write lock, the reading process's own
 * write (another student rating the quiz) meets it and gives up (429: its patience is 1 ms,
 * where the server's is 5 s); the lock goes; the reading process serves a read (the running
 * attempt: 409, not a result yet); a student submits on the other process (200) and reads the
 * result back at once on the reading one.
 *
 * Before the fix the write that gave up left its BEGIN IMMEDIATE half-run on its pooled
 * connection (db/busy-statements.node.ts). SQLite ends a connection's read only when no write
 * statement runs on it, so the next read there kept its snapshot open, and every later read
 * on that connection saw the database as it was then: the result read after the submit found
 * the attempt not yet submitted (409 "This attempt is not finished yet"), as 3 students of
 * 500 did under `npm start`. The same stale connection refused a session the other process
 * had just started ("Your session has expired") and accepted one it had just ended: the
 * second test. Nothing else a process keeps in memory can answer differently from the
 * database (ADR 0058 lists what is kept and why it cannot go stale).
 */
const scratch = scratchDatabases();

/** Six requests a round: 2,400 round trips, 400 submits read back at once on the other process. */
const ROUNDS = 400;

/** Five requests a round. */
const SESSION_ROUNDS = 200;

/** A request to one of the two processes (a POST with `body`, else a GET). */
type Call = (on: number, address: string, headers: Record<string, string>, body?: unknown) => Promise<{ status: number; body: Record<string, never> }>;

/** How long a write waits for the lock: as good as not at all, so that the reading process's write gives up at once. */
const PATIENCE_MS = 1;

/** Two apps on one file (the two processes), a third client (the world), a one-question quiz, a student and a rater. */
async function twoProcessesOfOneSchool(attemptsAllowed: number) {
  const file = scratch.file("read-your-writes");
  const processes: AppServices[] = [];
  for (let i = 0; i < 2; i++) processes.push(await createTestServices({ db: await createTestDb({ url: `file:${file}`, busyTimeoutMs: PATIENCE_MS }) }));
  const apps = processes.map(createTestApi);
  const world = scratch.close(createClient({ url: `file:${file}` }));
  const call: Call = async (on, address, headers, body) => {
    const answer = await apps[on].request(address, { method: body === undefined ? "GET" : "POST", headers: { "content-type": "application/json", ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: answer.status, body: (await answer.json()) as Record<string, never> };
  };

  const { business, teacher } = await createTenant(processes[0].db, "Two Processes School");
  const made = await createQuestion(processes[0].db, { businessId: business.id, teacherId: teacher.id, options: [["A", false], ["B", true]] });
  const { quiz } = await createQuiz(processes[0].db, { businessId: business.id, teacherId: teacher.id, questionIds: [made.question.id], attemptsAllowed });
  const [student, rater] = await Promise.all([0, 1].map(() => createUser(processes[0].db, { businessId: business.id, userType: "Student" })));
  const [asStudent, asRater] = await Promise.all([bearer(processes[0], student), bearer(processes[0], rater)]);
  // The rater has finished the quiz once, so that rating it is a write.
  const ratersAttempt = await call(0, "/takeQuiz/startQuiz", asRater, { quizId: quiz.id });
  expect((await call(0, "/takeQuiz/answerAll", asRater, { takenQuizId: ratersAttempt.body.takenQuizId, quizId: quiz.id, answers: [] })).status).toBe(200);

  /** The world holds the write lock while `on` writes (the rater rates the quiz): the write gives up, 429. */
  const writeThatGivesUp = async (on: number) => {
    const held = await world.transaction("write");
    await held.execute("update businesses set name = name where id = 0");
    const rated = await call(on, "/takeQuiz/rateQuiz", asRater, { quizId: quiz.id, rating: 3 });
    await held.commit();
    return rated;
  };
  return { processes, call, quiz, made, student, asStudent, asRater, writeThatGivesUp };
}

/** Every answer that is not what it must be, by round; the first few are enough to say what went wrong. */
function missesByRound() {
  const misses: string[] = [];
  const expectStatus = (round: number, what: string, answer: { status: number; body: unknown }, status: number) => {
    if (answer.status !== status) misses.push(`round ${round}, ${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`);
  };
  return { misses, expectStatus };
}

describe("read-your-writes across processes", () => {
  it(`a submit answered 200 by one process is read back graded by the other at once (${ROUNDS} rounds, each process writing in turn)`, { timeout: 120_000 }, async () => {
    const { processes, call, quiz, made, asStudent, writeThatGivesUp } = await twoProcessesOfOneSchool(ROUNDS);
    const { misses, expectStatus } = missesByRound();
    for (let round = 0; round < ROUNDS && misses.length < 5; round++) {
      const [writer, reader] = round % 2 === 0 ? [0, 1] : [1, 0];
      const started = await call(writer, "/takeQuiz/startQuiz", asStudent, { quizId: quiz.id });
      expectStatus(round, "start", started, 200);
      const takenQuizId = started.body.takenQuizId as number;
      const answer = { questionId: made.question.id, answer: (await shownIdsOf(processes[writer], takenQuizId))([made.options[1].id]) };

      expectStatus(round, "the reading process's write that gave up on the lock", await writeThatGivesUp(reader), 429);
      // The reading process serves a read meanwhile: the running attempt is not a result yet.
      expectStatus(round, "the running attempt read", await call(reader, "/takenQuiz/fetchById", asStudent, { takenQuizId }), 409);

      expectStatus(round, "submit", await call(writer, "/takeQuiz/answerAll", asStudent, { takenQuizId, quizId: quiz.id, answers: [answer] }), 200);
      const read = await call(reader, "/takenQuiz/fetchById", asStudent, { takenQuizId });
      expectStatus(round, "the result read right after the submit", read, 200);
      if (read.status === 200 && read.body.percentage !== 100) misses.push(`round ${round}: the result read says ${read.body.percentage} %`);
    }
    expect(misses).toEqual([]);
  });

  it(`a session started or ended by one process is one the other accepts or refuses at once (${SESSION_ROUNDS} rounds)`, { timeout: 120_000 }, async () => {
    const { processes, call, student, asRater, writeThatGivesUp } = await twoProcessesOfOneSchool(1);
    const { misses, expectStatus } = missesByRound();
    for (let round = 0; round < SESSION_ROUNDS && misses.length < 5; round++) {
      const [signer, other] = round % 2 === 0 ? [0, 1] : [1, 0];
      expectStatus(round, "the other process's write that gave up on the lock", await writeThatGivesUp(other), 429);
      expectStatus(round, "another user's read on the other process meanwhile", await call(other, "/auth/me", asRater), 200);
      const signedIn = await bearer(processes[signer], student); // a new session, written by the signing process
      expectStatus(round, "the new session on the other process", await call(other, "/auth/me", signedIn), 200);
      expectStatus(round, "signing out on the signing process", await call(signer, "/auth/logout", signedIn, {}), 200);
      expectStatus(round, "the ended session on the other process", await call(other, "/auth/me", signedIn), 401);
    }
    expect(misses).toEqual([]);
  });
});
