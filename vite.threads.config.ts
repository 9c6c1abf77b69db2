import { defineConfig } from "vite";

/**
 * The worker threads' own bundles (build/threads/), made after the server's by `npm run build`.
 * Loaded through tsx, a thread's first job waited for its whole module graph to be transpiled
 * (the first import file after a start took 11 s on a busy machine, the upload dialog stuck
 * on "Starting the import…"); bundled, it loads as the server bundle does (ADR 0053).
 * server/thread-entry.node.ts picks the bundle when it exists in production.
 *
 * Only the import parse and question export threads: the certificate and argon2id threads read fonts and WASM
 * next to their source files, which a bundle in another folder would not find.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  publicDir: false,
  build: {
    ssr: true,
    outDir: "build/threads",
    emptyOutDir: true,
    target: "node22",
    rolldownOptions: {
      input: { "import-parse-thread": "./server/import-parse-thread.node.ts", "question-export-thread": "./server/question-export-thread.node.ts" },
      output: { entryFileNames: "[name].js" },
    },
  },
  ssr: { noExternal: true },
});
