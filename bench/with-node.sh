#!/usr/bin/env bash
# The bench on another Node major from the npm registry's `node` package (scripts/with-node.sh:
# a temporary folder removed at the end); the build is the one in dist/ (npm run build first).
# Usage: bash bench/with-node.sh 24 [bench/run.js options]
set -euo pipefail
cd "$(dirname "$0")/.."
major=${1:?usage: bench/with-node.sh MAJOR [options]}
shift
exec bash scripts/with-node.sh "$major" node bench/run.js "$@"
