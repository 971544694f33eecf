// The help a start says, in English: every command's summary and arguments, the global options,
// the topics' summaries and the words commander's layout shows (titles, choices, defaults). It is
// in the start layer, so what only a command's declaration says (its options, the options paid
// commands share, the settings) is the commands area's, and a topic's page the topics area's.
// Ids are stable (`help.<command>.<part>`); `{name}` is a placeholder the code fills in. The
// words of the command line itself (commands, flags, choice values, example commands) are the
// same in every language: src/messages/pt-BR/help.ts translates only the prose.
import type { Messages } from '../message-types.js';

export default {
  // Commander's layout
  'help.title.usage': 'Usage:',
  'help.title.arguments': 'Arguments:',
  'help.title.options': 'Options:',
  'help.title.commands': 'Commands:',
  'help.title.global-options': 'Global Options:',
  // The placeholders of the usage line and the argument lists, one id a name commander or a
  // declaration gives (`help.placeholder.<name>`): src/messages/placeholders.ts says them
  'help.placeholder.options': 'options',
  'help.placeholder.command': 'command',
  'help.placeholder.client': 'client',
  'help.placeholder.credits': 'credits',
  'help.placeholder.handle': 'handle',
  'help.placeholder.key': 'key',
  'help.placeholder.kind': 'kind',
  'help.placeholder.name': 'name',
  'help.placeholder.niche': 'niche',
  'help.placeholder.path': 'path',
  'help.placeholder.platform': 'platform',
  'help.placeholder.post': 'post',
  'help.placeholder.query': 'query',
  'help.placeholder.shell': 'shell',
  'help.placeholder.table': 'table',
  'help.placeholder.text': 'text',
  'help.placeholder.url': 'url',
  'help.placeholder.value': 'value',
  'help.extra.choices': 'choices: {list}',
  'help.extra.default': 'default: {value}',
  'help.option.help': 'display help for command',
  'help.option.version': 'output the version number',
  'help.after-error': '(run with --help for usage)',
  'help.title.examples': 'Examples:',
  'help.exit-pointer': 'Exit statuses: `social help exit-codes`.',

  // The program and its global options
  'help.program.summary':
    'Public profiles and recent posts from ten social platforms, and an hourly archive of news rankings.',
  'help.global.output': 'table (default at a terminal), json (default in a pipe), ndjson or csv',
  'help.global.json': 'same as --output json',
  'help.global.quiet': 'nothing on stderr but errors',
  'help.global.api-key':
    'API key; overrides SOCIAL_API_KEY and config (other local users can see it in the process list: prefer `social config set api-key`)',
  'help.global.base-url': 'service address; overrides SOCIAL_BASE_URL and config',
  'help.global.timeout': 'per attempt, from connect to the last byte of the answer (default 30)',
  'help.global.max-body': 'the largest answer read, like 64MB; a larger one is aborted, exit 11 (default 32MB)',
  'help.global.retries':
    'retries of what was never sent (refused or failed connection) and of 502/503; never a reset or timeout once the request was written, which may have been charged (default 2)',
  'help.global.lang':
    'the language of messages and help: en or pt-BR (else SOCIAL_LANG, then LC_ALL, LC_MESSAGES, LANG)',
  'help.global.no-color': 'no colour, even with FORCE_COLOR set (also NO_COLOR)',
  'help.global.exact': 'exact numbers in tables (21,345, not 21K)',
  'help.global.no-pager': 'no pager for tables taller than the terminal (else SOCIAL_PAGER, PAGER or less -FRX)',
  'help.global.debug': 'method, URL, status, timing, request id and retries on stderr (never the key)',
  'help.global.strict':
    'fail (exit 11) when an answer differs from the documented shape, instead of a note on stderr (also SOCIAL_STRICT=1)',
  'help.global.jq': 'filter the JSON output with jq (real jq 1.8): strings print raw, other values as JSON, one a line',
  'help.global.sandbox': 'run this command against an in-process sandbox with its demo key (no key, no network)',
  'help.global.sandbox-now':
    "with --sandbox: fix the sandbox's clock, and the run's, at an instant, a date or an age like 2d (also SOCIAL_SANDBOX_NOW)",
  'help.program.after': `
Help topics (social help <topic>):
{topics}

Try it with no key and no network:
  social --sandbox profile github octocat
  social --sandbox posts bluesky jay.bsky.team --limit 5`,

  // Help topics
  'help.topic.environment.summary': 'environment variables and the precedence of settings',
  'help.topic.exit-codes.summary': 'what each exit status means',
  'help.topic.formatting.summary': 'output formats and shapes, and --jq',
  'help.topic.sandbox.summary': 'the local emulator: demo keys, handles and niches',

  // help
  'help.help.summary': 'help on a command, or a topic: {topics}',
  'help.help.arg.name': 'a command (like profile, or config set) or a topic',
  'help.help.examples': `social help profile
social help config set
social help formatting
social help exit-codes`,
  'help.unknownName': 'no help topic or command named {name}',
  'help.unknownName.hint': 'Topics: {topics}.\nCommands: {commands}.',
  // --jq on a command that prints no JSON (src/program.ts).
  'help.jq.nothingToFilter': 'social {command} prints no JSON: --jq has nothing to filter',

  // profile
  'help.profile.summary': 'public profiles: 1 credit each, 0 on a cache hit (cached one hour)',
  'help.profile.arg.platform': 'one of the ten platforms below',
  'help.profile.arg.handle': 'handles, @handles or pasted profile URLs; - reads them from stdin',

  // posts
  'help.posts.summary': 'recent posts written by an account (bluesky, mastodon, threads): 1 credit',
  'help.posts.arg.platform': 'bluesky, mastodon, threads',
  'help.posts.arg.handle': 'handle, @handle or pasted profile URL; - reads handles from stdin',

  // post
  'help.post.summary': 'one bluesky post with its likes, replies, reposts and quotes: 1 credit, nothing when not found',
  'help.post.arg.post':
    'at://<did-or-handle>/app.bsky.feed.post/<rkey>, or its https://bsky.app/profile/<x>/post/<rkey> URL',

  // transcript
  'help.transcript.summary': 'caption track of a tiktok video: 1 credit, charged even when there is none',
  'help.transcript.arg.url': "the video's own URL: https://www.tiktok.com/@<user>/video/<id> (not a short link)",

  // niches
  'help.niches.summary':
    'the niches of the trend archive and how complete their last 24 hours are: free, no key needed',

  // trends
  'help.trends.summary': 'hourly history of the items of a niche in the archive: 1 credit, charged even when empty',
  'help.trends.arg.niche': 'niche id, like tech (see `social niches`)',

  // movers
  'help.movers.summary':
    'the items that gained the most points over the last hours: 10 credits, nothing when there is no movement',
  'help.movers.arg.niche': 'niche id, like tech (see `social niches`)',

  // history
  'help.history.summary':
    "an account's stored profile snapshots and its follower growth: free, from the local store, nothing sent",
  'help.history.arg.platform': 'one of the ten platforms',
  'help.history.arg.handle': 'a handle, @handle or pasted profile URL, as `profile` takes it',

  // track
  'help.track.summary':
    'a watchlist of accounts: add, remove, list; run (cron: 1 credit each) fetches them, report ranks their growth',

  // search
  'help.search.summary': 'full-text search of the posts and transcripts in the local store: free, nothing sent',
  'help.search.arg.text': 'the words to find (all of them); a word ending in * matches as a prefix',

  // budget
  'help.budget.summary': 'a budget shared by every process on one PostgreSQL store: set its limit, show what is spent',

  // credits
  'help.credits.summary': 'what the key has left (read without spending) and what this machine spent',

  // store
  'help.store.summary': 'the local store of every paid answer: info, sql, export, prune, check (no network)',

  // status
  'help.status.summary': 'the key, base URL and settings in effect and where each came from, and the balance (free)',

  // api
  'help.api.summary': 'a raw request to any route of the service (routes social does not model yet)',
  'help.api.arg.path': 'like github/profile (under /api/v1), or from the root: /api/v1/github/profile, /openapi.json',

  // config
  'help.config.summary': 'settings: api-key, base-url, and defaults for output, timeout, retries, max-body',

  // sandbox
  'help.sandbox.summary': 'run the local emulator of the service, with built-in data and a credit ledger',

  // mcp
  'help.mcp.summary': 'the commands as MCP tools for an AI agent (stdio, or --http), under a session budget',

  // skill
  'help.skill.summary':
    'the agent skill that comes with social (skills/social/SKILL.md): `social skill path` prints where it is',

  // completion
  'help.completion.summary': 'print the shell completion script: {shells}',
  'help.complete.summary': 'values for the completion scripts, from local state only',
} satisfies Messages;
