import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { afterEach, describe, expect, it } from "vitest";
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
 * 500 did under `npm start`.
 */
const files: string[] = [];
const clients: Client[] = [];
afterEach(() => {
  clients.splice(0).forEach((client) => client.close());
  files.splice(0).forEach((file) => [file, `${file}-wal`, `${file}-shm`].forEach((f) => rmSync(f, { force: true })));
});

/** Six requests a round: 2,400 round trips, 400 submits read back at once on the other process. */
const ROUNDS = 400;

/** How long a write waits for the lock: as good as not at all, so that the reading process's write gives up at once. */
const PATIENCE_MS = 1;

describe("read-your-writes across processes", () => {
  it(`a submit answered 200 by one process is read back graded by the other at once (${ROUNDS} rounds, each process writing in turn)`, { timeout: 120_000 }, async () => {
    const file = path.join(tmpdir(), `read-your-writes-${process.pid}-${Date.now()}.db`);
    files.push(file);
    const processes: AppServices[] = [];
    for (let i = 0; i < 2; i++) processes.push(await createTestServices({ db: await createTestDb({ url: `file:${file}`, busyTimeoutMs: PATIENCE_MS }) }));
    const apps = processes.map(createTestApi);
    const world = createClient({ url: `file:${file}` });
    clients.push(world);

    const { business, teacher } = await createTenant(processes[0].db, "Two Processes School");
    const made = await createQuestion(processes[0].db, { businessId: business.id, teacherId: teacher.id, options: [["A", false], ["B", true]] });
    const { quiz } = await createQuiz(processes[0].db, { businessId: business.id, teacherId: teacher.id, questionIds: [made.question.id], attemptsAllowed: ROUNDS });
    const [student, rater] = await Promise.all([0, 1].map(() => createUser(processes[0].db, { businessId: business.id, userType: "Student" })));
    const [asStudent, asRater] = await Promise.all([bearer(processes[0], student), bearer(processes[0], rater)]);
    const call = async (on: number, address: string, headers: Record<string, string>, body: unknown) => {
      const answer = await apps[on].request(address, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
      return { status: answer.status, body: (await answer.json()) as Record<string, never> };
    };
    // The rater has finished the quiz once, so that rating it is a write.
    const ratersAttempt = await call(0, "/takeQuiz/startQuiz", asRater, { quizId: quiz.id });
    expect((await call(0, "/takeQuiz/answerAll", asRater, { takenQuizId: ratersAttempt.body.takenQuizId, quizId: quiz.id, answers: [] })).status).toBe(200);

    // Every answer that is not what it must be, by round; the first few are enough to say what went wrong.
    const misses: string[] = [];
    const expectStatus = (round: number, what: string, answer: { status: number; body: unknown }, status: number) => {
      if (answer.status !== status) misses.push(`round ${round}, ${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`);
    };
    for (let round = 0; round < ROUNDS && misses.length < 5; round++) {
      const [writer, reader] = round % 2 === 0 ? [0, 1] : [1, 0];
      const started = await call(writer, "/takeQuiz/startQuiz", asStudent, { quizId: quiz.id });
      expectStatus(round, "start", started, 200);
      const takenQuizId = started.body.takenQuizId as number;
      const answer = { questionId: made.question.id, answer: (await shownIdsOf(processes[writer], takenQuizId))([made.options[1].id]) };

      const held = await world.transaction("write");
      await held.execute("update businesses set name = name where id = 0");
      expectStatus(round, "the reading process's write that gave up on the lock", await call(reader, "/takeQuiz/rateQuiz", asRater, { quizId: quiz.id, rating: 1 + (round % 5) }), 429);
      await held.commit();
      // The reading process serves a read meanwhile: the running attempt is not a result yet.
      expectStatus(round, "the running attempt read", await call(reader, "/takenQuiz/fetchById", asStudent, { takenQuizId }), 409);

      expectStatus(round, "submit", await call(writer, "/takeQuiz/answerAll", asStudent, { takenQuizId, quizId: quiz.id, answers: [answer] }), 200);
      const read = await call(reader, "/takenQuiz/fetchById", asStudent, { takenQuizId });
      expectStatus(round, "the result read right after the submit", read, 200);
      if (read.status === 200 && read.body.percentage !== 100) misses.push(`round ${round}: the result read says ${read.body.percentage} %`);
    }
    expect(misses).toEqual([]);
  });
});
