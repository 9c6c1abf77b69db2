/**
 * `npm run bench:exam-cpu`: the server CPU each exam request costs, without HTTP, sockets or
 * a second process in the way: the real `/api` app on the exam-burst school (seed.ts) in a
 * libSQL file, called one request at a time. Start, autosave and submit are timed by the
 * process's own CPU clock, next to the floor's two inserts through the same client, so a
 * change to the hot path can be judged in seconds on a busy machine (the wall-clock burst,
 * `npm run bench:exam`, needs an idle one). `--students N` (default 300),
 * `--autosaves N` (default every answer, at most 10,000), `--no-submit` (to profile starts; it
 * also skips the save of all 50 answers before the submit, and the review read through
 * fetchById that follows it), `--paper mixed` (half the questions of the other types, two
 * essays: exam-burst/seed.ts; `--paper both` measures the two papers one after the other in
 * one process and prints the mixed one's cost as a ratio),
 * `--profile-phase autosave|save50|submit|review` (a CPU profile of that phase alone, written
 * to the current folder as exam-cpu-<paper>-<phase>.cpuprofile: open it in Chrome's DevTools).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createApi } from "../api/app";
import { createDiskBlobStore } from "../api/adapters/blob-store-disk.node.ts";
import { createDiskFontSource } from "../api/adapters/fonts-disk.node.ts";
import { createOutboxMailer } from "../api/adapters/mailer-outbox";
import { readConfig } from "../api/services/core/config";
import type { AppServices } from "../api/services/core/app-services";
import { signAccessToken } from "../api/services/auth/access-token";
import { startSession } from "../api/services/auth/sessions";
import { createLibsqlDb } from "../db/client";
import { migrateDatabase } from "../db/migrate.node.ts";
import { shownIdsOf } from "../api/test-support/shown-ids.node.ts";
import { planOf } from "./exam-burst/student";
import { type Paper, QUIZ_PASSWORD, seedSchool, type SeededQuestion } from "./exam-burst/seed";
import { answerTo, type PaperQuestion } from "../tests/mixed-paper";

const flag = (name: string, fallback: number) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
const students = flag("--students", 300);
const paperFlag = process.argv.includes("--paper") ? process.argv[process.argv.indexOf("--paper") + 1] : "choice";
const papers: Paper[] = paperFlag === "both" ? ["choice", "mixed"] : paperFlag === "mixed" ? ["mixed"] : ["choice"];
const profiledPhase = process.argv.includes("--profile-phase") ? process.argv[process.argv.indexOf("--profile-phase") + 1] : undefined;

/** Runs `work`, profiled when it is the phase --profile-phase names. */
async function phase<T>(paper: Paper, name: string, work: () => Promise<T>): Promise<T> {
  if (name !== profiledPhase) return work();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  try {
    return await work();
  } finally {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(`exam-cpu-${paper}-${name}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}

const figures = new Map<Paper, { autosave: number; submit: number; review: number }>();
for (const paper of papers) figures.set(paper, await measurePaper(paper));
const choice = figures.get("choice");
const mixed = figures.get("mixed");
if (choice && mixed) {
  const ratio = (of: (f: { autosave: number; submit: number; review: number }) => number) => (of(choice) / of(mixed)).toFixed(2);
  console.log(`the mixed paper's cost against multiple choice (CPU, multiple choice ÷ mixed; target ≥ 0.9×): autosave ${ratio((f) => f.autosave)}×, submit ${ratio((f) => f.submit)}×, submit + review ${ratio((f) => f.submit + f.review)}×`);
}

async function measurePaper(paper: Paper) {
  const dir = mkdtempSync(path.join(tmpdir(), "exam-cpu-"));
  const url = `file:${path.join(dir, "quiz.db")}`;

  try {
    const config = readConfig({ JWT_SECRET: "x".repeat(32), PASSWORD_PEPPER: "p".repeat(32) });
    const school = await seedSchool(url, config.passwordPepper!, students, paper);
    const db = createLibsqlDb({ url });
    // Sets the product's per-connection settings (WAL, synchronous=NORMAL) on every pooled connection.
    await migrateDatabase(db);
    const services: AppServices = {
      db,
      blobs: createDiskBlobStore(path.join(dir, "files")),
      config,
      now: () => new Date(),
      mailer: createOutboxMailer(db, config.mailFrom, () => new Date()),
      fonts: createDiskFontSource(),
    };
    const api = createApi(services);
    const rows = await db.all<{ id: number }>(sql`select id from users where user_type = 'Student' order by id`);
    const tokens = await Promise.all(
      rows.map(async ({ id }) => {
        const session = await startSession(services, id, { userAgent: "bench" });
        return `Bearer ${await signAccessToken(services, { userId: id, businessId: school.businessId, userType: "Student", profile: 4, roleLevel: 4 }, session.id)}`;
      }),
    );
    const post = async (route: string, authorization: string, body: unknown) => {
      const text = JSON.stringify(body);
      // With its length, as a browser sends it (without one, the body limit has to count the stream).
      const headers = { authorization, "content-type": "application/json", "content-length": String(new TextEncoder().encode(text).length) };
      const answer = await api.request(route, { method: "POST", headers, body: text });
      if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}: ${await answer.text()}`);
      return answer.json() as Promise<{ takenQuizId: number; questions?: PaperQuestion[] }>;
    };
    /** CPU microseconds per call of `each` over `count` calls, one at a time. */
    const perCall = async (count: number, each: (i: number) => Promise<unknown>) => {
      const before = process.cpuUsage();
      for (let i = 0; i < count; i++) await each(i);
      const used = process.cpuUsage(before);
      return (used.user + used.system) / count;
    };

    // The floors' statements (floor-server.ts), through the same client and settings.
    await db.run(sql`create table floor_one (id integer primary key, v text)`);
    const single = await perCall(2000, (i) => db.run(sql`insert into floor_one (v) values (${`answer ${i}`})`));
    const fifty = await perCall(200, (i) =>
      db.run(sql`insert into floor_one (v) values ${sql.join(Array.from({ length: 50 }, (_, k) => sql`(${`${i}-${k}`})`), sql`, `)}`),
    );

    const taken: number[] = [];
    const shownPapers: Map<number, PaperQuestion>[] = [];
    const start = await perCall(students, async (i) => {
      const exam = await post("/takeQuiz/startQuiz", tokens[i], { quizId: school.quizId, password: QUIZ_PASSWORD, examMode: "all" });
      taken[i] = exam.takenQuizId;
      shownPapers[i] = new Map((exam.questions ?? []).map((question) => [question.id, question]));
    });
    // The exam page sends the ids its paper showed (ADR 0031): mapped here, outside the timed calls.
    const shown = await Promise.all(taken.map((takenQuizId) => shownIdsOf(services, takenQuizId)));
    /** Student i's answer to question q as the browser sends it (built before the timed calls). */
    const sent = (i: number, q: number, question: SeededQuestion): unknown => {
      const planned = planOf(i, q, question);
      return Array.isArray(planned) ? shown[i](planned) : answerTo(question.keyed!, shownPapers[i].get(question.id)!, planned);
    };
    const saveCount = flag("--autosaves", Math.min(students * school.questions.length, 10_000));
    const saves = Array.from({ length: saveCount }, (_, n) => {
      const i = n % students;
      const q = Math.floor(n / students) % school.questions.length;
      return { takenQuizId: taken[i], answers: [{ questionId: school.questions[q].id, answer: sent(i, q, school.questions[q]), markedForReview: false }] };
    });
    const autosave = await phase(paper, "autosave", () => perCall(saveCount, (n) => post("/takeQuiz/saveAnswers", tokens[n % students], saves[n])));
    const submits = taken.map((takenQuizId, i) => ({
      takenQuizId,
      quizId: school.quizId,
      answers: school.questions.map((question, q) => ({ questionId: question.id, answer: sent(i, q, question), markedForReview: false })),
    }));
    // A save of every answer at once (the harness's "save 50"), each student once, before the submit.
    const save50 = await phase(paper, "save50", () => perCall(process.argv.includes("--no-submit") ? 0 : students, (i) => post("/takeQuiz/saveAnswers", tokens[i], { takenQuizId: taken[i], answers: submits[i].answers })));
    const submit = await phase(paper, "submit", () => perCall(process.argv.includes("--no-submit") ? 0 : students, (i) => post("/takeQuiz/answerAll", tokens[i], submits[i])));
    // The review other modules read (issue 25 point 8), once per finished attempt.
    const review = await phase(paper, "review", () => perCall(process.argv.includes("--no-submit") ? 0 : students, (i) => post("/takenQuiz/fetchById", tokens[i], { takenQuizId: taken[i] })));
    const ms = (us: number) => `${(us / 1000).toFixed(3)} ms`;
    console.log(`server CPU per request, ${paper === "mixed" ? "mixed" : "multiple-choice"} paper, ${students} students, one request at a time (Node ${process.version})`);
    console.log(`  floor: one insert ${ms(single)}, 50-row insert ${ms(fifty)}`);
    console.log(`  start ${ms(start)}   autosave ${ms(autosave)} (= ${(single / autosave).toFixed(2)}× its floor)   save of 50 ${ms(save50)}   submit ${ms(submit)} (= ${(fifty / submit).toFixed(2)}× its floor)   fetchById ${ms(review)}`);
    (db as unknown as { $client: { close(): void } }).$client.close();
    return { autosave, submit, review };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
