#!/usr/bin/env bash
# The bench on another Node major from the npm registry's `node` package, installed into a
# temporary folder removed at the end; the build is the one in dist/ (npm run build first).
# Usage: bash bench/with-node.sh 24 [bench/run.js options]
set -euo pipefail
cd "$(dirname "$0")/.."
major=${1:?usage: bench/with-node.sh MAJOR [options]}
shift
tmp=$(mktemp -d "${TMPDIR:-/tmp}/social-bench-node.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
npm install --prefix "$tmp" --no-save --no-audit --no-fund --loglevel=error "node@$major" >&2
node="$tmp/node_modules/node/bin/node"
PATH="$(dirname "$node"):$PATH" "$node" bench/run.js "$@"
