import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import path from "node:path";
import { type Client, createClient } from "@libsql/client";
import { expect, test } from "@playwright/test";

/**
 * Issue 19 point 2 and its faults (docs/decisions/0053-every-core-on-node.md): `npm start` with
 * two server processes on one port and one database file. A server of its own (the built
 * app, like durability.spec.ts) on a data folder of its own. Which process holds which
 * connection is read from /proc (Linux), never from the answers.
 */
const port = Number(process.env.E2E_PORT ?? 3100) + 8;
const dataDir = path.resolve(".e2e-processes");
const databaseFile = path.join(dataDir, "quiz.db");

/** Servers this file started: stopped after the test even when it ran out of time (its `finally` then never runs). */
const started = new Set<ChildProcess>();
test.afterEach(() => {
  // kill -9 of a primary: its server processes follow it (they watch its channel).
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  started.clear();
});

/** The server, with its output kept line by line so the test can wait for what it says. */
class Server {
  readonly child: ChildProcess;
  readonly lines: string[] = [];
  private waiters: { pattern: RegExp; from: number; resolve: (match: RegExpMatchArray) => void; reject: (error: Error) => void }[] = [];
  private exited: Error | null = null;

  constructor() {
    this.child = spawn(process.execPath, ["--import", "tsx", "server/node.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), NODE_ENV: "production", WEB_CONCURRENCY: "2" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    started.add(this.child);
    let partial = "";
    const take = (chunk: Buffer) => {
      const text = partial + chunk.toString();
      const complete = text.split("\n");
      partial = complete.pop()!;
      for (const line of complete) {
        this.lines.push(line);
        for (const waiter of [...this.waiters]) {
          const match = line.match(waiter.pattern);
          if (match && this.lines.length > waiter.from) {
            this.waiters.splice(this.waiters.indexOf(waiter), 1);
            waiter.resolve(match);
          }
        }
      }
    };
    this.child.stdout!.on("data", take);
    this.child.stderr!.on("data", take);
    // A server that stops (a port in use, a crash at start) fails what waits on it at once.
    this.child.once("exit", (code, signal) => {
      this.exited = new Error(`the server stopped (${signal ?? `exit code ${code}`}):\n${this.lines.slice(-20).join("\n")}`);
      for (const waiter of this.waiters.splice(0)) waiter.reject(this.exited);
    });
  }

  /** The first line from now on (or already said, with `said`) that matches. */
  waitFor(pattern: RegExp, { said = false } = {}): Promise<RegExpMatchArray> {
    if (said) {
      const match = this.lines.map((line) => line.match(pattern)).find(Boolean);
      if (match) return Promise.resolve(match);
    }
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve, reject) => this.waiters.push({ pattern, from: this.lines.length, resolve, reject }));
  }

  count(pattern: RegExp): number {
    return this.lines.filter((line) => pattern.test(line)).length;
  }
}

/** A process's state and parent from /proc/pid/stat, or null once it is gone. */
function statOf(pid: number): { state: string; ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state, ppid: Number(ppid) };
  } catch {
    return null;
  }
}

/** Child processes of `pid` still running (not zombies), from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((child) => {
      const stat = statOf(child);
      return stat?.ppid === pid && stat.state !== "Z";
    })
    .sort((a, b) => a - b);
}

const alive = (pid: number) => {
  const stat = statOf(pid);
  return stat !== null && stat.state !== "Z";
};

/** How many open connections to the server's port process `pid` holds (its socket fds against /proc/net/tcp*). */
function connectionsHeldBy(pid: number): number {
  const established = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      const localPort = parseInt(fields[1].split(":")[1], 16);
      if (localPort === port && fields[3] === "01") established.add(fields[9]);
    }
  }
  let held = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = target.match(/^socket:\[(\d+)\]$/)?.[1];
      if (inode && established.has(inode)) held++;
    } catch {
      // closed meanwhile
    }
  }
  return held;
}

interface Answer {
  status: number;
  body: string;
}

/**
 * One request on `agent` (its kept-alive connections); a reset connection answers status 0,
 * one left open without an answer for 30 s answers -1 (a connection the server lost track of:
 * ADR 0053 met it under node:cluster's round robin).
 */
function send(agent: Agent, method: string, pathname: string, body?: unknown, token?: string): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      {
        agent,
        host: "127.0.0.1",
        port,
        method,
        path: pathname,
        headers: { ...(payload ? { "content-type": "application/json" } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on("error", () => resolve({ status: 0, body: "" }));
      },
    );
    req.setTimeout(30_000, () => {
      resolve({ status: -1, body: `no answer to ${method} ${pathname} in 30 s` });
      req.destroy();
    });
    req.on("error", () => resolve({ status: 0, body: "" }));
    req.end(payload);
  });
}

test("two server processes: prepared once, both serve, one killed mid-exam loses nothing and is replaced", async () => {
  // Three processes start twice and one once more; each loads the app (about 1 s on a quiet
  // 2-core machine, 10–20 s while the rest of the suite runs beside it).
  test.setTimeout(240_000);
  rmSync(dataDir, { recursive: true, force: true });
  let server = new Server();
  let db: Client | undefined;
  try {
    await server.waitFor(/Quiz is running at .*, 2 server processes/, { said: true });
    // The test's own reader of the server's file (WAL lets it read beside the server).
    db = createClient({ url: `file:${databaseFile}` });
    const reader = db;
    const primary = server.child.pid!;
    const workers = childrenOf(primary);
    expect(workers).toHaveLength(2);

    // The data was prepared once, by the primary, which alone grades abandoned attempts.
    expect(server.count(/Demo data loaded/)).toBe(1);
    expect(server.lines.filter((line) => /Abandoned attempts are graded every minute by process/.test(line))).toEqual([
      `Abandoned attempts are graded every minute by process ${primary}`,
    ]);
    const journal = JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };
    expect((await reader.execute("select count(*) as n from __drizzle_migrations")).rows[0].n).toBe(journal.entries.length);
    expect((await reader.execute("select count(*) as n from businesses")).rows[0].n).toBe(1);

    // Both processes serve: connections opened together are spread over them. The kernel
    // hashes each new connection (reusePort), so 8 may all land on one process (1 in 128):
    // each try opens 8 fresh connections rather than reusing the last try's.
    await expect
      .poll(async () => {
        const spread = new Agent({ keepAlive: true, maxSockets: 8 });
        try {
          const answers = await Promise.all(Array.from({ length: 8 }, () => send(spread, "GET", "/api/health")));
          expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
          return workers.map((pid) => connectionsHeldBy(pid) > 0);
        } finally {
          spread.destroy();
        }
      })
      .toEqual([true, true]);

    // A student mid-exam: six clients save answers, one question each at a time, each save
    // sent again until acknowledged (as the exam page does), on connections of their own.
    const signIn = await send(new Agent(), "POST", "/api/auth/login", { email: "student@demo.quiz", password: "Demo1234!" });
    expect(signIn.status).toBe(200);
    const token = (JSON.parse(signIn.body) as { accessToken: string }).accessToken;
    const pool = await send(new Agent(), "POST", "/api/quiz/allForStudent", {}, token);
    const quizId = (JSON.parse(pool.body) as { entities: { id: number; hasPassword: boolean }[] }).entities.find((quiz) => !quiz.hasPassword)!.id;
    const started = await send(new Agent(), "POST", "/api/takeQuiz/startQuiz", { quizId, examMode: "all" }, token);
    expect(started.status, started.body).toBe(200);
    const exam = JSON.parse(started.body) as { takenQuizId: number; questions: { id: number; options: { id: number; optionText: string }[] }[] };
    const questions = exam.questions.filter((question) => question.options.length >= 2);
    const acknowledged = new Map<number, string>(); // question id → text of the option last acknowledged
    let acks = 0;
    let stop = false;
    const CLIENTS = 6;
    const streams = Array.from({ length: CLIENTS }, async (_, client) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const mine = questions.filter((_, index) => index % CLIENTS === client);
      for (let round = 0; !stop && mine.length > 0; round++) {
        const question = mine[round % mine.length];
        const option = question.options[round % question.options.length];
        for (;;) {
          const saved = await send(agent, "POST", "/api/takeQuiz/saveAnswers", { takenQuizId: exam.takenQuizId, answers: [{ questionId: question.id, answer: [option.id] }] }, token);
          if (saved.status === 200) break;
          expect(saved.status, saved.body).toBe(0); // only a connection cut by the kill, never an error answer
        }
        acknowledged.set(question.id, option.optionText);
        acks++;
      }
      agent.destroy();
    });
    const acksReach = async (count: number) => {
      await expect.poll(() => acks, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
    };

    await acksReach(40);
    const busiest = workers.reduce((a, b) => (connectionsHeldBy(b) > connectionsHeldBy(a) ? b : a));
    const tookOver = server.waitFor(new RegExp(`Server process (\\d+) took over from ${busiest}$`));
    process.kill(busiest, "SIGKILL");
    const acksAtKill = acks;
    const replacement = Number((await tookOver)[1]);
    expect(childrenOf(primary)).toEqual(workers.map((pid) => (pid === busiest ? replacement : pid)).sort((a, b) => a - b));
    await acksReach(acksAtKill + 40); // the port kept answering
    stop = true;
    await Promise.all(streams);

    // Every acknowledged answer is in the database, as acknowledged.
    const stored = async () =>
      new Map(
        (
          await reader.execute({
            sql: "select a.question_id, o.option_text from attempt_answers a join question_options o on o.question_id = a.question_id and o.id = a.selected_option_ids ->> '$[0]' where a.attempt_id = ?",
            args: [exam.takenQuizId],
          })
        ).rows.map((row) => [Number(row.question_id), String(row.option_text)]),
      );
    expect(acknowledged.size).toBe(questions.length);
    expect(await stored()).toEqual(acknowledged);

    // kill -9 of the whole server: the server processes follow their primary; a new start
    // recovers, and its sweep grades at once the attempt that ran out meanwhile.
    const primaryExited = new Promise((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGKILL");
    await primaryExited;
    await expect.poll(() => [...workers, replacement].filter(alive)).toEqual([]);
    await reader.execute({ sql: "update quiz_attempts set deadline_at = ? where id = ?", args: [Date.now() - 600_000, exam.takenQuizId] });
    server = new Server();
    const graded = server.waitFor(/Graded \d+ abandoned attempt/, { said: true });
    await server.waitFor(/Quiz is running at .*, 2 server processes/, { said: true });
    await graded;
    expect(server.count(/Demo data loaded/)).toBe(0);
    expect(server.lines.filter((line) => /Abandoned attempts are graded every minute by process/.test(line))).toEqual([
      `Abandoned attempts are graded every minute by process ${server.child.pid}`,
    ]);
    const attempt = (await reader.execute({ sql: "select submitted_at from quiz_attempts where id = ?", args: [exam.takenQuizId] })).rows[0];
    expect(attempt.submitted_at).not.toBeNull();
    expect(await stored()).toEqual(acknowledged);

    // SIGTERM stops it cleanly: each server process finishes its work and exits, then the primary.
    const restarted = childrenOf(server.child.pid!);
    expect(restarted).toHaveLength(2);
    const exitCode = new Promise((resolve) => server.child.once("exit", (code) => resolve(code)));
    server.child.kill("SIGTERM");
    expect(await exitCode).toBe(0);
    expect(restarted.filter(alive)).toEqual([]);
  } catch (error) {
    // What the server said tells where it stood.
    await test.info().attach("server output", { body: server.lines.join("\n") });
    throw error;
  } finally {
    db?.close();
    server.child.kill("SIGTERM");
    await new Promise((resolve) => (server.child.exitCode !== null || server.child.signalCode !== null ? resolve(null) : server.child.once("exit", resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
