/**
 * The price of one bare round trip to sqld, on both sides: `count` `select 1` one after
 * another through @libsql/client by URL (what the app's database client does for each round
 * trip, without the app's own work): this process's CPU, sqld's CPU and the wall time, each
 * per round trip. Nothing else may run in this process meanwhile (its CPU is read whole).
 */
import { createClient } from "@libsql/client";
import { performance } from "node:perf_hooks";
import { cpuSeconds } from "./processes";

export interface RoundTripFloor {
  clientCpuMs: number;
  sqldCpuMs: number;
  wallMs: number;
}

export async function roundTripFloor(url: string, authToken: string, sqldPid: number, count = 2000, sql = "select 1"): Promise<RoundTripFloor> {
  const client = createClient({ url, authToken });
  try {
    for (let i = 0; i < 50; i++) await client.execute(sql);
    const before = { client: process.cpuUsage(), sqld: await cpuSeconds(sqldPid), at: performance.now() };
    for (let i = 0; i < count; i++) await client.execute(sql);
    const wall = performance.now() - before.at;
    const used = process.cpuUsage(before.client);
    const sqld = (await cpuSeconds(sqldPid)) - before.sqld;
    return { clientCpuMs: (used.user + used.system) / 1000 / count, sqldCpuMs: (sqld * 1000) / count, wallMs: wall / count };
  } finally {
    client.close();
  }
}
