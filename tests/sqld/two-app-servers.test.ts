import { describe, expect, it } from "vitest";
import { createLibsqlDb } from "../../db/client";
import { configureConnections, migrateDatabase } from "../../db/migrate.node.ts";
import { createServerDatabase, databaseServerFromEnv } from "../../db/test-support/sqld-databases.node.ts";
import { createQuestion, createQuiz, createTenant, createUser } from "../../api/test-support/factories.node.ts";
import { bearer, createTestApi, createTestServices } from "../../api/test-support/test-app.node.ts";
import { shownIdsOf } from "../../api/test-support/shown-ids.node.ts";

const server = databaseServerFromEnv();
if (!server) throw new Error("tests/sqld runs in the server lane only: npm run test:sqld");

/**
 * Read-your-writes between app servers on one libSQL server (issue 30 point 4; the groundwork
 * of point 2). Two apps, each with its own services and its own HTTP client (its own
 * connections and streams) on one database, stand for two app servers behind a load balancer:
 * what one answered 200 the other must read at once. On the embedded file this is
 * api/routes/read-your-writes.test.ts (two processes, one file); here nothing is shared but sqld.
 */
const ROUNDS = 10;

async function twoAppServersOfOneSchool(attemptsAllowed: number) {
  const url = await createServerDatabase(server!);
  const first = createLibsqlDb({ url, authToken: server!.authToken });
  await migrateDatabase(first);
  // The second starts after the first migrated, as the servers of one deployment do.
  const second = createLibsqlDb({ url, authToken: server!.authToken });
  await configureConnections(second);
  const servers = [await createTestServices({ db: first }), await createTestServices({ db: second })];
  const apps = servers.map(createTestApi);
  const call = async (on: number, address: string, headers: Record<string, string>, body?: unknown) => {
    const answer = await apps[on].request(address, { method: body === undefined ? "GET" : "POST", headers: { "content-type": "application/json", ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: answer.status, body: (await answer.json()) as Record<string, never> };
  };
  const { business, teacher } = await createTenant(first, "Two Servers School");
  const made = await createQuestion(first, { businessId: business.id, teacherId: teacher.id, options: [["A", false], ["B", true]] });
  const { quiz } = await createQuiz(first, { businessId: business.id, teacherId: teacher.id, questionIds: [made.question.id], attemptsAllowed });
  const student = await createUser(first, { businessId: business.id, userType: "Student" });
  return { servers, call, quiz, made, student };
}

describe("two app servers on one libSQL server", () => {
  it(`a student who starts on one, autosaves on the other and submits on the first reads the graded result on either at once (${ROUNDS} rounds)`, async () => {
    const { servers, call, quiz, made, student } = await twoAppServersOfOneSchool(ROUNDS);
    const asStudent = await bearer(servers[0], student);
    const misses: string[] = [];
    const expectStatus = (round: number, what: string, answer: { status: number; body: unknown }, status: number) => {
      if (answer.status !== status) misses.push(`round ${round}, ${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`);
    };
    for (let round = 0; round < ROUNDS && misses.length < 5; round++) {
      const [one, other] = round % 2 === 0 ? [0, 1] : [1, 0];
      const started = await call(one, "/takeQuiz/startQuiz", asStudent, { quizId: quiz.id });
      expectStatus(round, "start", started, 200);
      const takenQuizId = started.body.takenQuizId as number;
      const answers = [{ questionId: made.question.id, answer: (await shownIdsOf(servers[other], takenQuizId))([made.options[1].id]) }];
      expectStatus(round, "autosave on the other server", await call(other, "/takeQuiz/saveAnswers", asStudent, { takenQuizId, answers }), 200);
      const resumed = await call(one, "/takeQuiz/startQuiz", asStudent, { quizId: quiz.id });
      if (resumed.body.takenQuizId !== takenQuizId || (resumed.body.savedAnswers as unknown[] | undefined)?.length !== 1) {
        misses.push(`round ${round}: the first server resumed ${JSON.stringify(resumed.body).slice(0, 160)} without the other's autosave`);
      }
      expectStatus(round, "submit on the first server", await call(one, "/takeQuiz/answerAll", asStudent, { takenQuizId, quizId: quiz.id, answers }), 200);
      for (const on of [other, one]) {
        const read = await call(on, "/takenQuiz/fetchById", asStudent, { takenQuizId });
        expectStatus(round, `the result read on server ${on}`, read, 200);
        if (read.status === 200 && read.body.percentage !== 100) misses.push(`round ${round}: server ${on} reads ${read.body.percentage} %`);
      }
    }
    expect(misses).toEqual([]);
  });

  it(`a session started or ended on one app server is accepted or refused by the other at once (${ROUNDS} rounds)`, async () => {
    const { servers, call, student } = await twoAppServersOfOneSchool(1);
    const misses: string[] = [];
    for (let round = 0; round < ROUNDS && misses.length < 5; round++) {
      const [signer, other] = round % 2 === 0 ? [0, 1] : [1, 0];
      const signedIn = await bearer(servers[signer], student);
      const seen = await call(other, "/auth/me", signedIn);
      if (seen.status !== 200) misses.push(`round ${round}: the new session on the other server: ${seen.status}`);
      const out = await call(signer, "/auth/logout", signedIn, {});
      if (out.status !== 200) misses.push(`round ${round}: signing out: ${out.status}`);
      const ended = await call(other, "/auth/me", signedIn);
      if (ended.status !== 401) misses.push(`round ${round}: the ended session on the other server: ${ended.status}`);
    }
    expect(misses).toEqual([]);
  });

  it(`a student's start sent to both app servers at once makes one attempt, with attempts left (${ROUNDS} rounds; issue 25, the first-start race)`, async () => {
    const { servers, call, quiz, student } = await twoAppServersOfOneSchool(ROUNDS * 2);
    const asStudent = await bearer(servers[0], student);
    const misses: string[] = [];
    for (let round = 0; round < ROUNDS && misses.length < 5; round++) {
      // A double click that a load balancer spreads over both servers: each looks for an open
      // attempt, counts the attempts and inserts, interleaved on the database server.
      const answers = await Promise.all([0, 1].map((on) => call(on, "/takeQuiz/startQuiz", asStudent, { quizId: quiz.id })));
      const ids = new Set(answers.map((answer) => answer.body.takenQuizId));
      if (answers.some((answer) => answer.status !== 200) || ids.size !== 1) misses.push(`round ${round}: ${answers.map((answer) => `${answer.status} ${answer.body.takenQuizId}`).join(", ")}`);
      for (const takenQuizId of ids) await call(0, "/takeQuiz/answerAll", asStudent, { takenQuizId, quizId: quiz.id, answers: [] });
    }
    expect(misses).toEqual([]);
  });
});
