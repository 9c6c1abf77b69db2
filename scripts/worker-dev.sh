#!/bin/sh
# `npm run dev:worker`: the app on Cloudflare's runtime (local workerd, offline) with HMR,
# through the React Router dev server and vite.worker.config.ts. Local D1 and R2 live in
# .wrangler/state. First run: creates a git-ignored .dev.vars with a random JWT_SECRET,
# PASSWORD_PEPPER and SEED_DEMO=true, and applies the D1 migrations (re-run safely: applied ones are skipped).
set -eu
cd "$(dirname "$0")/.."
PATH="$PWD/node_modules/.bin:$PATH"
export WRANGLER_SEND_METRICS=false

random() { node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("base64url"))'; }
if [ ! -f .dev.vars ]; then
  printf 'JWT_SECRET=%s\nSEED_DEMO=true\n' "$(random)" > .dev.vars
  echo "Created .dev.vars (git-ignored) with a random JWT_SECRET and SEED_DEMO=true"
fi
# Added to an older .dev.vars too; once written it must stay (hashes are keyed with it).
if ! grep -q '^PASSWORD_PEPPER=' .dev.vars; then
  printf 'PASSWORD_PEPPER=%s\n' "$(random)" >> .dev.vars
  echo "Added a random PASSWORD_PEPPER to .dev.vars"
fi

# Encrypts the owner's payment secret keys (docs/decisions/0043).
if ! grep -q '^PAYMENT_SECRETS_KEY=' .dev.vars; then
  printf 'PAYMENT_SECRETS_KEY=%s\n' "$(random)" >> .dev.vars
  echo "Added a random PAYMENT_SECRETS_KEY to .dev.vars"
fi

# The user config, not a previous build's generated one, so dev and migrations share state.
wrangler d1 migrations apply DB --local --config wrangler.toml
exec vite dev --config vite.worker.config.ts "$@"
