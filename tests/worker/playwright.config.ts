import { runtimeSmokeConfig } from "../runtime-smoke.config";

// Smoke test of the Cloudflare Workers build: the built Worker under `wrangler dev` in local
// workerd (offline), with a fresh local D1 database and R2 bucket per run. `npm run test:worker`.
const port = Number(process.env.WORKER_PORT ?? 8787);

export default runtimeSmokeConfig({
  name: "worker",
  port,
  script: "worker-smoke-server.sh",
  env: { WORKER_PORT: String(port), WRANGLER_SEND_METRICS: "false" },
  // Build (~15 s) + migrations + workerd start-up.
  startTimeoutMs: 120_000,
});
