/**
 * Issue 25 point 8: the API path other modules use, against the turn-3 build as yardstick
 * (`npm run bench:exam -- --profile api-vs-reference [--reference /work/ref-421839c]
 * [--rounds 3] [--auth bearer|cookie]`). Absolute rates differ 2× between machines, so the
 * reference runs beside this build on the same machine and every figure is a ratio to it.
 *
 * Both servers (this build's `npm start` with WEB_CONCURRENCY=1, and the reference's own
 * server/node.ts from its folder, built there: `git worktree add /work/ref-421839c 421839c`,
 * `npm ci`, `npm run build`) run at once, each pinned with taskset to core 0, on databases
 * each build seeded with its own code (seed-cli.ts); this client is pinned to core 1. The
 * client is Node's global fetch (fetch-student.ts): its headers, its keep-alive pool, its
 * decoding of compressed answers. Per round, 500 fresh students of each school go through
 * Moodle's one-core workload with 50 in flight: sign-in, start, one-answer autosave (×10
 * each), a save of all 50 answers, submit (answerAll) and the review read through
 * POST /api/takenQuiz/fetchById. Each phase runs on one server, then on the other, at once
 * after it (the order swapped every round), so both see the same load from the rest of
 * the machine; the ratio is taken per round and reported per round and as the median.
 * After the autosave phase the same saves go to the autosave floor (floor-server.ts: the
 * token check, the session read and one upsert, on this build's database, pinned to the same
 * core): the most any server on this stack reaches with this client, as a ratio to the
 * reference too. Likewise after submit + fetchById, the same students' submits and reviews go
 * to the submit-and-review floor (the token check and session read on each, one transaction
 * that reads the saved answers and writes the grade with the result's JSON, one read that
 * sends that JSON, as large as the product's): the share of the floor's rate this build
 * reaches is the figure to hold, as for autosave.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { randomBytes } from "node:crypto";
import { inFlight, Tally, type Answer } from "./http-client";
import { cpuSeconds, pinThisProcess, root, startProcess, startProductServer, stopProcess, type Running } from "./processes";
import { ms } from "./phase";
import { FetchStudent, type AuthBy } from "./fetch-student";

const STUDENTS = 500;
const IN_FLIGHT = 50;
const AUTOSAVES_EACH = 10;

/**
 * Through the reference's turn-3 ratios to Moodle on one core (start 158×, save 40×, submit
 * 42×, autosave 29×), 100× Moodle is these multiples of the reference's rate (issue 25 point 8).
 */
const TARGETS: Record<PhaseName, number | null> = { "sign-in": null, start: 0.64, autosave: null, "save 50": 2.5, "submit + fetchById": 2.4 };

/**
 * Autosave's 3.5× was above the floor itself (3.54×, docs/performance.md): its target is a
 * share of the floor's rate measured in the same run instead.
 */
const FLOOR_SHARE_TARGETS: Record<string, number> = { "autosave floor": 0.55 };
type PhaseName = "sign-in" | "start" | "autosave" | "save 50" | "submit + fetchById";

interface Side {
  name: "this build" | "reference";
  server: Running;
  quizId: number;
  emails: string[];
  dataDir: string;
  jwtSecret: string;
}

interface Measured {
  count: number;
  seconds: number;
  serverCpu: number;
  failed: number;
  failures: Map<string, number>;
  p50: number;
  p99: number;
}

const load = () => os.loadavg().map((v) => v.toFixed(2)).join(" ");

async function measure(server: Running, count: number, work: (i: number) => Promise<Answer>): Promise<Measured> {
  const tally = new Tally("");
  const cpuBefore = await cpuSeconds(server.child.pid);
  const started = performance.now();
  await inFlight(count, IN_FLIGHT, async (i) => {
    const due = performance.now();
    tally.record(due, await work(i));
  });
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = (await cpuSeconds(server.child.pid)) - cpuBefore;
  return { count, seconds, serverCpu, failed: tally.failed, failures: tally.failures, p50: tally.percentile(50), p99: tally.percentile(99) };
}

/** Two steps measured one after the other as one phase (submit, then the review). */
function together(a: Measured, b: Measured): Measured {
  const failures = new Map(a.failures);
  for (const [what, n] of b.failures) failures.set(`review: ${what}`, n);
  return { count: a.count, seconds: a.seconds + b.seconds, serverCpu: a.serverCpu + b.serverCpu, failed: a.failed + b.failed, failures, p50: a.p50 + b.p50, p99: a.p99 + b.p99 };
}

async function seedWith(buildRoot: string, dataDir: string, pepper: string, students: number): Promise<{ quizId: number; students: string[] }> {
  const script = path.join(root, "bench/exam-burst/seed-cli.ts");
  const out = execFileSync(path.join(buildRoot, "node_modules/.bin/node"), ["--import", "tsx", script, buildRoot, `file:${path.join(dataDir, "quiz.db")}`, pepper, String(students)], {
    cwd: buildRoot,
    encoding: "utf8",
    maxBuffer: 64 * 2 ** 20,
  });
  return JSON.parse(out.trim().split("\n").pop()!) as { quizId: number; students: string[] };
}

async function startSide(name: Side["name"], buildRoot: string, port: number, students: number, nodeFlags: string[]): Promise<Side> {
  if (!existsSync(path.join(buildRoot, "build/server/index.js"))) throw new Error(`${buildRoot} has no production build: run \`npm run build\` there first`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `api-vs-reference-${name === "reference" ? "ref" : "ours"}-`));
  const pepper = randomBytes(24).toString("base64url");
  const jwtSecret = randomBytes(32).toString("base64url");
  const school = await seedWith(buildRoot, dataDir, pepper, students);
  const server = await startProductServer({
    dataDir,
    port,
    pepper,
    buildRoot,
    cores: "0",
    env: { WEB_CONCURRENCY: "1", JWT_SECRET: jwtSecret },
    nodeFlags: name === "this build" ? nodeFlags : [],
  });
  return { name, server, quizId: school.quizId, emails: school.students, dataDir, jwtSecret };
}

/** One phase on one side for this round's students. */
async function runPhase(phaseName: PhaseName, side: Side, students: FetchStudent[]): Promise<Measured> {
  switch (phaseName) {
    case "sign-in":
      return measure(side.server, STUDENTS, (i) => students[i].signIn());
    case "start":
      return measure(side.server, STUDENTS, (i) => students[i].start(side.quizId));
    case "autosave":
      return measure(side.server, STUDENTS * AUTOSAVES_EACH, (n) => students[n % STUDENTS].saveOne(Math.floor(n / STUDENTS) % 50, 1 + Math.floor(n / STUDENTS)));
    case "save 50":
      return measure(side.server, STUDENTS, (i) => students[i].saveAll());
    case "submit + fetchById": {
      const submitted = await measure(side.server, STUDENTS, (i) => students[i].submit(side.quizId));
      const reviewed = await measure(side.server, STUDENTS, (i) => students[i].review());
      return together(submitted, reviewed);
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};

export async function runApiVsReference(options: { port: number; rounds: number; referenceRoot: string; authBy: AuthBy; nodeFlags: string[]; keep: boolean; uncompressedReview?: boolean }): Promise<boolean> {
  if (os.cpus().length < 2) throw new Error("needs two cores: one for the servers, one for the load");
  pinThisProcess("1");
  const studentsNeeded = STUDENTS * options.rounds;
  console.log(`API path vs the reference build (${options.referenceRoot}): ${STUDENTS} students a round, ${options.rounds} rounds, ${IN_FLIGHT} in flight, Node's fetch, ${options.authBy} auth${options.uncompressedReview ? ", reviews uncompressed" : ""}`);
  console.log(`machine: ${os.cpus()[0]?.model ?? "unknown"} × ${os.cpus().length}, node ${process.version}; load ${load()}; ${new Date().toISOString()}`);
  const ours = await startSide("this build", root, options.port, studentsNeeded, options.nodeFlags);
  let reference: Side | undefined;
  let floor: Running | undefined;
  let failed = 0;
  try {
    reference = await startSide("reference", options.referenceRoot, options.port + 1, studentsNeeded, []);
    // The autosave floor (floor-server.ts) on this build's database, pinned beside the servers:
    // what any server on this stack needs at least for a one-answer save through this client.
    floor = await startProcess(
      "bench/exam-burst/floor-server.ts",
      options.port + 2,
      { DATABASE_URL: `file:${path.join(ours.dataDir, "quiz.db")}`, JWT_SECRET: ours.jwtSecret, APP_URL: ours.server.origin.origin, PORT: String(options.port + 2) },
      "/health",
      [],
      "0",
    );
    /** Per floor: its rate over the reference's, and this build's rate as a share of the floor's. */
    const floors = new Map<string, { overReference: number; oursShare: number }[]>([
      ["autosave floor", []],
      ["submit floor", []],
    ]);
    const phases: PhaseName[] = ["sign-in", "start", "autosave", "save 50", "submit + fetchById"];
    const ratios = new Map<PhaseName, { rate: number; cpu: number; oursCpuMs: number; refCpuMs: number }[]>(phases.map((p) => [p, []]));
    for (let round = 0; round < options.rounds; round++) {
      const sides = round % 2 === 0 ? [ours, reference] : [reference, ours];
      const studentsOf = new Map(sides.map((side) => [side, side.emails.slice(round * STUDENTS, (round + 1) * STUDENTS).map((email, i) => new FetchStudent(side.server.origin.origin, email, i, options.authBy, options.uncompressedReview))]));
      console.log(`\nround ${round + 1} (${sides[0].name} first; load ${load()})`);
      for (const phaseName of phases) {
        const results = new Map<Side, Measured>();
        for (const side of sides) {
          const m = await runPhase(phaseName, side, studentsOf.get(side)!);
          results.set(side, m);
          failed += m.failed;
          console.log(
            `  ${phaseName.padEnd(20)} ${side.name.padEnd(10)} ${(m.count / m.seconds).toFixed(1).padStart(7)}/s; p50 ${ms(m.p50)}, p99 ${ms(m.p99)}; ${((m.serverCpu * 1000) / m.count).toFixed(2)} ms server CPU each; non-2xx ${m.failed}`,
          );
          for (const [what, n] of m.failures) console.log(`      ${n} × ${what.slice(0, 200)}`);
        }
        const o = results.get(ours)!;
        const r = results.get(reference)!;
        const entry = { rate: r.seconds / o.seconds, cpu: r.serverCpu / o.serverCpu, oursCpuMs: (o.serverCpu * 1000) / o.count, refCpuMs: (r.serverCpu * 1000) / r.count };
        ratios.get(phaseName)!.push(entry);
        console.log(`  ${"".padEnd(20)} ratio ${entry.rate.toFixed(2)}× the reference's rate, ${entry.cpu.toFixed(2)}× less server CPU`);
        const ourStudents = studentsOf.get(ours)!;
        const floorRun =
          phaseName === "autosave"
            ? await measure(floor, STUDENTS * AUTOSAVES_EACH, (n) => ourStudents[n % STUDENTS].saveOneToFloor(floor!.origin.origin, Math.floor(n / STUDENTS) % 50, 1 + Math.floor(n / STUDENTS)))
            : phaseName === "submit + fetchById"
              ? together(
                  await measure(floor, STUDENTS, (i) => ourStudents[i].submitToFloor(floor!.origin.origin, ours.quizId)),
                  await measure(floor, STUDENTS, (i) => ourStudents[i].reviewFromFloor(floor!.origin.origin)),
                )
              : null;
        if (floorRun) {
          // The same requests, by this build's signed-in students, to the floor.
          const name = phaseName === "autosave" ? "autosave floor" : "submit floor";
          const f = floorRun;
          failed += f.failed;
          floors.get(name)!.push({ overReference: r.seconds / f.seconds, oursShare: f.seconds / o.seconds });
          console.log(
            `  ${name.padEnd(20)} ${"".padEnd(10)} ${(f.count / f.seconds).toFixed(1).padStart(7)}/s; p50 ${ms(f.p50)}, p99 ${ms(f.p99)}; ${((f.serverCpu * 1000) / f.count).toFixed(2)} ms server CPU each; non-2xx ${f.failed}; ${(r.seconds / f.seconds).toFixed(2)}× the reference's rate; this build ${((100 * f.seconds) / o.seconds).toFixed(0)} % of the floor's`,
          );
          for (const [what, n] of f.failures) console.log(`      ${n} × ${what.slice(0, 200)}`);
        }
      }
    }
    console.log(`\nsummary (${new Date().toISOString()}, load ${load()}): this build / the reference, per round and median`);
    let met = failed === 0;
    const cells: string[] = [];
    for (const phaseName of phases) {
      const list = ratios.get(phaseName)!;
      const rate = median(list.map((e) => e.rate));
      const target = TARGETS[phaseName];
      if (target !== null && rate < target) met = false;
      console.log(
        `  ${phaseName.padEnd(20)} rate ${list.map((e) => e.rate.toFixed(2)).join(", ")} → ${rate.toFixed(2)}×${target === null ? "" : ` (target ≥ ${target}×)`}; server CPU ${median(list.map((e) => e.oursCpuMs)).toFixed(2)} vs ${median(list.map((e) => e.refCpuMs)).toFixed(2)} ms a ${phaseName === "submit + fetchById" ? "student" : "request"} (${median(list.map((e) => e.cpu)).toFixed(2)}×)`,
      );
      cells.push(`${rate.toFixed(2)}× (${median(list.map((e) => e.oursCpuMs)).toFixed(2)} / ${median(list.map((e) => e.refCpuMs)).toFixed(2)} ms)`);
    }
    for (const [name, list] of floors) {
      const share = median(list.map((e) => e.oursShare));
      const target = FLOOR_SHARE_TARGETS[name];
      if (target !== undefined && share < target) met = false;
      console.log(
        `  ${name.padEnd(20)} rate ${list.map((e) => e.overReference.toFixed(2)).join(", ")} → ${median(list.map((e) => e.overReference)).toFixed(2)}× the reference's: the most any server on this stack reaches with this client; this build ${list.map((e) => (100 * e.oursShare).toFixed(0)).join(", ")} → ${(100 * share).toFixed(0)} % of it${target === undefined ? "" : ` (target ≥ ${Math.round(100 * target)} %)`}`,
      );
    }
    console.log(`  non-2xx (or a review without the 50 answers): ${failed}`);
    console.log(`\nmarkdown row:\n| ${new Date().toISOString().slice(0, 16).replace("T", " ")} | ${options.authBy} | ${cells.join(" | ")} | ${os.loadavg()[0].toFixed(1)} |`);
    console.log(`\ntargets ${met ? "met" : "MISSED"}`);
    return failed === 0;
  } finally {
    await stopProcess(ours.server);
    if (reference) await stopProcess(reference.server);
    if (floor) await stopProcess(floor);
    if (!options.keep) for (const side of [ours, reference]) if (side) await rm(side.dataDir, { recursive: true, force: true });
  }
}
