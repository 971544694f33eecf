# fish completion for social. Generated from the commander program by `npm run completions`
# (scripts/gen-completions.js): do not edit by hand. The same script is printed by
# `social completion fish`.
#
# Install (fish loads it on first use):
#   social completion fish > ~/.config/fish/completions/social.fish

# The subcommand of command path $argv[1] named $argv[2], printed as a path.
function __social_child
    switch "$argv[1]|$argv[2]"
        case '|profile'
            echo 'profile'
        case '|posts'
            echo 'posts'
        case '|post'
            echo 'post'
        case '|transcript'
            echo 'transcript'
        case '|niches'
            echo 'niches'
        case '|trends'
            echo 'trends'
        case '|movers'
            echo 'movers'
        case '|history'
            echo 'history'
        case '|track'
            echo 'track'
        case '|search'
            echo 'search'
        case '|credits'
            echo 'credits'
        case '|store'
            echo 'store'
        case '|budget'
            echo 'budget'
        case '|status'
            echo 'status'
        case '|api'
            echo 'api'
        case '|config'
            echo 'config'
        case '|sandbox'
            echo 'sandbox'
        case '|mcp'
            echo 'mcp'
        case '|skill'
            echo 'skill'
        case '|completion'
            echo 'completion'
        case '|help'
            echo 'help'
        case 'track|add'
            echo 'track add'
        case 'track|remove'
            echo 'track remove'
        case 'track|list'
            echo 'track list'
        case 'track|run'
            echo 'track run'
        case 'track|report'
            echo 'track report'
        case 'track|help'
            echo 'track help'
        case 'store|info'
            echo 'store info'
        case 'store|sql'
            echo 'store sql'
        case 'store|export'
            echo 'store export'
        case 'store|prune'
            echo 'store prune'
        case 'store|check'
            echo 'store check'
        case 'store|help'
            echo 'store help'
        case 'budget|set'
            echo 'budget set'
        case 'budget|show'
            echo 'budget show'
        case 'budget|help'
            echo 'budget help'
        case 'config|set'
            echo 'config set'
        case 'config|get'
            echo 'config get'
        case 'config|unset'
            echo 'config unset'
        case 'config|list'
            echo 'config list'
        case 'config|path'
            echo 'config path'
        case 'config|help'
            echo 'config help'
        case 'mcp|install'
            echo 'mcp install'
        case 'skill|path'
            echo 'skill path'
        case 'skill|help'
            echo 'skill help'
        case '*'
            return 1
    end
end

# Whether option $argv[2] takes a value at command path $argv[1].
function __social_takes_value
    switch "$argv[1]|$argv[2]"
        case 'profile|--file' 'profile|--concurrency' 'profile|--skip' 'profile|--shard' 'profile|--max-credits' 'profile|--max-age' 'profile|--budget' 'profile|--fields'
            return 0
        case 'posts|--limit' 'posts|--file' 'posts|--concurrency' 'posts|--skip' 'posts|--shard' 'posts|--max-credits' 'posts|--max-age' 'posts|--budget' 'posts|--fields'
            return 0
        case 'post|--max-credits' 'post|--max-age' 'post|--budget' 'post|--fields'
            return 0
        case 'transcript|--max-credits' 'transcript|--max-age' 'transcript|--budget' 'transcript|--fields'
            return 0
        case 'niches|--fields'
            return 0
        case 'trends|--from' 'trends|--to' 'trends|--limit' 'trends|--chart-file' 'trends|--top' 'trends|--metric' 'trends|--max-credits' 'trends|--max-age' 'trends|--budget' 'trends|--fields'
            return 0
        case 'movers|--hours' 'movers|--limit' 'movers|--min-gained' 'movers|--chart-file' 'movers|--max-credits' 'movers|--max-age' 'movers|--budget' 'movers|--fields'
            return 0
        case 'history|--chart-file' 'history|--fields'
            return 0
        case 'track list|--fields'
            return 0
        case 'track run|--concurrency' 'track run|--skip' 'track run|--shard' 'track run|--max-credits' 'track run|--max-age' 'track run|--budget' 'track run|--fields'
            return 0
        case 'track report|--since' 'track report|--fields'
            return 0
        case 'search|--limit' 'search|--fields'
            return 0
        case 'credits|--since' 'credits|--fields'
            return 0
        case 'store prune|--older-than'
            return 0
        case 'budget set|--per'
            return 0
        case 'status|--fields'
            return 0
        case 'api|-X' 'api|--method' 'api|-f' 'api|--field' 'api|-F' 'api|--raw-field' 'api|--max-credits' 'api|--max-age' 'api|--budget'
            return 0
        case 'config list|--fields'
            return 0
        case 'sandbox|--port' 'sandbox|--host' 'sandbox|--now' 'sandbox|--state' 'sandbox|--seed' 'sandbox|--faults'
            return 0
        case 'mcp|--max-credits' 'mcp|--confirm-above' 'mcp|--http' 'mcp|--token'
            return 0
        case 'mcp install|--max-credits' 'mcp install|--confirm-above' 'mcp install|--name'
            return 0
        case '*|-o' '*|--output' '*|--api-key' '*|--base-url' '*|--timeout' '*|--max-body' '*|--retries' '*|--lang' '*|--jq' '*|--sandbox-now'
            return 0
    end
    return 1
end

# Walks the words before the cursor as commander parses them: sets __social_path (the command
# path), __social_npos (positional arguments before the cursor) and __social_pending (1 when
# the word under the cursor is the value of an option).
function __social_scan
    set -l words (commandline -opc)
    set -e words[1]
    set -g __social_path ''
    set -g __social_npos 0
    set -g __social_pending 0
    set -l rest 0
    for word in $words
        if test $__social_pending = 1
            set __social_pending 0
            continue
        end
        if test $rest = 0; and string match -q -- '-?*' $word
            if test $word = --
                set rest 1
            else if __social_takes_value "$__social_path" $word
                set __social_pending 1
            end
            continue
        end
        if test $__social_npos = 0; and set -l child (__social_child "$__social_path" $word)
            set __social_path $child
            continue
        end
        set __social_npos (math $__social_npos + 1)
    end
end

# Whether the line is at command path $argv[1].
function __social_command_is
    __social_scan
    test "$__social_path" = "$argv[1]"
end

# Whether the word under the cursor is positional argument $argv[2] (from 0; N+ for N or later)
# of the command at path $argv[1].
function __social_argument
    __social_scan
    test "$__social_path" = "$argv[1]"; and test $__social_pending = 0; or return 1
    set -l index (string replace -- + '' $argv[2])
    if string match -q -- '*+' $argv[2]
        test $__social_npos -ge $index
    else
        test $__social_npos -eq $index
    end
end

# Values computed from local state by `social __complete <kind>` (niche ids from the cached
# coverage): no network, no key.
function __social_dynamic
    set -l extra
    contains -- --sandbox (commandline -opc); and set extra --sandbox
    command social __complete $argv[1] $extra 2>/dev/null
end

# No file names unless an argument or option asks for them.
complete -c social -f

# Global options, accepted after any subcommand too
complete -c social -s o -l output -x -a 'table json ndjson csv' -d 'table (default at a terminal), json (default in a pipe), ndjson or csv'
complete -c social -l json -d 'same as --output json'
complete -c social -s q -l quiet -d 'nothing on stderr but errors'
complete -c social -l api-key -x -d 'API key'
complete -c social -l base-url -x -d 'service address'
complete -c social -l timeout -x -d 'per attempt, from connect to the last byte of the answer (default 30)'
complete -c social -l max-body -x -d 'the largest answer read, like 64MB'
complete -c social -l retries -x -d 'retries of what was never sent (refused or failed connection) and of 502/503'
complete -c social -l lang -x -a 'en pt-BR' -d 'the language of messages and help: en or pt-BR'
complete -c social -l no-color -d 'no colour, even with FORCE_COLOR set (also NO_COLOR)'
complete -c social -l exact -d 'exact numbers in tables (21,345, not 21K)'
complete -c social -l no-pager -d 'no pager for tables taller than the terminal'
complete -c social -l debug -d 'method, URL, status, timing, request id and retries on stderr (never the key)'
complete -c social -l strict -d 'fail (exit 11) when an answer differs from the documented shape, instead of a…'
complete -c social -l jq -x -d 'filter the JSON output with jq (real jq 1.8): strings print raw, other values…'
complete -c social -l sandbox -d 'run this command against an in-process sandbox with its demo key'
complete -c social -l sandbox-now -x -d 'with --sandbox: fix the sandbox\'s clock, and the run\'s, at an instant, a date…'

# social
complete -c social -n "__social_argument '' 0" -a profile -d 'public profiles: 1 credit each, 0 on a cache hit (cached one hour)'
complete -c social -n "__social_argument '' 0" -a posts -d 'recent posts written by an account (bluesky, mastodon, threads): 1 credit'
complete -c social -n "__social_argument '' 0" -a post -d 'one bluesky post with its likes, replies, reposts and quotes: 1 credit…'
complete -c social -n "__social_argument '' 0" -a transcript -d 'caption track of a tiktok video: 1 credit, charged even when there is none'
complete -c social -n "__social_argument '' 0" -a niches -d 'the niches of the trend archive and how complete their last 24 hours are…'
complete -c social -n "__social_argument '' 0" -a trends -d 'hourly history of the items of a niche in the archive: 1 credit, charged even…'
complete -c social -n "__social_argument '' 0" -a movers -d 'the items that gained the most points over the last hours: 10 credits, nothing…'
complete -c social -n "__social_argument '' 0" -a history -d 'an account\'s stored profile snapshots and its follower growth: free, from the…'
complete -c social -n "__social_argument '' 0" -a track -d 'a watchlist of accounts: add, remove, list'
complete -c social -n "__social_argument '' 0" -a search -d 'full-text search of the posts and transcripts in the local store: free…'
complete -c social -n "__social_argument '' 0" -a credits -d 'what the key has left (read without spending) and what this machine spent'
complete -c social -n "__social_argument '' 0" -a store -d 'the local store of every paid answer: info, sql, export, prune, check'
complete -c social -n "__social_argument '' 0" -a budget -d 'a budget shared by every process on one PostgreSQL store: set its limit, show…'
complete -c social -n "__social_argument '' 0" -a status -d 'the key, base URL and settings in effect and where each came from, and the…'
complete -c social -n "__social_argument '' 0" -a api -d 'a raw request to any route of the service (routes social does not model yet)'
complete -c social -n "__social_argument '' 0" -a config -d 'settings: api-key, base-url, and defaults for output, timeout, retries, max-body'
complete -c social -n "__social_argument '' 0" -a sandbox -d 'run the local emulator of the service, with built-in data and a credit ledger'
complete -c social -n "__social_argument '' 0" -a mcp -d 'the commands as MCP tools for an AI agent (stdio, or --http), under a session…'
complete -c social -n "__social_argument '' 0" -a skill -d 'the agent skill that comes with social (skills/social/SKILL.md): `social skill…'
complete -c social -n "__social_argument '' 0" -a completion -d 'print the shell completion script: bash, zsh, fish'
complete -c social -n "__social_argument '' 0" -a help -d 'help on a command, or a topic: environment, exit-codes, formatting, sandbox'
complete -c social -n "__social_command_is ''" -s V -l version -d 'output the version number'
complete -c social -n "__social_command_is ''" -s h -l help -d 'display help for command'

# social profile
complete -c social -n "__social_command_is 'profile'" -l file -r -F -d 'read inputs from a file, one a line (- for stdin)'
complete -c social -n "__social_command_is 'profile'" -l concurrency -x -d 'calls at a time in batch use, 1..64'
complete -c social -n "__social_command_is 'profile'" -l skip -x -d 'skip the first N inputs (to resume an interrupted batch)'
complete -c social -n "__social_command_is 'profile'" -l shard -x -d 'take only the Kth of N shares of the inputs (a stable hash of each)'
complete -c social -n "__social_command_is 'profile'" -l dry-run -d 'print the request it would send for one handle, or a batch\'s plan…'
complete -c social -n "__social_command_is 'profile'" -l max-credits -x -d 'spend at most N credits: a call that could cost more is not sent (exit 12)'
complete -c social -n "__social_command_is 'profile'" -l max-age -x -d 'an answer in the local store younger than this (30m, 6h, 7d) is printed…'
complete -c social -n "__social_command_is 'profile'" -l offline -d 'answer only from the local store, never the network'
complete -c social -n "__social_command_is 'profile'" -l no-store -d 'neither read nor write the local store in this call'
complete -c social -n "__social_command_is 'profile'" -l budget -x -d 'spend from the budget NAME shared by every process on the PostgreSQL store'
complete -c social -n "__social_command_is 'profile'" -l fields -x -a 'input platform handle name followers following posts verified private bio id avatar_url external_url url cached error exit author.handle author.name author.followers author.following author.posts_count author.verified author.is_private author.bio author.id author.avatar_url author.external_url author.url' -d 'columns of a table or csv, keys of each record in json and ndjson, in this…'
complete -c social -n "__social_command_is 'profile'" -s h -l help -d 'display help for command'
complete -c social -n "__social_argument 'profile' 0" -a 'bluesky github instagram linktree mastodon medium pinterest soundcloud threads tiktok' -d 'platform'

# social posts
complete -c social -n "__social_command_is 'posts'" -l limit -x -d 'bluesky 1..100 (default 25), mastodon 1..40 (default 20)'
complete -c social -n "__social_command_is 'posts'" -l computed -d 'json and ndjson: add a "computed" object beside each record'
complete -c social -n "__social_command_is 'posts'" -l file -r -F -d 'read inputs from a file, one a line (- for stdin)'
complete -c social -n "__social_command_is 'posts'" -l concurrency -x -d 'calls at a time in batch use, 1..64'
complete -c social -n "__social_command_is 'posts'" -l skip -x -d 'skip the first N inputs (to resume an interrupted batch)'
complete -c social -n "__social_command_is 'posts'" -l shard -x -d 'take only the Kth of N shares of the inputs (a stable hash of each)'
complete -c social -n "__social_command_is 'posts'" -l dry-run -d 'print the request it would send for one handle, or a batch\'s plan…'
complete -c social -n "__social_command_is 'posts'" -l max-credits -x -d 'spend at most N credits: a call that could cost more is not sent (exit 12)'
complete -c social -n "__social_command_is 'posts'" -l max-age -x -d 'an answer in the local store younger than this (30m, 6h, 7d) is printed…'
complete -c social -n "__social_command_is 'posts'" -l offline -d 'answer only from the local store, never the network'
complete -c social -n "__social_command_is 'posts'" -l no-store -d 'neither read nor write the local store in this call'
complete -c social -n "__social_command_is 'posts'" -l budget -x -d 'spend from the budget NAME shared by every process on the PostgreSQL store'
complete -c social -n "__social_command_is 'posts'" -l fields -x -a 'input published text likes replies reposts quotes engagement id url published_at thumbnail_url error exit metrics.likes metrics.replies metrics.reposts metrics.quotes computed.engagement_pct' -d 'columns of a table or csv, keys of each record in json and ndjson, in this…'
complete -c social -n "__social_command_is 'posts'" -s h -l help -d 'display help for command'
complete -c social -n "__social_argument 'posts' 0" -a 'bluesky mastodon threads' -d 'platform'

# social post
complete -c social -n "__social_command_is 'post'" -l computed -d 'json and ndjson: add a "computed" object beside each record'
complete -c social -n "__social_command_is 'post'" -l dry-run -d 'print the request(s) it would send and the most they could cost'
complete -c social -n "__social_command_is 'post'" -l max-credits -x -d 'spend at most N credits: a call that could cost more is not sent (exit 12)'
complete -c social -n "__social_command_is 'post'" -l max-age -x -d 'an answer in the local store younger than this (30m, 6h, 7d) is printed…'
complete -c social -n "__social_command_is 'post'" -l offline -d 'answer only from the local store, never the network'
complete -c social -n "__social_command_is 'post'" -l no-store -d 'neither read nor write the local store in this call'
complete -c social -n "__social_command_is 'post'" -l budget -x -d 'spend from the budget NAME shared by every process on the PostgreSQL store'
complete -c social -n "__social_command_is 'post'" -l fields -x -a 'input published text likes replies reposts quotes engagement id url published_at thumbnail_url error exit metrics.likes metrics.replies metrics.reposts metrics.quotes computed.engagement_pct' -d 'columns of a table or csv, keys of each record in json and ndjson, in this…'
complete -c social -n "__social_command_is 'post'" -s h -l help -d 'display help for command'

# social transcript
complete -c social -n "__social_command_is 'transcript'" -l dry-run -d 'print the request(s) it would send and the most they could cost'
complete -c social -n "__social_command_is 'transcript'" -l max-credits -x -d 'spend at most N credits: a call that could cost more is not sent (exit 12)'
complete -c social -n "__social_command_is 'transcript'" -l max-age -x -d 'an answer in the local store younger than this (30m, 6h, 7d) is printed…'
complete -c social -n "__social_command_is 'transcript'" -l offline -d 'answer only from the local store, never the network'
complete -c social -n "__social_command_is 'transcript'" -l no-store -d 'neither read nor write the local store in this call'
complete -c social -n "__social_command_is 'transcript'" -l budget -x -d 'spend from the budget NAME shared by every process on the PostgreSQL store'
complete -c social -n "__social_command_is 'transcript'" -l fields -x -a 'at start end text' -d 'columns of a table or csv, keys of each record in json and ndjson, in this…'
complete -c social -n "__social_command_is 'transcript'" -s h -l help -d 'display help for command'

# social niches
complete -c social -n "__social_command_is 'niches'" -l fields -x -a 'id label windows windows_24h last_window' -d 'columns of a table or csv, keys of each record in json and ndjson, in this…'
complete -c social -n "__social_command_is 'niches'" -s h -l help -d 'display help for command'

# social trends
complete -c social -n "__social_command_is 'trends'" -l from -x -d 'start'
complete -c social -n "__social_command_is 'trends'" -l to -x -d 'end'
complete -c social -n "__social_command_is 'trends'" -l limit -x -d 'the most series points wanted, 1..5000'
complete -c social -n "__social_command_is 'trends'" -l series -d 'table: a row per series point instead of a row per item'
complete -c social -n "__social_command_is 'trends'" -l force -d 'send even when coverage shows the answer will be empty'
complete -c social -n "__social_command_is 'trends'" -l chart -d 'draw a chart instead of the table'
complete -c social -n "__social_command_is 'trends'" -l chart-file -x -d 'also write the chart as a standalone SVG file (stdout keeps the -o output)'
complete -c social -n "__social_command_is 'trends'" -l top -x -d 'the items charted, best position first, 1..26 (default 8)'
complete -c social -n "__social_command_is 'trends'" -l metric -x -d 'what the chart shows over time (default rank)'
complete -c social -n "__social_command_is 'trends'" -l dry-run -d 'print the request(s) it would send and the most they could cost'
complete -c social -n "__social_command_is 'trends'" -l max-credits -x -d 'spend at most N credits: a call that could cost more is not sent (exit 12)'
complete -c social -n "__social_command_is 'trends'" -l max-age -x -d 'an answer in the local store younger than this (30m, 6h, 7d) is printed…'
complete -c social -n "__social_command_is 'trends'" -l offline -d 'answer only from the local store, never the network'
complete -c social -n "__social_command_is 'trends'" -l no-store -d 'neither read nor write the local store in this call'
complete -c social -n "__social_command_is 'trends'" -l budget -x -d 'spend from the budget NAME shared by every process on the PostgreSQL store'
complete -c social -n "__social_command_is 'trends'" -l fields -x -a 'external_id title url window position points comments best move points_spark rank_spark entered left series best_position movement entered_at left_at' -d 'columns of a table or csv, keys of each record in json and ndjson, in this…'
complete -c social -n "__social_command_is 'trends'" -s h -l help -d 'display help for command'
complete -c social -n "__social_argument 'trends' 0" -a '(__social_dynamic niches)' -d 'niche'

# social movers
complete -c social -n "__social_command_is 'movers'" -l hours -x -d 'how far back to compare, 1..720 (default 24)'
complete -c social -n "__social_command_is 'movers'" -l limit -x -d 'the top N by points gained, 1..100 (default 20)'
complete -c social -n "__social_command_is 'movers'" -l min-gained -x -d 'only movers that gained at least N points'
complete -c social -n "__social_command_is 'movers'" -l new-only -d 'only movers not reported by an earlier --new-only run for this niche'
complete -c social -n "__social_command_is 'movers'" -l reset-state -d 'with --new-only: forget what was reported for this niche'
complete -c social -n "__social_command_is 'movers'" -l chart -d 'draw a chart instead of the table'
complete -c social -n "__social_command_is 'movers'" -l chart-file -x -d 'also write the chart as a standalone SVG file (stdout keeps the -o output)'
complete -c social -n "__social_command_is 'movers'" -l computed -d 'json and ndjson: add a "computed" object beside each record'
complete -c social -n "__social_command_is 'movers'" -l dry-run -d 'print the request(s) it would send and the most they could cost'
complete -c social -n "__social_command_is 'movers'" -l max-credits -x -d 'spend at most N credits: a call that could cost more is not sent (exit 12)'
complete -c social -n "__social_command_is 'movers'" -l max-age -x -d 'an answer in the local store younger than this (30m, 6h, 7d) is printed…'
complete -c social -n "__social_command_is 'movers'" -l offline -d 'answer only from the local store, never the network'
complete -c social -n "__social_command_is 'movers'" -l no-store -d 'neither read nor write the local store in this call'
complete -c social -n "__social_command_is 'movers'" -l budget -x -d 'spend from the budget NAME shared by every process on the PostgreSQL store'
complete -c social -n "__social_command_is 'movers'" -l fields -x -a 'rank external_id title url points points_gained gained_per_hour comments position interval_min' -d 'columns of a table or csv, keys of each record in json and ndjson, in this…'
complete -c social -n "__social_command_is 'movers'" -s h -l help -d 'display help for command'
complete -c social -n "__social_argument 'movers' 0" -a '(__social_dynamic niches)' -d 'niche'

# social history
complete -c social -n "__social_command_is 'history'" -l chart -d 'draw a chart instead of the table'
complete -c social -n "__social_command_is 'history'" -l chart-file -x -d 'also write the chart as a standalone SVG file (stdout keeps the -o output)'
complete -c social -n "__social_command_is 'history'" -l computed -d 'json and ndjson: add a "computed" object beside each record'
complete -c social -n "__social_command_is 'history'" -l fields -x -a 'date fetched_at followers gained per_day following posts source computed.gained computed.gained_per_day posts_count' -d 'columns of a table or csv, keys of each record in json and ndjson, in this…'
complete -c social -n "__social_command_is 'history'" -s h -l help -d 'display help for command'
complete -c social -n "__social_argument 'history' 0" -a 'bluesky github instagram linktree mastodon medium pinterest soundcloud threads tiktok' -d 'platform'

# social track
complete -c social -n "__social_argument 'track' 0" -a add -d 'watch accounts: checked as `profile` checks handles, nothing sent'
complete -c social -n "__social_argument 'track' 0" -a remove -d 'stop watching accounts'
complete -c social -n "__social_argument 'track' 0" -a list -d 'the watched accounts, with the newest snapshot of each'
complete -c social -n "__social_argument 'track' 0" -a run -d 'fetch every watched profile as a batch (1 credit each, 0 on a cache hit), each…'
complete -c social -n "__social_argument 'track' 0" -a report -d 'the watched accounts ranked by followers gained since --since, with their…'
complete -c social -n "__social_argument 'track' 0" -a help -d 'display help for command'
complete -c social -n "__social_command_is 'track'" -s h -l help -d 'display help for command'

# social track add
complete -c social -n "__social_command_is 'track add'" -s h -l help -d 'display help for command'
complete -c social -n "__social_argument 'track add' 0" -a 'bluesky github instagram linktree mastodon medium pinterest soundcloud threads tiktok' -d 'platform'

# social track remove
complete -c social -n "__social_command_is 'track remove'" -s h -l help -d 'display help for command'
complete -c social -n "__social_argument 'track remove' 0" -a 'bluesky github instagram linktree mastodon medium pinterest soundcloud threads tiktok' -d 'platform'

# social track list
complete -c social -n "__social_command_is 'track list'" -l fields -x -a 'platform handle followers fetched added fetched_at added_at' -d 'columns of a table or csv, keys of each record in json and ndjson, in this…'
complete -c social -n "__social_command_is 'track list'" -s h -l help -d 'display help for command'

# social track run
complete -c social -n "__social_command_is 'track run'" -l concurrency -x -d 'calls at a time in batch use, 1..64'
complete -c social -n "__social_command_is 'track run'" -l skip -x -d 'skip the first N inputs (to resume an interrupted batch)'
complete -c social -n "__social_command_is 'track run'" -l shard -x -d 'take only the Kth of N shares of the inputs (a stable hash of each)'
complete -c social -n "__social_command_is 'track run'" -l dry-run -d 'print the batch\'s plan…'
complete -c social -n "__social_command_is 'track run'" -l max-credits -x -d 'spend at most N credits: a call that could cost more is not sent (exit 12)'
complete -c social -n "__social_command_is 'track run'" -l max-age -x -d 'an answer in the local store younger than this (30m, 6h, 7d) is printed…'
complete -c social -n "__social_command_is 'track run'" -l offline -d 'answer only from the local store, never the network'
complete -c social -n "__social_command_is 'track run'" -l no-store -d 'neither read nor write the local store in this call'
complete -c social -n "__social_command_is 'track run'" -l budget -x -d 'spend from the budget NAME shared by every process on the PostgreSQL store'
complete -c social -n "__social_command_is 'track run'" -l fields -x -a 'input platform handle name followers following posts verified private bio id avatar_url external_url url cached error exit author.handle author.name author.followers author.following author.posts_count author.verified author.is_private author.bio author.id author.avatar_url author.external_url author.url' -d 'columns of a table or csv, keys of each record in json and ndjson, in this…'
complete -c social -n "__social_command_is 'track run'" -s h -l help -d 'display help for command'

# social track report
complete -c social -n "__social_command_is 'track report'" -l since -x -d 'an age (7d, 2w), a date or an instant (default 30d)'
complete -c social -n "__social_command_is 'track report'" -l fields -x -a 'rank platform handle followers gained per_day per_cent engagement posts_rated snapshots from to computed.gained computed.gained_per_day computed.gained_per_cent computed.engagement_pct' -d 'columns of a table or csv, keys of each record in json and ndjson, in this…'
complete -c social -n "__social_command_is 'track report'" -l computed -d 'json and ndjson: add a "computed" object beside each record'
complete -c social -n "__social_command_is 'track report'" -s h -l help -d 'display help for command'

# social track help
complete -c social -n "__social_argument 'track help' 0" -a 'add remove list run report' -d 'command'

# social search
complete -c social -n "__social_command_is 'search'" -l limit -x -d 'the most matches shown, best first, 1..1000 (default 20)'
complete -c social -n "__social_command_is 'search'" -l fields -x -a 'rank source platform handle published match snippet id url published_at fetched_at' -d 'columns of a table or csv, keys of each record in json and ndjson, in this…'
complete -c social -n "__social_command_is 'search'" -s h -l help -d 'display help for command'

# social credits
complete -c social -n "__social_command_is 'credits'" -l since -x -d 'period of the local summary: an age (30d, 2w, 36h), a date or an instant'
complete -c social -n "__social_command_is 'credits'" -l fields -x -a 'day command calls cached credits' -d 'columns of a table or csv, keys of each record in json and ndjson, in this…'
complete -c social -n "__social_command_is 'credits'" -s h -l help -d 'display help for command'

# social store
complete -c social -n "__social_argument 'store' 0" -a info -d 'where the store is, its size, rows per table, oldest and newest fetch, schema…'
complete -c social -n "__social_argument 'store' 0" -a sql -d 'run a query that reads (the store is opened read-only)'
complete -c social -n "__social_argument 'store' 0" -a export -d 'stream every row of a table as ndjson (the default) or csv'
complete -c social -n "__social_argument 'store' 0" -a prune -d 'delete what was fetched before a time (the watchlist is kept)'
complete -c social -n "__social_argument 'store' 0" -a check -d 'run SQLite\'s integrity check on the store: exit 0 when sound, 1 naming the…'
complete -c social -n "__social_argument 'store' 0" -a help -d 'display help for command'
complete -c social -n "__social_command_is 'store'" -s h -l help -d 'display help for command'

# social store info
complete -c social -n "__social_command_is 'store info'" -s h -l help -d 'display help for command'

# social store sql
complete -c social -n "__social_command_is 'store sql'" -s h -l help -d 'display help for command'

# social store export
complete -c social -n "__social_command_is 'store export'" -s h -l help -d 'display help for command'

# social store prune
complete -c social -n "__social_command_is 'store prune'" -l older-than -x -d 'what was fetched longer ago than this: 180d, 26w, 12h'
complete -c social -n "__social_command_is 'store prune'" -s h -l help -d 'display help for command'

# social store check
complete -c social -n "__social_command_is 'store check'" -s h -l help -d 'display help for command'

# social store help
complete -c social -n "__social_argument 'store help' 0" -a 'info sql export prune check' -d 'command'

# social budget
complete -c social -n "__social_argument 'budget' 0" -a set -d 'create a budget or change its limit, for every process on the store'
complete -c social -n "__social_argument 'budget' 0" -a show -d 'the budget\'s limit, what is settled and reserved, by machine (this period)'
complete -c social -n "__social_argument 'budget' 0" -a help -d 'display help for command'
complete -c social -n "__social_command_is 'budget'" -s h -l help -d 'display help for command'

# social budget set
complete -c social -n "__social_command_is 'budget set'" -l per -x -d 'renew it each month or day (UTC)'
complete -c social -n "__social_command_is 'budget set'" -s h -l help -d 'display help for command'

# social budget show
complete -c social -n "__social_command_is 'budget show'" -s h -l help -d 'display help for command'

# social budget help
complete -c social -n "__social_argument 'budget help' 0" -a 'set show' -d 'command'

# social status
complete -c social -n "__social_command_is 'status'" -l offline -d 'do not read the balance: nothing is sent'
complete -c social -n "__social_command_is 'status'" -l fields -x -a 'key value source' -d 'columns of a table or csv, keys of each record in json and ndjson, in this…'
complete -c social -n "__social_command_is 'status'" -s h -l help -d 'display help for command'

# social api
complete -c social -n "__social_command_is 'api'" -s X -l method -x -a 'GET POST PUT PATCH DELETE' -d 'the HTTP method (default GET)'
complete -c social -n "__social_command_is 'api'" -s f -l field -x -d 'a string field'
complete -c social -n "__social_command_is 'api'" -s F -l raw-field -x -d 'a typed field: numbers, true, false and null as JSON, anything else a string'
complete -c social -n "__social_command_is 'api'" -s i -l include -d 'print the status line and the response headers (sanitised) before the body…'
complete -c social -n "__social_command_is 'api'" -l dry-run -d 'print the request(s) it would send and the most they could cost'
complete -c social -n "__social_command_is 'api'" -l max-credits -x -d 'spend at most N credits: a call that could cost more is not sent (exit 12)'
complete -c social -n "__social_command_is 'api'" -l max-age -x -d 'an answer in the local store younger than this (30m, 6h, 7d) is printed…'
complete -c social -n "__social_command_is 'api'" -l offline -d 'answer only from the local store, never the network'
complete -c social -n "__social_command_is 'api'" -l no-store -d 'neither read nor write the local store in this call'
complete -c social -n "__social_command_is 'api'" -l budget -x -d 'spend from the budget NAME shared by every process on the PostgreSQL store'
complete -c social -n "__social_command_is 'api'" -s h -l help -d 'display help for command'

# social config
complete -c social -n "__social_argument 'config' 0" -a set -d 'save a setting'
complete -c social -n "__social_argument 'config' 0" -a get -d 'print the value in effect (the key masked), and on stderr where it came from'
complete -c social -n "__social_argument 'config' 0" -a unset -d 'remove a setting'
complete -c social -n "__social_argument 'config' 0" -a list -d 'every setting: the value in effect (the key masked) and where it came from'
complete -c social -n "__social_argument 'config' 0" -a path -d 'print where the settings file lives'
complete -c social -n "__social_argument 'config' 0" -a help -d 'display help for command'
complete -c social -n "__social_command_is 'config'" -s h -l help -d 'display help for command'

# social config set
complete -c social -n "__social_command_is 'config set'" -s h -l help -d 'display help for command'
complete -c social -n "__social_argument 'config set' 0" -a 'api-key base-url output timeout retries max-body store' -d 'key'

# social config get
complete -c social -n "__social_command_is 'config get'" -s h -l help -d 'display help for command'
complete -c social -n "__social_argument 'config get' 0" -a 'api-key base-url output timeout retries max-body store' -d 'key'

# social config unset
complete -c social -n "__social_command_is 'config unset'" -s h -l help -d 'display help for command'
complete -c social -n "__social_argument 'config unset' 0" -a 'api-key base-url output timeout retries max-body store' -d 'key'

# social config list
complete -c social -n "__social_command_is 'config list'" -l fields -x -a 'key value source overrides' -d 'columns of a table or csv, keys of each record in json and ndjson, in this…'
complete -c social -n "__social_command_is 'config list'" -s h -l help -d 'display help for command'

# social config path
complete -c social -n "__social_command_is 'config path'" -s h -l help -d 'display help for command'

# social config help
complete -c social -n "__social_argument 'config help' 0" -a 'set get unset list path' -d 'command'

# social sandbox
complete -c social -n "__social_command_is 'sandbox'" -l port -x -d 'port to listen on (0 picks a free one)'
complete -c social -n "__social_command_is 'sandbox'" -l host -x -d 'address to listen on'
complete -c social -n "__social_command_is 'sandbox'" -l now -x -d 'fix the sandbox clock at an ISO 8601 instant'
complete -c social -n "__social_command_is 'sandbox'" -l state -r -F -d 'keep the ledger and cache in this file across restarts'
complete -c social -n "__social_command_is 'sandbox'" -l seed -x -d 'seed of the generated archive and of fault draws'
complete -c social -n "__social_command_is 'sandbox'" -l minimal -d 'answer only what the spec requires: no optional fields or headers'
complete -c social -n "__social_command_is 'sandbox'" -l faults -x -d 'inject faults, like "503=0.2,502=0.1,reset=0.05,latency=0.3@1500,malformed=0.05…'
complete -c social -n "__social_command_is 'sandbox'" -s h -l help -d 'display help for command'

# social mcp
complete -c social -n "__social_argument 'mcp' 0" -a install -d 'write the entry that starts `social mcp` into an MCP client\'s configuration…'
complete -c social -n "__social_command_is 'mcp'" -l max-credits -x -d 'the most the whole session may spend: a call that could pass it is refused…'
complete -c social -n "__social_command_is 'mcp'" -l confirm-above -x -d 'a call that may cost more asks the person first'
complete -c social -n "__social_command_is 'mcp'" -l read-only -d 'list only the free tools (niches, credits, the local store\'s, quote)'
complete -c social -n "__social_command_is 'mcp'" -l dry-run -d 'every tool answers with its plan and most possible cost'
complete -c social -n "__social_command_is 'mcp'" -l http -x -d 'serve Streamable HTTP on 127.0.0.1 at this port (0 picks one) instead of stdio'
complete -c social -n "__social_command_is 'mcp'" -l token -x -d 'the bearer token --http requires (also SOCIAL_MCP_TOKEN)'
complete -c social -n "__social_command_is 'mcp'" -s h -l help -d 'display help for command'

# social mcp install
complete -c social -n "__social_command_is 'mcp install'" -l max-credits -x -d 'the most the whole session may spend: a call that could pass it is refused…'
complete -c social -n "__social_command_is 'mcp install'" -l confirm-above -x -d 'a call that may cost more asks the person first'
complete -c social -n "__social_command_is 'mcp install'" -l read-only -d 'list only the free tools (niches, credits, the local store\'s, quote)'
complete -c social -n "__social_command_is 'mcp install'" -l name -x -d 'the name of the entry'
complete -c social -n "__social_command_is 'mcp install'" -l print -d 'print the entry'
complete -c social -n "__social_command_is 'mcp install'" -l dry-run -d 'show the change to the file'
complete -c social -n "__social_command_is 'mcp install'" -s h -l help -d 'display help for command'

# social skill
complete -c social -n "__social_argument 'skill' 0" -a path -d 'print where the skill file (skills/social/SKILL.md) of this social is installed'
complete -c social -n "__social_argument 'skill' 0" -a help -d 'display help for command'
complete -c social -n "__social_command_is 'skill'" -s h -l help -d 'display help for command'

# social skill path
complete -c social -n "__social_command_is 'skill path'" -s h -l help -d 'display help for command'

# social skill help
complete -c social -n "__social_argument 'skill help' 0" -a 'path' -d 'command'

# social completion
complete -c social -n "__social_command_is 'completion'" -s h -l help -d 'display help for command'
complete -c social -n "__social_argument 'completion' 0" -a 'bash zsh fish' -d 'shell'

# social help
complete -c social -n "__social_command_is 'help'" -s h -l help -d 'display help for command'
complete -c social -n "__social_argument 'help' 0+" -a 'profile posts post transcript niches trends movers history track search credits store budget status api config sandbox mcp skill completion environment exit-codes formatting sandbox' -d 'name'
