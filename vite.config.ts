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
      build: {
        rollupOptions: { input: "./server/app.ts" },
      },
    },
  },
});
