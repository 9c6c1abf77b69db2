/**
 * A light request sent over and over on loopback while something heavy happens, with its
 * latencies: the probe of bench/import-latency.ts and bench/body-limit.ts. It runs in a child
 * process of its own: a probe on the server's event loop would stall with the server and
 * time only the moments it was let run. One request at a time with a 5 ms pause, so the
 * probe adds no load worth naming.
 */
import { spawn } from "node:child_process";

export interface ProbeTarget {
  url: string;
  headers?: Record<string, string>;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export function summarize(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? 0 };
}

const PROBE = `
const targets = JSON.parse(process.argv[1]);
let stopped = false;
process.stdin.on("data", () => (stopped = true));
(async () => {
  const samples = [];
  for (let i = 0; !stopped; i++) {
    const { url, headers } = targets[i % targets.length];
    const start = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) { console.error("probe " + url + " answered " + res.status); process.exit(1); }
    samples.push(performance.now() - start);
    if (i === 0) process.stdout.write("ready\\n");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  process.stdout.write(JSON.stringify(samples));
  process.exit(0);
})();
`;

/** Starts probing `targets` in a child process; `stop()` ends it and gives every latency, in ms. */
export function startProbe(targets: ProbeTarget[]): { ready: Promise<void>; stop: () => Promise<number[]> } {
  const child = spawn(process.execPath, ["-e", PROBE, JSON.stringify(targets)], { stdio: ["pipe", "pipe", "inherit"] });
  let output = "";
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on("data", (data: Buffer) => {
    output += data.toString();
    if (output.startsWith("ready\n")) markReady();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return {
    ready,
    async stop() {
      child.stdin.write("stop\n");
      const code = await exited;
      if (code !== 0) throw new Error(`the probe failed (exit code ${code})`);
      return JSON.parse(output.slice("ready\n".length)) as number[];
    },
  };
}

/** Probes for `durationMs` (with nothing else running: the floor of the same run). */
export async function probeFor(targets: ProbeTarget[], durationMs: number): Promise<number[]> {
  const probe = startProbe(targets);
  await new Promise((resolve) => setTimeout(resolve, durationMs));
  return probe.stop();
}

/** Starts `work` once the probe has its first answer, and probes until the work is done. */
export async function probeDuring<T>(targets: ProbeTarget[], work: () => Promise<T>): Promise<{ samples: number[]; result: T }> {
  const probe = startProbe(targets);
  await probe.ready;
  try {
    const result = await work();
    return { samples: await probe.stop(), result };
  } catch (error) {
    await probe.stop().catch(() => []);
    throw error;
  }
}

export const fmt = (s: LatencySummary) => `p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms (${s.count} requests)`;
