import { defineConfig } from "@playwright/test";
export default defineConfig({ testDir: "tests/e2e", workers: 1, retries: 0, timeout: 30_000, expect: { timeout: 7_000 }, reporter: [["list"]] });
