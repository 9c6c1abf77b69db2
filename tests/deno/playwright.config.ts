import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions as launchOptions } from "../chromium";

// Smoke test of the Deno entry (server/deno.ts): the built app under Deno 2 (the `deno` npm
// package), with a fresh data folder per run: libSQL file, files on disk, local outbox, demo
// data, exactly as `npm start`. `npm run test:deno`; docs/decisions/0051-deno-runtime.md.
const port = Number(process.env.DENO_PORT ?? 8000);
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
  outputDir: "../../test-results/deno",
  use: { baseURL, trace: "retain-on-failure", launchOptions },
  webServer: {
    command: "sh scripts/deno-smoke-server.sh",
    cwd: "../..",
    url: `${baseURL}/api/health`,
    env: { DENO_PORT: String(port) },
    // The build (unless SKIP_DENO_BUILD=1 reuses build/), then migrations and the demo seed.
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
