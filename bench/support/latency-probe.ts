/**
 * A light request sent over and over on loopback while something heavy happens, with its
 * latencies: the probe of bench/import-latency.ts and bench/body-limit.ts. One request at a
 * time with a short pause, so the probe itself adds no load worth naming.
 */
import { performance } from "node:perf_hooks";

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

/** Requests `urls` in turn (a pause of `pauseMs` between) until `stop` resolves; the latency of each, in ms. */
export async function probeUntil(urls: { url: string; headers?: Record<string, string> }[], stop: Promise<unknown>, pauseMs = 5): Promise<number[]> {
  let stopped = false;
  void stop.finally(() => (stopped = true));
  const samples: number[] = [];
  for (let i = 0; !stopped; i++) {
    const { url, headers } = urls[i % urls.length];
    const start = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`probe ${url} answered ${res.status}`);
    samples.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return samples;
}

/** `count` probes with nothing else running: the floor of the same run. */
export function probeIdle(urls: { url: string; headers?: Record<string, string> }[], durationMs: number): Promise<number[]> {
  return probeUntil(urls, new Promise((resolve) => setTimeout(resolve, durationMs)));
}

export const fmt = (s: LatencySummary) => `p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms (${s.count} requests)`;
