import js from "@eslint/js";
import tseslint from "typescript-eslint";

// Node's built-in modules: shared code must not use them, because it also runs on Workers.
const nodeBuiltins = [
  "assert", "buffer", "child_process", "cluster", "crypto", "dgram", "dns", "events", "fs", "fs/promises",
  "http", "http2", "https", "module", "net", "os", "path", "perf_hooks", "process", "readline", "stream",
  "stream/web", "tls", "url", "util", "v8", "vm", "worker_threads", "zlib",
];

export default tseslint.config(
  { ignores: ["node_modules", "build", "build-worker", ".react-router", ".wrangler", "test-results", "playwright-report", "data"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["node:*"], message: "Shared code runs on Workers too: use web-standard APIs, or move this into a *.node.ts file." },
          ],
          paths: nodeBuiltins.map((name) => ({
            name,
            message: "Shared code runs on Workers too: use web-standard APIs, or move this into a *.node.ts file.",
          })),
        },
      ],
    },
  },
  {
    // The only places that may know they run on Node: the Node entry, *.node.ts adapters,
    // command-line scripts, tests and tool configuration.
    files: [
      "server/node.ts", "**/*.node.ts", "server/cli/**", "scripts/**", "tests/**", "**/*.test.ts",
      "*.config.ts", "*.config.js", "bench/**",
    ],
    rules: { "no-restricted-imports": "off" },
  },
);
