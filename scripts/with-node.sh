#!/usr/bin/env bash
# Runs a command with another Node first on PATH: the newest of a major line from the npm
# registry's `node` package, installed into a temporary folder removed at the end (also on failure).
# Usage: bash scripts/with-node.sh MAJOR COMMAND [ARGS...]   (CI: .ci/run; the bench: bench/with-node.sh)
set -euo pipefail
major=${1:?usage: scripts/with-node.sh MAJOR COMMAND [ARGS...]}
shift
tmp=$(mktemp -d "${TMPDIR:-/tmp}/social-node-$major.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
npm install --prefix "$tmp" --no-save --no-audit --no-fund --loglevel=error "node@$major" >&2
PATH="$tmp/node_modules/node/bin:$PATH" "$@"
