#!/usr/bin/env bash
# Run the browser tests in an isolated slot, so several runs can share one machine:
#   bash scripts/e2e-local.sh NAME PORT [playwright args...]
# builds into .e2e/NAME/ and serves it on PORT, PORT+1 (no-fallback build) and PORT+2 (sign-in build, with the Auth
# emulator on PORT+3, its hub and logging on PORT+4 and PORT+5).
set -euo pipefail
name=$1 port=$2; shift 2
out=.e2e/$name
bash scripts/build-e2e.sh "$out" "$port"
E2E_PORT=$port E2E_DIST=$out/dist E2E_DIST_NOFALLBACK=$out/dist-nofallback E2E_DIST_AUTH=$out/dist-auth npx playwright test "$@"
