#!/bin/sh
# Installs what the tests drive, from the Debian packages, skipping what is already there: the
# shells the completion tests drive (bash, zsh, fish), tmux, the pseudo-terminal the terminal tests
# read the screen of, rsvg-convert (librsvg2-bin), which renders the SVG charts to PNG for the
# legend test, the sqlite3 shell the local store's tests read its file with, and the PostgreSQL
# server the shared store's tests start (its initdb is in /usr/lib/postgresql/N/bin, off PATH).
# Quiet unless something goes wrong; idempotent; works as root (no sudo needed) or through sudo
# when run by another user. CI calls it before `npm test`.
set -eu

# A command on PATH, or PostgreSQL's initdb where Debian puts it.
present() {
  if [ "$1" = initdb ]; then
    ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1
  else
    command -v "$1" >/dev/null 2>&1
  fi
}

# Each entry is command:package.
missing=''
commands=''
for entry in bash:bash zsh:zsh fish:fish tmux:tmux rsvg-convert:librsvg2-bin sqlite3:sqlite3 initdb:postgresql; do
  present "${entry%%:*}" || { missing="$missing ${entry#*:}"; commands="$commands ${entry%%:*}"; }
done
[ -z "$missing" ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-shells: missing:$missing, and no apt-get here; install them with your package manager" >&2
  exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=''
elif command -v sudo >/dev/null 2>&1; then
  as_root='sudo'
else
  echo "install-shells: missing:$missing; run as root (or with sudo) to install them" >&2
  exit 1
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086 # $missing is a list of package names
if ! { $as_root apt-get update -qq && $as_root apt-get install -y -qq --no-install-recommends $missing; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "install-shells: could not install$missing" >&2
  exit 1
fi
for command in $commands; do
  present "$command" || { echo "install-shells: $command still missing after apt-get" >&2; exit 1; }
done
