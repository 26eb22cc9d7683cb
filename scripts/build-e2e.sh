#!/usr/bin/env bash
# The three builds the browser tests serve, and the server's bundle that serves them:
#   bash scripts/build-e2e.sh [OUT_DIR] [E2E_PORT]
#   OUT_DIR/dist             the app as shipped (sample fallback on, API on the same origin)
#   OUT_DIR/dist-nofallback  sample fallback off, API unreachable
#   OUT_DIR/dist-auth        Google sign-in through Firebase, connected to the Auth emulator on E2E_PORT+3
set -euo pipefail
out=${1:-.}
port=${2:-${E2E_PORT:-4310}}
node scripts/build-server.mjs
npx vite build --outDir "$out/dist" --emptyOutDir >/dev/null
VITE_SAMPLE_FALLBACK=off VITE_API_URL=http://127.0.0.1:9/api npx vite build --outDir "$out/dist-nofallback" --emptyOutDir >/dev/null
VITE_FIREBASE_API_KEY=fake-api-key VITE_FIREBASE_AUTH_DOMAIN=127.0.0.1 VITE_FIREBASE_PROJECT_ID=demo-quadra \
  VITE_FIREBASE_STORAGE_BUCKET=demo-quadra.appspot.com VITE_FIREBASE_MESSAGING_SENDER_ID=1 VITE_FIREBASE_APP_ID=1:1:web:1 \
  VITE_FIREBASE_AUTH_EMULATOR_URL=http://127.0.0.1:$((port + 3)) \
  npx vite build --outDir "$out/dist-auth" --emptyOutDir >/dev/null
