// Each command's own help in English, declared with the command (its index.ts): its options,
// subcommands, the text after its options, the explanations beside some of its examples, and the
// options several commands share. Loaded with the declarations (the run layer), never by
// `--version` or `social --help`: what a start says is the help area (en/help.ts). Ids are
// `commands.<command>.<part>`; `{name}` is a placeholder the code fills in. The examples' command
// lines are not here: the same in every language, they are written once, in the declaration
// (src/runtime/examples.ts lays them out).
import type { Messages } from '../message-types.js';

export default {
  // Options several commands take
  'commands.batch.file': 'read inputs from a file, one a line (- for stdin)',
  'commands.batch.skip': 'skip the first N inputs (to resume an interrupted batch)',
  'commands.batch.shard': 'take only the Kth of N shares of the inputs (a stable hash of each)',
  'commands.charge.dry-run': 'print the request(s) it would send and the most they could cost; send nothing',
  // A batch's --dry-run prints its plan, not requests (src/runtime/batch/dry-run-batch.ts).
  'commands.batch.dry-run':
    "print the request it would send for one handle, or a batch's plan ({plan}), and the most it could cost; send nothing",
  'commands.batch.dry-run.every': "print the batch's plan ({plan}) and the most it could cost; send nothing",
  'commands.batch.dry-run.plan':
    'how many inputs, how many valid, the invalid ones, those the local store would answer',
  'commands.charge.max-credits':
    'spend at most N credits: a call that could cost more is not sent (exit 12); a batch holds back the inputs past it',
  'commands.charge.max-age':
    'an answer in the local store younger than this (30m, 6h, 7d) is printed instead of sending: 0 credits',
  'commands.charge.offline': 'answer only from the local store, never the network (exit 13 when nothing is held)',
  'commands.charge.no-store': 'neither read nor write the local store in this call',
  'commands.charge.budget':
    'spend from the budget NAME shared by every process on the PostgreSQL store (SOCIAL_BUDGET); with --max-credits N, made at N credits if new',
  'commands.batch.concurrency': 'calls at a time in batch use, 1..64',
  'commands.fields':
    'columns of a table or csv, keys of each record in json and ndjson, in this order, comma-separated: {names}',
  'commands.computed':
    'json and ndjson: add a "computed" object beside each record (the figures tables and csv show as columns)',
  'commands.chart.chart': 'draw a chart instead of the table (also in a pipe, at COLUMNS x LINES, else 80x24)',
  'commands.chart.chart-file': 'also write the chart as a standalone SVG file (stdout keeps the -o output)',
  'commands.chart.top': 'the items charted, best position first, 1..{max} (default {default})',
  'commands.chart.metric': 'what the chart shows over time (default rank)',
  'commands.platforms': 'Platforms:',
  'commands.platforms.forms': 'Platforms, a handle and the profile URL form each accepts:',
  'commands.batch.text': `Batch: --file F (or -, stdin) takes one input a line; blank lines and # comments are skipped.
Inputs are streamed, --concurrency at a time, and each is written as soon as its turn comes
(ndjson: a line per input, {"input","exit","error","body"}; json: an array of those; csv: rows).
A bad line, or one over {maxLine} bytes, is reported on its own line (exit 2) and costs nothing;
a line over the limit is never held: its record, in every format, names it by its first {preview}
characters and "…".
--max-credits reserves each call's price before sending and counts a call that may have been
charged (cut off, not understood), or that says cached false, at no less than that price: the
batch never passes it. Each input it holds back is a record of its own, with "exit" 12, "error"
{"kind": "budget", "code": "not_sent"} and "body" null; the run then says how many, and the
--skip N that resumes at the first of them, and exits 12.
--fields takes each record's own names beside the answer's: --fields input,exit,handle keeps the
input, its exit status, and the handle in its body (csv and tables: an exit column).
--dry-run reads the inputs and prints how many are valid, the invalid ones, and the most the batch
could cost; nothing is sent (exit 12 when some are invalid).
--shard K/N takes the Kth of N shares of the input, split by a stable hash of each normalised
input: N machines given the same list and K = 1..N do every input exactly once.
Answers are held to a memory budget (4 MB, the next answer in input order always read): past
it, and while stdout has not taken what was written, no call starts and others wait to be read.
Ctrl-C (or SIGTERM, SIGHUP, SIGQUIT) stops sending, cancels retries waiting to be sent, writes
every call already under way, and prints the --skip N that resumes at the first input not sent.
Exit 12 when some inputs failed or the budget stopped the batch; 130 on Ctrl-C or SIGTERM, 129 on
SIGHUP, 131 on SIGQUIT.`,

  // profile
  'commands.profile.handles': `Handles are trimmed, one leading @ is dropped, and a pasted profile URL is reduced to its handle
(mastodon https://host/@user becomes user@host). A mastodon handle needs its instance.
Handles given as arguments are all checked before anything is sent: a bad one costs nothing.`,

  // posts
  'commands.posts.limit.range': '{platform} {min}..{max} (default {default})',
  'commands.posts.limit.none': '{platforms} takes none',
  'commands.posts.after': `Only posts the account wrote: reposts and boosts of others are left out; mastodon includes
replies to others. Threads returns the posts on its page (no --limit) and publishes no quotes.
Out-of-range --limit is refused before anything is sent, never clamped.`,
  // posts and post: the engagement column and --computed
  'commands.engagement': `engagement (eng. %): (likes + replies + reposts + quotes) / the author's followers in the same
answer, in per cent; unknown where any of them is (threads publishes no quotes; an answer with
no author's followers). json: the service's answer; --computed adds "computed":
{"engagement_rate"} (a fraction) beside each post's keys, everything else as sent.`,

  // post
  'commands.post.after': 'Replies to the post are not returned.',

  // transcript
  'commands.transcript.after': `Most videos have no caption track: the answer is then empty, exit status 0, and 1 credit is
charged all the same. social never retries an empty answer.`,

  // niches
  'commands.niches.after': `Columns: the niche id (what trends and movers take), its label, the hourly windows recorded in
the last 24 hours ("24/24" is complete; "17/24 gaps" means missing hours), and the last window.
"never recorded" means the archive has no window for that niche at all.

Always asks the service (coverage costs nothing) and refreshes the local copy that trends and
movers check niche names against for 5 minutes, so a typo never costs a credit.`,

  // trends
  'commands.trends.from': 'start; default {days} days before --to',
  'commands.trends.to': 'end; default now',
  'commands.trends.limit': 'the most series points wanted, 1..{cap} (a hint: the service never sends more than {cap})',
  'commands.trends.series': 'table: a row per series point instead of a row per item',
  'commands.trends.force': 'send even when coverage shows the answer will be empty (it is charged all the same)',
  'commands.trends.after': `Times: an ISO 8601 instant with its offset (2026-11-20T08:00Z, 2026-11-20T09:00+01:00), a date
(2026-11-20, midnight UTC), or an age back from now: 90m, 36h, 7d, 2w (--from 36h is 36 hours
ago). --from must be before --to and the span at most {maxSpan} days; anything else is refused
before a request is sent. Without --from and --to the service's default applies (the last
{defaultSpan} days); with only one of them, the other is filled in here and both are sent.

The niche is checked first against the free coverage (cached 5 minutes): an unknown niche is
refused with the nearest names and costs nothing. If coverage cannot be read, trends goes on
with a warning (an unknown niche would then be charged 1 credit for an empty answer).
Coverage also shows when the answer can only be empty, and trends then sends nothing (exit 2)
unless --force: a niche with no window at all (last_window null), or a span that begins after
the niche's last window. --dry-run says the same, from cached coverage only (with --sandbox, the
in-process sandbox's).

Table: a row per item with its title, best position, movement (oldest position minus newest: ▲
climbed, ▼ fell), latest points, sparklines of its points and of its rank over the interval (a
rise is a climb toward position 1; blanks are hours out of the ranking), when it entered and
when it left or "still ranking". --series: a row per series point.
csv: always a row per series point: external_id,title,url,window,position,points,comments.
json: the service's answer, untouched.
stderr: a warning when the answer hit a cap (truncated), and at a terminal what was charged,
whether the free allowance or purchased credits paid, and what is left.`,
  'commands.trends.example.rankChart': '# rank over time of the top 8',
  'commands.trends.example.svgFile': '# an SVG for a report; stdout keeps the table',

  // movers
  'commands.movers.hours': 'how far back to compare, {min}..{max} (default {default})',
  'commands.movers.limit': 'the top N by points gained, {min}..{max} (default {default})',
  'commands.movers.min-gained':
    'only movers that gained at least N points (filtered locally: the call is charged all the same)',
  'commands.movers.new-only':
    'only movers not reported by an earlier --new-only run for this niche (state in the config dir)',
  'commands.movers.reset-state':
    'with --new-only: forget what was reported for this niche (and move a damaged state aside)',
  'commands.movers.after': `The newest window is compared with the archived window captured closest to --hours ago. Windows
are not evenly spaced, so the heading says the real gap ("windows 6h 12m apart, asked 6h") and
"per hour" is points gained divided by that real gap, never by --hours. "position" is the place
in the newest window, for reference only: movers are ranked by points gained.
Out-of-range --hours or --limit is refused before anything is sent, never clamped.

The niche is checked first against the free coverage (cached 5 minutes): an unknown niche is
refused with the nearest names and costs nothing. If coverage cannot be read, movers goes on with
a warning. No movement found: the service's note, nothing charged, exit 0.

For cron: --min-gained N drops smaller movers, --new-only drops movers already reported for
this niche on this service (kept 30 days in movers-seen.json in the config dir; saved only after
the output was written, so a failed run reports them again). Both filter locally: the service
still charges {cost} credits when it found movement.
--new-only runs one at a time: overlapping runs wait for each other (up to 60 s, or
SOCIAL_LOCK_WAIT_MS), so a mover is never reported twice. It is refused, exit 2 and nothing
sent, when its state cannot be written, is held by another run past the wait, or is damaged
(--reset-state moves a damaged file aside and starts this niche afresh).
json: the service's answer; with --min-gained or --new-only, the same body with items holding
only the movers kept and total set to their number (everything else as the service sent it);
--computed adds "computed": {"gained_per_hour"} beside each mover's keys (the per hour column).
csv: a row per mover, with external_id, url, gained_per_hour and interval_min.`,
  'commands.movers.example.gainsChart': '# bars of points gained, and per hour',

  // history
  'commands.history.after': `Every profile, posts or post answer the local store holds of the account is a snapshot: its
date, followers, the followers gained since the snapshot before and that gain per day, following
and posts. At a terminal the heading draws the followers as a sparkline; --chart draws them over
time, --chart-file writes the chart as SVG. Nothing is sent: \`social track run\` (cron) or any
\`social profile\` call adds snapshots. --sandbox reads the sandbox's own store.

json: an array of snapshots, {"platform", "handle", "fetched_at", "source", "followers",
"following", "posts_count"}, as fetched; --computed adds "computed": {"gained", "gained_per_day"}
beside each. ndjson: one snapshot a line. csv and tables show the computed columns always.`,

  // track
  'commands.track.after': `The watchlist is kept in the local store (the sandbox's own under --sandbox), and \`store prune\`
never removes it. add, remove, list and report send nothing and need no key; run fetches every
watched profile (1 credit each, 0 on a cache hit), and the store keeps each answer as a snapshot:
\`social history\` shows one account's, \`track report\` ranks them all.

Cron, daily at 06:00 (a batch: --concurrency, --max-credits, --dry-run, --shard as profile's):
  0 6 * * * social track run --max-credits 100 -q -o ndjson >> ~/track.ndjson`,
  'commands.track.add.summary': 'watch accounts: checked as `profile` checks handles, nothing sent',
  'commands.track.add.arg.platform': 'one of the ten platforms',
  'commands.track.add.arg.handle': 'handles, @handles or pasted profile URLs',
  'commands.track.remove.summary': 'stop watching accounts; their snapshots stay in the store',
  'commands.track.remove.arg.platform': 'one of the ten platforms',
  'commands.track.remove.arg.handle': 'handles, as they were added',
  'commands.track.list.summary': 'the watched accounts, with the newest snapshot of each',
  'commands.track.run.summary':
    'fetch every watched profile as a batch (1 credit each, 0 on a cache hit), each stored as a snapshot',
  'commands.track.run.after': `Every watched account is one input of a profile batch: --concurrency at a time, --max-credits
never passed (the inputs past it are held back, exit 12), --dry-run prints the batch's plan (how
many inputs are valid, the invalid ones, the most they could cost) and sends nothing, --shard K/N
takes a stable share of the watchlist (one share per machine), --skip N resumes. Records, summary
and exit statuses are a batch's (\`social profile --help\`).`,
  'commands.track.report.summary':
    'the watched accounts ranked by followers gained since --since, with their engagement rate',
  'commands.track.report.since': 'an age (7d, 2w), a date or an instant (default {default})',
  'commands.track.report.after': `Each watched account's growth: from its newest snapshot at or before --since (else its oldest
after it) to its newest, in followers gained, per day and per cent of where it started, ranked
by followers gained. engagement: the mean engagement rate of its posts stored since --since, each
(likes + replies + reposts + quotes) / its author's followers when it was fetched, in per cent;
unknown where any of them is (threads publishes no quotes). Nothing is sent.

json: an array of accounts, {"platform", "handle", "added_at", "from", "to"} (from and to:
{"fetched_at", "followers", ...} snapshots, or null), as stored; --computed adds "computed":
{"rank", "gained", "gained_per_day", "gained_per_cent", "engagement_rate", "posts_rated"} beside each.`,

  // search
  'commands.search.limit': 'the most matches shown, best first, 1..{max} (default {default})',
  'commands.search.after': `Finds posts and transcripts in the local store holding every word given (whole words, case and
accents ignored; a word ending in * is a prefix: layoff* finds layoffs). Best matches first (bm25),
each named by its source (post or transcript), platform, author and id; at a terminal the words
found are marked [like this] in the text around them. Nothing is sent: posts, post and
transcript answers are stored as they are fetched. --sandbox searches the sandbox's own store.

json: an array of matches, {"source", "platform", "handle", "id", "url", "published_at",
"fetched_at", "snippet"}; ndjson: one a line; csv: the snippet without marks.`,

  // budget
  'commands.budget.after': `A budget lives on the PostgreSQL store (SOCIAL_STORE=postgres://user@host:5432/db, or
social config set store URL), and every process on that store shares it: a paid command given
--budget NAME reserves each call's most possible cost before sending it, and settles it from the
answer (charged, free, or uncertain counted as charged). A process reserves the budget a chunk at a
time and renews its chunks each second while it runs. A chunk its process stopped renewing (killed,
or cut off from the store) stays reserved until SOCIAL_BUDGET_EXPIRY_MS after the last renewal
(default 600000, 10 minutes); it then turns into an uncertain charge at all it still held, never
freed: the next run on the budget, or budget show, moves it from reserved to uncertain.`,
  'commands.budget.set.summary': 'create a budget or change its limit, for every process on the store',
  'commands.budget.set.arg.name': 'the budget, as --budget names it',
  'commands.budget.set.arg.credits': 'its limit, in credits',
  'commands.budget.set.per': 'renew it each month or day (UTC); without, it never renews',
  'commands.budget.show.summary': "the budget's limit, what is settled and reserved, by machine (this period)",
  'commands.budget.show.arg.name': 'the budget',

  // credits
  'commands.credits.since':
    'period of the local summary: an age (30d, 2w, 36h), a date or an instant (default {default})',
  'commands.credits.after': `The balance is read for free: credits asks the movers route about a niche name that coverage
does not list; the service answers 200 with nothing found, charges nothing and reports
credits_balance. The name is checked against coverage (free) first, so the probe
can never hit a real niche; if coverage cannot be read the probe is not sent, the balance shows
as unknown and the exit status says why (9 unavailable, 10 network).

The burn rate: what this machine spent with this key on this service in the last 7 and 30 days,
per day, and at that pace how many days the balance lasts and on which day it runs out, before
or after the free allowance resets (00:00 UTC on the 1st). A ledger younger than the window is
taken over the days it has. Uncertain calls count at their cost, as everywhere.

Also shown: the last full breakdown an envelope carried (purchased credits, free allowance left
of its total, and when the free allowance resets, 00:00 UTC on the 1st), and the local ledger of
what this machine spent with this key on this service, by day and command. The ledger
(spend.jsonl in the config dir) gets a line as each call is answered, naming the service and a
fingerprint of the key (the first 8 hex digits of its SHA-256, never the key); calls that may
have been charged without an answer are counted at their cost and shown as uncertain, as is an
answer that says cached false but states fewer credits than the route's price, or states a
credit figure that is not a count (a fraction, a string, null, negative): counted at the price,
as the credit note, a batch's summary and the ceiling count it. --sandbox runs are not recorded.

A monthly spending ceiling is told by no free call: when a paid call is refused for it
(teto_estourado, exit 5), social remembers the ceiling (cap and spent this month, when the answer
carries them) for this key on this service, with the date, in ceilings.json in the config dir.
credits shows it for the rest of that month; while it is reached, credits says paid calls are
refused until the 1st and exits 5, as they would, whatever the balance. A call charged since
then shows the ceiling was raised, and it is forgotten; one that failed after it may have been
charged counts towards a ceiling with room left, and never says one was raised.

json keys:
  balance            credits left on the key, read just now (null: could not be read)
  balance_read_at    when it was read (ISO 8601), or null
  probe_charged      what the free probe was charged (0), or null when it was not sent
  ceiling            null, or {"cap", "spent_this_month" (null when the answer did not say),
                     "reached", "seen_at", "resumes_at" (00:00 UTC on the 1st)}
  last_breakdown     the last credit breakdown an envelope carried, or null: {"seen_at",
                     "credits_remaining", "credits_purchased_remaining", "free_credits_remaining",
                     "free_credits_total", "free_credits_reset_at"}
  burn_rate          null under --sandbox, or {"balance", "free_resets_at", "windows": [{"days" (7,
                     30), "credits", "over_days", "per_day", "days_left", "runs_out_on",
                     "before_reset"}]}: the pace over the last 7 and 30 days of the whole ledger
                     (over fewer days when it is younger), and the days the balance lasts at it
  spent              this machine's spending: {"since", "recorded", "service", "key" (the key's
                     fingerprint), "credits", "calls", "uncertain", "by_day": [{"day", "command",
                     "calls", "cached", "credits", "uncertain"}]}
csv: a row per day and command.`,

  // store
  'commands.store.after': `The store is SOCIAL_STORE (a file, or off), else store.db in SOCIAL_CONFIG_DIR when set, else in
the user's data folder ($XDG_DATA_HOME/social). --sandbox runs have their own (store.sandbox.db).
Every table and column, with SQL to read them: docs/store.md.`,
  'commands.store.info.summary':
    'where the store is, its size, rows per table, oldest and newest fetch, schema version',
  'commands.store.sql.summary': 'run a query that reads (the store is opened read-only); every output format',
  'commands.store.sql.arg.query': 'one SQL statement, like SELECT ...',
  'commands.store.export.summary': 'stream every row of a table as ndjson (the default) or csv',
  'commands.store.export.arg.table': 'a table of docs/store.md: fetches, bodies, profiles, posts, post_metrics, ...',
  'commands.store.prune.summary': 'delete what was fetched before a time (the watchlist is kept)',
  'commands.store.prune.older-than': 'what was fetched longer ago than this: 180d, 26w, 12h',
  'commands.store.check.summary': "run SQLite's integrity check on the store: exit 0 when sound, 1 naming the problems",

  // status
  'commands.status.offline': 'do not read the balance: nothing is sent',
  'commands.status.after': `Each setting shows its value and its source: flag, environment (SOCIAL_API_KEY, SOCIAL_BASE_URL),
file (the config folder's config.json) or default. The key is masked. The balance is read for
free, the way \`social credits\` reads it (a movers probe on a niche coverage does not list); a
failure to read it is shown and sets the exit status (2 no base URL, 3 no key or the key refused,
9 unavailable, 10 network), so \`social status >/dev/null\` checks that the key works; --offline
exits 0.

json: {"settings": [{"key", "value", "source"}], "config_dir", "config_file", "config_writable",
"balance", "balance_read_at", "balance_note"}.`,

  // api
  'commands.api.method': 'the HTTP method (default GET)',
  'commands.api.field': 'a string field; repeat for more',
  'commands.api.raw-field': 'a typed field: numbers, true, false and null as JSON, anything else a string',
  'commands.api.include': 'print the status line and the response headers (sanitised) before the body, errors too',
  'commands.api.after': `Fields go in the query string of a GET, and as one JSON object in the body of any other method
(-F 5 is the number 5, -f 5 the string "5"). The key is sent, exit statuses are those of every
command, and json prints the body as it came. A body that is neither an envelope nor a list
(like /openapi.json) is printed as JSON even with -o table or csv; in a table, lists inside rows are
left out with a note (see them with -o json or --jq). A GET is retried like every
command; any other method is sent once, never retried: it may have acted (and charged) even when
the answer is lost. A full URL is refused: the key only ever goes to the configured base URL.
Routes the catalogue has beyond these may charge their own price: --dry-run shows what is known.`,

  // config
  'commands.config.setting.api-key':
    'the API key sent as Authorization: Bearer (stored owner-only; never printed whole)',
  'commands.config.setting.base-url': 'the service address, like https://api.example.com',
  'commands.config.setting.output': 'default output format: {formats}',
  'commands.config.setting.timeout': 'default seconds per attempt, from connect to the last byte of the answer',
  'commands.config.setting.retries': 'default retries of retry-safe failures',
  'commands.config.setting.max-body':
    'the largest answer read, like 32MB (the default) or 512KB; a larger one is aborted',
  'commands.config.setting.store':
    'the store: a file, or a postgres://user@host:5432/db URL that keeps every answer and shares budgets, cron state and the ledger (password masked when shown)',
  'commands.config.after': `Settings:
{settings}

The file is readable by its owner only; get and list never print the whole key.
Precedence: flag, then environment (SOCIAL_API_KEY, SOCIAL_BASE_URL), then this file.`,
  'commands.config.example.pasteKey': '(paste the key; it is not echoed)',
  'commands.config.set.summary': 'save a setting; api-key with no value is read from stdin',
  'commands.config.set.arg.value': 'the value (leave out for api-key)',
  'commands.config.get.summary': 'print the value in effect (the key masked), and on stderr where it came from',
  'commands.config.get.example.valueAlone': 'the value alone on stdout, its source on stderr',
  'commands.config.unset.summary': 'remove a setting',
  'commands.config.list.summary': 'every setting: the value in effect (the key masked) and where it came from',
  'commands.config.path.summary': 'print where the settings file lives',

  // sandbox
  'commands.sandbox.port': 'port to listen on (0 picks a free one)',
  'commands.sandbox.host': 'address to listen on; loopback unless you say otherwise',
  'commands.sandbox.now': 'fix the sandbox clock at an ISO 8601 instant',
  'commands.sandbox.state': 'keep the ledger and cache in this file across restarts',
  'commands.sandbox.seed': 'seed of the generated archive and of fault draws',
  'commands.sandbox.minimal':
    "answer only what the spec requires: no optional fields or headers (a script's narrowest test)",
  'commands.sandbox.faults':
    'inject faults, like "503=0.2,502=0.1,reset=0.05,latency=0.3@1500,malformed=0.05,truncated=0.05,off=movers"',
  'commands.sandbox.after': `Demo keys: sbx_demo (credits to spare), sbx_empty (both wallets empty), sbx_capped (spending
ceiling reached), sbx_inactive (deactivated), sbx_quota (trends quota spent).
Each request served is a line on stderr: method, path, status, credits charged (--quiet: none).
The key is sent in the Authorization header, so it is never in the line.
Handles notfound, blocked and unavailable (bluesky notfound.bsky.social, mastodon
notfound@example.social) answer 404, 451 and 503 on every platform.

--minimal: posts, post and transcript envelopes carry only their eight required fields (no
credit fields), profile envelopes their required ones (credits_remaining kept), error bodies
their code and message (error.details null), and only the headers the spec documents
(X-RateLimit-Limit and -Remaining on trends, WWW-Authenticate on movers' 401) and Allow on a 405,
never X-Request-Id. SOCIAL_SANDBOX_MINIMAL=1 does the same for --sandbox.`,

  // mcp
  'commands.mcp.max-credits':
    'the most the whole session may spend: a call that could pass it is refused before it is sent',
  'commands.mcp.confirm-above':
    'a call that may cost more asks the person first (or is refused, to repeat with confirm: true)',
  'commands.mcp.read-only': "list only the free tools (niches, credits, the local store's, quote)",
  'commands.mcp.dry-run': 'every tool answers with its plan and most possible cost; nothing is sent',
  'commands.mcp.http': 'serve Streamable HTTP on 127.0.0.1 at this port (0 picks one) instead of stdio',
  'commands.mcp.token':
    'the bearer token --http requires (also SOCIAL_MCP_TOKEN); made and printed once when not given',
  'commands.mcp.after': `Tools: profile, posts, post, transcript, niches, trends, movers, credits; from the local store
(free, nothing sent) history, track_report, search and store_sql (a query that reads); and quote
(the most a call would cost, nothing sent). Each tool checks its arguments as the command does: a bad handle
or a limit out of range is refused and never sent. Each result carries the records as structured
content, a short summary, and in _meta the credits charged, whether that is uncertain, the
credits remaining and the request id. Service errors are tool errors with their code.

stdout carries only protocol messages; notes and warnings go to stderr. Every paid call goes to
the spend ledger as \`mcp <tool>\` (see \`social credits\`). With --sandbox the whole server runs
against the in-process sandbox: no key, no credits, for an agent to practise.

--http serves http://127.0.0.1:PORT/mcp only: requests without the bearer token are refused
(401), and so is any Origin that is not loopback (403).`,
  'commands.mcp.install.summary':
    "write the entry that starts `social mcp` into an MCP client's configuration: {clients}",
  'commands.mcp.install.name': 'the name of the entry',
  'commands.mcp.install.print': 'print the entry; write nothing',
  'commands.mcp.install.dry-run': 'show the change to the file; write nothing',
  'commands.mcp.install.after': `Files: claude: Claude Desktop's claude_desktop_config.json (macOS ~/Library/Application Support/Claude,
Windows %APPDATA%\\Claude, Linux ~/.config/Claude); claude-code: ~/.claude.json (user scope);
cursor: ~/.cursor/mcp.json; vscode: VS Code's user mcp.json (~/.config/Code/User and the like);
codex: ~/.codex/config.toml (or $CODEX_HOME). Only the entry is written: everything else the file
holds is kept, and running it again changes nothing. The entry starts Node and this social by
their full paths, so a client without your shell's PATH finds them; the budget flags given
(--max-credits, --confirm-above, --read-only, --sandbox) are written into it.`,

  // skill
  'commands.skill.path.summary': 'print where the skill file ({file}) of this social is installed',
  'commands.skill.path.after': `The skill tells an agent when to use which command, the prices, --dry-run and --max-credits
before any batch, the exit statuses, and the sandbox to practise on. Its folder is the skill:
copy or link it into your agent's skills folder (Claude Code: ~/.claude/skills/).`,

  // completion
  'commands.completion.after': `Install (then open a new shell):
  bash  mkdir -p ~/.local/share/bash-completion/completions
        social completion bash > ~/.local/share/bash-completion/completions/social
        (loaded by the bash-completion package; without it, put this in ~/.bashrc:
         source <(social completion bash))
  zsh   mkdir -p ~/.zfunc && social completion zsh > ~/.zfunc/_social
        and in ~/.zshrc, before anything that runs compinit:
          fpath=(~/.zfunc $fpath); autoload -Uz compinit && compinit
        (any directory on $fpath will do; rm -f ~/.zcompdump* if it does not show up)
  fish  social completion fish > ~/.config/fish/completions/social.fish

The scripts complete commands, options, platform names, output formats, config keys, and the
niche ids of the coverage cached by an earlier niches, trends or movers run (read from the
config dir: no network, no key). Copies ship in the package's completions/ directory.`,
  'commands.completion.example.zsh': '(try it in the current zsh, after compinit)',
  'commands.completion.example.fish': '(try it in the current fish)',
} satisfies Messages;
