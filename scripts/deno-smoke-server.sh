#!/bin/sh
# The server for `npm run test:deno` (tests/deno/playwright.config.ts): builds the app (unless
# SKIP_DENO_BUILD=1 and a build exists: `npm test` has just built it for the browser tests),
# then starts it under Deno exactly as `npm run start:deno` does, on a fresh data folder.
set -eu
cd "$(dirname "$0")/.."
PATH="$PWD/node_modules/.bin:$PATH"

port="${DENO_PORT:-8000}"
if [ "${SKIP_DENO_BUILD:-}" != "1" ] || [ ! -f build/server/index.js ]; then
  npm run build
fi

# Every run starts from an empty database, file store and outbox, then loads the demo data.
export DATA_DIR=.deno-smoke-data
rm -rf "$DATA_DIR"
# LTI_ALLOW_HTTP=1: the LTI launch (tests/deno/lti-launch.spec.ts) reaches the LMS stand-in over
# http on this machine, as the Worker smoke's server allows too.
export PORT="$port" APP_URL="http://127.0.0.1:$port" SEED_DEMO=true LTI_ALLOW_HTTP=1
# The start script without its prestart (the build above): one place says how Deno runs it.
exec npm run --silent --ignore-scripts start:deno
