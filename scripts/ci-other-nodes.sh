#!/usr/bin/env bash
# Runs the tests that spawn bin/social.js (exit statuses, pipes, signals, the code cache, the shell
# completions) on the newest Node 22 and Node 24 too, besides the Node that runs CI. Node comes from
# the npm registry's `node` package, into a temporary folder removed at the end; vitest itself runs
# on that Node, so the tests' process.execPath, which they spawn, is it. Needs a build (npm test
# makes one). CI (.ci/run) calls it.
set -euo pipefail
cd "$(dirname "$0")/.."

# The test files that spawn the built CLI (all through test/helpers/spawn-cli.ts).
spawned=$(grep -lE "helpers/spawn-cli" test/*.test.ts $(find src -name '*.test.ts') | sort)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/social-other-nodes.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

for major in ${SOCIAL_CI_NODES:-22 24}; do
  npm install --prefix "$tmp/node-$major" --no-save --no-audit --no-fund --loglevel=error "node@$major"
  node="$tmp/node-$major/node_modules/node/bin/node"
  echo "ci: spawned tests on Node $("$node" --version):" $spawned
  PATH="$(dirname "$node"):$PATH" "$node" node_modules/vitest/vitest.mjs run $spawned
done
