/**
 * Issue 19 point 4: what a student on a weak phone feels when the exam opens. Target: the first
 * answer acknowledged as saved at most 3 s after the navigation started.
 *
 * The production build (`npm run build`; SKIP_BUILD=1 reuses build/) served by server/node.ts
 * with NODE_ENV=production on a fresh DATA_DIR seeded like `npm run bench:exam`
 * (bench/exam-burst/seed.ts: a 50-question quiz, all questions on one page). Debian's Chromium
 * (as the e2e tests drive it) with a phone's screen (390 × 844, touch, a phone's user agent)
 * and, through the DevTools protocol, a weak phone's network and processor:
 * `Network.emulateNetworkConditions` 1.6 Mbit/s down (200,000 bytes/s), 750 kbit/s up, 150 ms
 * round trip, and `Emulation.setCPUThrottlingRate` 4.
 *
 * The page measured: the student has started the exam (untimed: signed in and `startQuiz`
 * over the API, as on the burst's first phase) and opens the quiz's take page,
 * /quiz/student/quizPool/{id}/take, the page every student lands on to answer (from the quiz
 * pool, or again after a reload or a lost tab). It shows the guidelines with Resume; Resume
 * calls startQuiz, which answers the paper, and the exam's 50 questions appear. A first start
 * is the same page and the same call (Start instead of Resume) after the password and mode
 * steps, whose time is the student's typing. The timed part, from the navigation's start: the
 * harness taps Resume (real input) as soon as React has hydrated the page (`<html
 * data-hydrating>` gone: before that the button does nothing), then an option of question 1
 * not chosen yet as soon as it is on the screen; the status saying "All answers saved" again
 * (the autosave's answer acknowledged) ends the run. Every moment is read on the page's own
 * clock (OBSERVE below), the taps included, so the harness's own delay before each tap
 * (Playwright's checks, slowed with the page) shows in the table and can be taken off.
 *
 * Cold: RUNS (default 5) loads, each in a new browser context (empty cache, the session's
 * cookies set before the navigation). Warm: a second visit in the same context after a first
 * one (the hashed assets cached as `immutable`). Reported per run and as median and worst,
 * with the waterfall of the median cold run (what arrived when).
 *
 *   npm run bench:phone       PORT (default 3420), RUNS, SKIP_BUILD=1, NO_THROTTLE=1 (the same without the phone's limits)
 */
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { chromiumLaunchOptions } from "../tests/chromium";
import { root, startProcess, stopProcess } from "./exam-burst/processes";
import { seedSchool } from "./exam-burst/seed";
import { Student } from "./exam-burst/student";

const PORT = Number(process.env.PORT ?? 3420);
const RUNS = Number(process.env.RUNS ?? 5);
const BASE = `http://127.0.0.1:${PORT}`;
const TARGET_MS = 3000;
/** A weak phone's connection, in the units of the DevTools protocol (bytes per second, ms). */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };
const CPU_SLOWDOWN = 4;
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  // A phone's Chrome: the headless browser's own agent reads as a bot, and the server renders
  // whole documents for bots instead of streaming them (app/entry.server.tsx).
  userAgent: "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36",
  locale: "en-US",
};

/** The moments of one load, in ms from the navigation's start (the page's own clock). */
interface Marks {
  htmlFirstByte: number;
  htmlDone: number;
  firstPaint: number;
  hydrated: number;
  resumePressed: number;
  answerable: number;
  optionClicked: number;
  saveAnswered: number;
  acknowledged: number;
}
interface Load {
  marks: Marks;
  waterfall: { name: string; start: number; end: number; bytes: number }[];
}

/**
 * Runs in the page before its own scripts: presses Resume once React has hydrated, clicks
 * question 1's first option once it is there, and reports when the status says saved again.
 */
const OBSERVE = () => {
  const now = () => performance.now();
  const marks: Record<string, number> = {};
  (window as unknown as { __phoneMarks: unknown }).__phoneMarks = marks;
  const mark = (name: string) => (marks[name] ??= now());
  let sawSaving = false;
  // The harness's clicks, as the page received them.
  document.addEventListener(
    "click",
    (event) => {
      const target = event.target as Element;
      if (target.closest(".take-quiz__card button")) mark("resumePressed");
      if (target.closest("section.exam article")) mark("optionClicked");
    },
    true,
  );
  const step = () => {
    const html = document.documentElement;
    if (!html || marks.acknowledged) return;
    if (!marks.hydrated && document.body && !html.hasAttribute("data-hydrating")) mark("hydrated");
    const option = document.querySelector<HTMLInputElement>("section.exam article input[type=radio]");
    if (!marks.answerable && option && !option.disabled) mark("answerable");
    const state = document.querySelector(".exam-save")?.getAttribute("data-state");
    if (marks.optionClicked && state === "saving") sawSaving = true;
    if (marks.optionClicked && sawSaving && state === "saved") {
      mark("acknowledged");
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const save = resources.find((entry) => entry.name.includes("/api/takeQuiz/saveAnswers"));
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const report = (window as unknown as { __phoneReport: (load: unknown) => void }).__phoneReport;
      report({
        marks: {
          htmlFirstByte: navigation.responseStart,
          htmlDone: navigation.responseEnd,
          firstPaint: paint?.startTime ?? NaN,
          hydrated: marks.hydrated,
          resumePressed: marks.resumePressed,
          answerable: marks.answerable,
          optionClicked: marks.optionClicked,
          saveAnswered: save?.responseEnd ?? NaN,
          acknowledged: marks.acknowledged,
        },
        waterfall: [
          { name: new URL(navigation.name).pathname, start: navigation.startTime, end: navigation.responseEnd, bytes: navigation.transferSize },
          ...resources.map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime, end: entry.responseEnd, bytes: entry.transferSize })),
        ],
      });
    }
  };
  new MutationObserver(step).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-hydrating", "data-state", "disabled"] });
};

async function throttle(context: BrowserContext, page: Page): Promise<void> {
  if (process.env.NO_THROTTLE === "1") return;
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
}

async function phoneContext(browser: Browser, student: Student): Promise<BrowserContext> {
  const context = await browser.newContext(PHONE);
  // The session the sign-in set (untimed): its cookies, as the browser would have them.
  const cookies = student.cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: BASE };
  });
  await context.addCookies(cookies);
  // tsx compiles OBSERVE with esbuild's name keeping (`__name(fn, "name")`): the page needs that helper.
  await context.addInitScript({ content: "globalThis.__name = (target) => target;" });
  await context.addInitScript(OBSERVE);
  context.on("weberror", (error) => console.error(`page error: ${error.error().message}`));
  context.on("console", (message) => message.type() === "error" && console.error(`console error: ${message.text()}`));
  return context;
}

/** One timed visit of the take page in `page` (throttled already); resolves with the page's report. */
async function timedVisit(page: Page, url: string): Promise<Load> {
  let resolve: (load: Load) => void = () => undefined;
  const reported = new Promise<Load>((done) => (resolve = done));
  await page.exposeBinding("__phoneReport", (_source, load: Load) => resolve(load));
  await page.goto(url, { waitUntil: "commit" });
  // The student's taps, as real input: Resume once React has hydrated the page, then question 1's first option.
  const marked = (name: string) => page.waitForFunction((key) => Boolean((window as unknown as { __phoneMarks?: Record<string, number> }).__phoneMarks?.[key]), name, { polling: 10, timeout: 60_000 });
  await marked("hydrated");
  await page.locator(".take-quiz__card button").last().click();
  await marked("answerable");
  // An option not chosen yet: a second visit finds its first visit's answer.
  await page.locator("section.exam article").first().locator("label.ui-radio:not(:has(input:checked))").first().click();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer saved within 60 s on ${url}`)), 60_000)));
  try {
    return await Promise.race([reported, timeout]);
  } catch (error) {
    const marks = await page.evaluate(() => JSON.stringify((window as unknown as { __phoneMarks?: unknown }).__phoneMarks)).catch(() => "?");
    const shot = path.join(os.tmpdir(), "bench-phone-failure.png");
    await page.screenshot({ path: shot }).catch(() => undefined);
    throw new Error(`${(error as Error).message}: the page got to ${marks}; screenshot ${shot}`);
  } finally {
    clearTimeout(timer);
  }
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)}`.padStart(6) : "     –");
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const COLUMNS: [keyof Marks, string][] = [
  ["htmlFirstByte", "HTML 1st byte"],
  ["htmlDone", "HTML done"],
  ["firstPaint", "first paint"],
  ["hydrated", "interactive"],
  ["resumePressed", "Resume"],
  ["answerable", "Q1 shown"],
  ["optionClicked", "clicked"],
  ["saveAnswered", "save answered"],
  ["acknowledged", "acknowledged"],
];

function table(title: string, loads: Load[]) {
  console.log(`\n${title} (ms from the navigation's start)`);
  console.log(`  ${"".padEnd(8)}${COLUMNS.map(([, label]) => label.padStart(15)).join("")}`);
  loads.forEach((load, index) => console.log(`  ${`run ${index + 1}`.padEnd(8)}${COLUMNS.map(([key]) => ms(load.marks[key]).padStart(15)).join("")}`));
  if (loads.length > 1) {
    console.log(`  ${"median".padEnd(8)}${COLUMNS.map(([key]) => ms(median(loads.map((load) => load.marks[key]))).padStart(15)).join("")}`);
    console.log(`  ${"worst".padEnd(8)}${COLUMNS.map(([key]) => ms(Math.max(...loads.map((load) => load.marks[key]))).padStart(15)).join("")}`);
  }
}

function waterfall(load: Load) {
  console.log("\nwaterfall of the median cold run (start → end ms, bytes on the wire)");
  for (const entry of [...load.waterfall].sort((a, b) => a.start - b.start)) {
    console.log(`  ${ms(entry.start)} → ${ms(entry.end)}  ${String(entry.bytes).padStart(7)} B  ${entry.name}`);
  }
}

function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`npm run build exited with ${code}`))));
  });
}

async function main() {
  if (process.env.SKIP_BUILD !== "1") await build();
  if (!existsSync(path.join(root, "build/server/index.js"))) throw new Error("no production build: run `npm run build`");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-phone-"));
  const pepper = randomBytes(24).toString("base64url");
  const school = await seedSchool(`file:${path.join(dataDir, "quiz.db")}`, pepper, RUNS + 1);
  const server = await startProcess(
    "server/node.ts",
    PORT,
    { NODE_ENV: "production", DATA_DIR: dataDir, PASSWORD_PEPPER: pepper, JWT_SECRET: randomBytes(32).toString("base64url"), APP_URL: BASE, SEED_DEMO: "false" },
    "/api/health",
  );
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    console.log(`machine: ${os.cpus()[0]?.model ?? "unknown"} × ${os.cpus().length}, node ${process.version}, chromium ${browser.version()}, load ${os.loadavg().map((value) => value.toFixed(1)).join(" ")}, ${new Date().toISOString()}`);
    console.log(`phone: 390 × 844, network ${(NETWORK.downloadThroughput * 8) / 1e6} Mbit/s down, ${(NETWORK.uploadThroughput * 8) / 1e3} kbit/s up, ${NETWORK.latency} ms round trip, CPU ${CPU_SLOWDOWN}× slower`);
    // Each run is a student with a started attempt (untimed, over the API).
    const students = school.students.map((email, index) => new Student(new URL(BASE), email, index));
    for (const student of students) {
      if ((await student.signIn()).status !== 200) throw new Error(`${student.email} could not sign in`);
      const started = await student.start(school.quizId);
      if (started.status !== 200) throw new Error(`${student.email} could not start: ${started.status} ${started.body}`);
    }
    const url = `${BASE}/quiz/student/quizPool/${school.quizId}/take`;

    const cold: Load[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await phoneContext(browser, students[i]);
      const page = await context.newPage();
      await throttle(context, page);
      cold.push(await timedVisit(page, url));
      await context.close();
    }

    // Warm: the same page a second time, its assets in the cache from the first visit.
    const context = await phoneContext(browser, students[RUNS]);
    const first = await context.newPage();
    await throttle(context, first);
    await timedVisit(first, url);
    await first.close();
    const second = await context.newPage();
    await throttle(context, second);
    const warm = await timedVisit(second, url);
    await context.close();

    table(`cold cache, ${RUNS} runs`, cold);
    table("warm cache (second visit)", [warm]);
    const byAck = [...cold].sort((a, b) => a.marks.acknowledged - b.marks.acknowledged);
    waterfall(byAck[Math.floor(byAck.length / 2)]);
    const coldMedian = median(cold.map((load) => load.marks.acknowledged));
    const coldWorst = Math.max(...cold.map((load) => load.marks.acknowledged));
    console.log(
      `\nfirst answer acknowledged: cold median ${Math.round(coldMedian)} ms, worst ${Math.round(coldWorst)} ms; warm ${Math.round(warm.marks.acknowledged)} ms. Target 3,000 ms: ${coldWorst <= TARGET_MS ? "met" : coldMedian <= TARGET_MS ? "met by the median, not the worst" : "NOT met"}`,
    );
    console.log(`load at the end: ${os.loadavg().map((value) => value.toFixed(1)).join(" ")}`);
  } finally {
    await browser.close();
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
