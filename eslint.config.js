import js from "@eslint/js";
import tseslint from "typescript-eslint";

// Node's built-in modules: shared code must not use them, because it also runs on Workers.
const nodeBuiltins = [
  "assert", "buffer", "child_process", "cluster", "crypto", "dgram", "dns", "events", "fs", "fs/promises",
  "http", "http2", "https", "module", "net", "os", "path", "perf_hooks", "process", "readline", "stream",
  "stream/web", "tls", "url", "util", "v8", "vm", "worker_threads", "zlib",
];

// What only the permissions module may write (docs/decisions/0059): a comparison of a user type,
// a profile or the owner's profile code, as JavaScript or as a drizzle condition, and a Forbidden.
const ROLE_FIELD = "/^(userType|profile)$/";
const ROLE_NAME = "/^(userType|profile|OWNER_PROFILE)$/";
const COMPARE = "BinaryExpression[operator=/^[!=]==?$/]";
const permissionMessage = "Permissions live only in api/services/core/permissions.ts: call (or add there) a named predicate instead of comparing a user type or profile or throwing Forbidden (docs/decisions/0059).";
const permissionSyntax = [
  `${COMPARE}[left.property.name=${ROLE_FIELD}]`,
  `${COMPARE}[right.property.name=${ROLE_FIELD}]`,
  `${COMPARE}[left.name=${ROLE_NAME}]`,
  `${COMPARE}[right.name=${ROLE_NAME}]`,
  `CallExpression[callee.name=/^(eq|ne)$/][arguments.0.property.name=${ROLE_FIELD}]`,
  `CallExpression[callee.name=/^(eq|ne)$/][arguments.1.name="OWNER_PROFILE"]`,
  `SwitchStatement[discriminant.property.name=${ROLE_FIELD}]`,
  `SwitchStatement[discriminant.name=${ROLE_NAME}]`,
  `NewExpression[callee.name="Forbidden"]`,
].map((selector) => ({ selector, message: permissionMessage }));

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
            { regex: "\\.deno(\\.ts)?$", message: "Deno adapters (*.deno.ts) are for the Deno entry (server/deno.ts) and each other only." },
          ],
          paths: nodeBuiltins.map((name) => ({
            name,
            message: "Shared code runs on Workers too: use web-standard APIs, or move this into a *.node.ts file.",
          })),
        },
      ],
      // Deno's global is for the Deno entry and its *.deno.ts adapters (docs/decisions/0051).
      "no-restricted-globals": ["error", { name: "Deno", message: "Shared code runs on Node and Workers too: move Deno-only code into a *.deno.ts file." }],
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
            { regex: "^(\\.\\./)+(env|errors)$", message: "Services never import the transport's router or error responses: the caller and the typed errors are in api/services/core." },
          ],
        },
      ],
    },
  },
  {
    // The services' base stands on the database alone: no other service, no transport.
    files: ["api/services/core/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^(\\.\\./)+(routes|middleware)(/|$)", message: "Services never import the transport: routes and middleware call services, not the other way round." },
            { regex: "^(\\.\\./)+(app|env|errors|server/.*)$", message: "The services' base never imports the Hono app, the transport or a runtime entry." },
            // Not even a type (issue 25 point 12): what AppServices carries is typed in the base (heavy-jobs.ts).
            { regex: "^\\.\\./(?!\\.\\./)", message: "The services' base imports no other service, not even a type: services build on it (docs/decisions/0059)." },
          ],
        },
      ],
    },
  },
  {
    // Permissions live only in api/services/core/permissions.ts (docs/decisions/0059): nothing
    // else compares a user type or a profile (in code or as a SQL condition) or throws Forbidden;
    // a verb or a page guard calls a named predicate. Client components are outside: they show
    // what the server's predicates decided (canSwitchUserType, changeable) and must not bundle
    // the module's database conditions. The cross-site check refuses a forged request, not a user.
    files: ["api/**/*.ts", "server/**/*.ts", "app/**/*.server.ts", "app/utils/**/*.ts", "app/routes/**/*.ts", "app/routes/**/*.tsx"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "api/test-support/**", "api/services/core/permissions.ts", "api/middleware/cross-site.ts"],
    rules: {
      "no-restricted-syntax": ["error", ...permissionSyntax],
    },
  },
  {
    // The schema, client, migrations and seed stand below the API.
    files: ["db/**/*.ts"],
    ignores: ["**/*.test.ts"],
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
    // Pages call the services (and read their schemas and types), never the transport. The
    // typed client (app/api-client) takes the API's type alone from the Hono app.
    files: ["app/**/*.ts", "app/**/*.tsx"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^(\\.\\./)+api/app$", allowTypeImports: true, message: "Pages take only the API's type from the Hono app (for the typed client)." },
            { regex: "^(\\.\\./)+api/(?!services/|app$)", message: "Pages import only the services and their schemas from api/, never routes, middleware, adapters or the transport." },
          ],
        },
      ],
    },
  },
  {
    // The only places that may know they run on Node: the Node entry, *.node.ts adapters,
    // command-line scripts, tests and tool configuration. The Deno entry and its *.deno.ts
    // adapters too: Deno implements Node's built-in modules, and the Node adapters that only
    // touch files run there unchanged (docs/decisions/0051-deno-runtime.md).
    files: [
      "server/node.ts", "**/*.node.ts", "server/cli/**", "scripts/**", "tests/**", "**/*.test.ts",
      "*.config.ts", "*.config.js", "bench/**", "server/deno.ts", "**/*.deno.ts",
    ],
    rules: { "no-restricted-imports": "off" },
  },
  {
    files: ["server/deno.ts", "**/*.deno.ts"],
    rules: { "no-restricted-globals": "off" },
  },
);
