import { reactRouter } from "@react-router/dev/vite";
import { clientBundle } from "./client-bundle.config.ts";
import { precompressAssets } from "./precompress.config.ts";
import { defineConfig } from "vite";

// The Node build. Its server bundle is the whole Hono root app (server/app.ts), so that
// production and development (server/node.ts) run exactly the same handler.
export default defineConfig({
  plugins: [reactRouter(), clientBundle(), precompressAssets()],
  resolve: { tsconfigPaths: true },
  build: { assetsDir: "quiz/assets" },
  environments: {
    ssr: {
      // Every dependency inside the one server file, but libSQL's native binding: loading the
      // dependencies from node_modules cost a server process 1.4 s of CPU at start, mostly in
      // resolving modules and reading package.json files (0.4 s bundled), and a replacement
      // process after a crash paid it again before it could serve (ADR 0053).
      resolve: { noExternal: true, external: ["libsql", "@libsql/client", "@libsql/core"] },
      build: {
        rolldownOptions: {
          input: "./server/app.ts",
          // The browser loads the sign-in schemas on a form's first focus (lazy-schemas.ts);
          // the server bundle holds them anyway (its routes import them), so that dynamic
          // import cannot split anything there, by design: not worth a warning at every build.
          onLog(level, log, handler) {
            if (log.code !== "INEFFECTIVE_DYNAMIC_IMPORT") handler(level, log);
          },
        },
      },
    },
  },
});
