/**
 * Issue 19 point 5: a whole school sits one exam as a real sitting goes
 * (`npm run bench:exam -- --profile sitting [--students 10000]`), next to the burst profile.
 *
 *  1. sign-in: the students sign in over five minutes (10,000: 33 a second), open loop;
 *  2. start: they start within one minute;
 *  3. answers: each saves one answer every 15 s, ten answers (10,000: about 670 saves a
 *     second), its connection idle between saves as a browser's is (the server closes idle
 *     connections after 5 s, so most saves open a new one);
 *  4. submit: all submit within ten seconds (answerAll with the answers on their screen).
 *
 * The product server runs as `npm start` does (every core: WEB_CONCURRENCY unset). Targets:
 * every request 2xx, nothing acknowledged lost (the database is read afterwards), p99 ≤ 2 s
 * for each of sign-in, start, autosave and submit. Each phase also prints its curve: the
 * requests due in each window of time and their p50/p99, so a queue that builds shows where.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { openLoop, spread, Tally } from "./http-client";
import { startProductServer, stopProcess } from "./processes";
import { ms, phase } from "./phase";
import { type Paper, QUESTIONS, seedSchool } from "./seed";
import { planOf, rightAnswers, Student } from "./student";
import { verifyDatabase } from "./verify";

const START_SECONDS = 60;
const SAVE_EVERY_MS = 15_000;
const ANSWERS_EACH = 10;
const SUBMIT_SECONDS = 10;

export async function runSitting(options: { dataDir: string; databaseUrl: string; pepper: string; port: number; students: number; signInSeconds: number; nodeFlags?: string[]; paper: Paper }): Promise<boolean> {
  const { students: count } = options;
  console.log(`a real sitting on the ${options.paper === "mixed" ? "mixed" : "multiple-choice"} paper: ${count} students sign in over ${options.signInSeconds} s, start within ${START_SECONDS} s, save one answer every ${SAVE_EVERY_MS / 1000} s (${ANSWERS_EACH} each), submit within ${SUBMIT_SECONDS} s`);
  const school = await seedSchool(options.databaseUrl, options.pepper, count, options.paper);
  const server = await startProductServer({ dataDir: options.dataDir, port: options.port, pepper: options.pepper, nodeFlags: options.nodeFlags });
  try {
    const students = school.students.map((email, i) => new Student(server.origin, email, i));
    const now = () => performance.now();

    console.log(`\n1. sign-in: ${(count / options.signInSeconds).toFixed(1)} a second`);
    const signIns = new Tally("sign-in");
    const signIn = await phase(server, signIns, () => openLoop(spread(count, options.signInSeconds * 1000), now() + 50, signIns, (i) => students[i].signIn()), 30);
    const signedIn = students.filter((s) => s.cookie);

    console.log(`\n2. start: ${signedIn.length} within ${START_SECONDS} s`);
    const starts = new Tally("start");
    const start = await phase(server, starts, () => openLoop(spread(signedIn.length, START_SECONDS * 1000), now() + 50, starts, (i) => signedIn[i].start(school.quizId)), 10);
    const started = signedIn.filter((s) => s.takenQuizId);

    console.log(`\n3. answers: ${started.length} students, one save every ${SAVE_EVERY_MS / 1000} s each, ${ANSWERS_EACH} each (${((started.length * 1000) / SAVE_EVERY_MS).toFixed(0)} a second)`);
    const saves = new Tally("autosave");
    const firstSaves = spread(started.length, SAVE_EVERY_MS);
    const savesBegin = now() + 50;
    const autosave = await phase(server, saves, () =>
      Promise.all(
        started.map(async (s, i) => {
          for (let k = 0; k < ANSWERS_EACH; k++) {
            const due = savesBegin + firstSaves[i] + k * SAVE_EVERY_MS;
            await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - now())));
            // On the mixed paper each student's ten answers are spread over the paper (every type is saved by someone).
            const q = options.paper === "mixed" ? (s.index + k * 5) % QUESTIONS : k % QUESTIONS;
            const question = school.questions[q];
            // A browser keeps one save in flight: a late answer delays the next one, never overlaps it.
            saves.record(Math.min(due, now()), await s.save(question, planOf(s.index, q, question)));
          }
        }),
      ).then(() => undefined),
      15,
    );

    console.log(`\n4. submit: ${started.length} within ${SUBMIT_SECONDS} s`);
    const submits = new Tally("submit");
    const submit = await phase(server, submits, () =>
      openLoop(spread(started.length, SUBMIT_SECONDS * 1000), now() + 50, submits, (i) => started[i].submit(school.quizId, school.questions, new Map(started[i].acknowledged))),
      2,
    );

    const verdict = await verifyDatabase(
      options.databaseUrl,
      started.map((s) => ({ takenQuizId: s.takenQuizId, answers: s.expectedAnswers(), correctAnswered: s.submitted ? rightAnswers(school.questions, s.acknowledged) : undefined })),
    );
    console.log(`\n  check: ${verdict.attempts} attempts, ${verdict.answersChecked} acknowledged answers read back; ${verdict.problems.length} problems`);
    for (const problem of verdict.problems.slice(0, 10)) console.log(`    ${problem}`);
    const phases = [signIn, start, autosave, submit];
    const non2xx = phases.reduce((sum, p) => sum + p.tally.failed, 0);
    const targets: [string, boolean][] = [
      ["every request 2xx", non2xx === 0],
      ["nothing acknowledged lost, every submit graded", verdict.problems.length === 0 && started.length === count],
      ...phases.map((p): [string, boolean] => [`${p.tally.name} p99 ≤ 2 s`, p.tally.percentile(99) <= 2000]),
    ];
    console.log("\ntargets");
    for (const [name, met] of targets) console.log(`  ${met ? "met   " : "MISSED"} ${name}`);
    const row = [
      new Date().toISOString().slice(0, 10),
      count.toLocaleString("en"),
      ...phases.map((p) => `${ms(p.tally.percentile(50))} / ${ms(p.tally.percentile(99))}`),
      `${(autosave.tally.count / autosave.seconds).toFixed(0)}/s`,
      non2xx === 0 && verdict.problems.length === 0 ? "yes" : "NO",
      os.loadavg()[0].toFixed(1),
    ];
    console.log(`\nmarkdown row:\n| ${row.join(" | ")} |`);
    return targets.every(([, met]) => met);
  } finally {
    await stopProcess(server);
  }
}
