/**
 * The benchmark's own HTTP client: node:http, lighter than fetch, which leaves more of the
 * shared two cores to the server under test. Each simulated student (and each floor
 * client) has a keep-alive agent of its own with one socket, as each browser tab has its
 * own connection: a thousand students are a thousand connections, reopened after the
 * server closed them for idling (Node's 5 s keep-alive), as a browser's would be. The
 * floors go through the very same client, so its cost is in both sides of every ratio.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";

const agents: http.Agent[] = [];

/** A browser's connection: one kept-alive socket. */
export function newAgent(): http.Agent {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  return agent;
}

export interface Answer {
  status: number;
  body: string;
  setCookies: string[];
  /** Milliseconds spent opening a new connection (0 on a kept-alive one), and until the answer's first byte. */
  connectMs?: number;
  firstByteMs?: number;
  /** Milliseconds until the request was handed to the kernel in full. */
  writtenMs?: number;
}

/** Connection resets of a kept-alive socket, resent once (as browsers do); counted for the report. */
export const resent = { count: 0 };

/**
 * One request; a network error is status 0 with the error in `body` (counted, never thrown).
 * A request that fails on a reused keep-alive socket before any answer (the server closed
 * the idle socket as the request went out) is sent once more on a new socket: browsers do
 * the same for every method, so a student never sees that race.
 */
export async function send(agent: http.Agent, origin: URL, method: "GET" | "POST", path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const first = await sendOnce(agent, origin, method, path, body, headers);
  if (!first.resendable) return first;
  resent.count++;
  return sendOnce(agent, origin, method, path, body, headers);
}

function sendOnce(agent: http.Agent, origin: URL, method: "GET" | "POST", path: string, body: unknown, headers: Record<string, string>): Promise<Answer & { resendable?: boolean }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    let answered = false;
    const sent = performance.now();
    let connectMs = 0;
    let firstByteMs = 0;
    let writtenMs = 0;
    const request = http.request(
      {
        agent,
        host: origin.hostname,
        port: origin.port,
        method,
        path,
        headers: { ...headers, ...(payload === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }) },
      },
      (response) => {
        answered = true;
        firstByteMs = performance.now() - sent;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const setCookie = response.headers["set-cookie"] ?? [];
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), setCookies: setCookie, connectMs, firstByteMs, writtenMs });
        });
        response.on("error", (error) => resolve({ status: 0, body: String(error), setCookies: [] }));
      },
    );
    request.on("finish", () => (writtenMs = performance.now() - sent));
    request.on("socket", (socket) => {
      if (socket.connecting) socket.once("connect", () => (connectMs = performance.now() - sent));
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      const resendable = !answered && request.reusedSocket && ["ECONNRESET", "EPIPE", "ECONNABORTED"].includes(error.code ?? "");
      resolve({ status: 0, body: String(error), setCookies: [], resendable });
    });
    request.end(payload);
  });
}

/** Latencies of one kind of request, and every answer that was not 2xx (status and a sample body). */
export class Tally {
  readonly latencies: number[] = [];
  /** When each request was due (ms, performance.now()), beside its latency: where the slow ones fell. */
  readonly dues: number[] = [];
  /** Per request: time to connect (0 when kept alive) and to the first byte of the answer. */
  readonly phases: { connectMs: number; firstByteMs: number; writtenMs: number }[] = [];
  readonly failures = new Map<string, number>();
  firstDue = Infinity;
  lastDone = 0;

  constructor(readonly name: string) {}

  record(due: number, answer: Answer): boolean {
    const done = performance.now();
    this.latencies.push(done - due);
    this.dues.push(due);
    this.phases.push({ connectMs: answer.connectMs ?? 0, firstByteMs: answer.firstByteMs ?? 0, writtenMs: answer.writtenMs ?? 0 });
    this.firstDue = Math.min(this.firstDue, due);
    this.lastDone = Math.max(this.lastDone, done);
    const ok = answer.status >= 200 && answer.status < 300;
    if (!ok) {
      const key = `${answer.status} ${answer.body.slice(0, 120)}`;
      this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
    }
    return ok;
  }

  /** Requests that opened a new connection, and the slowest such opening. */
  get connections(): { opened: number; slowestMs: number } {
    const opened = this.phases.filter((p) => p.connectMs > 0);
    return { opened: opened.length, slowestMs: Math.max(0, ...opened.map((p) => p.connectMs)) };
  }

  get count(): number {
    return this.latencies.length;
  }

  get failed(): number {
    return [...this.failures.values()].reduce((sum, n) => sum + n, 0);
  }

  percentile(p: number): number {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
  }

  /** The slowest requests: latency and when each was due, in seconds after the first was due. */
  slowest(count: number): string {
    return this.latencies
      .map((latency, i) => ({ latency, at: (this.dues[i] - this.firstDue) / 1000, ...this.phases[i] }))
      .sort((a, b) => b.latency - a.latency)
      .slice(0, count)
      .map(({ latency, at, connectMs, writtenMs, firstByteMs }) => {
        const s = (value: number) => `${(value / 1000).toFixed(1)} s`;
        return `${s(latency)} (due at +${at.toFixed(1)} s; ${connectMs ? `connected after ${s(connectMs)}, ` : ""}written after ${s(writtenMs)}, first byte after ${s(firstByteMs)})`;
      })
      .join(", ");
  }

  /** The requests due in each window of `windowMs` from the first: how many, and their p50 and p99 (the phase's curve). */
  curve(windowMs: number): { at: number; count: number; p50: number; p99: number }[] {
    const windows = new Map<number, number[]>();
    this.dues.forEach((due, i) => {
      const window = Math.floor((due - this.firstDue) / windowMs);
      windows.set(window, [...(windows.get(window) ?? []), this.latencies[i]]);
    });
    return [...windows]
      .sort(([a], [b]) => a - b)
      .map(([window, latencies]) => {
        const sorted = latencies.sort((a, b) => a - b);
        const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
        return { at: (window * windowMs) / 1000, count: sorted.length, p50: at(50), p99: at(99) };
      });
  }

  /** Requests answered per second, from the first one due to the last one answered. */
  get throughput(): number {
    return this.count / ((this.lastDone - this.firstDue) / 1000);
  }
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

/**
 * Open loop: request i is due at `start + offsets[i]` and sent then, whatever happened to
 * the others; its latency counts from when it was due, so a server (or client) that falls
 * behind shows in full.
 */
export async function openLoop(offsets: number[], start: number, tally: Tally, request: (i: number) => Promise<Answer>): Promise<void> {
  await Promise.all(
    offsets.map(async (offset, i) => {
      const due = start + offset;
      await sleepUntil(due);
      // A timer may fire a fraction of a millisecond early: count from whichever came last.
      tally.record(Math.min(due, performance.now()), await request(i));
    }),
  );
}

/**
 * Closed loop per client, as one browser tab autosaves: client c sends its requests one
 * after another, each when the previous one was answered (use-answer-sync.ts keeps one
 * save in flight). All clients run at once.
 */
export async function closedLoops(clients: number, perClient: number, tally: Tally, request: (client: number, step: number) => Promise<Answer>): Promise<void> {
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let step = 0; step < perClient; step++) {
        const due = performance.now();
        tally.record(due, await request(client, step));
      }
    }),
  );
}

/** `count` moments spread evenly over `windowMs`, in a shuffled order (who comes when is chance). */
export function spread(count: number, windowMs: number): number[] {
  const offsets = Array.from({ length: count }, (_, i) => (count === 1 ? 0 : (i * windowMs) / count));
  for (let i = offsets.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [offsets[i], offsets[j]] = [offsets[j], offsets[i]];
  }
  return offsets;
}

/** Closes every kept-alive socket, so the process can exit. */
export function closeIdleSockets(): void {
  for (const agent of agents.splice(0)) agent.destroy();
}

/**
 * `count` jobs with at most `limit` in flight: the next starts as soon as one is done (the
 * one-core workload's "50 students in flight").
 */
export async function inFlight(count: number, limit: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) await job(next++);
    }),
  );
}
