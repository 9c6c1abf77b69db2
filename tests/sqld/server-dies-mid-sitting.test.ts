import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, expect, it, vi } from "vitest";
import { attemptAnswers, quizAttempts } from "../../db/schema";
import { databaseServerFromEnv } from "../../db/test-support/sqld-databases.node.ts";
import { createQuestion, createQuiz, createTenant, createUser } from "../../api/test-support/factories.node.ts";
import { type AppServersBed, startAppServersBed } from "../../api/test-support/app-servers-bed.node.ts";
import type { AppServer } from "../../api/test-support/app-servers.node.ts";

const sqld = databaseServerFromEnv();
if (!sqld) throw new Error("tests/sqld runs in the server lane only: npm run test:sqld");

/**
 * A sitting on two real app servers, and `kill -9` of one half-way (issue 30 point 3; ADR
 * 0090). Students answer over HTTP, each request going to the next server in turn as a load
 * balancer without sticky sessions would send it; a request the dead server cannot answer is
 * sent to the other, as the balancer does once it sees the server gone. Every save a server
 * answered 200 must be in the database; the students continue on the survivor and submit; the
 * students who walked away are graded by the killed server's sweep once it is started again,
 * and no attempt is closed twice (a trigger records every close).
 */
const STUDENTS = 12;
const WALK_AWAY = 4; // the first four answer half the paper, then close the laptop
const QUESTIONS = 8;

let bed: AppServersBed | undefined;
afterAll(() => bed?.stop());

it("kill -9 of one of two app servers mid-sitting: nothing acknowledged is lost, students carry on, the restarted server's sweep grades the rest once", { timeout: 120_000 }, async () => {
  bed = await startAppServersBed(sqld, 2);
  const { db, servers } = bed;
  const [doomed] = servers;
  await db.run(sql`create table closes_seen (attempt_id integer not null)`);
  await db.run(sql`create trigger closes_seen_on_submit after update of submitted_at on quiz_attempts begin insert into closes_seen values (new.id); end`);

  const { business, teacher } = await createTenant(db, "Sitting School");
  const made = await Promise.all(Array.from({ length: QUESTIONS }, () => createQuestion(db, { businessId: business.id, teacherId: teacher.id, options: [["Wrong", false], ["Right", true]] })));
  const rightOf = new Map(made.map(({ question, options }) => [question.id, options[1].id]));
  const { quiz } = await createQuiz(db, { businessId: business.id, teacherId: teacher.id, questionIds: made.map(({ question }) => question.id), time: 30 });
  const students = await Promise.all(Array.from({ length: STUDENTS }, () => createUser(db, { businessId: business.id, userType: "Student" })));
  await bed.givePassword(...students.map((student) => student.id));

  // The load balancer: each request to the next server in turn, past a server it saw die.
  const down = new Set<AppServer>();
  let turn = 0;
  let failovers = 0;
  const send = async (path: string, token: string | undefined, body: unknown) => {
    for (;;) {
      const candidates = servers.filter((server) => !down.has(server));
      const server = candidates[turn++ % candidates.length];
      try {
        return { server, ...(await bed!.call(server, path, token, body)) };
      } catch {
        // Refused or cut off: whatever it was doing is not acknowledged; the balancer drops it.
        down.add(server);
        failovers++;
      }
    }
  };

  const acknowledged: { attemptId: number; questionId: number; by: AppServer }[] = [];
  const totalSaves = (STUDENTS - WALK_AWAY) * QUESTIONS + WALK_AWAY * (QUESTIONS / 2);
  let killed: Promise<void> | undefined;
  const ackedBeforeKill = { doomed: 0 };

  const sit = async (index: number) => {
    const signedIn = await send("/auth/login", undefined, { email: students[index].email, password: "Test-password-1" });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.accessToken as string;
    const started = await send("/takeQuiz/startQuiz", token, { quizId: quiz.id });
    expect(started.status).toBe(200);
    const takenQuizId = started.body.takenQuizId as number;
    const shown = await bed!.shownIds(takenQuizId);
    const answering = index < WALK_AWAY ? made.slice(0, QUESTIONS / 2) : made;
    for (const { question } of answering) {
      const saved = await send("/takeQuiz/saveAnswers", token, { takenQuizId, answers: [{ questionId: question.id, answer: shown([rightOf.get(question.id)!]) }] });
      expect(saved.status).toBe(200);
      acknowledged.push({ attemptId: takenQuizId, questionId: question.id, by: saved.server });
      if (!killed && saved.server === doomed) ackedBeforeKill.doomed++;
      // Half-way through the sitting, with requests in flight on both servers: kill -9.
      if (!killed && acknowledged.length >= totalSaves / 2) killed = doomed.kill("SIGKILL");
    }
    if (index < WALK_AWAY) return { takenQuizId, submitted: false };
    const submitted = await send("/takeQuiz/answerAll", token, { takenQuizId, quizId: quiz.id, answers: [] });
    expect(submitted.status).toBe(200);
    const result = await send("/takenQuiz/fetchById", token, { takenQuizId });
    expect([result.status, result.body.percentage]).toEqual([200, 100]);
    return { takenQuizId, submitted: true };
  };
  const sittings = await Promise.all(students.map((_, index) => sit(index)));
  await killed;
  expect(killed).toBeDefined();
  expect(ackedBeforeKill.doomed).toBeGreaterThan(0);
  expect(failovers).toBeGreaterThan(0);

  // Every acknowledged save is in the database, the right answer of its question.
  const stored = await db
    .select({ attemptId: attemptAnswers.attemptId, questionId: attemptAnswers.questionId, selected: attemptAnswers.selectedOptionIds })
    .from(attemptAnswers)
    .where(inArray(attemptAnswers.attemptId, sittings.map(({ takenQuizId }) => takenQuizId)));
  const storedOf = new Map(stored.map((row) => [`${row.attemptId}:${row.questionId}`, row.selected]));
  const missing = acknowledged.filter(({ attemptId, questionId }) => JSON.stringify(storedOf.get(`${attemptId}:${questionId}`)) !== JSON.stringify([rightOf.get(questionId)]));
  expect(missing.map(({ attemptId, questionId, by }) => `${attemptId}:${questionId} acknowledged by ${by.origin}`)).toEqual([]);

  // The students who walked away: their exam ends (the deadline, moved here instead of waited
  // for), and the killed server, started again, grades them at once with its sweep.
  const abandoned = sittings.filter(({ submitted }) => !submitted).map(({ takenQuizId }) => takenQuizId);
  await db.update(quizAttempts).set({ deadlineAt: new Date(Date.now() - 3_600_000) }).where(inArray(quizAttempts.id, abandoned));
  await doomed.start();
  await vi.waitFor(
    async () => expect(await db.select({ id: quizAttempts.id }).from(quizAttempts).where(and(inArray(quizAttempts.id, abandoned), isNull(quizAttempts.submittedAt)))).toEqual([]),
    { timeout: 30_000, interval: 100 },
  );
  const graded = await db.select({ percentage: quizAttempts.percentage }).from(quizAttempts).where(inArray(quizAttempts.id, abandoned));
  expect(graded.map(({ percentage }) => percentage)).toEqual(abandoned.map(() => 50));
  // Every attempt closed exactly once, across both servers and the restart.
  const closes = await db.all<{ attempts: number; writes: number }>(sql`select count(distinct attempt_id) as attempts, count(*) as writes from closes_seen`);
  expect(closes[0]).toEqual({ attempts: STUDENTS, writes: STUDENTS });
  expect((await db.select().from(quizAttempts).where(eq(quizAttempts.quizId, quiz.id))).length).toBe(STUDENTS);
});
