import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts (the React Router build) so unit tests load no app plugins.
export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules", "tests/e2e/**", "build/**"],
    // Password hashes on the WASM argon2id, as the runtimes do (~5× faster than pure JS).
    setupFiles: ["api/test-support/argon2id-setup.node.ts"],
  },
});
