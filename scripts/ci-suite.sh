#!/usr/bin/env bash
# The README's test command (`npm test`: the package's "test" script) on the Node first on PATH
# rather than the project's own: npm puts node_modules/.bin, and its devDependency `node`, first
# for npm scripts, so the script is run here as npm would run it but with this Node ahead of
# node_modules/.bin. CI runs it on each other supported line through scripts/with-node.sh. vitest
# runs on that Node, so the tests' process.execPath, which they spawn, is it too.
set -euo pipefail
cd "$(dirname "$0")/.."
node_bin=$(dirname "$(command -v node)")
echo "ci: the whole suite on Node $(node --version)"
PATH="$node_bin:$PWD/node_modules/.bin:$PATH" sh -c "$(node -p 'require("./package.json").scripts.test')"
