/**
 * The floors of the exam-burst benchmark: the least a server on this stack can do per
 * request, in a process of its own like the product server. A minimal Hono app on
 * @hono/node-server, the same libSQL client and the same database settings as the product
 * (db/client.ts: a pool of 8 connections; db/migrate.node.ts: WAL, synchronous=NORMAL,
 * busy_timeout), the same accept queue (server/node.ts), and per request exactly one write:
 *
 * - POST /autosave { takenQuizId, questionId, answer } → the irreducible work of any
 *   authenticated save (issue 19 point 7): the product's own access-token check and session
 *   lookup (verifyAccessToken: the JWT's signature and claims, then the session row), then
 *   one single-row upsert. The autosave floor.
 * - POST /fifty { attemptId, answers: [50 × …] } → one 50-row INSERT, no sign-in (the submit floor).
 * - POST /submit { takenQuizId, answers, resultBytes } then POST /review { takenQuizId } → the
 *   least any server needs for a submit whose answers were all saved already and the read of
 *   its finished result (issue 25 point 8): each the token check and the session read; the
 *   submit one write transaction that reads the attempt's saved answers (the product's own
 *   rows), counts the right ones and writes the grade with the finished result's JSON, built
 *   there once and as large as the product's (`resultBytes`, measured by the client on the
 *   product's own answer); the review one read of that JSON, sent as it is (uncompressed,
 *   as the reference sends it). The submit-and-review floor.
 *
 * Beyond that, no validation and no reads: whatever the product does besides is its cost. The
 * floor runs on the product's own database file (DATABASE_URL), so the sessions it looks up
 * are the students' real ones, and with the product's JWT_SECRET and APP_URL; its rows go to
 * a table of its own. With SYNCHRONOUS=FULL the floors with an fsync of the WAL on every commit.
 *   node --import tsx bench/exam-burst/floor-server.ts   (PORT, DATABASE_URL, JWT_SECRET, APP_URL)
 */
import { createAdaptorServer } from "@hono/node-server";
import type { Client, InStatement } from "@libsql/client";
import { Hono, type Context } from "hono";
import { createLibsqlDb, LOCAL_POOL_SIZE, type Db } from "../../db/client";
import { migrateDatabase } from "../../db/migrate.node.ts";
import { verifyAccessToken } from "../../api/services/auth/access-token";
import { sessionCookieNames } from "../../api/services/auth/cookies";
import { getCookie } from "hono/cookie";
import { readConfig } from "../../api/services/core/config";
import type { AppServices } from "../../api/services/core/app-services";

const port = Number(process.env.PORT);
const databaseUrl = process.env.DATABASE_URL;
if (!port || !databaseUrl) throw new Error("PORT and DATABASE_URL are required");

const db = createLibsqlDb({ url: databaseUrl });
const config = readConfig(process.env);
// What verifyAccessToken reads (the database, the clock, the configuration); nothing else is used.
const services = { db, config, now: () => new Date() } as AppServices;
// The product's own start-up settings, so the floor's writes cost what the product's do.
await migrateDatabase(db);
const client = (db as Db & { $client: Client }).$client;
// SYNCHRONOUS=FULL (bench:exam --compare-full): what an fsync on every commit would cost.
// Per connection, so on every pooled one at once, as db/migrate.node.ts does for NORMAL.
if (process.env.SYNCHRONOUS === "FULL") await Promise.all(Array.from({ length: LOCAL_POOL_SIZE }, () => client.execute("PRAGMA synchronous=FULL")));
await client.execute(`create table if not exists floor_answers (
  id integer primary key,
  attempt_id integer not null,
  question_id integer not null,
  selected_option_ids text not null,
  saved_at integer not null,
  unique (attempt_id, question_id)
)`);
await client.execute(`create table if not exists floor_results (
  attempt_id integer primary key,
  correct_answered integer not null,
  percentage real not null,
  submitted_at integer not null,
  result_json text not null
)`);

interface Row {
  questionId: number;
  answer: number[];
}

const upsert = (attemptId: number, row: Row): InStatement => ({
  sql: `insert into floor_answers (attempt_id, question_id, selected_option_ids, saved_at) values (?, ?, ?, ?)
    on conflict (attempt_id, question_id) do update set selected_option_ids = excluded.selected_option_ids, saved_at = excluded.saved_at`,
  args: [attemptId, row.questionId, JSON.stringify(row.answer), Date.now()],
});

const insert = (attemptId: number, rows: Row[]): InStatement => ({
  sql: `insert into floor_answers (attempt_id, question_id, selected_option_ids, saved_at) values ${rows.map(() => "(?, ?, ?, ?)").join(", ")}`,
  args: rows.flatMap((row) => [attemptId, row.questionId, JSON.stringify(row.answer), Date.now()]),
});

/** The caller of a request, as the product's auth middleware finds it (api/middleware/auth.ts): a Bearer header, else the cookie. */
async function callerOf(c: Context) {
  const bearer = c.req.header("authorization")?.match(/^Bearer (.+)$/)?.[1];
  const token = bearer ?? getCookie(c, sessionCookieNames(config).access);
  return token ? verifyAccessToken(services, token) : null;
}

/**
 * The finished result's JSON as the floor stores it: the 50 answers' statuses (what the
 * harness checks) and filler up to `bytes`, the size of the product's own fetchById answer.
 */
function resultJson(attemptId: number, correct: number, statuses: string[], bytes: number): string {
  const body = { takenQuizId: attemptId, correctAnswered: correct, takenQuizAnswers: statuses.map((answerStatus) => ({ answerStatus })), filler: "" };
  const short = bytes - JSON.stringify(body).length;
  return JSON.stringify({ ...body, filler: "x".repeat(Math.max(0, short)) });
}

const app = new Hono()
  .get("/health", (c) => c.json({ status: "ok" }))
  .post("/autosave", async (c) => {
    // As the product's auth middleware reads it (api/middleware/auth.ts): a Bearer header, else the cookie.
    if (!(await callerOf(c))) return c.json({ message: "Unauthorized" }, 401);
    const { takenQuizId, questionId, answer } = await c.req.json<{ takenQuizId: number } & Row>();
    await client.execute(upsert(takenQuizId, { questionId, answer }));
    return c.json({ saved: 1 });
  })
  .post("/submit", async (c) => {
    if (!(await callerOf(c))) return c.json({ message: "Unauthorized" }, 401);
    const { takenQuizId, resultBytes } = await c.req.json<{ takenQuizId: number; answers: Row[]; resultBytes: number }>();
    const tx = await client.transaction("write");
    try {
      const saved = await tx.execute({ sql: "select question_id, selected_option_ids, answer_status from attempt_answers where attempt_id = ?", args: [takenQuizId] });
      const statuses = saved.rows.map((row) => String(row.answer_status));
      const correct = statuses.filter((status) => status === "yes").length;
      const percentage = saved.rows.length ? (100 * correct) / saved.rows.length : 0;
      await tx.execute({
        sql: "insert or replace into floor_results (attempt_id, correct_answered, percentage, submitted_at, result_json) values (?, ?, ?, ?, ?)",
        args: [takenQuizId, correct, percentage, Date.now(), resultJson(takenQuizId, correct, statuses, resultBytes)],
      });
      await tx.commit();
      return c.json({ takenQuizObject: { takenQuizId, correctAnswered: correct, percentage } });
    } finally {
      tx.close();
    }
  })
  .post("/review", async (c) => {
    if (!(await callerOf(c))) return c.json({ message: "Unauthorized" }, 401);
    const { takenQuizId } = await c.req.json<{ takenQuizId: number }>();
    const found = await client.execute({ sql: "select result_json from floor_results where attempt_id = ?", args: [takenQuizId] });
    if (!found.rows.length) return c.json({ message: "Not found" }, 404);
    return c.body(String(found.rows[0].result_json), 200, { "content-type": "application/json" });
  })
  .post("/fifty", async (c) => {
    const { attemptId, answers } = await c.req.json<{ attemptId: number; answers: Row[] }>();
    await client.execute(insert(attemptId, answers));
    return c.json({ saved: answers.length });
  });

// The product server's accept queue (server/node.ts), so a burst of connections costs both alike.
createAdaptorServer({ fetch: app.fetch }).listen({ port, backlog: 65_535 });
console.log(`floor server on ${port}`);
