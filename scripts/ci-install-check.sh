#!/usr/bin/env bash
# Installs social as its users will: `npm pack` (prepack builds), then the tarball installed into a
# temporary prefix, and the installed copy run from there with a home, config folder and temp dir of
# its own: every command, --chart-file and --jq included. Fails when the install takes more than
# SOCIAL_MAX_INSTALL_MB (15) on disk, when a command fails, or when a run writes to the temp dir.
# Removes everything it made, also on failure. CI (.ci/run) calls it.
set -euo pipefail
cd "$(dirname "$0")/.."
max_mb=${SOCIAL_MAX_INSTALL_MB:-15}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/social-install-check.XXXXXX")
sandbox_pid=
cleanup() {
  if [ -n "$sandbox_pid" ]; then kill "$sandbox_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
fail() {
  echo "install-check: $*" >&2
  exit 1
}

# npm enables Node's compile cache (22.1 and later) in the temp folder for its own modules: not
# something a CI run should leave there.
export NODE_DISABLE_COMPILE_CACHE=1
tarball=$(npm pack --silent --pack-destination "$tmp" | tail -n 1)
# The package must hold the build, and nothing of the tree besides what a user runs.
tar -tzf "$tmp/$tarball" > "$tmp/contents.txt"
for file in package/bin/social.js package/dist/code-cache.cjs package/dist/social.cjs package/dist/sandbox.cjs; do
  grep -qx "$file" "$tmp/contents.txt" || fail "$file is not in $tarball"
done
if grep -E '^package/(src|test|bench|dist/internal)/' "$tmp/contents.txt" >&2; then
  fail "$tarball holds files users do not need (above)"
fi

npm install --global --prefix "$tmp/prefix" --no-audit --no-fund --loglevel=error "$tmp/$tarball"
unset NODE_DISABLE_COMPILE_CACHE
# The bundles are self-contained: what npm installs beside them is only what they load at run time.
kb=$(du -sk "$tmp/prefix" | cut -f1)
[ "$kb" -le $((max_mb * 1024)) ] || fail "the install takes $((kb / 1024)) MB, more than $max_mb MB"

social="$tmp/prefix/bin/social"
mkdir -p "$tmp/home" "$tmp/tmpdir" "$tmp/work"
# Nothing of the person running it: no key, no base URL, a home, config folder and temp dir of its own.
run() {
  (cd "$tmp/work" && env -u SOCIAL_API_KEY -u SOCIAL_BASE_URL -u SOCIAL_CACHE_DIR -u XDG_CACHE_HOME \
    SOCIAL_CONFIG_DIR="$tmp/config" HOME="$tmp/home" TMPDIR="$tmp/tmpdir" "$social" "$@")
}
# Runs a command that must succeed and print `expected` (a fixed string) on stdout.
expect() {
  local expected=$1
  shift
  local out
  out=$(run "$@") || fail "social $* failed"
  case "$out" in
    *"$expected"*) ;;
    *) fail "social $* did not print '$expected': ${out:0:300}" ;;
  esac
}

version=$(run --version)
expected=$(node -p 'require("./package.json").version')
[ "$version" = "$expected" ] || fail "--version said '$version', not $expected"
expect 'Usage: social' --help
expect 'Exit statuses' help exit-codes

# Every command that talks to the service, against the in-process sandbox.
expect '"handle": "octocat"' --sandbox profile github octocat --json
expect '"items"' --sandbox posts bluesky jay.bsky.team --limit 2 --json
post=$(run --sandbox posts bluesky jay.bsky.team --limit 1 --jq '.data.items[0].url')
expect 'jay.bsky.team' --sandbox post "$post" --jq '.data.author.handle'
expect '"items"' --sandbox transcript https://www.tiktok.com/@lena.codes/video/7708122160552233345 --json
expect '"niches"' --sandbox niches --json
expect 'tech' --sandbox niches --jq '.niches[].id'
expect 'window' --sandbox trends tech -o csv --chart-file "$tmp/work/trends.svg"
grep -q '<svg' "$tmp/work/trends.svg" || fail "trends --chart-file wrote no SVG"
expect '"items"' --sandbox movers tech --json
expect '"balance"' --sandbox credits --json
expect 'base-url' --sandbox status
expect '"niches"' --sandbox api nichos --json

# A local sandbox server, and a call to it through the settings file. exec: the background job's
# pid is the server's own, so killing it stops the server (not only a subshell around it).
(cd "$tmp/work" && exec env -u SOCIAL_API_KEY -u SOCIAL_BASE_URL SOCIAL_CONFIG_DIR="$tmp/config-sandbox" \
  HOME="$tmp/home" TMPDIR="$tmp/tmpdir" "$social" sandbox --port 0 > "$tmp/sandbox.out" 2> /dev/null) &
sandbox_pid=$!
for _ in $(seq 100); do
  url=$(head -n 1 "$tmp/sandbox.out" 2> /dev/null | grep -o 'http://127\.0\.0\.1:[0-9]*' || true)
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || fail 'social sandbox did not start'
run config set base-url "$url" 2> /dev/null
printf 'sbx_demo\n' | run config set api-key 2> /dev/null
[ "$(stat -c %a "$tmp/config/config.json")" = 600 ] || fail 'the settings file is not owner-only'
expect "$url" config get base-url
expect 'api-key' config list
expect 'octocat' profile github octocat --jq '.data.author.handle'
run config unset api-key 2> /dev/null
kill "$sandbox_pid"
wait "$sandbox_pid" 2> /dev/null || true
# The server ended: nothing of this check runs on after it.
if pgrep -f "$tmp/prefix" > /dev/null; then fail 'the sandbox server outlived the check'; fi
sandbox_pid=

run completion bash > "$tmp/completion.bash"
grep -q 'complete .*social' "$tmp/completion.bash" || fail 'no bash completion'
bash -n "$tmp/completion.bash"

# The CLI writes nothing to the temp dir (its code cache is in the home's cache folder).
[ -z "$(ls -A "$tmp/tmpdir")" ] || fail "a run wrote to TMPDIR: $(ls -A "$tmp/tmpdir")"
[ -d "$tmp/home/.cache/social" ] || fail 'no code cache in ~/.cache/social'

echo "install-check: $tarball installs in $((kb / 1024)) MB and runs every command (social $version)"
