import { sql } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import { createLibsqlDb } from "../../db/client";
import { createServerDatabase, databaseServerFromEnv } from "../../db/test-support/sqld-databases.node.ts";
import { createAttempt, createQuestion, createQuiz, createTenant, createUser } from "../../api/test-support/factories.node.ts";
import { createTestServices } from "../../api/test-support/test-app.node.ts";
import { closeExpiredAttempts } from "../../api/services/attempts/close-expired";
import { sweepRun } from "../../server/attempt-sweep";

const sqld = databaseServerFromEnv();
if (!sqld) throw new Error("tests/sqld runs in the server lane only: npm run test:sqld");

/**
 * Two app servers' deadline sweeps at the same moment on one libSQL server (issue 30 point 2;
 * ADR 0090): each abandoned attempt is closed (graded and written) once. A trigger the test
 * adds records every write of an attempt's `submitted_at`: a second grading would show as a
 * second row.
 */
const ABANDONED = 12;

afterEach(() => vi.restoreAllMocks());

async function twoServersWithAbandonedAttempts() {
  const url = await createServerDatabase(sqld!);
  const [first, second] = [0, 1].map(() => createLibsqlDb({ url, authToken: sqld!.authToken }));
  await first.run(sql`create table closes_seen (attempt_id integer not null)`);
  await first.run(sql`create trigger closes_seen_on_submit after update of submitted_at on quiz_attempts begin insert into closes_seen values (new.id); end`);
  const { business, teacher } = await createTenant(first);
  const made = await createQuestion(first, { businessId: business.id, teacherId: teacher.id, options: [["A", false], ["B", true]] });
  const { quiz } = await createQuiz(first, { businessId: business.id, teacherId: teacher.id, questionIds: [made.question.id] });
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (let i = 0; i < ABANDONED; i++) {
    const student = await createUser(first, { businessId: business.id, userType: "Student" });
    await createAttempt(first, { businessId: business.id, quizId: quiz.id, studentId: student.id, startedAt: hourAgo, deadlineAt: new Date(hourAgo.getTime() + 60_000) });
  }
  const servers = [await createTestServices({ db: first }), await createTestServices({ db: second })];
  const closesSeen = async () => {
    const rows = await first.all<{ attempts: number; writes: number }>(sql`select count(distinct attempt_id) as attempts, count(*) as writes from closes_seen`);
    return rows[0];
  };
  return { servers, closesSeen };
}

it(`two sweeps running at once on two servers close each of ${ABANDONED} abandoned attempts once`, async () => {
  const { servers, closesSeen } = await twoServersWithAbandonedAttempts();
  await Promise.all(servers.map((services) => closeExpiredAttempts(services)));
  expect(await closesSeen()).toEqual({ attempts: ABANDONED, writes: ABANDONED });
});

it("the servers' sweep clocks firing at once: one runs (the lease), grading each attempt once and saying so once", async () => {
  const { servers, closesSeen } = await twoServersWithAbandonedAttempts();
  const said = vi.spyOn(console, "log").mockImplementation(() => undefined);
  const runs = servers.map(sweepRun);
  runs.forEach((run) => run());
  await vi.waitFor(async () => expect(await closesSeen()).toEqual({ attempts: ABANDONED, writes: ABANDONED }), { timeout: 20_000, interval: 50 });
  // Both runs are over once the lease is free again.
  await vi.waitFor(async () => expect(await servers[0].db.all(sql`select * from server_leases`)).toEqual([]), { timeout: 20_000, interval: 50 });
  expect(said.mock.calls).toEqual([[`Graded ${ABANDONED} abandoned attempt(s)`]]);
});
