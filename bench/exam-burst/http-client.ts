/**
 * The benchmark's own HTTP client: node:http with one keep-alive agent and no socket limit,
 * so each simulated student holds a connection of its own, as each browser does. Lighter
 * than fetch, which leaves more of the shared two cores to the server under test; the
 * floors go through the very same client, so its cost is in both sides of every ratio.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 100_000, keepAliveMsecs: 10_000 });

export interface Answer {
  status: number;
  body: string;
  setCookies: string[];
}

/** Connection resets of a kept-alive socket, resent once (as browsers do); counted for the report. */
export const resent = { count: 0 };

/**
 * One request; a network error is status 0 with the error in `body` (counted, never thrown).
 * A request that fails on a reused keep-alive socket before any answer (the server closed
 * the idle socket as the request went out) is sent once more on a new socket: browsers do
 * the same for every method, so a student never sees that race.
 */
export async function send(origin: URL, method: "GET" | "POST", path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const first = await sendOnce(origin, method, path, body, headers);
  if (!first.resendable) return first;
  resent.count++;
  return sendOnce(origin, method, path, body, headers);
}

function sendOnce(origin: URL, method: "GET" | "POST", path: string, body: unknown, headers: Record<string, string>): Promise<Answer & { resendable?: boolean }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    let answered = false;
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
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const setCookie = response.headers["set-cookie"] ?? [];
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), setCookies: setCookie });
        });
        response.on("error", (error) => resolve({ status: 0, body: String(error), setCookies: [] }));
      },
    );
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
  readonly failures = new Map<string, number>();
  firstDue = Infinity;
  lastDone = 0;

  constructor(readonly name: string) {}

  record(due: number, answer: Answer): boolean {
    const done = performance.now();
    this.latencies.push(done - due);
    this.dues.push(due);
    this.firstDue = Math.min(this.firstDue, due);
    this.lastDone = Math.max(this.lastDone, done);
    const ok = answer.status >= 200 && answer.status < 300;
    if (!ok) {
      const key = `${answer.status} ${answer.body.slice(0, 120)}`;
      this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
    }
    return ok;
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
      .map((latency, i) => ({ latency, at: (this.dues[i] - this.firstDue) / 1000 }))
      .sort((a, b) => b.latency - a.latency)
      .slice(0, count)
      .map(({ latency, at }) => `${(latency / 1000).toFixed(1)} s (due at +${at.toFixed(1)} s)`)
      .join(", ");
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

/** Closes idle keep-alive sockets (between phases, and at the end so the process can exit). */
export function closeIdleSockets(): void {
  agent.destroy();
}
