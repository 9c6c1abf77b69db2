#!/bin/sh
# The server for `npm run test:worker` (tests/worker/playwright.config.ts): builds the Worker
# (unless SKIP_WORKER_BUILD=1), applies the D1 migrations to a fresh local state folder, and
# runs the built Worker under `wrangler dev` in local workerd (offline) with local D1 and R2.
set -eu
cd "$(dirname "$0")/.."
PATH="$PWD/node_modules/.bin:$PATH"
export WRANGLER_SEND_METRICS=false

port="${WORKER_PORT:-8787}"
state=.wrangler/smoke-test

if [ "${SKIP_WORKER_BUILD:-}" != "1" ] || [ ! -f .wrangler/deploy/config.json ]; then
  npm run build:worker
fi

# Every run starts from an empty database and bucket.
rm -rf "$state"
wrangler d1 migrations apply DB --local --persist-to "$state"

# A fresh secret and pepper per run (the database is fresh too); passed as vars rather than
# through .dev.vars so a developer's own .dev.vars is neither needed nor overwritten (vars
# given with --var win over it).
random() { node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("base64url"))'; }
secret=$(random)
pepper=$(random)
exec wrangler dev --local --ip 127.0.0.1 --port "$port" --persist-to "$state" --show-interactive-dev-session=false \
  --var "JWT_SECRET:$secret" --var "PASSWORD_PEPPER:$pepper" --var SEED_DEMO:true --var "APP_URL:http://127.0.0.1:$port" --var STRIPE_WEBHOOK_SECRET:whsec_worker_smoke --var LTI_ALLOW_HTTP:1
