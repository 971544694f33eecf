#!/usr/bin/env bash
# Installs social as its users will: `npm pack` (prepack builds), then the tarball installed into a
# temporary prefix, and the installed copy run from there with a temporary config folder. Removes
# everything it made, also on failure. CI (.ci/run) calls it.
set -euo pipefail
cd "$(dirname "$0")/.."

tmp=$(mktemp -d "${TMPDIR:-/tmp}/social-install-check.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

tarball=$(npm pack --silent --pack-destination "$tmp" | tail -n 1)
# The package must hold the build, and nothing of the tree besides what a user runs.
tar -tzf "$tmp/$tarball" > "$tmp/contents.txt"
for file in package/bin/social.js package/bin/load-bundle.js package/dist/social.cjs package/dist/sandbox.cjs; do
  grep -qx "$file" "$tmp/contents.txt" || { echo "install-check: $file is not in $tarball" >&2; exit 1; }
done
if grep -E '^package/(src|test|bench|dist/internal)/' "$tmp/contents.txt" >&2; then
  echo "install-check: $tarball holds files users do not need (above)" >&2
  exit 1
fi

npm install --global --prefix "$tmp/prefix" --no-audit --no-fund --loglevel=error "$tmp/$tarball"

social="$tmp/prefix/bin/social"
# Nothing of the person running it: no key, no base URL, a config and cache folder of its own.
run() {
  env -u SOCIAL_API_KEY -u SOCIAL_BASE_URL SOCIAL_CONFIG_DIR="$tmp/config" SOCIAL_CACHE_DIR="$tmp/cache" \
    HOME="$tmp/home" "$social" "$@"
}

version=$(run --version)
expected=$(node -p 'require("./package.json").version')
[ "$version" = "$expected" ] || { echo "install-check: --version said '$version', not $expected" >&2; exit 1; }

run --sandbox profile github octocat --json > "$tmp/profile.json"
node -e 'const body = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  if (body.data.author.handle !== "octocat") throw new Error("not the octocat profile");' "$tmp/profile.json"

run completion bash > "$tmp/completion.bash"
grep -q 'complete .*social' "$tmp/completion.bash" || { echo 'install-check: no bash completion' >&2; exit 1; }
bash -n "$tmp/completion.bash"

echo "install-check: $tarball installs and runs (social $version)"
