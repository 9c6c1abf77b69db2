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
  // Layers (docs/decisions/0037-layers-by-lint.md). A separate rule name from the Node-builtins
  // rule above, so Node-only files (switched off below) still keep their layer.
  {
    files: ["api/services/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^(\\.\\./)+(routes|middleware)(/|$)", message: "Services never import the transport: routes and middleware call services, not the other way round." },
            { regex: "^(\\.\\./)+(app|server/.*)$", message: "Services never import the Hono app or a runtime entry." },
          ],
        },
      ],
    },
  },
  {
    // The schema, client, migrations and seed stand below the API. The test factories
    // (db/factories.node.ts) hash passwords with the services' own function until they move
    // to api/test-support with the services' base (issue 15 item 1).
    files: ["db/**/*.ts"],
    ignores: ["**/*.test.ts", "db/factories.node.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(\\.\\./)+api/", message: "db/ never imports api/: the API builds on the database, not the other way round." }] },
      ],
    },
  },
  {
    files: ["api/adapters/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^\\.\\./services/(?!core/)", message: "Adapters implement the services' interfaces: they import only the services' base (api/services/core)." },
          ],
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
