/**
 * One phase of an exam-burst profile, timed and reported alike by every profile: its
 * requests' latencies, the server's CPU over the phase (all its processes, and each one's
 * share), new connections and the kernel's dropped ones, and, when asked, its curve.
 */
import { performance } from "node:perf_hooks";
import type { Tally } from "./http-client";
import { cpuSeconds, processTreeCpu, tcpTrouble, type Running } from "./processes";

/** Milliseconds as the reports print them: 4.2 ms, 420 ms, 4.2 s; "—" for none. */
export const ms = (value: number) => (Number.isFinite(value) ? (value < 10 ? `${value.toFixed(1)} ms` : value < 10_000 ? `${value.toFixed(0)} ms` : `${(value / 1000).toFixed(1)} s`) : "—");

export interface PhaseResult {
  tally: Tally;
  serverCpu: number;
  seconds: number;
}

/** Runs one phase and notes how much CPU the server under test used meanwhile. */
export async function phase(server: Running, tally: Tally, work: () => Promise<void>, curveWindowSeconds?: number): Promise<PhaseResult> {
  const cpuBefore = await cpuSeconds(server.child.pid);
  const perProcessBefore = await processTreeCpu(server.child.pid);
  const tcpBefore = await tcpTrouble();
  const start = performance.now();
  await work();
  const seconds = (performance.now() - start) / 1000;
  const serverCpu = (await cpuSeconds(server.child.pid)) - cpuBefore;
  const tcpAfter = await tcpTrouble();
  const overflows = tcpAfter.listenOverflows - tcpBefore.listenOverflows;
  const synRetransmits = tcpAfter.synRetransmits - tcpBefore.synRetransmits;
  console.log(
    `  ${tally.name.padEnd(28)} ${String(tally.count).padStart(7)} requests in ${seconds.toFixed(1)} s; p50 ${ms(tally.percentile(50))}, p99 ${ms(tally.percentile(99))}, max ${ms(tally.percentile(100))}; ${tally.throughput.toFixed(0)}/s; server CPU ${(serverCpu / seconds).toFixed(2)} cores = ${((serverCpu * 1000) / tally.count).toFixed(2)} ms a request; non-2xx ${tally.failed}`,
  );
  for (const [what, count] of tally.failures) console.log(`    ${count} × ${what}`);
  // With several server processes (WEB_CONCURRENCY), the cores each of them took: the primary first.
  const perProcess = await processTreeCpu(server.child.pid);
  if (perProcess.size > 1) {
    const cores = [...perProcess].map(([pid, cpu]) => `${pid === server.child.pid ? "primary" : pid} ${((cpu - (perProcessBefore.get(pid) ?? 0)) / seconds).toFixed(2)}`);
    console.log(`    cores per process: ${cores.join(", ")}`);
  }
  const { opened, slowestMs } = tally.connections;
  if (opened > 0) console.log(`    ${opened} new connections, the slowest opened in ${ms(slowestMs)}; machine-wide: ${overflows} dropped by a full accept queue, ${synRetransmits} connection requests resent`);
  if (tally.percentile(100) > 2 * tally.percentile(99) && tally.percentile(100) > 1000) console.log(`    slowest: ${tally.slowest(5)}`);
  if (curveWindowSeconds) {
    const curve = tally.curve(curveWindowSeconds * 1000).map((w) => `+${w.at.toFixed(0)}s ${w.count} ${ms(w.p50)}/${ms(w.p99)}`);
    console.log(`    curve (requests due per ${curveWindowSeconds} s: count, p50/p99): ${curve.join(" · ")}`);
  }
  return { tally, serverCpu, seconds };
}
