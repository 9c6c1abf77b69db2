import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts (the React Router build) so unit tests load no app plugins.
export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules", "tests/e2e/**", "build/**"],
  },
});
