import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions as launchOptions } from "../chromium";

// Smoke test of the Cloudflare Workers build: the built Worker under `wrangler dev` in local
// workerd (offline), with a fresh local D1 database and R2 bucket per run. `npm run test:worker`.
const port = Number(process.env.WORKER_PORT ?? 8787);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  // One journey against one server; serial keeps the run short and the log readable.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: "../../test-results/worker",
  use: { baseURL, trace: "retain-on-failure", launchOptions },
  webServer: {
    command: "sh scripts/worker-smoke-server.sh",
    cwd: "../..",
    url: `${baseURL}/api/health`,
    env: { WORKER_PORT: String(port), WRANGLER_SEND_METRICS: "false" },
    // Build (~15 s) + migrations + workerd start-up.
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
