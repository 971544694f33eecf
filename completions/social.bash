# bash completion for social                                   -*- shell-script -*-
# Generated from the commander program by `npm run completions` (scripts/gen-completions.js):
# do not edit by hand. The same script is printed by `social completion bash`.
#
# Install (bash-completion loads it on first use; open a new shell after):
#   mkdir -p ~/.local/share/bash-completion/completions
#   social completion bash > ~/.local/share/bash-completion/completions/social
# or, without bash-completion, in ~/.bashrc:
#   source <(social completion bash)

# The subcommand of command path $1 named $2, as a path, in __social_r; false when there is none.
__social_child() {
  case "$1|$2" in
    '|profile') __social_r='profile' ;;
    '|posts') __social_r='posts' ;;
    '|post') __social_r='post' ;;
    '|transcript') __social_r='transcript' ;;
    '|niches') __social_r='niches' ;;
    '|trends') __social_r='trends' ;;
    '|movers') __social_r='movers' ;;
    '|history') __social_r='history' ;;
    '|track') __social_r='track' ;;
    '|search') __social_r='search' ;;
    '|credits') __social_r='credits' ;;
    '|store') __social_r='store' ;;
    '|budget') __social_r='budget' ;;
    '|status') __social_r='status' ;;
    '|api') __social_r='api' ;;
    '|config') __social_r='config' ;;
    '|sandbox') __social_r='sandbox' ;;
    '|mcp') __social_r='mcp' ;;
    '|skill') __social_r='skill' ;;
    '|completion') __social_r='completion' ;;
    '|help') __social_r='help' ;;
    'track|add') __social_r='track add' ;;
    'track|remove') __social_r='track remove' ;;
    'track|list') __social_r='track list' ;;
    'track|run') __social_r='track run' ;;
    'track|report') __social_r='track report' ;;
    'track|help') __social_r='track help' ;;
    'store|info') __social_r='store info' ;;
    'store|sql') __social_r='store sql' ;;
    'store|export') __social_r='store export' ;;
    'store|prune') __social_r='store prune' ;;
    'store|check') __social_r='store check' ;;
    'store|help') __social_r='store help' ;;
    'budget|set') __social_r='budget set' ;;
    'budget|show') __social_r='budget show' ;;
    'budget|help') __social_r='budget help' ;;
    'config|set') __social_r='config set' ;;
    'config|get') __social_r='config get' ;;
    'config|unset') __social_r='config unset' ;;
    'config|list') __social_r='config list' ;;
    'config|path') __social_r='config path' ;;
    'config|help') __social_r='config help' ;;
    'mcp|install') __social_r='mcp install' ;;
    'skill|path') __social_r='skill path' ;;
    'skill|help') __social_r='skill help' ;;
    *) __social_r=''; return 1 ;;
  esac
}

# Whether command path $1 has subcommands; their names (and aliases) in __social_r.
__social_children() {
  case "$1" in
    '') __social_r='profile posts post transcript niches trends movers history track search credits store budget status api config sandbox mcp skill completion help' ;;
    'track') __social_r='add remove list run report help' ;;
    'store') __social_r='info sql export prune check help' ;;
    'budget') __social_r='set show help' ;;
    'config') __social_r='set get unset list path help' ;;
    'mcp') __social_r='install' ;;
    'skill') __social_r='path help' ;;
    *) __social_r=''; return 1 ;;
  esac
}

# The options accepted at command path $1, in __social_r.
__social_options() {
  case "$1" in
    '') __social_r='-V --version -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now -h --help' ;;
    'profile') __social_r='--file --concurrency --skip --shard --dry-run --max-credits --max-age --offline --no-store --budget --fields -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'posts') __social_r='--limit --computed --file --concurrency --skip --shard --dry-run --max-credits --max-age --offline --no-store --budget --fields -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'post') __social_r='--computed --dry-run --max-credits --max-age --offline --no-store --budget --fields -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'transcript') __social_r='--dry-run --max-credits --max-age --offline --no-store --budget --fields -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'niches') __social_r='--fields -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'trends') __social_r='--from --to --limit --series --force --chart --chart-file --top --metric --dry-run --max-credits --max-age --offline --no-store --budget --fields -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'movers') __social_r='--hours --limit --min-gained --new-only --reset-state --chart --chart-file --computed --dry-run --max-credits --max-age --offline --no-store --budget --fields -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'history') __social_r='--chart --chart-file --computed --fields -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'track') __social_r='-h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'track add') __social_r='-h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'track remove') __social_r='-h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'track list') __social_r='--fields -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'track run') __social_r='--concurrency --skip --shard --dry-run --max-credits --max-age --offline --no-store --budget --fields -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'track report') __social_r='--since --fields --computed -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'track help') __social_r='-o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'search') __social_r='--limit --fields -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'credits') __social_r='--since --fields -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'store') __social_r='-h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'store info') __social_r='-h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'store sql') __social_r='-h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'store export') __social_r='-h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'store prune') __social_r='--older-than -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'store check') __social_r='-h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'store help') __social_r='-o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'budget') __social_r='-h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'budget set') __social_r='--per -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'budget show') __social_r='-h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'budget help') __social_r='-o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'status') __social_r='--offline --fields -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'api') __social_r='-X --method -f --field -F --raw-field -i --include --dry-run --max-credits --max-age --offline --no-store --budget -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'config') __social_r='-h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'config set') __social_r='-h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'config get') __social_r='-h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'config unset') __social_r='-h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'config list') __social_r='--fields -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'config path') __social_r='-h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'config help') __social_r='-o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'sandbox') __social_r='--port --host --now --state --seed --minimal --faults -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'mcp') __social_r='--max-credits --confirm-above --read-only --dry-run --http --token -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'mcp install') __social_r='--max-credits --confirm-above --read-only --name --print --dry-run -h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'skill') __social_r='-h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'skill path') __social_r='-h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'skill help') __social_r='-o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'completion') __social_r='-h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    'help') __social_r='-h --help -o --output --json -q --quiet --api-key --base-url --timeout --max-body --retries --lang --no-color --exact --no-pager --debug --strict --jq --sandbox --sandbox-now' ;;
    *) __social_r='' ;;
  esac
}

# Where the value of option $2 at command path $1 comes from, in __social_r; false when the
# option takes no value.
__social_option_value() {
  case "$1|$2" in
    'profile|--file') __social_r='files' ;;
    'profile|--concurrency') __social_r='none' ;;
    'profile|--skip') __social_r='none' ;;
    'profile|--shard') __social_r='none' ;;
    'profile|--max-credits') __social_r='none' ;;
    'profile|--max-age') __social_r='none' ;;
    'profile|--budget') __social_r='none' ;;
    'profile|--fields') __social_r='l:input platform handle name followers following posts verified private bio id avatar_url external_url url cached error exit author.handle author.name author.followers author.following author.posts_count author.verified author.is_private author.bio author.id author.avatar_url author.external_url author.url' ;;
    'posts|--limit') __social_r='none' ;;
    'posts|--file') __social_r='files' ;;
    'posts|--concurrency') __social_r='none' ;;
    'posts|--skip') __social_r='none' ;;
    'posts|--shard') __social_r='none' ;;
    'posts|--max-credits') __social_r='none' ;;
    'posts|--max-age') __social_r='none' ;;
    'posts|--budget') __social_r='none' ;;
    'posts|--fields') __social_r='l:input published text likes replies reposts quotes engagement id url published_at thumbnail_url error exit metrics.likes metrics.replies metrics.reposts metrics.quotes computed.engagement_pct' ;;
    'post|--max-credits') __social_r='none' ;;
    'post|--max-age') __social_r='none' ;;
    'post|--budget') __social_r='none' ;;
    'post|--fields') __social_r='l:input published text likes replies reposts quotes engagement id url published_at thumbnail_url error exit metrics.likes metrics.replies metrics.reposts metrics.quotes computed.engagement_pct' ;;
    'transcript|--max-credits') __social_r='none' ;;
    'transcript|--max-age') __social_r='none' ;;
    'transcript|--budget') __social_r='none' ;;
    'transcript|--fields') __social_r='l:at start end text' ;;
    'niches|--fields') __social_r='l:id label windows windows_24h last_window' ;;
    'trends|--from') __social_r='none' ;;
    'trends|--to') __social_r='none' ;;
    'trends|--limit') __social_r='none' ;;
    'trends|--chart-file') __social_r='none' ;;
    'trends|--top') __social_r='none' ;;
    'trends|--metric') __social_r='none' ;;
    'trends|--max-credits') __social_r='none' ;;
    'trends|--max-age') __social_r='none' ;;
    'trends|--budget') __social_r='none' ;;
    'trends|--fields') __social_r='l:external_id title url window position points comments best move points_spark rank_spark entered left series best_position movement entered_at left_at' ;;
    'movers|--hours') __social_r='none' ;;
    'movers|--limit') __social_r='none' ;;
    'movers|--min-gained') __social_r='none' ;;
    'movers|--chart-file') __social_r='none' ;;
    'movers|--max-credits') __social_r='none' ;;
    'movers|--max-age') __social_r='none' ;;
    'movers|--budget') __social_r='none' ;;
    'movers|--fields') __social_r='l:rank external_id title url points points_gained gained_per_hour comments position interval_min' ;;
    'history|--chart-file') __social_r='none' ;;
    'history|--fields') __social_r='l:date fetched_at followers gained per_day following posts source computed.gained computed.gained_per_day posts_count' ;;
    'track list|--fields') __social_r='l:platform handle followers fetched added fetched_at added_at' ;;
    'track run|--concurrency') __social_r='none' ;;
    'track run|--skip') __social_r='none' ;;
    'track run|--shard') __social_r='none' ;;
    'track run|--max-credits') __social_r='none' ;;
    'track run|--max-age') __social_r='none' ;;
    'track run|--budget') __social_r='none' ;;
    'track run|--fields') __social_r='l:input platform handle name followers following posts verified private bio id avatar_url external_url url cached error exit author.handle author.name author.followers author.following author.posts_count author.verified author.is_private author.bio author.id author.avatar_url author.external_url author.url' ;;
    'track report|--since') __social_r='none' ;;
    'track report|--fields') __social_r='l:rank platform handle followers gained per_day per_cent engagement posts_rated snapshots from to computed.gained computed.gained_per_day computed.gained_per_cent computed.engagement_pct' ;;
    'search|--limit') __social_r='none' ;;
    'search|--fields') __social_r='l:rank source platform handle published match snippet id url published_at fetched_at' ;;
    'credits|--since') __social_r='none' ;;
    'credits|--fields') __social_r='l:day command calls cached credits' ;;
    'store prune|--older-than') __social_r='none' ;;
    'budget set|--per') __social_r='none' ;;
    'status|--fields') __social_r='l:key value source' ;;
    'api|-X'|'api|--method') __social_r='w:GET POST PUT PATCH DELETE' ;;
    'api|-f'|'api|--field') __social_r='none' ;;
    'api|-F'|'api|--raw-field') __social_r='none' ;;
    'api|--max-credits') __social_r='none' ;;
    'api|--max-age') __social_r='none' ;;
    'api|--budget') __social_r='none' ;;
    'config list|--fields') __social_r='l:key value source overrides' ;;
    'sandbox|--port') __social_r='none' ;;
    'sandbox|--host') __social_r='none' ;;
    'sandbox|--now') __social_r='none' ;;
    'sandbox|--state') __social_r='files' ;;
    'sandbox|--seed') __social_r='none' ;;
    'sandbox|--faults') __social_r='none' ;;
    'mcp|--max-credits') __social_r='none' ;;
    'mcp|--confirm-above') __social_r='none' ;;
    'mcp|--http') __social_r='none' ;;
    'mcp|--token') __social_r='none' ;;
    'mcp install|--max-credits') __social_r='none' ;;
    'mcp install|--confirm-above') __social_r='none' ;;
    'mcp install|--name') __social_r='none' ;;
    *'|-o'|*'|--output') __social_r='w:table json ndjson csv' ;;
    *'|--api-key') __social_r='none' ;;
    *'|--base-url') __social_r='none' ;;
    *'|--timeout') __social_r='none' ;;
    *'|--max-body') __social_r='none' ;;
    *'|--retries') __social_r='none' ;;
    *'|--lang') __social_r='w:en pt-BR' ;;
    *'|--jq') __social_r='none' ;;
    *'|--sandbox-now') __social_r='none' ;;
    *) __social_r=''; return 1 ;;
  esac
}

# Where positional argument $2 (from 0) of command path $1 comes from, in __social_r.
__social_argument() {
  case "$1|$2" in
    'profile|0') __social_r='w:bluesky github instagram linktree mastodon medium pinterest soundcloud threads tiktok' ;;
    'profile|'*) __social_r='none' ;;
    'posts|0') __social_r='w:bluesky mastodon threads' ;;
    'posts|1') __social_r='none' ;;
    'post|0') __social_r='none' ;;
    'transcript|0') __social_r='none' ;;
    'trends|0') __social_r='dyn:niches' ;;
    'movers|0') __social_r='dyn:niches' ;;
    'history|0') __social_r='w:bluesky github instagram linktree mastodon medium pinterest soundcloud threads tiktok' ;;
    'history|1') __social_r='none' ;;
    'track add|0') __social_r='w:bluesky github instagram linktree mastodon medium pinterest soundcloud threads tiktok' ;;
    'track add|'*) __social_r='none' ;;
    'track remove|0') __social_r='w:bluesky github instagram linktree mastodon medium pinterest soundcloud threads tiktok' ;;
    'track remove|'*) __social_r='none' ;;
    'track help|0') __social_r='w:add remove list run report' ;;
    'search|'*) __social_r='none' ;;
    'store sql|0') __social_r='none' ;;
    'store export|0') __social_r='none' ;;
    'store help|0') __social_r='w:info sql export prune check' ;;
    'budget set|0') __social_r='none' ;;
    'budget set|1') __social_r='none' ;;
    'budget show|0') __social_r='none' ;;
    'budget help|0') __social_r='w:set show' ;;
    'api|0') __social_r='none' ;;
    'config set|0') __social_r='w:api-key base-url output timeout retries max-body store' ;;
    'config set|1') __social_r='none' ;;
    'config get|0') __social_r='w:api-key base-url output timeout retries max-body store' ;;
    'config unset|0') __social_r='w:api-key base-url output timeout retries max-body store' ;;
    'config help|0') __social_r='w:set get unset list path' ;;
    'mcp install|0') __social_r='none' ;;
    'skill help|0') __social_r='w:path' ;;
    'completion|0') __social_r='w:bash zsh fish' ;;
    'help|'*) __social_r='w:profile posts post transcript niches trends movers history track search credits store budget status api config sandbox mcp skill completion environment exit-codes formatting sandbox' ;;
    *) __social_r='none' ;;
  esac
}

# Adds to COMPREPLY the words of $2 (split on blanks) that start with $1.
__social_add_words() {
  local word
  for word in $2; do
    [[ $word == "$1"* ]] && COMPREPLY+=("$3$word")
  done
}

# Completes $1 from source code $2, each reply prefixed with $3.
__social_complete_from() {
  local line
  case "$2" in
    w:*) __social_add_words "$1" "${2#w:}" "$3" ;;
    l:*)
      # A comma-separated list: the name after the last comma, after the names already given
      # (which are not offered again).
      local given=''
      [[ $1 == *,* ]] && given=${1%,*},
      for line in ${2#l:}; do
        [[ ,$given == *,"$line",* ]] && continue
        [[ $line == "${1##*,}"* ]] && COMPREPLY+=("$3$given$line")
      done
      ;;
    files)
      compopt -o filenames 2>/dev/null
      while IFS= read -r line; do COMPREPLY+=("$3$line"); done < <(compgen -f -- "$1")
      ;;
    dyn:*)
      # Local state only (the cached coverage): no network, no key. Lines are compared, never evaluated.
      while IFS= read -r line; do
        [[ -n $line && $line == "$1"* ]] && COMPREPLY+=("$3$line")
      done < <(command social __complete "${2#dyn:}" ${__social_sandbox:+--sandbox} 2>/dev/null)
      ;;
  esac
}

_social() {
  local IFS=$' \t\n' cur=${COMP_WORDS[COMP_CWORD]} path='' word option='' __social_r='' __social_sandbox=''
  local -i i npos=0 pending=0 rest=0
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    [[ $word == --sandbox ]] && __social_sandbox=1
    if [[ $word == '=' ]]; then
      # --option=value, split by COMP_WORDBREAKS: the value follows.
      pending=1
      continue
    fi
    if ((pending)); then
      pending=0
      continue
    fi
    if ((!rest)) && [[ $word == -?* ]]; then
      if [[ $word == -- ]]; then
        rest=1
      elif __social_option_value "$path" "$word"; then
        pending=1
        option=$word
      fi
      continue
    fi
    if ((npos == 0)) && __social_child "$path" "$word"; then
      path=$__social_r
      continue
    fi
    npos+=1
  done

  # The value of an option: `-o <TAB>`, `--output=<TAB>` (= split off or not).
  if [[ $cur == '=' ]] && ((pending)); then
    cur=''
  elif [[ $cur == --*=* ]] && __social_option_value "$path" "${cur%%=*}"; then
    __social_complete_from "${cur#*=}" "$__social_r" "${cur%%=*}="
    return 0
  fi
  if ((pending)); then
    __social_option_value "$path" "$option"
    __social_complete_from "$cur" "$__social_r" ''
    return 0
  fi

  if ((!rest)) && [[ $cur == -* ]]; then
    __social_options "$path"
    __social_add_words "$cur" "$__social_r" ''
    return 0
  fi
  if ((npos == 0)) && __social_children "$path"; then
    __social_add_words "$cur" "$__social_r" ''
  fi
  __social_argument "$path" "$npos"
  __social_complete_from "$cur" "$__social_r" ''
  return 0
}

complete -F _social social
