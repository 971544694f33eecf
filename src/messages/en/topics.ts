// The help topics in English: the pages of `social help <topic>` (their summaries, which the root
// help lists, are the help area's) and the exit table's lines. Said by `social help <topic>` alone,
// so it is a bundle of its own (dist/messages-en-topics.cjs, scripts/build.js), read only then:
// no start carries its pages. Ids are `topics.<topic>` and `topics.exit.<kind>`.
import type { Messages } from '../message-types.js';

export default {
  // Exit statuses (social help exit-codes; docs/guide.md's table is held to the English)
  'topics.exit.ok': 'success, including an empty result',
  'topics.exit.ok.service': '200',
  'topics.exit.unexpected': 'unexpected failure (a bug); `store check`: problems found in the store',
  'topics.exit.unexpected.service': '405 and anything unclassified',
  'topics.exit.usage':
    'bad arguments or options, input refused locally (nothing sent), a --jq filter that failed on an answer',
  'topics.exit.usage.service': '400 parametro_invalido, intervalo_invalido',
  'topics.exit.auth': 'no key configured, or the key refused',
  'topics.exit.auth.service': '401 chave_invalida, chave_ausente',
  'topics.exit.credits': 'out of credits: waiting does not help before the 1st',
  'topics.exit.credits.service': '402 sem_creditos',
  'topics.exit.ceiling': 'monthly spending ceiling reached',
  'topics.exit.ceiling.service': '402 teto_estourado',
  'topics.exit.quota': 'monthly quota exhausted',
  'topics.exit.quota.service': '429',
  'topics.exit.notFound': 'not found',
  'topics.exit.notFound.service': '404 nao_encontrado',
  'topics.exit.blocked': 'refused by the platform',
  'topics.exit.blocked.service': '451 bloqueado',
  'topics.exit.unavailable': 'service unavailable, after retries',
  'topics.exit.unavailable.service': '503 indisponivel, endpoint_indisponivel, 502, other 5xx',
  'topics.exit.network': 'network failure or timeout',
  'topics.exit.network.service': 'no complete response (once the request was sent: may have been charged)',
  'topics.exit.badResponse': 'response not understood',
  'topics.exit.badResponse.service': 'a body that cannot be read or over `--max-body`; any drift under `--strict`',
  'topics.exit.partial':
    'batch finished with some inputs failed or held back by --max-credits; a call over --max-credits (nothing sent)',
  'topics.exit.offline': '--offline: nothing held in the local store for the request (nothing sent)',
  'topics.exit.hangup': 'ended by SIGHUP (a closed terminal or ssh session)',
  'topics.exit.interrupted': 'interrupted (Ctrl-C, or SIGTERM)',
  'topics.exit.quit': 'ended by SIGQUIT (the quit key of a terminal)',
  'topics.exit.table.service': '(service: {codes})',

  // The pages
  'topics.exit-codes': `Exit statuses of every social command. Scripts branch on these, and on the service's error
codes (error.type, error) in json output, never on message text.

{table}

Input refused locally (2) costs nothing and sends no request. In batch use (several handles,
--file or -) each record carries its own "exit" and the run ends 12 when some failed.
An answer that nests arrays and objects deeper than 1,000 levels is not understood (11): it is
never parsed, whichever field holds the depth. Nor is an answer whose status line, headers or
HTTP framing cannot be parsed (a control byte in a header): it came, so it may have been charged,
and is sent once. When the output cannot be written (1: a full disk,
an I/O error; not a reader that left, like | head), the answer is saved to unwritten-<time>.json
in the config folder, and the error says where. A batch sends nothing more, finishes the calls
under way, and saves every record not written to one unwritten-<time>.ndjson, said the same way.
A run saves to a file it makes: one of another run of the same millisecond gets a number (-2).
stderr that cannot be written loses its own lines only: the run goes on, its status its own.`,
  'topics.environment': `Environment variables social reads. Precedence for every setting: the flag, then the
environment, then the config file (\`social status\` shows each value in effect and where it came
from).

  SOCIAL_API_KEY          the API key (else \`social config set api-key\`, which reads it from stdin)
  SOCIAL_BASE_URL         the service address, like https://api.example.com
  SOCIAL_MAX_BODY         the largest answer read, like 64MB (default 32MB; a larger one is aborted, exit 11)
  SOCIAL_CONFIG_DIR       where settings and local state live (config.json, the spend ledger, the coverage cache, movers-seen.json); default the platform's config folder
  SOCIAL_CACHE_DIR        where compiled code is kept to start faster (default ~/.cache/social or the platform's cache folder); off: none
  SOCIAL_STORE            the local store of every paid answer: a file (default store.db in SOCIAL_CONFIG_DIR when set, else the platform's data folder), or off; or a postgres://user@host:5432/db URL, which keeps them on that server and shares budgets, the --new-only state and the ledger between machines (password from the URL, PGPASSWORD or ~/.pgpass; masked when shown)
  SOCIAL_STORE_BUSY_MS    how long a write to the store waits for another run's, in milliseconds (default 5000; then that answer is not stored)
  SOCIAL_STRICT           1 makes any drift from the documented shape exit 11, as --strict does
  SOCIAL_LOCK_WAIT_MS     how long a run waits for another run holding a state file, in milliseconds (default 60000; then exit 2, nothing sent)
  SOCIAL_SANDBOX_MINIMAL  1 makes --sandbox answer only what the spec requires, as \`social sandbox --minimal\` does
  SOCIAL_MCP_TOKEN        the bearer token of \`social mcp --http\` (else --token, else one made and printed once)
  SOCIAL_SANDBOX_NOW      fixes the clock of --sandbox runs, as --sandbox-now does (an instant, a date or an age like 2d)
  SOCIAL_BUDGET           the shared budget paid commands spend from, as --budget NAME
  SOCIAL_MACHINE          the name this machine goes by in budgets and the shared ledger (default the host name)
  SOCIAL_BUDGET_EXPIRY_MS how long a shared budget's chunk stays reserved after its process last renewed it (a running process renews each second), in milliseconds; then it turns into an uncertain charge at all it held, never freed (default 600000, 10 minutes)
  SOCIAL_STORE_WAIT_MS    how long a run waits for a PostgreSQL store that went away mid-run (default 30000)
  NO_COLOR                any value turns colour off (as --no-color does)
  FORCE_COLOR             1 forces colour on, 0 forces it off, even in a pipe (--no-color still wins)
  COLUMNS, LINES          the width of tables and help, and the size of charts, when stdout is not a terminal
  SOCIAL_PAGER, PAGER     the pager for long tables at a terminal (--no-pager: none)
  SOCIAL_LANG             the language of messages and help, en or pt-BR, as --lang (else LC_ALL, LC_MESSAGES, LANG: pt_BR.UTF-8 is Portuguese)

The key is never sent to a host other than the configured base URL, and never over plain http
to a host that is not loopback. --api-key on the command line is visible to other local users
in the process list: prefer the environment or the config file.

The key is taken exactly as given, from --api-key, SOCIAL_API_KEY and the config file alike:
whitespace around it (a pasted newline or tab) is refused before anything is sent (exit 3),
never trimmed. \`social config set api-key\` reads one line from stdin, so its newline ends the
line and is not part of the key. An empty SOCIAL_API_KEY counts as unset. The key is masked
wherever social prints, even when a server echoes it (in any case, percent-encoded or
\\u-escaped, with escape sequences, controls or invisible characters between its characters,
these percent-encoded too):
json bodies, tables, api -i headers, errors and --debug show its mask (the first and last four
characters).`,
  'topics.formatting': `Output formats: -o table (the default at a terminal), json (the default in a pipe), ndjson or
csv; --json is -o json. stdout carries only the result: progress, credit notes, warnings and
errors go to stderr.

The shape of the output is set by the command's form, never by how many inputs there are:
  social profile github octocat             one handle: the service's envelope, as it came
  social profile github octocat torvalds    several handles: one record per input
  social profile github --file handles.txt  one record per input, even for a one-line file
  echo octocat | social profile github -    one record per input, even for one line

A record is {"input", "exit", "error", "body"}: the input as given, its exit status, the error
({"kind", "code", "message"}) or null, and the service's body. -o ndjson writes one record a
line as each finishes; -o json writes one array of them. So a script that reads records keeps
working when the list grows or shrinks to one. A list command called once (posts, movers,
trends, niches) prints with -o ndjson one of its records a line (a post, a mover, a trends item
with its series, a niche); -o json prints the service's document whole.

A batch's table has a row for every input. An input that failed or was not sent is named in the
column that names a row (handle, input), its other cells blank, and an error column, there only
when some input failed, says why ("not sent (budget)" for one --max-credits held back; the
warning says the --skip N that resumes at it).

--jq EXPR filters the JSON a command would print with jq (the real jq 1.8 language, built in: no
jq needed on the machine). It implies JSON output (-o table or csv with it is exit 2). Strings
print raw, as jq -r does (controls and escape sequences removed), other values as compact JSON,
one a line. A bad expression is refused (exit 2) before anything that could be charged is sent
(niches, free, sends its request while jq loads, and jq's first run refuses it). One that fails
on the answer of one call is exit 2, the answer saved to unwritten-<time>.json in the config
folder (the error says where). On a batch it runs on each record; each record it fails on is saved whole to
the batch's unwritten-<time>.ndjson as it fails, the others printed in input order, exit 2 (130
and a warning if interrupted), and the error names the file. Built-in jq's stack is small: on a value
some hundreds of levels deep, a filter that walks it (., tojson, sort) may fail; that record is
exit 2 ("jq's WebAssembly failed"), and a fresh jq takes the records after it; so is a filter
that asks for more memory than built-in jq has ("the filter ran out of memory"). A value with more
than 640 objects inside one another is not given to jq (it reads none so deep, and may not
return): that record fails --jq at once. For such answers, pipe -o ndjson into the jq program.
Ctrl-C or SIGTERM stops a filter that never ends (def f: f; f) with exit 130: the answer it was
on is saved to unwritten-<time>.json, a batch's unwritten records to one .ndjson (the message
says where, and a batch the --skip N that resumes after them).
  social profile github octocat --jq .data.author.followers
  social niches --jq '.niches[] | select(.windows_24h < 24) | .id'
  social profile github octocat torvalds --jq 'select(.exit == 0) | .body.data.author.handle'

Tables fit the terminal's width (COLUMNS off a terminal; none when it is unset). Each command
ranks its columns by what you came for (movers: rank, title, gained, per hour, points; posts: published,
text, likes, replies; trends: title, points, the sparkline); when the table is too
wide the lowest-ranked go first, and ids and URLs, ranked last, go before free text (a title, a
post's text) is cut below 40 columns. Free text takes the width left, cut with "…" (a
transcript's lines wrap) but never below 20 columns. A line under the table, on stdout with it,
names what was left out: "hidden: url; widen the terminal or use --fields". Only when even the
top three columns cannot fit is each row shown as a card, a field and its value a line, every
value whole; so is one row that a table cannot show whole (social post).

--fields a,b,c picks the table and csv columns, in that order, and in json and ndjson the keys
of each record (the names are in each command's help, with the record's own dotted keys where
they differ, like metrics.likes or author.followers; an unknown one is refused, exit 2, before
anything is sent). A table then shows every column named, none left out for width: only free
text (a title, a bio) is cut; a batch's table or csv without error or exit shows only the inputs
found (a failed one's row would be empty cells). csv's header row is the column names. In json
each record keeps only the keys named, nested as in the record, inside the service's document;
in ndjson a line is such a record (in a batch,
each input's body keeps them). A batch's record {"input", "exit", "error", "body"} takes its own
names too: --fields input,exit,handle keeps input and exit, and handle in the body; naming none
of the three keeps all four keys. In csv and tables exit is a column (a failed input's status).
One call (one handle, social post) prints the service's answer, with no record around it: in
json and ndjson input, exit and error are refused there (exit 2, nothing sent); in csv and tables
they are columns as in a batch (exit 0, error empty). --fields does not go with --jq or
--dry-run:
  social movers tech --fields rank,points_gained,url -o csv
  social profile github octocat --fields handle,followers
  social posts bluesky jay.bsky.team --fields id,metrics.likes -o ndjson

In tables a value the service does not know shows as "unknown", never as 0. Text from upstream
never reaches the terminal as a control or escape sequence: tables and csv drop them, json writes
them as \\u escapes. csv is RFC 4180, with a ' before a cell a spreadsheet would run as a formula;
a cell of several lines is quoted, and U+2028 and U+2029 are written in it as line breaks (in a
table's one-line cell, as a space).`,
  'topics.sandbox': `The sandbox is a faithful local emulator of the whole service: every route, both error shapes,
the credit ledger, the one-hour profile cache and an hourly archive with capture gaps. Use it to
try social and to build scripts with no key, no network and no credits.

  social --sandbox profile github octocat   one command against an in-process sandbox
  social sandbox --port 4010                a sandbox that stays up, for other tools

With a running sandbox, point social at it:
  SOCIAL_BASE_URL=http://127.0.0.1:4010 SOCIAL_API_KEY=sbx_demo social profile github octocat

Demo keys: sbx_demo (credits to spare), sbx_empty (both wallets empty), sbx_capped (spending
ceiling reached), sbx_inactive (deactivated), sbx_quota (trends quota spent).
On every platform the handles notfound, blocked and unavailable (bluesky notfound.bsky.social,
mastodon notfound@example.social) answer 404, 451 and 503.
Niches: tech (complete last 24 hours), science (gaps), startups (never recorded) and more.
--now fixes its clock, --state FILE keeps the ledger and cache across restarts, --faults injects
failures (see \`social sandbox --help\`). /openapi.json describes the routes it serves:
  social --sandbox api /openapi.json | jq '.paths | keys[]'

Where the service spec is silent, the sandbox chooses as follows (a script should not rely on
these against the real service):
  - A method other than GET answers 405 metodo_invalido with Allow: GET, in the route's own error shape: the envelope on profile, posts, post and transcript, ApiError on the archive.
  - A path that is no route answers 404 endpoint_indisponivel (ApiError).
  - trends: a malformed interval, or from not before to, answers 400 intervalo_invalido; from defaults to now minus 7 days even when only to is given.
  - trends: the monthly quota answers 429 with error sem_creditos, limit and renews_at; trends and movers refuse for credits with 402 (sem_creditos, teto_estourado), never 429.
  - trends: the 90-day cap keeps the 90 days that end at to, for any niche, known or not; the 5000-point cap (and a smaller limit) keeps the newest whole windows.
  - movers: a tie between two windows equally close to hours ago goes to the earlier one; items that gained as much are ordered by external_id. Without a key it answers 401 chave_invalida; trends answers 401 chave_ausente.
  - An integer parameter (limit, movers' hours) written other than as plain digits (05, +5, a space, -0) is malformed: 400 parametro_invalido, nothing charged. The CLI sends its numeric options as plain digits (--hours 05 sends hours=5).
  - A spending ceiling refuses a call that would pass it (spent 45 of 50, and movers costs 10), not only once it is reached.
  - A charge is paid from the free allowance first, then from purchased credits; trends' paid_from names the wallet that paid the larger part.
  - posts answer 402, 451 and 503 as profile does. Every envelope route caches its answer for one hour, keyed by route and parameters (transcript and post included): a hit costs nothing.
  - A single post is data with an items list of one; transcript items are {start, end, text}; profile items are empty.
  - An error envelope carries null credit fields when the key could not be read (unknown or none).
  - Authorization in a scheme other than Bearer is taken as an unknown key (401).
  - A 502 (from --faults) is an HTML page, not JSON.
  - Error messages are the sandbox's own English text: branch on the code, never on the message.`,
} satisfies Messages;
