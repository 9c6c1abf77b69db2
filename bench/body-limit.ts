/**
 * Issue 14 point 6: oversized posts to a page cost the server neither memory nor other
 * requests' latency. A server as server/node.ts builds it (the Node adapter, the real /api,
 * the page body limit in front of a handler that reads the form as a React Router action
 * does) on loopback; a child process posts 400 MB forms to /quiz/auth/login over two
 * connections, back to back (one declared with Content-Length, one chunked), for DURATION_MS,
 * while this process probes GET /api/health and samples its own memory. Reports the probe's
 * p50/p99 idle and under attack, the ratio, the posts refused, and the peak RSS over idle.
 * `npm run bench:body-limit` (not part of `npm test`); `NO_LIMIT=1` for the server as it was
 * (one 50 MB post a connection by default: without the limit memory grows with the posts).
 */
import { createAdaptorServer } from "@hono/node-server";
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { type Context, Hono } from "hono";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createDiskBlobStore } from "../api/adapters/blob-store-disk.node.ts";
import { createOutboxMailer } from "../api/adapters/mailer-outbox";
import { createApi } from "../api/app";
import { readConfig } from "../api/services/core/config";
import { createTestDb } from "../api/test-support/factories.node.ts";
import { limitPageBody, MAX_PAGE_BODY_BYTES } from "../server/page-body-limit";
import { fmt, probeDuring, probeFor, summarize } from "./support/latency-probe";

/** NO_LIMIT=1: the page handler without the limit, as before issue 14 (run it with small posts: memory grows with them). */
const NO_LIMIT = process.env.NO_LIMIT === "1";
const DURATION_MS = Number(process.env.DURATION_MS ?? (NO_LIMIT ? 0 : 10_000));
const IDLE_MS = Number(process.env.IDLE_MS ?? 5000);
const POST_MB = Number(process.env.POST_MB ?? (NO_LIMIT ? 50 : 400));

/** The attacker, in its own process so its writing costs this event loop nothing. */
const ATTACKER = `
const http = require("node:http");
const [port, durationMs, megabytes] = process.argv.slice(1).map(Number);
const chunk = Buffer.alloc(1024 * 1024, "a");
const until = Date.now() + durationMs;
const counts = { declared: 0, chunked: 0, statuses: {}, sentMb: 0 };
function post(declared) {
  return new Promise((resolve) => {
    const headers = { "content-type": "application/x-www-form-urlencoded" };
    if (declared) headers["content-length"] = String(megabytes * 1024 * 1024);
    const req = http.request({ host: "127.0.0.1", port, path: "/quiz/auth/login", method: "POST", headers });
    let done = false, sent = 0;
    const finish = (status) => { if (done) return; done = true; counts.statuses[status] = (counts.statuses[status] || 0) + 1; counts.sentMb += sent; req.destroy(); resolve(); };
    req.on("response", (res) => { res.resume(); finish(res.statusCode); });
    req.on("error", () => finish("reset"));
    const more = () => { while (!done && sent < megabytes) { sent++; if (!req.write(chunk)) return void req.once("drain", more); } if (!done) req.end(); };
    more();
  });
}
async function loop(declared) { do { await post(declared); counts[declared ? "declared" : "chunked"]++; } while (Date.now() < until); }
Promise.all([loop(true), loop(false)]).then(() => { console.log(JSON.stringify(counts)); });
`;

async function main() {
  const blobDir = await mkdtemp(path.join(os.tmpdir(), "quiz-bench-blobs-"));
  const db = await createTestDb();
  const config = readConfig({ JWT_SECRET: "b".repeat(32) });
  const services = { db, blobs: createDiskBlobStore(blobDir), config, now: () => new Date(), mailer: createOutboxMailer(db, config.mailFrom, () => new Date()) };

  const app = new Hono().route("/api", createApi(services));
  // What React Router's action does with a sign-in post: read the whole form.
  const readForm = async (c: Context) => c.text(`fields: ${[...(await c.req.raw.formData()).keys()].length}`);
  if (NO_LIMIT) app.all("*", readForm);
  else app.all("*", limitPageBody, readForm);
  const server = createAdaptorServer({ fetch: app.fetch });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const probes = [{ url: `http://127.0.0.1:${port}/api/health` }];

  await probeFor(probes, 1000); // warm-up
  const idleRss = process.memoryUsage().rss;
  const idle = summarize(await probeFor(probes, IDLE_MS));

  let peakRss = idleRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  let report = "";
  const { samples } = await probeDuring(probes, () => {
    const attacker = spawn(process.execPath, ["-e", ATTACKER, String(port), String(DURATION_MS), String(POST_MB)], { stdio: ["ignore", "pipe", "inherit"] });
    attacker.stdout.on("data", (data: Buffer) => (report += data.toString()));
    return new Promise<void>((resolve) => attacker.on("exit", () => resolve()));
  });
  const attacked = summarize(samples);
  clearInterval(sampler);
  server.close();
  await rm(blobDir, { recursive: true, force: true });

  const counts = JSON.parse(report || "{}") as { declared: number; chunked: number; statuses: Record<string, number>; sentMb: number };
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(`machine: ${os.cpus()[0]?.model ?? "unknown"} × ${os.cpus().length}, node ${process.version}, load ${os.loadavg()[0].toFixed(1)}, ${new Date().toISOString()}`);
  console.log(`page body limit ${NO_LIMIT ? "NONE (as before)" : mb(MAX_PAGE_BODY_BYTES)}; attack: ${(DURATION_MS / 1000).toFixed(0)} s of ${POST_MB} MB posts on 2 connections: ${counts.declared} declared + ${counts.chunked} chunked, answers ${JSON.stringify(counts.statuses)}, ${counts.sentMb} MB offered by the attacker in all`);
  console.log(`GET /api/health idle (floor):  ${fmt(idle)}`);
  console.log(`GET /api/health under attack:  ${fmt(attacked)}`);
  console.log(`ratio to floor: p50 ${(attacked.p50 / idle.p50).toFixed(2)}×, p99 ${(attacked.p99 / idle.p99).toFixed(2)}×`);
  console.log(`server RSS: idle ${mb(idleRss)}, peak under attack ${mb(peakRss)} (+${mb(peakRss - idleRss)})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
