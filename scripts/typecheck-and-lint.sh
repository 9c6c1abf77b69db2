#!/bin/sh
# The first stage of `npm test`: the type check and the lint side by side. tsc and ESLint each
# keep one core busy and CI has two, so together they take as long as the longer of them.
# Either failing fails the stage (both run to the end, so both say what they found).
npm run typecheck &
typecheck=$!
npm run lint
lint=$?
wait "$typecheck"
typecheck=$?
[ "$typecheck" -eq 0 ] && [ "$lint" -eq 0 ]
