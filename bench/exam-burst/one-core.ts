/**
 * Issue 19 point 6: Moodle's quiz workload on one core (`npm run bench:exam -- --profile one-core`).
 *
 * Moodle 4.5 Quiz was measured (PHP 8.2-FPM, nginx, PostgreSQL 15) with its server pinned to
 * one core of this machine kind and the load on the other: 500 students, 50 requests in
 * flight, a 50-question quiz, four phases with a barrier between them. The same here: the
 * product server (`npm start`'s server/node.ts, one process: WEB_CONCURRENCY=1) pinned to
 * core 0 with its hashing threads, this client pinned to core 1, and per phase 50 students
 * in flight, each with its own connection, the next student as soon as one is done:
 *
 *  1. sign-in (POST /api/auth/login with the password);
 *  2. start (startQuiz with the quiz password);
 *  3. a save of all 50 answers (one saveAnswers carrying the 50);
 *  4. submit and open the review (answerAll, then the result page's loader data, which is
 *     what the exam page fetches when it moves to the result).
 *
 * Beside them, between 2 and 3, the one-answer autosave Moodle's figure is for: each student
 * saves one answer ten times over (5,000 requests, 50 in flight); and at the end the autosave
 * floor (floor-server.ts: the same access-token check and session lookup and one upsert) on
 * the same core, loaded alike, for issue 19 point 7's ratio. The "sitting" is the four
 * phases end to end, as Moodle's 473 s is. The password hash's own limit on one core is
 * measured first (this process, pinned to a core of the same kind, hashing one after another
 * with the product's argon2id and parameters): sign-ins are judged against 0.8× of it.
 * Afterwards the database is read: every acknowledged answer stored, every submit graded.
 */
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { hashPassword, installArgon2id } from "../../api/services/auth/password";
import { loadWasmArgon2id } from "../../server/argon2id.node.ts";
import { randomBytes } from "node:crypto";
import { inFlight, newAgent, send, Tally, type Answer } from "./http-client";
import { cpuSeconds, pinThisProcess, startProcess, startProductServer, stopProcess, type Running } from "./processes";
import { ms } from "./phase";
import { type Paper, QUESTIONS, seedSchool, type SeededSchool } from "./seed";
import { planOf, rightAnswers, Student } from "./student";
import { verifyDatabase } from "./verify";

const STUDENTS = 500;
const IN_FLIGHT = 50;
const AUTOSAVES_EACH = 10;

/** Moodle 4.5 on one core (issue 19): students (or requests) a second, and the sitting. */
const MOODLE = { signIn: 8.7, start: 2.8, saveAll: 5.6, submit: 3.4, autosave: 18.9, sittingSeconds: 473, cpuPerStudent: 0.94 };

interface Measured {
  tally: Tally;
  seconds: number;
  serverCpu: number;
  rate: number;
}

async function measure(server: Running, name: string, count: number, work: (i: number) => Promise<Answer | Answer[]>): Promise<Measured> {
  const tally = new Tally(name);
  const cpuBefore = await cpuSeconds(server.child.pid);
  const started = performance.now();
  await inFlight(count, IN_FLIGHT, async (i) => {
    const due = performance.now();
    const answers = await work(i);
    // A step of several requests (submit + review) is one latency, failed if any of them failed.
    const list = Array.isArray(answers) ? answers : [answers];
    tally.record(due, list.find((answer) => answer.status < 200 || answer.status >= 300) ?? list[list.length - 1]);
  });
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = (await cpuSeconds(server.child.pid)) - cpuBefore;
  const rate = count / seconds;
  console.log(
    `  ${name.padEnd(30)} ${String(count).padStart(5)} in ${seconds.toFixed(2)} s = ${rate.toFixed(1)}/s; p50 ${ms(tally.percentile(50))}, p99 ${ms(tally.percentile(99))}; server ${(serverCpu / seconds).toFixed(2)} cores, ${((serverCpu * 1000) / count).toFixed(2)} ms CPU each; non-2xx ${tally.failed}`,
  );
  for (const [what, n] of tally.failures) console.log(`    ${n} × ${what}`);
  return { tally, seconds, serverCpu, rate };
}

/** argon2id hashes a second on one core, one after another, with the product's parameters and WASM build. */
async function hashLimit(pepper: string): Promise<number> {
  installArgon2id(await loadWasmArgon2id());
  await hashPassword("warm-up", pepper);
  const started = performance.now();
  let count = 0;
  while (performance.now() - started < 5000) {
    await hashPassword(`password ${count}`, pepper);
    count++;
  }
  return count / ((performance.now() - started) / 1000);
}

interface OneCoreOptions {
  dataDir: string;
  pepper: string;
  port: number;
  nodeFlags?: string[];
}

/**
 * The workload on the multiple-choice paper, and with `mixed` then on the mixed paper (half the
 * other types, two essays: seed.ts) in the same run, each on a fresh database and server: issue
 * 26 wants the mixed paper's autosave and submit-plus-review at ≥ 0.9× multiple choice's, by rate
 * and by the server's CPU time a request.
 *
 * One pair of passes is not a measurement: on this shared machine the same build's ratio went
 * from 0.64× to 0.99× between two runs ten minutes apart (docs/performance.md), because each
 * phase lasts one to three seconds and the multiple-choice pass moved as much as the mixed one.
 * So `rounds` pairs are run (3 by default with `mixed`), their order alternating (choice first,
 * then mixed first) so that a machine warming or cooling over the run favours neither paper, and
 * the verdict is each ratio's median over the rounds, each round's printed beside it.
 */
export async function runOneCore(options: OneCoreOptions & { paper: Paper; rounds?: number }): Promise<boolean> {
  if (os.cpus().length < 2) throw new Error("the one-core workload needs two cores: one for the server, one for the load");
  pinThisProcess("1");
  const limit = await hashLimit(options.pepper);
  console.log(`password hash on one core: ${limit.toFixed(1)} hashes/s (${(1000 / limit).toFixed(1)} ms each)`);
  if (options.paper !== "mixed") return (await onePaper({ ...options, ...paperStore(options.dataDir, "choice") }, "choice", limit)).ok;

  const rounds = Math.max(1, options.rounds ?? 3);
  const ratios: RoundRatios[] = [];
  let ok = true;
  for (let round = 1; round <= rounds; round++) {
    const order: Paper[] = round % 2 === 1 ? ["choice", "mixed"] : ["mixed", "choice"];
    const passes = new Map<Paper, PaperPass>();
    for (const paper of order) {
      console.log(`\n— round ${round} of ${rounds}, ${paper} —`);
      const pass = await onePaper({ ...options, ...paperStore(options.dataDir, `${paper}-${round}`) }, paper, limit);
      ok &&= pass.ok;
      passes.set(paper, pass);
    }
    ratios.push(roundRatios(passes.get("choice")!, passes.get("mixed")!));
  }
  printRatios(ratios);
  return ok;
}

/** Each pass on its own fresh database file. */
function paperStore(dataDir: string, name: string) {
  const dir = path.join(dataDir, name);
  mkdirSync(dir, { recursive: true });
  return { dataDir: dir, databaseUrl: `file:${path.join(dir, "quiz.db")}` };
}

const cpuEach = (m: Measured) => m.serverCpu / m.tally.count;
const STEPS = [
  ["one-answer autosave", "autosave"],
  ["submit + open the review", "submit"],
] as const;

/** The mixed paper ÷ multiple choice, by rate and by CPU a request (higher is better for both). */
type RoundRatios = Record<(typeof STEPS)[number][1], { rate: number; cpu: number; line: string }>;

function roundRatios(choice: PaperPass, mixed: PaperPass): RoundRatios {
  const of = (step: (typeof STEPS)[number][1]) => {
    const mc = choice[step];
    const mx = mixed[step];
    return {
      rate: mx.rate / mc.rate,
      cpu: cpuEach(mc) / cpuEach(mx),
      line: `rate ${mx.rate.toFixed(0)}/s vs ${mc.rate.toFixed(0)}/s = ${(mx.rate / mc.rate).toFixed(2)}×; server CPU ${(cpuEach(mx) * 1000).toFixed(2)} vs ${(cpuEach(mc) * 1000).toFixed(2)} ms each = ${(cpuEach(mc) / cpuEach(mx)).toFixed(2)}×`,
    };
  };
  return { autosave: of("autosave"), submit: of("submit") };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function printRatios(ratios: RoundRatios[]) {
  console.log(`\nthe mixed paper against multiple choice, ${ratios.length} round(s) in one run (target ≥ 0.9×; load ${os.loadavg().map((v) => v.toFixed(2)).join(" ")}):`);
  for (const [name, step] of STEPS) {
    ratios.forEach((round, i) => console.log(`  ${name.padEnd(26)} round ${i + 1}: ${round[step].line}`));
    const rate = median(ratios.map((round) => round[step].rate));
    const cpu = median(ratios.map((round) => round[step].cpu));
    console.log(`  ${name.padEnd(26)} median: rate ${rate.toFixed(2)}×, server CPU ${cpu.toFixed(2)}× (${Math.min(rate, cpu) >= 0.9 ? "met" : "MISSED"})`);
  }
}

interface PaperPass {
  ok: boolean;
  autosave: Measured;
  /** Submit and open the review, as one step. */
  submit: Measured;
}

/** One pass of the workload on a fresh database; `limit` is the password hash's rate on one core, measured once a run. */
async function onePaper(options: OneCoreOptions & { databaseUrl: string }, paper: Paper, limit: number): Promise<PaperPass> {
  console.log(`one-core workload (Moodle's): ${STUDENTS} students, ${IN_FLIGHT} in flight, a ${QUESTIONS}-question ${paper === "mixed" ? "mixed" : "multiple-choice"} quiz; server on core 0, load on core 1`);

  const school: SeededSchool = await seedSchool(options.databaseUrl, options.pepper, STUDENTS, paper);
  const jwtSecret = randomBytes(32).toString("base64url");
  const server = await startProductServer({ dataDir: options.dataDir, port: options.port, pepper: options.pepper, env: { WEB_CONCURRENCY: "1", JWT_SECRET: jwtSecret }, cores: "0", nodeFlags: options.nodeFlags });
  let floor: Running | undefined;
  try {
    const students = school.students.map((email, i) => new Student(server.origin, email, i));
    const answersOf = (s: Student) => new Map(school.questions.map((question, q) => [question.id, planOf(s.index, q, question)]));
    console.log("");
    const signIn = await measure(server, "1. sign-in", STUDENTS, (i) => students[i].signIn());
    const start = await measure(server, "2. start", STUDENTS, (i) => students[i].start(school.quizId));
    const autosave = await measure(server, "   one-answer autosave", STUDENTS * AUTOSAVES_EACH, (n) => {
      const s = students[n % STUDENTS];
      const q = Math.floor(n / STUDENTS) % QUESTIONS;
      return s.save(school.questions[q], planOf(s.index, q, school.questions[q], 1));
    });
    const saveAll = await measure(server, "3. save of all 50 answers", STUDENTS, (i) => students[i].saveMany(school.questions, answersOf(students[i])));
    // Timed as two steps (same students, same 50 in flight), so each one's cost shows; their sum is the phase.
    const submitted = await measure(server, "4. submit", STUDENTS, (i) => students[i].submit(school.quizId, school.questions, answersOf(students[i])));
    const review = await measure(server, "   … and open the review", STUDENTS, (i) => students[i].openResult());
    const submit: Measured = {
      tally: submitted.tally,
      seconds: submitted.seconds + review.seconds,
      serverCpu: submitted.serverCpu + review.serverCpu,
      rate: STUDENTS / (submitted.seconds + review.seconds),
    };
    for (const [what, n] of review.tally.failures) submit.tally.failures.set(`review: ${what}`, n);
    console.log(`  4. submit + open the review: ${submit.rate.toFixed(1)}/s, ${((submit.serverCpu * 1000) / STUDENTS).toFixed(2)} ms CPU each`);

    // The autosave floor (floor-server.ts: the same token check and session lookup, one upsert) on the same core, loaded alike.
    floor = await startProcess("bench/exam-burst/floor-server.ts", options.port + 1, { DATABASE_URL: options.databaseUrl, JWT_SECRET: jwtSecret, APP_URL: server.origin.origin }, "/health", [], "0");
    const floorAgents = students.map(() => newAgent());
    const autosaveFloor = await measure(floor, "   autosave floor", STUDENTS * AUTOSAVES_EACH, (n) => {
      const i = n % STUDENTS;
      return send(floorAgents[i], floor!.origin, "POST", "/autosave", { takenQuizId: students[i].takenQuizId, questionId: Math.floor(n / STUDENTS) + 1, answer: [n] }, { cookie: students[i].cookie });
    });

    const verdict = await verifyDatabase(
      options.databaseUrl,
      students.map((s) => ({ takenQuizId: s.takenQuizId, answers: s.expectedAnswers(), correctAnswered: s.submitted ? rightAnswers(school.questions, s.acknowledged) : undefined })),
    );
    const phases = [signIn, start, saveAll, submit];
    const sitting = phases.reduce((sum, p) => sum + p.seconds, 0);
    const cpuPerStudent = phases.reduce((sum, p) => sum + p.serverCpu, 0) / STUDENTS;
    const non2xx = [...phases, autosave, autosaveFloor].reduce((sum, p) => sum + p.tally.failed, 0);
    const ratio = (ours: number, moodle: number) => `${(ours / moodle).toFixed(0)}×`;
    console.log(`\n  check: ${verdict.answersChecked} acknowledged answers read back, ${verdict.attempts} attempts; ${verdict.problems.length} problems`);
    for (const problem of verdict.problems.slice(0, 10)) console.log(`    ${problem}`);
    console.log(`\n  against Moodle 4.5 on one core (students or requests a second):`);
    console.log(`    sign-in   ${signIn.rate.toFixed(1)}/s = ${(signIn.rate / MOODLE.signIn).toFixed(1)}× Moodle; ${(signIn.rate / limit).toFixed(2)}× the hash's limit on one core (target ≥ 0.8×)`);
    console.log(`    start     ${start.rate.toFixed(0)}/s = ${ratio(start.rate, MOODLE.start)} (target ≥ 100×)`);
    console.log(`    autosave  ${autosave.rate.toFixed(0)}/s = ${ratio(autosave.rate, MOODLE.autosave)} (target ≥ 100×); ${(autosave.rate / autosaveFloor.rate).toFixed(2)}× its floor's ${autosaveFloor.rate.toFixed(0)}/s (target ≥ 0.5×)`);
    console.log(`    save all  ${saveAll.rate.toFixed(0)}/s = ${ratio(saveAll.rate, MOODLE.saveAll)} (target ≥ 100×)`);
    console.log(`    submit    ${submit.rate.toFixed(0)}/s = ${ratio(submit.rate, MOODLE.submit)} (target ≥ 100×)`);
    console.log(`    sitting   ${sitting.toFixed(1)} s (Moodle ${MOODLE.sittingSeconds} s = ${(MOODLE.sittingSeconds / sitting).toFixed(1)}×), ${cpuPerStudent.toFixed(3)} server CPU-s per student (Moodle ${MOODLE.cpuPerStudent})`);
    const row = [
      new Date().toISOString().slice(0, 10),
      paper,
      `${signIn.rate.toFixed(1)}/s (${(signIn.rate / limit).toFixed(2)}× hash)`,
      `${start.rate.toFixed(0)}/s (${ratio(start.rate, MOODLE.start)})`,
      `${autosave.rate.toFixed(0)}/s (${ratio(autosave.rate, MOODLE.autosave)}; ${(autosave.rate / autosaveFloor.rate).toFixed(2)}× floor)`,
      `${saveAll.rate.toFixed(0)}/s (${ratio(saveAll.rate, MOODLE.saveAll)})`,
      `${submit.rate.toFixed(0)}/s (${ratio(submit.rate, MOODLE.submit)})`,
      `${sitting.toFixed(1)} s, ${cpuPerStudent.toFixed(3)} CPU-s`,
      non2xx === 0 && verdict.problems.length === 0 ? "yes" : "NO",
      os.loadavg()[0].toFixed(1),
    ];
    console.log(`\nmarkdown row:\n| ${row.join(" | ")} |`);
    const met =
      non2xx === 0 &&
      verdict.problems.length === 0 &&
      signIn.rate >= 0.8 * limit &&
      start.rate >= 100 * MOODLE.start &&
      autosave.rate >= 100 * MOODLE.autosave &&
      autosave.rate >= 0.5 * autosaveFloor.rate &&
      saveAll.rate >= 100 * MOODLE.saveAll &&
      submit.rate >= 100 * MOODLE.submit;
    console.log(`\ntargets ${met ? "met" : "MISSED"}`);
    return { ok: verdict.problems.length === 0 && non2xx === 0, autosave, submit };
  } finally {
    if (floor) await stopProcess(floor);
    await stopProcess(server);
  }
}
