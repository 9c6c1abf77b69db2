import { afterEach, expect, it } from "vitest";
import { createLibsqlDb } from "../../db/client";
import { configureConnections } from "../../db/migrate.node.ts";
import { attemptAnswers, quizAttempts, users } from "../../db/schema";
import { createServerDatabase, databaseServerFromEnv } from "../../db/test-support/sqld-databases.node.ts";
import { REMOTE_WRITES_IN_FLIGHT } from "../../db/write-turns";
import { createQuestion, createQuiz, createTenant, testPasswordHashOnce } from "../../api/test-support/factories.node.ts";
import { bearer, createTestApi, createTestServices } from "../../api/test-support/test-app.node.ts";
import { shownIdsOf } from "../../api/test-support/shown-ids.node.ts";

const server = databaseServerFromEnv();
if (!server) throw new Error("tests/sqld runs in the server lane only: npm run test:sqld");

/**
 * A burst of writes on one app server over sqld (issue 30; ADR 0090, "A bound on the writes in
 * flight"): the exam bench's one-server submit burst had one write wait out its patience inside
 * sqld (429 SERVER_BUSY), and two servers' burst stalled sqld, because the client sent sqld as
 * many writes at once as it had connections. Here every request the client sends is seen on its
 * way to sqld (the client's `fetch`, read when the client is made), and the writes among them
 * (a request whose SQL is not only `select`) are counted while they are in sqld. Without the
 * bound (checked, 2026-11-30, load 4–6) the client had 20 writes in sqld at once (at 100
 * students), and this burst of 150 did not finish within the 120 s: sqld stalled, as in the
 * bench; with it the test takes about 16 s, and 300 students 9–10 s on a quieter machine.
 */
const STUDENTS = 150;
const QUESTIONS = 3;
const AUTOSAVES_EACH = 3;

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Replaces the global fetch (for clients made after) with one that counts the writes in flight to sqld. */
function countWritesInFlight() {
  const seen = { inFlight: 0, most: 0, writes: 0 };
  // The client speaks Hrana over HTTP, JSON or protobuf: a statement's SQL is in the body as text either way.
  const writesSql = (body: ArrayBuffer) => /\b(insert|update|delete|replace|create|drop|alter)\b/i.test(Buffer.from(body).toString("latin1"));
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!writesSql(await request.clone().arrayBuffer())) return realFetch(request);
    seen.writes++;
    seen.most = Math.max(seen.most, ++seen.inFlight);
    try {
      // In sqld until its whole answer is back (a batch's answer may stream as it runs).
      const answer = await realFetch(request);
      return new Response(await answer.arrayBuffer(), { status: answer.status, statusText: answer.statusText, headers: answer.headers });
    } finally {
      seen.inFlight--;
    }
  };
  return seen;
}

it(`a burst of ${STUDENTS} starts, ${STUDENTS * AUTOSAVES_EACH} autosaves and ${STUDENTS} submits on one server: every one answered 200, nothing lost, at most ${REMOTE_WRITES_IN_FLIGHT} writes in sqld at once`, async () => {
  const seen = countWritesInFlight();
  const url = await createServerDatabase(server);
  const db = createLibsqlDb({ url, authToken: server.authToken });
  await configureConnections(db);
  const services = await createTestServices({ db });
  const api = createTestApi(services);
  const { business, teacher } = await createTenant(db, "Burst School");
  const made = await Promise.all(Array.from({ length: QUESTIONS }, () => createQuestion(db, { businessId: business.id, teacherId: teacher.id, options: [["A", false], ["B", true]] })));
  const { quiz } = await createQuiz(db, { businessId: business.id, teacherId: teacher.id, questionIds: made.map(({ question }) => question.id), time: 60 });
  const passwordHash = await testPasswordHashOnce();
  const students = await db
    .insert(users)
    .values(Array.from({ length: STUDENTS }, (_, n) => ({ businessId: business.id, userType: "Student" as const, email: `burst${n}@test.quiz`, username: `burst${n}`, fullname: `Burst ${n}`, profile: 4, roleLevel: 4, passwordHash, emailVerified: true })))
    .returning();
  const statuses: string[] = [];
  const post = async (what: string, address: string, headers: Record<string, string>, body: unknown) => {
    const text = JSON.stringify(body);
    // With its length, as a browser sends it: a body of unknown length reserves the whole limit of the process's body budget (ADR 0057).
    const answer = await api.request(address, { method: "POST", headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)), ...headers }, body: text });
    const answered = await answer.text();
    if (answer.status !== 200) statuses.push(`${what}: ${answer.status} ${answered.slice(0, 160)}`);
    return JSON.parse(answered) as Record<string, never>;
  };

  // Every phase a burst: the sessions, the starts, the autosaves, the submits, all at once.
  const tokens = await Promise.all(students.map((student) => bearer(services, student)));
  const takenQuizIds = await Promise.all(tokens.map(async (token) => (await post("start", "/takeQuiz/startQuiz", token, { quizId: quiz.id })).takenQuizId as number));
  expect(statuses, "every start answered 200").toEqual([]);
  const answersOf = await Promise.all(
    takenQuizIds.map(async (takenQuizId) => {
      const shown = await shownIdsOf(services, takenQuizId);
      return made.map(({ question, options }) => ({ questionId: question.id, answer: shown([options[1].id]) }));
    }),
  );
  await Promise.all(
    tokens.flatMap((token, n) => Array.from({ length: AUTOSAVES_EACH }, (_, save) => post("autosave", "/takeQuiz/saveAnswers", token, { takenQuizId: takenQuizIds[n], answers: [answersOf[n][save % QUESTIONS]] }))),
  );
  await Promise.all(tokens.map((token, n) => post("submit", "/takeQuiz/answerAll", token, { takenQuizId: takenQuizIds[n], quizId: quiz.id, answers: answersOf[n] })));

  expect(statuses, "every request answered 200").toEqual([]);
  const attempts = await db.select().from(quizAttempts);
  expect(attempts.filter((attempt) => attempt.submittedAt !== null)).toHaveLength(STUDENTS);
  const stored = await db.select().from(attemptAnswers);
  expect(stored, "every answer of every attempt stored").toHaveLength(STUDENTS * QUESTIONS);
  expect(seen.writes, "the writes were seen on their way to sqld").toBeGreaterThan(STUDENTS);
  expect(seen.most, "writes in sqld at once").toBeLessThanOrEqual(REMOTE_WRITES_IN_FLIGHT);
}, 120_000);
