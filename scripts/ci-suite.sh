#!/usr/bin/env bash
# The whole suite, as `npm test` runs it (typecheck, build, vitest), on the Node first on PATH
# rather than the project's own (npm puts node_modules/.bin, and its `node`, first for npm
# scripts): CI runs it on each other supported line through scripts/with-node.sh. vitest runs on
# that Node, so the tests' process.execPath, which they spawn, is it too.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "ci: the whole suite on Node $(node --version)"
NODE_DISABLE_COMPILE_CACHE=1 node node_modules/typescript/bin/tsc -p tsconfig.json --noEmit
node scripts/build.js
node node_modules/vitest/vitest.mjs run
