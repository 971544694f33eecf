#!/usr/bin/env bash
# Builds the single executable (what npm run build:exe does, with the Node first on PATH: CI gives
# it the newest LTS line, 26; scripts/build-exe.js fetches Node 26 when this Node is another) and runs the tests that spawn the CLI against it: SOCIAL_TEST_BIN makes
# test/helpers/spawn-cli.ts spawn the executable instead of bin/social.js, and test/exe.test.ts runs
# it alone in an empty folder without node on PATH. Runs on linux-x64 in CI (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

# npm enables Node's compile cache (22.1 and later) in the temp folder for its own modules: not
# something a CI run should leave there.
NODE_DISABLE_COMPILE_CACHE=1 npm run build
node scripts/build-exe.js
exe="$PWD/social-$(node -p 'process.platform + "-" + process.arch')"
# The test files that spawn the CLI through test/helpers/spawn-cli.ts (directly or through the
# hostile tests' harness). Not transport.test.ts: its peak-RSS bounds are node bin/social.js's,
# and any single executable starts with about 18 MB more resident (docs/performance.md).
spawned=$(grep -lE "helpers/spawn-cli|from './harness.js'" test/*.test.ts test/*/*.test.ts $(find src -name '*.test.ts') | grep -v '^test/hostile/transport.test.ts$' | sort)
echo "ci: spawned tests against $exe ($(du -m "$exe" | cut -f1) MB):" $spawned
SOCIAL_TEST_BIN="$exe" node node_modules/vitest/vitest.mjs run $spawned
