import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { expect, it } from "vitest";
import * as schema from "../../db/schema";
import { configureConnections } from "../../db/migrate.node.ts";
import { createServerDatabase, databaseServerFromEnv } from "../../db/test-support/sqld-databases.node.ts";
import { countingClient } from "../../api/test-support/counting-db.node.ts";
import { createQuiz, createTenant, createUser, TEST_PASSWORD } from "../../api/test-support/factories.node.ts";
import { createTestApi, createTestServices } from "../../api/test-support/test-app.node.ts";
import { shownIdsOf } from "../../api/test-support/shown-ids.node.ts";
import { describeCost, PINNED_ROUND_TRIPS } from "./pinned-round-trips.ts";

const sqld = databaseServerFromEnv();
if (!sqld) throw new Error("tests/sqld runs in the server lane only: npm run test:sqld");

/**
 * What each request of a sitting costs a remote database (issue 30 point 4; ADR 0090): the
 * statements it runs and the round trips they take (an execute, or a batch of any size, is one
 * HTTP request to sqld or Turso). Pinned here (the figures are in pinned-round-trips.ts, which
 * the sqld bench also reads) so that a change adding a round trip to the hot path shows; measured on a warm server (a second student: what a process keeps, ADR 0058, is
 * already kept). The figures and what 1–5 ms per round trip adds are in ADR 0090.
 */
// Ten: the pinned "autosave of 10 answers" (pinned-round-trips.ts).
const QUESTIONS = 10;

it("sign-in, start, autosave, submit and fetchById each take the pinned round trips to the database server", async () => {
  const url = await createServerDatabase(sqld);
  const { counting, counts } = countingClient(createClient({ url, authToken: sqld.authToken }));
  const db = drizzle(counting, { schema });
  await configureConnections(db);
  const services = await createTestServices({ db });
  const api = createTestApi(services);
  const { business, teacher } = await createTenant(db);
  const { quiz } = await createQuiz(db, { businessId: business.id, teacherId: teacher.id, questionCount: QUESTIONS, time: 30 });

  const sitting = async (email: string) => {
    const cost: Record<string, string> = {};
    const call = async (what: string, path: string, body: unknown, token?: string) => {
      Object.assign(counts, { statements: 0, roundTrips: 0, waits: 0, sent: [] });
      const answer = await api.request(path, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      expect(answer.status, `${what}: ${await answer.clone().text()}`).toBe(200);
      cost[what] = `${counts.waits} waits, ${counts.roundTrips} round trips, ${counts.statements} statements`;
      return (await answer.json()) as Record<string, never>;
    };
    const token = (await call("sign-in", "/auth/login", { email, password: TEST_PASSWORD })).accessToken as string;
    const takenQuizId = (await call("start", "/takeQuiz/startQuiz", { quizId: quiz.id }, token)).takenQuizId as number;
    const shown = await shownIdsOf(services, takenQuizId);
    const paper = (await db.query.quizQuestions.findMany({ where: (row, { eq }) => eq(row.quizId, quiz.id), with: { question: { with: { options: true } } } })) as unknown as { questionId: number; question: { options: { id: number }[] } }[];
    const answerOf = (row: (typeof paper)[number]) => ({ questionId: row.questionId, answer: shown([row.question.options[0].id]) });
    await call("autosave of 1 answer", "/takeQuiz/saveAnswers", { takenQuizId, answers: [answerOf(paper[0])] }, token);
    await call(`autosave of ${QUESTIONS} answers`, "/takeQuiz/saveAnswers", { takenQuizId, answers: paper.map(answerOf) }, token);
    await call("submit", "/takeQuiz/answerAll", { takenQuizId, quizId: quiz.id, answers: [] }, token);
    await call("fetchById", "/takenQuiz/fetchById", { takenQuizId }, token);
    return cost;
  };
  const [first, second, third] = await Promise.all([1, 2, 3].map(() => createUser(db, { businessId: business.id, userType: "Student" })));
  // The first sitting of a process also reads what it then keeps (the answer key: one more
  // wait on the first autosave and on the first fetchById of a quiz); the second is the steady state.
  await sitting(first.email);
  expect(await sitting(second.email)).toEqual(Object.fromEntries(Object.entries(PINNED_ROUND_TRIPS).map(([request, cost]) => [request, describeCost(cost)])));
  // The second start found the quiz taken and kept its paper, so the third start's batch leaves the paper out.
  expect((await sitting(third.email)).start).toBe("3 waits, 3 round trips, 6 statements");
});
