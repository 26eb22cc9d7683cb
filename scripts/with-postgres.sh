#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL server, with DATABASE_URL pointing at a fresh database:
#   bash scripts/with-postgres.sh npx vitest run tests/unit/server
# Installs Debian's postgresql package when no server binaries are found (needs root and apt), initialises a cluster
# in a temporary folder as the postgres user, starts it on a free loopback port, runs the command, then stops the
# server and removes the folder even when the command fails. Exits with the command's status.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: bash scripts/with-postgres.sh <command> [args...]" >&2
  exit 2
fi

find_pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then echo "$dir"; fi
}

PG_BIN=${PG_BIN:-$(find_pg_bin)}
if [ -z "$PG_BIN" ]; then
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
    echo "with-postgres: PostgreSQL is not installed (looked in /usr/lib/postgresql/*/bin); install it or set PG_BIN" >&2
    exit 1
  fi
  echo "with-postgres: installing postgresql with apt-get" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  PG_BIN=$(find_pg_bin)
  [ -n "$PG_BIN" ] || { echo "with-postgres: postgresql installed but initdb not found" >&2; exit 1; }
fi

# initdb and postgres refuse to run as root: as root, run them as the postgres user the package created.
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || { echo "with-postgres: running as root but there is no postgres user" >&2; exit 1; }
  as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi

WORK_DIR=$(mktemp -d "${TMPDIR:-/tmp}/quadra-pg.XXXXXX")
[ "$(id -u)" -eq 0 ] && chown postgres "$WORK_DIR"
PGDATA_DIR="$WORK_DIR/data"
started=0

cleanup() {
  if [ "$started" -eq 1 ]; then
    as_pg "$PG_BIN/pg_ctl" -D "$PGDATA_DIR" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK_DIR"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

as_pg "$PG_BIN/initdb" -D "$PGDATA_DIR" -U postgres -A trust -E UTF8 --no-locale >"$WORK_DIR/initdb.log" 2>&1 || {
  cat "$WORK_DIR/initdb.log" >&2
  exit 1
}
# Durability off: the cluster is thrown away, so speed matters more than crash safety.
started=1
as_pg "$PG_BIN/pg_ctl" -D "$PGDATA_DIR" -l "$WORK_DIR/server.log" -w -t 60 \
  -o "-p $PORT -k $WORK_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null || {
  cat "$WORK_DIR/server.log" >&2
  exit 1
}
as_pg "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres quadra_test

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/quadra_test"
echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') at $DATABASE_URL" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
