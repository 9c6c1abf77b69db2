/**
 * Issue 8 item 9: a whole school sits one exam at once, against the production build on the
 * embedded libSQL file. `npm run bench:exam [-- --students 2000]` (not part of `npm test`;
 * the script builds first).
 *
 * The product server runs as `npm start` runs it (server/node.ts, NODE_ENV=production) on a
 * fresh DATA_DIR whose database the benchmark seeds before the start (bench/exam-burst/seed.ts):
 * a 50-question quiz and N students (default 1,000). Then, through HTTP on loopback, as the
 * browsers would (bench/exam-burst/student.ts):
 *
 *  1. sign-in: the N students sign in with their passwords, spread over one minute, while
 *     an earlier class (N/10 students, at least 50) is mid-exam and autosaves an answer
 *     every 2 s each; their autosave latency is also measured for 10 s before anyone signs
 *     in, so "autosaves keep theirs" has a baseline;
 *  2. start: the N students start the quiz together (all within one second);
 *  3. autosave: each saves its 50 answers, one answer per request, the next when the last
 *     was acknowledged (use-answer-sync.ts keeps one save in flight; no thinking time, so
 *     this is the server's full rate);
 *  4. submit: all N submit within the same second (answerAll with the 50 answers, as
 *     ExamScreen.tsx sends them).
 *
 * The floors run in a process of their own with the same settings (bench/exam-burst/
 * floor-server.ts): Hono + the product's access-token check and session lookup + one
 * single-row upsert (issue 19 point 7: what any authenticated save must do), loaded exactly as
 * autosave is (the signed-in students × 50, closed loop, each with its own session), and
 * Hono + one 50-row INSERT, loaded as submit is (N within one second). Each floor is measured
 * after the sign-ins and again after the exam; ratios use their mean.
 * Afterwards the database is read directly: every acknowledged answer stored with the value
 * acknowledged, every submitted attempt graded with its answers' score. Latencies count from
 * when a request was due, so a server that falls behind shows in full.
 *
 * Flags: --paper choice|mixed (the quiz: multiple choice, or half choice and half the other
 * types with two essays; one-core with mixed measures both papers in one run and compares them,
 * --rounds N times (3), alternating their order, by each ratio's median),
 * --students N, --port P (P, P+1 and P+2; default 3300), --sign-in-seconds S (60),
 * --compare-full (the floors once more with synchronous=FULL: the price of an fsync per
 * commit), --cpu-prof (writes the product server's CPU profile into the data folder),
 * --keep (keeps that folder).
 *
 * Profiles (--profile): burst (above), one-core (Moodle's workload on one core:
 * exam-burst/one-core.ts), sitting (10,000 students: exam-burst/sitting.ts; with --draw half of
 * them sit a paper drawn at the start, its p99s beside the fixed paper's) and
 * api-vs-reference (issue 25 point 8: the API path other modules use, with Node's fetch,
 * against the turn-3 build run beside it: exam-burst/api-vs-reference.ts; --reference DIR,
 * --rounds N, --auth bearer|cookie, --cpu-prof [--cpu-prof-dir DIR], --uncompressed-review: the
 * review asks for `Accept-Encoding: identity`, to weigh what compressing it costs the server)
 * and sqld (issue 30 point 4: the one-core workload on the embedded file, then on one and on two
 * app servers over a real `sqld`, in one run: exam-burst/over-sqld.ts; `--db sqld --servers N`
 * runs the file and N servers only; --students N (500), --in-flight N (50), --autosaves N (10),
 * --phase-limit S (900: a phase still running then stops the run, every process stopped)).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { randomBytes } from "node:crypto";
import { closedLoops, closeIdleSockets, newAgent, openLoop, resent, send, spread, Tally } from "./exam-burst/http-client";
import { root, startProcess, startProductServer, stopProcess, type Running } from "./exam-burst/processes";
import { ms, phase, type PhaseResult } from "./exam-burst/phase";
import { type Paper, PAPERS, QUESTIONS, seedSchool } from "./exam-burst/seed";
import { planOf, rightAnswers, Student } from "./exam-burst/student";
import { verifyDatabase, type Expected } from "./exam-burst/verify";
import { runOneCore } from "./exam-burst/one-core";
import { runSitting } from "./exam-burst/sitting";
import { runApiVsReference } from "./exam-burst/api-vs-reference";
import { runOverSqld } from "./exam-burst/over-sqld";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`);
  return value;
};
const STUDENTS = option("students", 1000);
const PORT = option("port", 3300);
const SIGN_IN_SECONDS = option("sign-in-seconds", 60);
const EARLIER_CLASS = Math.max(50, Math.round(STUDENTS / 10));
const PAPER = (args.includes("--paper") ? args[args.indexOf("--paper") + 1] : "choice") as Paper;
if (!PAPERS.includes(PAPER)) throw new Error(`--paper takes ${PAPERS.join(" or ")}`);
const EARLIER_CLASS_SAVE_EVERY_MS = 2000;
const BASELINE_MS = 10_000;

const now = () => performance.now();
const load = () => os.loadavg().map((v) => v.toFixed(2)).join(" ");

/**
 * The floors (floor-server.ts): the autosave floor loaded exactly like autosave (the signed-in
 * students, 50 each, closed loop, each with its own session), the submit floor like submit
 * (N within one second).
 */
async function floorPass(floor: Running, pass: number, students: Student[]): Promise<{ one: PhaseResult; fifty: PhaseResult }> {
  const base = pass * 10_000_000;
  const agents = Array.from({ length: students.length }, () => newAgent());
  const oneTally = new Tally(`floor: authenticated upsert (${pass})`);
  const one = await phase(floor, oneTally, () =>
    closedLoops(students.length, QUESTIONS, oneTally, (client, step) =>
      send(agents[client], floor.origin, "POST", "/autosave", { takenQuizId: base + client, questionId: step + 1, answer: [step + 1] }, { cookie: students[client].cookie }),
    ),
  );
  const answers = Array.from({ length: QUESTIONS }, (_, q) => ({ questionId: q + 1, answer: [q + 1] }));
  const fiftyTally = new Tally(`floor: 50-row insert (${pass})`);
  const fifty = await phase(floor, fiftyTally, () =>
    openLoop(spread(students.length, 1000), now() + 50, fiftyTally, (client) => send(agents[client], floor.origin, "POST", "/fifty", { attemptId: base + 5_000_000 + client, answers })),
  );
  return { one, fifty };
}

async function main() {
  if (!existsSync(path.join(root, "build/server/index.js"))) throw new Error("No production build: run `npm run build` first (npm run bench:exam does).");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "exam-burst-"));
  const databaseUrl = `file:${path.join(dataDir, "quiz.db")}`;
  const pepper = randomBytes(24).toString("base64url");
  // `--db sqld` is the sqld profile (with `--servers N`: the file and N app servers over sqld).
  const dbArg = args.includes("--db") ? args[args.indexOf("--db") + 1] : "file";
  if (dbArg !== "file" && dbArg !== "sqld") throw new Error("--db takes file or sqld");
  const profile = dbArg === "sqld" ? "sqld" : args.includes("--profile") ? args[args.indexOf("--profile") + 1] : "burst";
  const nodeFlags = flag("cpu-prof") ? ["--cpu-prof", `--cpu-prof-dir=${dataDir}`, "--import", "./bench/exam-burst/exit-on-sigterm.ts"] : [];
  if (profile === "one-core") {
    try {
      if (!(await runOneCore({ dataDir, pepper, port: PORT, nodeFlags, paper: PAPER, rounds: option("rounds", 3) }))) process.exitCode = 1;
    } finally {
      if (!flag("keep") && !flag("cpu-prof")) await rm(dataDir, { recursive: true, force: true });
    }
    return;
  }
  if (profile === "api-vs-reference") {
    await rm(dataDir, { recursive: true, force: true });
    const at = args.indexOf("--reference");
    const referenceRoot = path.resolve(at >= 0 ? args[at + 1] : "/work/ref-421839c");
    const authAt = args.indexOf("--auth");
    const authBy = authAt >= 0 ? args[authAt + 1] : "bearer";
    if (authBy !== "bearer" && authBy !== "cookie") throw new Error("--auth takes bearer or cookie");
    // The CPU profile of this build's server goes to the folder --cpu-prof-dir names (default: the current one).
    const profileDir = args.includes("--cpu-prof-dir") ? args[args.indexOf("--cpu-prof-dir") + 1] : process.cwd();
    const profileFlags = flag("cpu-prof") ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`, "--import", "./bench/exam-burst/exit-on-sigterm.ts"] : [];
    if (!(await runApiVsReference({ port: PORT, rounds: option("rounds", 3), referenceRoot, authBy, nodeFlags: profileFlags, keep: flag("keep"), uncompressedReview: flag("uncompressed-review") }))) process.exitCode = 1;
    return;
  }
  if (profile === "sqld") {
    try {
      const servers = args.includes("--servers") ? [option("servers", 2)] : [1, 2];
      if (servers.some((n) => !Number.isInteger(n) || n > 4)) throw new Error("--servers takes 1, 2, 3 or 4");
      const students = args.includes("--students") ? STUDENTS : 500;
      if (!(await runOverSqld({ dataDir, port: PORT, students, inFlight: option("in-flight", 50), autosavesEach: option("autosaves", 10), servers, paper: PAPER, phaseLimitSeconds: option("phase-limit", 900) }))) process.exitCode = 1;
    } finally {
      if (!flag("keep")) await rm(dataDir, { recursive: true, force: true });
    }
    return;
  }
  if (profile === "sitting") {
    try {
      const signInSeconds = args.includes("--sign-in-seconds") ? SIGN_IN_SECONDS : 300;
      const students = args.includes("--students") ? STUDENTS : 10_000;
      if (!(await runSitting({ dataDir, databaseUrl, pepper, port: PORT, students, signInSeconds, nodeFlags, paper: PAPER, draw: flag("draw") }))) process.exitCode = 1;
    } finally {
      if (!flag("keep") && !flag("cpu-prof")) await rm(dataDir, { recursive: true, force: true });
    }
    return;
  }
  if (profile !== "burst") throw new Error(`--profile takes burst, one-core, sitting, sqld or api-vs-reference, not ${profile}`);
  const startedAt = new Date();
  console.log(`exam burst: ${STUDENTS} students (+${EARLIER_CLASS} in an earlier class), ${QUESTIONS} questions`);
  console.log(`machine: ${os.cpus()[0]?.model ?? "unknown"} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, node ${process.version}; load ${load()}; ${startedAt.toISOString()}`);
  console.log(`data: ${dataDir}`);

  const school = await seedSchool(databaseUrl, pepper, STUDENTS + EARLIER_CLASS, PAPER);
  const jwtSecret = randomBytes(32).toString("base64url");
  const server = await startProductServer({ dataDir, port: PORT, pepper, nodeFlags, env: { JWT_SECRET: jwtSecret } });
  // On the product's database file, with its secret and address: it checks the students' own sessions.
  const floorEnv = (port: number) => ({ DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret, APP_URL: server.origin.origin, PORT: String(port) });
  const floor = await startProcess("bench/exam-burst/floor-server.ts", PORT + 1, floorEnv(PORT + 1), "/health");
  const clientCpuStart = process.cpuUsage();
  const problems: string[] = [];
  try {
    const students = school.students.slice(0, STUDENTS).map((email, i) => new Student(server.origin, email, i));
    const earlier = school.students.slice(STUDENTS).map((email, i) => new Student(server.origin, email, STUDENTS + i));

    console.log("\nthe earlier class signs in and starts (not timed)");
    const setup = new Tally("earlier class: sign-in+start");
    for (let from = 0; from < earlier.length; from += 10) {
      await Promise.all(
        earlier.slice(from, from + 10).map(async (s) => {
          setup.record(now(), await s.signIn());
          setup.record(now(), await s.start(school.quizId));
        }),
      );
    }
    if (setup.failed) throw new Error(`the earlier class could not start: ${[...setup.failures.keys()].join("; ")}`);

    // The earlier class autosaves, one answer every 2 s each, one save in flight each, until told to stop.
    let earlierTally = new Tally("autosave, earlier class");
    let stopEarlier = false;
    const earlierLoops = earlier.map(async (s, k) => {
      let due = now() + (k * EARLIER_CLASS_SAVE_EVERY_MS) / earlier.length;
      for (let round = 0; !stopEarlier; round++) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - now())));
        if (stopEarlier) break;
        const question = school.questions[round % QUESTIONS];
        earlierTally.record(due, await s.save(question, planOf(s.index, round % QUESTIONS, question, Math.floor(round / QUESTIONS))));
        due += EARLIER_CLASS_SAVE_EVERY_MS;
      }
    });

    console.log(`\n1. sign-in: ${STUDENTS} students over ${SIGN_IN_SECONDS} s, the earlier class autosaving`);
    const baseline = await phase(server, earlierTally, () => new Promise((resolve) => setTimeout(resolve, BASELINE_MS)));
    earlierTally = new Tally("autosave during sign-ins");
    const signIns = new Tally("sign-in");
    const signIn = await phase(server, signIns, () => openLoop(spread(STUDENTS, SIGN_IN_SECONDS * 1000), now() + 50, signIns, (i) => students[i].signIn()));
    const duringSignIn = { tally: earlierTally, serverCpu: NaN, seconds: signIn.seconds };
    console.log(`  ${earlierTally.name.padEnd(28)} ${String(earlierTally.count).padStart(7)} requests; p50 ${ms(earlierTally.percentile(50))}, p99 ${ms(earlierTally.percentile(99))}, max ${ms(earlierTally.percentile(100))}; non-2xx ${earlierTally.failed}`);
    for (const [what, count] of earlierTally.failures) console.log(`    ${count} × ${what}`);
    stopEarlier = true;
    await Promise.all(earlierLoops);
    const earlierSubmit = new Tally("earlier class: submit");
    await Promise.all(earlier.map(async (s) => earlierSubmit.record(now(), await s.submit(school.quizId, school.questions, new Map(s.acknowledged)))));
    for (const [what, count] of earlierSubmit.failures) console.log(`  earlier class submit: ${count} × ${what}`);
    const signedIn = students.filter((s) => s.cookie);

    console.log("\nfloors, first pass");
    const floors1 = await floorPass(floor, 1, signedIn);

    console.log(`\n2. start: ${signedIn.length} students within one second`);
    const starts = new Tally("start");
    const start = await phase(server, starts, () => openLoop(spread(signedIn.length, 1000), now() + 50, starts, (i) => signedIn[i].start(school.quizId)));
    const started = signedIn.filter((s) => s.takenQuizId);

    console.log(`\n3. autosave: ${started.length} students × ${QUESTIONS} answers, one per request`);
    const saves = new Tally("autosave");
    const autosave = await phase(server, saves, () =>
      closedLoops(started.length, QUESTIONS, saves, (client, q) => {
        const s = started[client];
        const question = school.questions[q];
        return s.save(question, planOf(s.index, q, question));
      }),
    );
    const afterSaves = await verifyDatabase(
      databaseUrl,
      [...started, ...earlier].map((s): Expected => ({ takenQuizId: s.takenQuizId, answers: s.expectedAnswers() })),
    );
    console.log(`  check: ${afterSaves.answersChecked} acknowledged answers read back; ${afterSaves.problems.length} missing or different`);
    problems.push(...afterSaves.problems);

    console.log(`\n4. submit: ${started.length} students within the same second`);
    const submits = new Tally("submit");
    const finalAnswers = new Map(started.map((s) => [s, new Map(school.questions.map((question, q) => [question.id, planOf(s.index, q, question)]))]));
    const submit = await phase(server, submits, () => openLoop(spread(started.length, 1000), now() + 50, submits, (i) => started[i].submit(school.quizId, school.questions, finalAnswers.get(started[i])!)));

    const afterSubmit = await verifyDatabase(databaseUrl, [
      ...started.map((s): Expected => ({ takenQuizId: s.takenQuizId, answers: s.expectedAnswers(), correctAnswered: s.submitted ? rightAnswers(school.questions, s.acknowledged) : undefined })),
      ...earlier.map((s): Expected => ({ takenQuizId: s.takenQuizId, answers: s.expectedAnswers(), correctAnswered: s.submitted ? rightAnswers(school.questions, s.acknowledged) : undefined })),
    ]);
    console.log(`  check: ${afterSubmit.attempts} attempts, ${afterSubmit.answersChecked} acknowledged answers read back; ${afterSubmit.problems.length} problems`);
    problems.push(...afterSubmit.problems);

    console.log("\nfloors, second pass");
    const floors2 = await floorPass(floor, 2, signedIn);

    if (flag("compare-full")) {
      console.log("\nfloors with synchronous=FULL (an fsync of the WAL on every commit)");
      const full = await startProcess("bench/exam-burst/floor-server.ts", PORT + 2, { ...floorEnv(PORT + 2), SYNCHRONOUS: "FULL" }, "/health");
      try {
        const floorsFull = await floorPass(full, 3, signedIn);
        const normalOne = (floors1.one.tally.throughput + floors2.one.tally.throughput) / 2;
        const normalFifty = (floors1.fifty.tally.throughput + floors2.fifty.tally.throughput) / 2;
        console.log(`  FULL / NORMAL: authenticated upsert ${(floorsFull.one.tally.throughput / normalOne).toFixed(2)}×, 50-row insert ${(floorsFull.fifty.tally.throughput / normalFifty).toFixed(2)}× (latency p99 ${ms(floorsFull.fifty.tally.percentile(99))})`);
      } finally {
        await stopProcess(full);
      }
    }

    const clientCpu = process.cpuUsage(clientCpuStart);
    const mean = (a: number, b: number) => (a + b) / 2;
    const oneFloor = mean(floors1.one.tally.throughput, floors2.one.tally.throughput);
    const fiftyFloor = mean(floors1.fifty.tally.throughput, floors2.fifty.tally.throughput);
    const autosaveRatio = autosave.tally.throughput / oneFloor;
    const submitRatio = submit.tally.throughput / fiftyFloor;
    // The same comparison by the server's own CPU time per request: what throughput would be
    // if the server had the cores to itself. Steadier than wall-clock rates on a shared machine.
    const cpuPer = (r: PhaseResult) => r.serverCpu / r.tally.count;
    const autosaveCpuRatio = mean(cpuPer(floors1.one), cpuPer(floors2.one)) / cpuPer(autosave);
    const submitCpuRatio = mean(cpuPer(floors1.fifty), cpuPer(floors2.fifty)) / cpuPer(submit);
    const all = [setup, baseline.tally, signIn.tally, duringSignIn.tally, earlierSubmit, start.tally, autosave.tally, submit.tally];
    const non2xx = all.reduce((sum, t) => sum + t.failed, 0);
    const finished = new Date();

    console.log(`\nsummary (${finished.toISOString()}, load ${load()}, the benchmark client used ${((clientCpu.user + clientCpu.system) / 1e6).toFixed(0)} CPU s)`);
    console.log(`  autosave throughput ${autosave.tally.throughput.toFixed(0)}/s = ${autosaveRatio.toFixed(2)}× the authenticated-upsert floor (${floors1.one.tally.throughput.toFixed(0)} and ${floors2.one.tally.throughput.toFixed(0)}/s)`);
    console.log(`  submit throughput ${submit.tally.throughput.toFixed(0)}/s = ${submitRatio.toFixed(2)}× the 50-row floor (${floors1.fifty.tally.throughput.toFixed(0)} and ${floors2.fifty.tally.throughput.toFixed(0)}/s)`);
    console.log(`  by server CPU time per request: autosave ${autosaveCpuRatio.toFixed(2)}× the authenticated-upsert floor, submit ${submitCpuRatio.toFixed(2)}× the 50-row floor`);
    console.log(`  non-2xx answers: ${non2xx}; answers lost or wrong: ${problems.length}; requests resent after a kept-alive socket was reset: ${resent.count}`);
    for (const problem of problems.slice(0, 20)) console.log(`    ${problem}`);

    const targets: [string, boolean][] = [
      ["every request 2xx", non2xx === 0],
      ["no answer lost, every attempt graded", problems.length === 0 && afterSubmit.attempts === started.length + earlier.length && started.length === STUDENTS],
      ["start p99 ≤ 2 s", start.tally.percentile(99) <= 2000],
      ["submit p99 ≤ 2 s", submit.tally.percentile(99) <= 2000],
      ["sign-in p99 ≤ 2 s", signIn.tally.percentile(99) <= 2000],
      ["autosaves keep their p99 during sign-ins (≤ 2× the baseline or ≤ 100 ms)", duringSignIn.tally.percentile(99) <= Math.max(100, 2 * baseline.tally.percentile(99))],
      ["autosave throughput ≥ 0.5× its floor (issue 19 point 7)", autosaveRatio >= 0.5],
      ["submit throughput ≥ 0.7× floor", submitRatio >= 0.7],
    ];
    console.log("\ntargets (the issue's are set for 1,000 students)");
    for (const [name, met] of targets) console.log(`  ${met ? "met   " : "MISSED"} ${name}`);

    const row = [
      finished.toISOString().slice(0, 10),
      STUDENTS.toLocaleString("en"),
      `${ms(signIn.tally.percentile(50))} / ${ms(signIn.tally.percentile(99))}`,
      `${ms(baseline.tally.percentile(99))} → ${ms(duringSignIn.tally.percentile(99))}`,
      `${ms(start.tally.percentile(50))} / ${ms(start.tally.percentile(99))}`,
      `${ms(autosave.tally.percentile(50))} / ${ms(autosave.tally.percentile(99))}`,
      `${autosave.tally.throughput.toFixed(0)}/s = ${autosaveRatio.toFixed(2)}× (CPU ${autosaveCpuRatio.toFixed(2)}×)`,
      `${ms(submit.tally.percentile(50))} / ${ms(submit.tally.percentile(99))}`,
      `${submit.tally.throughput.toFixed(0)}/s = ${submitRatio.toFixed(2)}× (CPU ${submitCpuRatio.toFixed(2)}×)`,
      non2xx === 0 && problems.length === 0 ? "yes" : "NO",
      `${os.loadavg()[0].toFixed(1)}`,
    ];
    console.log(`\nmarkdown row:\n| ${row.join(" | ")} |`);
  } finally {
    await stopProcess(floor);
    await stopProcess(server);
    closeIdleSockets();
    if (!flag("keep") && !flag("cpu-prof")) await rm(dataDir, { recursive: true, force: true });
  }
  if (problems.length) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
