/**
 * Issue 16 point 6: the results pages at school scale. One business with 20,000 finished
 * attempts over 200 quizzes of 10 questions (every attempt with its answers), 2,000 students
 * and 2,000 feedback rows (bench/results/seed.ts), on a migrated libSQL file. Times the server
 * side of each request, through the real Hono app (`app.request`, authentication included):
 * the quiz's stats list (POST /api/takenQuiz/fetchAllByQuizId: search, sorts), the leader
 * board (POST /api/takenQuiz/fetchAllTakenQuiz: every filter and sort), the feedback list
 * (POST /api/feedback/getAllQuestionFeedback) and item analysis (POST
 * /api/takenQuiz/itemAnalysis), plus item analysis of one quiz with 20,000 attempts of its
 * own (a second business): the worst case, held to its own bar since ADR 0072 (p50 ≤ 25 ms, issue 26
 * point 7, with the covering index of migration 0017), read again and read after a grade (cold). Each run is interleaved with a floor (GET
 * /api/health through the same app: routing, middleware and one `select 1`), so the ratio
 * travels between machines. Reports p50 and p99 in milliseconds against the bar
 * (p99 ≤ 100 ms). An endpoint this build does not have (404) or whose query it refuses (400,
 * e.g. a sort field named differently) is reported as such, not counted as a failure.
 * `npm run bench:results` (not part of `npm test`). ITERATIONS=200 by default; ONLY="item analysis"
 * times only the subjects whose name holds it (on a shared machine, the one figure wanted).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createApi } from "../api/app";
import { createDiskBlobStore } from "../api/adapters/blob-store-disk.node.ts";
import { createDiskFontSource } from "../api/adapters/fonts-disk.node.ts";
import { createOutboxMailer } from "../api/adapters/mailer-outbox";
import { signAccessToken } from "../api/services/auth/access-token";
import { startSession } from "../api/services/auth/sessions";
import type { AppServices } from "../api/services/core/app-services";
import { readConfig } from "../api/services/core/config";
import { createBusiness, createTestDb, createUser, testPasswordHashOnce } from "../api/test-support/factories.node.ts";
import type { User } from "../db/schema";
import { ATTEMPTS, FEEDBACK, QUIZZES, seedResults, STUDENTS } from "./results/seed.ts";

const ITERATIONS = Number(process.env.ITERATIONS ?? 200);
const ONLY = process.env.ONLY ?? "";
const BAR_MS = 100;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

interface Subject {
  name: string;
  /** Not held to the p99 bar (its school has 100 attempts per quiz)… */
  worstCase?: boolean;
  /** …but to a p50 bar of its own (issue 26 point 7: item analysis of one quiz of 20,000 attempts, p50 ≤ 25 ms). */
  p50BarMs?: number;
  /** Run before each timed request, outside the timing (the cold case changes the data first). */
  before?: () => Promise<unknown>;
  path: string;
  body: unknown;
  auth: { authorization: string };
}

/** The product's services on a migrated libSQL file (WAL, as in production), files and mail in a temp folder. */
async function benchServices(dir: string): Promise<AppServices> {
  const config = readConfig({ JWT_SECRET: "x".repeat(32) });
  const db = await createTestDb({ url: `file:${path.join(dir, "quiz.db")}` });
  return { db, blobs: createDiskBlobStore(path.join(dir, "files")), config, now: () => new Date(), mailer: createOutboxMailer(db, config.mailFrom, () => new Date()), fonts: createDiskFontSource() };
}

/** A bearer header of a real session of `user`, as a sign-in makes it. */
async function bearer(services: AppServices, user: User) {
  const session = await startSession(services, user.id, { userAgent: "bench" });
  const caller = { userId: user.id, businessId: user.businessId, userType: user.userType, profile: user.profile, roleLevel: user.roleLevel };
  return { authorization: `Bearer ${await signAccessToken(services, caller, session.id)}` };
}

async function main(dir: string) {
  const services = await benchServices(dir);
  const app = createApi(services);
  const db = services.db;
  const hash = await testPasswordHashOnce();

  const business = await createBusiness(db, { name: "Results Bench School" });
  const owner = await createUser(db, { businessId: business.id, userType: "Admin" });
  const teacher = await createUser(db, { businessId: business.id, userType: "Teacher" });
  let started = performance.now();
  await seedResults(db, business.id, teacher.id, hash);
  const seeded = performance.now() - started;
  // The worst case for item analysis: one quiz that 20,000 attempts took.
  const big = await createBusiness(db, { name: "One Big Quiz School" });
  const bigTeacher = await createUser(db, { businessId: big.id, userType: "Teacher" });
  started = performance.now();
  await seedResults(db, big.id, bigTeacher.id, hash, { quizzes: 1, attempts: ATTEMPTS, students: STUDENTS, tag: "big" });
  const seededBig = performance.now() - started;

  const [counts] = await db.all<{ attempts: number; answers: number; quizzes: number; feedback: number }>(sql`
    select (select count(*) from quiz_attempts where business_id = ${business.id} and submitted_at is not null) as attempts,
      (select count(*) from attempt_answers a join quiz_attempts z on z.id = a.attempt_id where z.business_id = ${business.id}) as answers,
      (select count(*) from quizzes where business_id = ${business.id}) as quizzes,
      (select count(*) from question_feedback where business_id = ${business.id}) as feedback`);
  if (counts.attempts !== ATTEMPTS || counts.quizzes !== QUIZZES || counts.answers !== ATTEMPTS * 10 || counts.feedback !== FEEDBACK) {
    throw new Error(`seeding went wrong: ${JSON.stringify(counts)}`);
  }
  await db.run(sql`analyze`);

  const [quiz] = await db.all<{ id: number; name: string; category: string }>(sql`
    select z.id, z.quiz_name as name, c.name as category from quizzes z join categories c on c.id = z.category_id
    where z.business_id = ${business.id} order by z.id limit 1 offset 57`);
  const [bigQuiz] = await db.all<{ id: number }>(sql`select id from quizzes where business_id = ${big.id}`);
  const [question] = await db.all<{ id: number }>(sql`select question_id as id from question_feedback where business_id = ${business.id} order by id limit 1`);
  const asTeacher = await bearer(services, teacher);
  const asOwner = await bearer(services, owner);
  const asBigTeacher = await bearer(services, bigTeacher);

  const list = (queryParams: Record<string, unknown>) => ({ queryParams: { pageNumber: 1, pageSize: 10, ...queryParams } });
  const stats = (name: string, queryParams: Record<string, unknown>): Subject => ({ name: `stats: ${name}`, path: "/takenQuiz/fetchAllByQuizId", body: { quizId: quiz.id, ...list(queryParams) }, auth: asTeacher });
  const board = (name: string, queryParams: Record<string, unknown>): Subject => ({ name: `leader board: ${name}`, path: "/takenQuiz/fetchAllTakenQuiz", body: list(queryParams), auth: asOwner });
  const feedback = (name: string, queryParams: Record<string, unknown>): Subject => ({ name: `feedback: ${name}`, path: "/feedback/getAllQuestionFeedback", body: list(queryParams), auth: asOwner });
  const subjects: Subject[] = [
    stats("default (student name)", {}),
    stats("search 'son'", { filter: { studentName: "son", studentEmail: "son" } }),
    stats("search an e-mail", { filter: { studentName: "student17-", studentEmail: "student17-" } }),
    ...["percentage", "attemptDate", "status", "timeTaken", "studentEmail"].map((sortField) => stats(`by ${sortField} desc`, { sortField, sortOrder: "desc" })),
    stats("page 5 of 20", { pageNumber: 5, pageSize: 20 }),
    board("default (percentage desc)", {}),
    board("by id", { sortField: "id", sortOrder: "asc" }),
    board("by student name", { sortField: "studentName", sortOrder: "asc" }),
    board("by percentage asc, page 100", { sortField: "percentage", sortOrder: "asc", pageNumber: 100 }),
    board("quiz name", { filter: { quizName: quiz.name } }),
    board("category", { filter: { quizCategory: quiz.category } }),
    board("quiz name and category, by student name", { filter: { quizName: quiz.name, quizCategory: quiz.category }, sortField: "studentName" }),
    board("student name 'son', by id desc", { filter: { studentName: "son" }, sortField: "id", sortOrder: "desc" }),
    feedback("default (newest)", {}),
    feedback("search", { filter: { search: "wording" } }),
    feedback("one question", { filter: { questionId: question.id } }),
    feedback("Pending, by student name", { filter: { status: "Pending" }, sortField: "studentName" }),
    feedback("by status, page 50", { sortField: "status", pageNumber: 50 }),
    { name: "item analysis: a quiz of 100 attempts", path: "/takenQuiz/itemAnalysis", body: { quizId: quiz.id }, auth: asTeacher },
    { name: "item analysis: one quiz of 20,000 attempts", worstCase: true, p50BarMs: 25, path: "/takenQuiz/itemAnalysis", body: { quizId: bigQuiz.id }, auth: asBigTeacher },
    // Cold: an attempt's version bumped before each request (as a grade does), so the attempts that changed are read again every time;
    // held to the same bar since ADR 0072's addendum (a read after a grade reads only what changed).
    {
      name: "item analysis: one quiz of 20,000 attempts, cold",
      worstCase: true,
      p50BarMs: 25,
      path: "/takenQuiz/itemAnalysis",
      body: { quizId: bigQuiz.id },
      auth: asBigTeacher,
      before: () => db.run(sql`update quiz_attempts set answers_version = answers_version + 1 where id = (select max(id) from quiz_attempts where quiz_id = ${bigQuiz.id})`),
    },
  ];
  const send = (subject: Subject) => app.request(`/${subject.path.replace(/^\//, "")}`, { method: "POST", headers: { "content-type": "application/json", ...subject.auth }, body: JSON.stringify(subject.body) });
  const floor = async () => (await app.request("/health")).arrayBuffer();

  console.log(`machine: ${os.cpus()[0]?.model ?? "unknown"} × ${os.cpus().length}, node ${process.version}, ${new Date().toISOString()}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  console.log(
    `seeded ${ATTEMPTS} finished attempts (${ATTEMPTS * 10} answers) over ${QUIZZES} quizzes, ${STUDENTS} students, ${FEEDBACK} feedback in ${(seeded / 1000).toFixed(1)} s; ` +
      `one quiz of ${ATTEMPTS} attempts in ${(seededBig / 1000).toFixed(1)} s; ${ITERATIONS} runs each`,
  );
  let over = 0;
  for (const subject of subjects.filter((candidate) => candidate.name.includes(ONLY))) {
    const probe = await send(subject);
    if (probe.status !== 200) {
      const text = await probe.text();
      const why = probe.status === 404 ? "not available (404)" : `refused (${probe.status}): ${text.slice(0, 160)}`;
      console.log(`${subject.name.padEnd(52)} ${why}`);
      continue;
    }
    await probe.arrayBuffer();
    for (let i = 0; i < 10; i++) await (await send(subject)).arrayBuffer(); // warm-up
    const times: number[] = [];
    const floors: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      await subject.before?.();
      let start = performance.now();
      await floor();
      floors.push(performance.now() - start);
      start = performance.now();
      const answer = await send(subject);
      await answer.arrayBuffer();
      times.push(performance.now() - start);
    }
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    if (p99 > BAR_MS && !subject.worstCase) over++;
    if (subject.p50BarMs !== undefined && p50 > subject.p50BarMs) over++;
    const verdict = subject.p50BarMs !== undefined ? (p50 <= subject.p50BarMs ? `ok (p50 bar ${subject.p50BarMs} ms)` : `OVER p50 ${subject.p50BarMs} ms`) : subject.worstCase ? "(worst case, not held to the bar)" : p99 <= BAR_MS ? "ok" : `OVER ${BAR_MS} ms`;
    console.log(
      `${subject.name.padEnd(52)} p50 ${p50.toFixed(2).padStart(7)} ms  p99 ${p99.toFixed(2).padStart(7)} ms  ` +
        `(p50 ${(p50 / percentile(floors, 50)).toFixed(0)}× the floor's ${percentile(floors, 50).toFixed(2)} ms)  ${verdict}`,
    );
  }
  console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  if (over > 0) process.exitCode = 1;
}

const dir = mkdtempSync(path.join(tmpdir(), "results-bench-"));
try {
  await main(dir);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
