import { runtimeSmokeConfig } from "../runtime-smoke.config";

// Smoke test of the Deno entry (server/deno.ts): the built app under Deno 2 (the `deno` npm
// package), with a fresh data folder per run: libSQL file, files on disk, local outbox, demo
// data, exactly as `npm start`. `npm run test:deno`; docs/decisions/0051-deno-runtime.md.
const port = Number(process.env.DENO_PORT ?? 8000);

export default runtimeSmokeConfig({
  name: "deno",
  port,
  script: "deno-smoke-server.sh",
  // Short head limit, so the connections test waits seconds (server/http-server.node.ts).
  env: { DENO_PORT: String(port), HEADERS_TIMEOUT_MS: "3000" },
  // The build (unless SKIP_DENO_BUILD=1 reuses build/), then migrations and the demo seed.
  startTimeoutMs: 180_000,
});
