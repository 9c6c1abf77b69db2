import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts (the React Router build) so unit tests load no app plugins.
export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    // tests/sqld needs the libSQL server its own lane starts (vitest.sqld.config.ts).
    exclude: ["node_modules", "tests/e2e/**", "tests/sqld/**", "build/**"],
    // Password hashes on the WASM argon2id, as the runtimes do (~5× faster than pure JS).
    setupFiles: ["api/test-support/argon2id-setup.node.ts"],
    // One test file per core. Vitest's default for `vitest run` is one fewer than the cores,
    // which on CI's two cores ran the 231 files one at a time (5.4 min, one core idle while
    // a file waited on its database or its child process).
    maxWorkers: availableParallelism(),
    // No test is timed (speed is measured in bench/), so the limits only catch a hang. Vitest's
    // 5 s failed property tests that take 3 s alone when the two cores were shared four ways.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
