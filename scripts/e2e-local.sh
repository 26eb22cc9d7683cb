#!/usr/bin/env bash
# Run the browser tests in an isolated slot, so several runs can share one machine:
#   bash scripts/e2e-local.sh NAME PORT [playwright args...]
# builds into .e2e/NAME/ and serves it on PORT (and PORT+1 for the no-fallback build).
set -euo pipefail
name=$1 port=$2; shift 2
out=.e2e/$name
npx vite build --outDir "$out/dist" --emptyOutDir >/dev/null
VITE_SAMPLE_FALLBACK=off VITE_API_URL=http://127.0.0.1:9/api npx vite build --outDir "$out/dist-nofallback" --emptyOutDir >/dev/null
E2E_PORT=$port E2E_DIST=$out/dist E2E_DIST_NOFALLBACK=$out/dist-nofallback npx playwright test "$@"
