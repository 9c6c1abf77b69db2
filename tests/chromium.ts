import { existsSync } from "node:fs";

// Playwright cannot download its own browsers here: every suite drives Debian's Chromium.
const args = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** The full browser (`chromium`): what the benches measure a page in and what screenshots are taken with. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args,
};

/**
 * The browser the test suites drive (e2e, Worker and Deno smoke): Debian's
 * `chromium-headless-shell` when installed (.ci/run installs it), else the full browser.
 * The same Chromium release and the same Blink, without the full browser's window and
 * compositor layers: the browser tests' whole process tree (server and runner included) used
 * ~40 % less CPU with it (ADR 0078, second addendum), on a stage bound by the two cores. It is
 * also what Playwright itself runs for headless tests when it can download its browsers.
 * `CHROMIUM_PATH` still names one browser for everything.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
export const testChromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args,
};

/** Whether the tests drive the headless shell (tests/e2e/fixtures.ts adapts one difference of it). */
export const testsDriveHeadlessShell = /chromium-headless-shell$/.test(testChromiumLaunchOptions.executablePath);
