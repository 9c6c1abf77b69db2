/**
 * Issue 8 item 9, the browser half: how much JavaScript the exam page of the production build
 * makes a student download, and how fast it paints. Budgets: at most 150 KB of gzipped
 * JavaScript in total, largest contentful paint (LCP) under 1 s locally.
 *
 * Builds the app (SKIP_BUILD=1 to reuse build/), serves it like `npm start` on a fresh data
 * folder with the demo data, and drives Debian's Chromium (playwright-core):
 * 1. the login page, in a browser with an empty cache: its scripts and its LCP;
 * 2. signs in as the demo student and opens a demo quiz from the quiz pool (its "Take" link);
 * 3. the exam page (/quiz/student/quizPool/{id}/take) loaded in a fresh browser context with
 *    the same session and an empty cache: LCP of that full page load, then the steps before
 *    the exam (guidelines, Start) until the exam screen shows and the network is quiet.
 *    Every script fetched on the way counts.
 * A script's weight is its body gzipped here (zlib's default level, what a server's gzip sends);
 * what actually crossed the wire (Chromium's encoded length) is printed next to it.
 * LCP is read with a PerformanceObserver('largest-contentful-paint'); RUNS (default 5) full
 * loads, median reported. BENCH_LANG=ja (any of the six) renders the pages in that language.
 * `npm run bench:page` (not part of `npm test`). PORT=3410 by default.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { chromiumLaunchOptions } from "../tests/chromium";

const PORT = Number(process.env.PORT ?? 3410);
const BASE = `http://localhost:${PORT}`;
const RUNS = Number(process.env.RUNS ?? 5);
const LANGUAGE = process.env.BENCH_LANG ?? "en";
if (!["en", "fr", "de", "es", "ja", "zh"].includes(LANGUAGE)) throw new Error(`BENCH_LANG must be one of en fr de es ja zh, not ${LANGUAGE}`);
const JS_BUDGET = 150 * 1024;
const LCP_BUDGET_MS = 1000;
const root = path.resolve(import.meta.dirname, "..");
const node = path.join(root, "node_modules/.bin/node");

interface Script {
  url: string;
  raw: number;
  gzip: number;
  transfer: number;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn(node, ["--import", "tsx", "server/node.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PORT: String(PORT) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not answer /api/health within 60 s");
}

/** Records every script the page fetches: its body (gzipped here) and its encoded length on the wire. */
function recordScripts(page: Page): { scripts: Script[]; settled: () => Promise<void> } {
  const scripts: Script[] = [];
  const pending: Promise<unknown>[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        const body = await response.body();
        const sizes = await request.sizes();
        scripts.push({ url: request.url().replace(BASE, ""), raw: body.length, gzip: gzipSync(body).length, transfer: sizes.responseBodySize });
      })(),
    );
  });
  return { scripts, settled: async () => void (await Promise.all(pending)) };
}

/** Waits until no request has started or finished for `quietMs`. */
async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 15_000): Promise<void> {
  let last = Date.now();
  const touch = () => (last = Date.now());
  page.on("request", touch);
  page.on("requestfinished", touch);
  page.on("requestfailed", touch);
  const start = Date.now();
  while (Date.now() - last < quietMs) {
    if (Date.now() - start > timeoutMs) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  page.off("request", touch);
  page.off("requestfinished", touch);
  page.off("requestfailed", touch);
}

/** Installed before any page script: keeps the latest LCP candidate on window. */
const OBSERVE_LCP = () => {
  const store = window as unknown as { __lcp?: { time: number; size: number; element: string } };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { size: number; element: Element | null })[]) {
      const element = entry.element ? `${entry.element.tagName.toLowerCase()}${entry.element.className ? `.${String(entry.element.className).split(" ")[0]}` : ""}` : "?";
      store.__lcp = { time: entry.startTime, size: entry.size, element };
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
};

async function readLcp(page: Page): Promise<{ time: number; size: number; element: string }> {
  // LCP candidates stop at the first input; the load is done and the page quiet by now.
  await page.waitForTimeout(300);
  const lcp = await page.evaluate(() => (window as unknown as { __lcp?: { time: number; size: number; element: string } }).__lcp);
  if (!lcp) throw new Error("no largest-contentful-paint entry");
  return lcp;
}

/** Spec 2.4's steps before the exam, in any language: the mode (the first choice, then Next), then Start on the guidelines. */
async function passStepsBeforeExam(page: Page): Promise<void> {
  const exam = page.locator("section.exam");
  const card = page.locator(".take-quiz__card");
  const modes = card.locator('input[type="radio"]');
  if (await modes.count()) {
    await card.locator("label").first().click();
    await card.locator("button").last().click();
    await modes.first().waitFor({ state: "detached" });
  }
  await card.locator("button").last().click();
  await exam.waitFor().catch(async (error) => {
    await page.screenshot({ path: path.join(os.tmpdir(), "bench-exam-page-failure.png") });
    throw error;
  });
}

async function newContext(browser: Browser, storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>): Promise<BrowserContext> {
  const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 800 }, locale: "en-US" });
  await context.addCookies([{ name: "lang", value: LANGUAGE, url: BASE }]);
  await context.addInitScript(OBSERVE_LCP);
  // A page that failed (an uncaught error, a script that did not load) is no measurement.
  context.on("weberror", (error) => console.error(`page error: ${error.error().message}`));
  context.on("console", (message) => message.type() === "error" && console.error(`console error: ${message.text()}`));
  return context;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sum = (scripts: Script[], key: keyof Omit<Script, "url">) => scripts.reduce((total, script) => total + script[key], 0);

function report(name: string, scripts: Script[], lcps: { time: number; element: string }[]) {
  const gzip = sum(scripts, "gzip");
  const lcp = median(lcps.map((entry) => entry.time));
  console.log(`\n${name}`);
  for (const script of [...scripts].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${kb(script.gzip).padStart(9)} gzip  ${kb(script.raw).padStart(9)} raw  ${kb(script.transfer).padStart(9)} sent  ${script.url}`);
  }
  console.log(`  scripts: ${scripts.length} files, ${kb(gzip)} gzipped (${kb(sum(scripts, "raw"))} raw, ${kb(sum(scripts, "transfer"))} sent)  budget 150 KB: ${gzip <= JS_BUDGET ? "ok" : "OVER"}`);
  console.log(
    `  LCP: median ${lcp.toFixed(0)} ms of ${lcps.length} loads (${lcps.map((entry) => entry.time.toFixed(0)).join(", ")}), element ${lcps[0].element}  budget 1 s: ${lcp < LCP_BUDGET_MS ? "ok" : "OVER"}`,
  );
  return { gzip, lcp };
}

async function main() {
  if (process.env.SKIP_BUILD !== "1") await run("npm", ["run", "build"]);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-page-"));
  const server = await startServer(dataDir);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    console.log(`machine: ${os.cpus()[0]?.model ?? "unknown"} × ${os.cpus().length}, node ${process.version}, load ${os.loadavg()[0].toFixed(1)}, ${new Date().toISOString()}`);
    console.log(`language: ${LANGUAGE}; ${RUNS} loads per page`);

    // 1. The login page, cold.
    const loginLcps = [];
    let loginScripts: Script[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await newContext(browser);
      const page = await context.newPage();
      const recorder = recordScripts(page);
      await page.goto(`${BASE}/quiz/auth/login`, { waitUntil: "load" });
      await networkQuiet(page);
      loginLcps.push(await readLcp(page));
      await recorder.settled();
      if (i === 0) loginScripts = recorder.scripts;
      await context.close();
    }

    // 2. Sign in as the demo student and find a quiz in the pool.
    const signIn = await newContext(browser);
    const page = await signIn.newPage();
    await page.goto(`${BASE}/quiz/auth/login`);
    await page.locator('input[name="email"]').fill("student@demo.quiz");
    await page.locator('input[name="password"]').fill("Demo1234!");
    await page.locator('form button[type="submit"]').first().click();
    await page.waitForURL(/\/quiz\/student\/quizPool$/);
    const take = page.locator('a[href*="/quizPool/"][href$="/take"]').first();
    await take.waitFor();
    const takeUrl = new URL((await take.getAttribute("href"))!, BASE).pathname;
    const session = await signIn.storageState();
    await signIn.close();

    // 3. The exam page, cold, up to the exam itself.
    const examLcps = [];
    let examScripts: Script[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await newContext(browser, session);
      const exam = await context.newPage();
      const recorder = recordScripts(exam);
      await exam.goto(`${BASE}${takeUrl}`, { waitUntil: "load" });
      await networkQuiet(exam);
      examLcps.push(await readLcp(exam));
      await passStepsBeforeExam(exam);
      await networkQuiet(exam);
      await recorder.settled();
      if (i === 0) examScripts = recorder.scripts;
      await context.close();
    }

    report("login page (/quiz/auth/login)", loginScripts, loginLcps);
    const result = report(`exam page (${takeUrl}, through Start to the exam screen)`, examScripts, examLcps);
    console.log(`\nexam page: ${kb(result.gzip)} of JavaScript (budget 150 KB, ${(result.gzip / JS_BUDGET).toFixed(2)}×), LCP ${result.lcp.toFixed(0)} ms (budget 1,000 ms, ${(result.lcp / LCP_BUDGET_MS).toFixed(2)}×)`);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
