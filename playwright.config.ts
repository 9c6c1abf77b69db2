import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/chromium";

const port = Number(process.env.E2E_PORT ?? 3100);
// The provider sign-in journey starts a stand-in OpenID Connect issuer on this port inside
// the test; the app is configured to trust it (the real client code verifies its JWKS).
process.env.E2E_OIDC_PORT ??= "3479";
const oidcIssuer = `http://localhost:${process.env.E2E_OIDC_PORT}`;
// The card provider: a stand-in that speaks the few Stripe calls the app makes (ADR 0043),
// started below beside the app; the real `stripe` client is pointed at it.
process.env.E2E_STRIPE_PORT ??= String(port + 2);
const stripeApiUrl = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`;

// A fresh build before every run; E2E_REUSE_BUILD=1 (and a build present) reuses build/ when
// one spec is run again and again on unchanged app code, as SKIP_DENO_BUILD does for Deno.
const buildStep = process.env.E2E_REUSE_BUILD === "1" ? "(test -f build/server/index.js || npm run build)" : "npm run build";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // No retries anywhere (issue 18): a journey that needs one is flaky, and CI must say so
  // where it is introduced. Tests wait on the app's signals (ADR 0050), never on time.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    // A failed test keeps its trace: every action with the DOM before and after it, the
    // network and the console. Without the screencast: it painted and encoded frames all
    // through every passing test too (~10% of the suite's CPU), and a trace's DOM
    // snapshots already show each page as it was.
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions } },
  ],
  // A fresh data folder per run: a new migrated database with the demo data, new blobs, new outbox.
  webServer: [
    {
      command: `rm -rf .e2e-data && ${buildStep} && DATA_DIR=.e2e-data PORT=${port} OIDC_ISSUER=${oidcIssuer} OIDC_CLIENT_ID=quiz-e2e STRIPE_API_URL=${stripeApiUrl} STRIPE_WEBHOOK_SECRET=whsec_e2e_standin LTI_ALLOW_HTTP=1 NODE_ENV=production node --import tsx server/node.ts`,
      url: `http://localhost:${port}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
    },
    {
      command: `E2E_STRIPE_PORT=${process.env.E2E_STRIPE_PORT} node --import tsx tests/e2e/stripe-stand-in-server.ts`,
      url: `${stripeApiUrl}/__requests`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
  ],
});
