import { defineConfig } from "@playwright/test";
import { testChromiumLaunchOptions as launchOptions } from "./chromium";

/**
 * The Playwright configuration of a runtime's smoke journey (tests/worker, tests/deno): one
 * journey against one server that its script starts on a fresh data folder, serially (a short
 * run and a readable log), without retries. Paths are relative to the runtime's own config
 * file (tests/<name>/playwright.config.ts), which is where Playwright resolves them.
 */
export function runtimeSmokeConfig({ name, port, script, env, startTimeoutMs }: { name: string; port: number; script: string; env: Record<string, string>; startTimeoutMs: number }) {
  const baseURL = `http://127.0.0.1:${port}`;
  return defineConfig({
    testDir: ".",
    testMatch: "*.spec.ts",
    workers: 1,
    fullyParallel: false,
    retries: 0,
    timeout: 60_000,
    expect: { timeout: 10_000 },
    reporter: [["list"]],
    outputDir: `../../test-results/${name}`,
    use: { baseURL, trace: "retain-on-failure", launchOptions },
    webServer: {
      command: `sh scripts/${script}`,
      cwd: "../..",
      url: `${baseURL}/api/health`,
      env,
      timeout: startTimeoutMs,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
    },
  });
}
