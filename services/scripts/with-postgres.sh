#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a PostgreSQL server.
#
#   services/scripts/with-postgres.sh <command> [args...]
#
# If DATABASE_URL is already set, the command just runs with it. Otherwise a throwaway cluster is
# created in a temporary folder (initdb from PATH, pg_config --bindir or /usr/lib/postgresql/*/bin),
# started on a free localhost port (as the "postgres" or "nobody" user when run as root, since
# PostgreSQL refuses to run as root), used for the command, then stopped and deleted.
# Exit status: the command's; 3 when no PostgreSQL server binaries are installed
# (Debian: apt-get install -y postgresql). WITH_POSTGRES_BINDIR picks the binaries' folder.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

if [ -n "${DATABASE_URL:-}" ]; then
  exec "$@"
fi

find_bindir() {
  # WITH_POSTGRES_BINDIR: use this folder of PostgreSQL server binaries (and nothing else).
  if [ -n "${WITH_POSTGRES_BINDIR:-}" ]; then
    if [ -x "$WITH_POSTGRES_BINDIR/initdb" ] && [ -x "$WITH_POSTGRES_BINDIR/pg_ctl" ]; then echo "$WITH_POSTGRES_BINDIR"; return 0; fi
    return 1
  fi
  if command -v pg_config >/dev/null 2>&1; then
    local dir
    dir="$(pg_config --bindir 2>/dev/null || true)"
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return 0; fi
  fi
  local candidate
  for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$candidate/initdb" ] && [ -x "$candidate/pg_ctl" ]; then echo "$candidate"; return 0; fi
  done
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
    return 0
  fi
  return 1
}

if ! BINDIR="$(find_bindir)"; then
  echo "with-postgres: no PostgreSQL server binaries found (initdb, pg_ctl); install postgresql" >&2
  exit 3
fi

RUN_AS=()
if [ "$(id -u)" -eq 0 ]; then
  if id postgres >/dev/null 2>&1; then PGUSER_OS=postgres; else PGUSER_OS=nobody; fi
  if command -v runuser >/dev/null 2>&1; then
    RUN_AS=(runuser -u "$PGUSER_OS" --)
  else
    RUN_AS=(su -s /bin/sh "$PGUSER_OS" -c)
  fi
fi
as_pg() {
  if [ "${#RUN_AS[@]}" -eq 0 ]; then
    "$@"
  elif [ "${RUN_AS[0]}" = su ]; then
    "${RUN_AS[@]}" "$(printf '%q ' "$@")"
  else
    "${RUN_AS[@]}" "$@"
  fi
}

WORK="$(mktemp -d "${TMPDIR:-/tmp}/with-postgres.XXXXXX")"
chmod 755 "$WORK"
mkdir -p "$WORK/data" "$WORK/socket"
if [ "${#RUN_AS[@]}" -gt 0 ]; then chown -R "$PGUSER_OS" "$WORK/data" "$WORK/socket"; fi

PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"

cleanup() {
  as_pg "$BINDIR/pg_ctl" -D "$WORK/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

as_pg "$BINDIR/initdb" -D "$WORK/data" -U postgres --auth=trust --encoding=UTF8 --no-locale >"$WORK/initdb.log" 2>&1 ||
  { cat "$WORK/initdb.log" >&2; exit 1; }
as_pg "$BINDIR/pg_ctl" -D "$WORK/data" -l "$WORK/socket/server.log" -w -t 30 \
  -o "-p $PORT -k $WORK/socket -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null ||
  { cat "$WORK/socket/server.log" >&2; exit 1; }

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "with-postgres: PostgreSQL $("$BINDIR/postgres" --version | awk '{print $3}') on port $PORT" >&2
set +e
"$@"
STATUS=$?
set -e
exit "$STATUS"
