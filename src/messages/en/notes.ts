// What a run says on stderr besides its errors, in English: credit notes, warnings, drift notes,
// batch summaries, prompts.
import type { Messages } from '../message-types.js';

export default {
  'notes.credits': { one: '{n} credit', other: '{n} credits' },
  'notes.batch.budgetUnenforceable':
    'stopped: the shared budget {budget} could not be enforced ({reason}): {held}, not sent; resume with --skip {skip} once the store is back',
  // The answers a run took from the local store instead of sending (src/runtime/local-store.ts).
  'notes.reused': {
    one: 'from the local store ({fetched}), not sent: nothing charged',
    other: '{n} answers from the local store ({fetched}), not sent: nothing charged',
  },
  'notes.reused.at': 'fetched {at} UTC',
  'notes.reused.between': 'fetched {first} UTC to {last} UTC',
  // Credit notes: what a call charged, from which wallet, what is left.
  'notes.envelope.used': {
    one: '{n} credit used · {remaining} remaining',
    other: '{n} credits used · {remaining} remaining',
  },
  'notes.envelope.cached': {
    one: 'cached, {n} credit · {remaining} remaining',
    other: 'cached, {n} credits · {remaining} remaining',
  },
  'notes.envelope.cachedUsed': {
    one: 'cached, {n} credit used · {remaining} remaining',
    other: 'cached, {n} credits used · {remaining} remaining',
  },
  'notes.trends.used': {
    one: '{n} credit used, free {freeUsed}/{freeTotal}',
    other: '{n} credits used, free {freeUsed}/{freeTotal}',
  },
  'notes.balance': 'balance {balance}',
  'notes.trends.calls': '{remaining}/{limit} trends calls left',
  'notes.movers.nothing': 'nothing charged (no movement to report) · balance {balance}',
  'notes.movers.charged': {
    one: '{n} credit charged · balance {balance}',
    other: '{n} credits charged · balance {balance}',
  },
  // Warnings: a figure counted otherwise than the answer stated it.
  'notes.warning': 'warning: {text}',
  'notes.debug': 'debug: {text}',
  // --debug's line for each attempt (src/infra/client/http.ts).
  'notes.debug.answered': '{request} -> {status} in {ms} ms (attempt {attempt})',
  'notes.debug.answeredId': '{request} -> {status} in {ms} ms request_id={id} (attempt {attempt})',
  'notes.debug.failed': '{request} -> {code} in {ms} ms (attempt {attempt})',
  'notes.debug.failedSent': '{request} -> {code} after the request was sent in {ms} ms (attempt {attempt})',
  'notes.debug.noCode': 'failed',
  'notes.debug.retry': 'retry {number}/{retries} in {ms} ms after {cause}',
  'notes.debug.uncertain': '{request}: counted as {credits}, possibly charged: {reason}',
  'notes.debug.connectionFailure': 'connection failure',
  'notes.debug.sandbox': 'sandbox started in-process at {url}',
  'notes.debug.stored': '{request} -> from the local store, fetched {at}',
  // A pager that would not start (src/output/pager.ts), a chart file written (src/output/charts/).
  'notes.pager.notStarted': 'cannot start the pager {command}; set SOCIAL_PAGER or use --no-pager',
  'notes.chart.written': 'chart written to {path}',
  // What a run could not save, or found damaged and moved aside, told at its end
  // (src/infra/state/state-report.ts, src/runtime/), and the sandbox's state (src/commands/sandbox/).
  'notes.state.movedAside': '{path} was {reason}: moved aside to {aside}; starting afresh',
  'notes.state.notSaved': 'local state not saved, the result above stands: {parts}',
  'notes.state.spendLedger': 'spend ledger',
  'notes.state.ceilingMemory': 'ceiling memory',
  'notes.state.localStore': 'local store',
  'notes.state.pgStore': 'PostgreSQL store {store}',
  // The PostgreSQL store gone away a while, told at the run's end (src/runtime/shared-store.ts).
  'notes.state.storeWaited': {
    one: 'the PostgreSQL store {store} went away during the run; {n} statement waited for it to come back',
    other: 'the PostgreSQL store {store} went away during the run; {n} statements waited for it to come back',
  },
  'notes.state.unsettled': {
    one: '{n} budget settlement could not be written: the chunk of the budget that call was sent on stays counted, and becomes an uncertain charge when it expires',
    other:
      '{n} budget settlements could not be written: the chunks of the budget those calls were sent on stay counted, and become uncertain charges when they expire',
  },
  'notes.state.unrecorded': {
    one: '{n} spend record not written to the shared ledger (the local ledger has it)',
    other: '{n} spend records not written to the shared ledger (the local ledger has them)',
  },
  'notes.charge.belowPrice':
    "the answer said cached false but stated {credits} used, below the route's price ({price}): counted at the price",
  'notes.charge.cachedCharged':
    'the answer said cached true (nothing charged) but stated {credits} used: counted as charged',
  'notes.charge.notCount':
    'the answer stated {field} as {figure}, not a count of credits: counted as {credits}, as a call that may have been charged',
  // The drift note: what the service sent unlike its documented shape, said once a run.
  'notes.drift': 'note: the service sent {drift}; shown as sent',
  'notes.drift.missing': 'note: the service sent {drift}; shown as sent, what is missing as unknown',
  'notes.drift.absent': 'no {path} (documented as {documented})',
  'notes.drift.sent': '{path} as {sent} (documented as {documented})',
  'notes.drift.handled': '{drift}: {handling}',
  'notes.drift.list': '{list}, {next}',
  'notes.drift.more': { one: '{shown}, and {n} more field', other: '{shown}, and {n} more fields' },
  'notes.drift.notShown': 'not shown',
  'notes.drift.uncertain': 'what was charged is uncertain, and not subtracted from any total',
  'notes.drift.countOrMore': '0 or more',
  // What a drifted field was, and what it is documented as (src/infra/client/reader.ts).
  'notes.drift.type.list': 'a list',
  'notes.drift.type.string': 'a string',
  'notes.drift.type.integer': 'an integer',
  'notes.drift.type.fraction': 'a fraction',
  'notes.drift.type.number': 'a number',
  'notes.drift.type.boolean': 'a boolean',
  'notes.drift.type.object': 'an object',
  'notes.drift.type.dateTime': 'a date-time',
  'notes.drift.type.date': 'a date',
  'notes.drift.type.url': 'a URL',
  'notes.drift.type.orNull': '{type} or null',
  'notes.drift.type.oneOf': 'one of {values}',
  'notes.drift.type.atLeast': '{type}, at least {min}',
  // The balance, read free by `credits` and `status` (src/commands/shared/balance.ts).
  'notes.spin.balance': 'reading the balance',
  'notes.balance.notProbed':
    '{reason}; the balance was not probed (the probe is free only on a niche coverage does not list)',
  'notes.balance.probeCharged': 'the balance probe was charged {credits}, which it should not be',
  'notes.balance.probeMayHaveBeenCharged': 'the balance probe may have been charged {credits}, which it should not be',
  'notes.balance.unread': 'the balance could not be read: {message}',
  'notes.balance.unreadCode': 'the balance could not be read: {message} ({code})',
  // A batch's summary line, its progress, and its warnings (src/runtime/batch/envelope-batch.ts).
  'notes.inputs': { one: '{n} input', other: '{n} inputs' },
  'notes.batch.summary':
    '{inputs}: {ok} ok, {failed} failed{notSent} · {used} ({cached} cached{uncertain}) · {remaining} remaining',
  'notes.batch.used': { one: '{n} credit used', other: '{n} credits used' },
  'notes.batch.notSent': ', {n} not sent ({why})',
  'notes.batch.notSentAtLeast': ', at least {n} not sent ({why})',
  'notes.batch.restNotSent': ', the rest not sent ({why})',
  'notes.batch.why.budget': 'budget',
  'notes.batch.why.interrupted': 'interrupted',
  'notes.batch.uncertain': ', {n} uncertain',
  'notes.batch.progress': '{done} done · {failed} failed · {credits}',
  'notes.batch.readingTerminal':
    'reading inputs from the terminal, one a line; press Ctrl-D to finish (Ctrl-C to cancel)',
  'notes.batch.stopping':
    'stopping: no more calls are sent; writing the ones under way (Ctrl-C again to leave at once)',
  'notes.batch.memoryHeld':
    'answers hold {held} and the output and the store {backlog} not yet taken: at the {budget} budget, no call starts until they are written',
  'notes.batch.megabytes': '{size} MB',
  'notes.batch.interrupted': 'interrupted: every call under way was written; resume with --skip {skip}',
  'notes.batch.stoppedAt': 'stopped at {budget}: {held}, not sent; resume with --skip {skip} and a new budget',
  'notes.batch.maxCredits': 'the --max-credits budget of {n}',
  'notes.batch.sharedBudget': 'the shared budget {name}',
  'notes.batch.held': { one: '{n} input held back', other: '{n} inputs held back' },
  'notes.batch.heldAtLeast': { one: 'at least {n} input held back', other: 'at least {n} inputs held back' },
  'notes.batch.heldNames': '{held} ({names})',
  'notes.batch.heldNamesMore': '{held} ({names}, and {more} more)',
  'notes.batch.sentPast': { one: '{n} input past the first not sent', other: '{n} inputs past the first not sent' },
  'notes.batch.sentPastResume': {
    one: 'under way as the batch stopped, {sent} was sent all the same: --skip {skip} sends it again, and it may be charged again',
    other:
      'under way as the batch stopped, {sent} were sent all the same: --skip {skip} sends them again, and they may be charged again',
  },
  'notes.batch.understated': {
    one: "{n} answer said cached false but stated fewer credits used than the route's price ({price}): counted at the price against the budget",
    other:
      "{n} answers said cached false but stated fewer credits used than the route's price ({price}): counted at the price against the budget",
  },
  'notes.batch.cachedCharged': {
    one: '{n} answer said cached true (nothing charged) but stated credits used: counted as charged',
    other: '{n} answers said cached true (nothing charged) but stated credits used: counted as charged',
  },
  'notes.batch.notCount': {
    one: "{n} answer stated a credit figure that is not a count of credits: counted at the route's price ({price}), as possibly charged",
    other:
      "{n} answers stated a credit figure that is not a count of credits: counted at the route's price ({price}), as possibly charged",
  },
  'notes.batch.failedUncertain': {
    one: '{n} call failed after it may have been charged: counted as charged, not retried',
    other: '{n} calls failed after they may have been charged: counted as charged, not retried',
  },
  'notes.batch.jqFailed': '{message}; {where}',
  // A spinner's text while a call is under way.
  'notes.spin.profile': 'fetching {handle}',
  'notes.spin.posts': 'fetching posts of {handle}',
  'notes.spin.post': 'fetching the post',
  'notes.spin.transcript': 'fetching the transcript',
  'notes.spin.coverage': 'reading coverage',
  'notes.spin.trends': 'fetching trends of {niche}',
  'notes.spin.movers': 'fetching movers of {niche}',
  // Coverage, read before trends and movers spend (src/commands/shared/coverage.ts).
  'notes.coverage.dryRun': '--dry-run sends nothing and no fresh coverage is cached',
  'notes.coverage.offline': '--offline sends nothing and no fresh coverage is cached',
  'notes.coverage.unread': 'coverage could not be read: {message}',
  'notes.coverage.unreadCode': 'coverage could not be read: {message} ({code})',
  'notes.coverage.cache': 'coverage cache',
  'notes.coverage.cacheStuck': 'coverage cache (damaged, and could not be moved aside)',
  'notes.coverage.notACache': 'not a coverage cache',
  'notes.coverage.notChecked': '{reason}; niche {niche} not checked, going on',
  // `social trends`, `movers`, `transcript` (src/commands/).
  'notes.trends.wouldRefuse': 'without --force it would not be sent: {why}',
  'notes.trends.truncatedAtCap': {
    one: 'truncated: the answer hit its {cap}-point cap, so the series is incomplete ({n} point returned); narrow --from/--to to get the rest',
    other:
      'truncated: the answer hit its {cap}-point cap, so the series is incomplete ({n} points returned); narrow --from/--to to get the rest',
  },
  'notes.trends.truncatedAtLimit': {
    one: 'truncated: the answer hit --limit {limit} (the service caps at {cap} points), so the series is incomplete ({n} point returned); raise --limit or narrow --from/--to to get the rest',
    other:
      'truncated: the answer hit --limit {limit} (the service caps at {cap} points), so the series is incomplete ({n} points returned); raise --limit or narrow --from/--to to get the rest',
  },
  'notes.movers.stateNotSaved': '--new-only state not saved ({reason}): these movers will be reported again next time',
  'notes.transcript.emptyCached':
    'no caption track for this video; nothing was charged (a cached answer), and it is not retried',
  'notes.transcript.emptyCharged': {
    one: 'no caption track for this video; the call was charged {n} credit all the same, and is not retried',
    other: 'no caption track for this video; the call was charged {n} credits all the same, and is not retried',
  },
  'notes.track.notWatched': 'not in the watchlist, nothing removed: {handles}',
  // `social sandbox` (src/commands/sandbox/): what it says on stderr while it serves.
  'notes.sandbox.listening': 'social sandbox listening on {url}',
  'notes.sandbox.beyondLoopback': 'listening beyond loopback; anyone who can reach this address can use it.',
  'notes.sandbox.demoKeys': 'demo keys:',
  'notes.sandbox.key.demo': 'credits to spare',
  'notes.sandbox.key.empty': 'both wallets empty (402 sem_creditos)',
  'notes.sandbox.key.capped': 'monthly spending ceiling reached (402 teto_estourado)',
  'notes.sandbox.key.inactive': 'deactivated (401 chave_invalida)',
  'notes.sandbox.key.quota': 'trends monthly quota spent (429)',
  'notes.sandbox.try': 'try: SOCIAL_BASE_URL={url} SOCIAL_API_KEY=sbx_demo social profile github octocat',
  'notes.sandbox.stop': 'press Ctrl-C to stop',
  'notes.sandbox.cutOff': 'cut off',
  'notes.sandbox.notSaved': '{what} not saved, kept in memory: {reason}',
  // The sandbox's state file, not kept (src/runtime/sandbox-state.ts).
  'notes.sandbox.state.notWritten': 'sandbox state {path}',
  'notes.sandbox.state.unreadable': 'sandbox state {path} (unreadable)',
  'notes.sandbox.state.notMovedAside': 'sandbox state {path} (damaged, and could not be moved aside)',
  'notes.sandbox.state.notState': 'not a sandbox state file',
  // `social credits` (src/commands/credits/).
  'notes.credits.linesSkipped': {
    one: '{n} line of spend.jsonl is not a spend record and was skipped',
    other: '{n} lines of spend.jsonl are not a spend record and were skipped',
  },
  'notes.credits.ledgerUnread': 'the local ledger could not be read: {reason}',
  'notes.credits.ceilingReached': '{ceiling}: paid calls are refused until {date} (00:00 UTC){left}',
  'notes.credits.ceilingLeft': { one: ', though {n} credit is left', other: ', though {n} credits are left' },
  // `social budget set` (src/commands/budget/).
  'notes.budget.set': 'budget {name}: {credits}, for every process on the store',
  'notes.budget.set.month': 'budget {name}: {credits} a month, for every process on the store',
  'notes.budget.set.day': 'budget {name}: {credits} a day, for every process on the store',
  // `social mcp` (src/commands/mcp/): its lines on stderr, and the text of a tool's result.
  'notes.mcp.said': 'social mcp: {line}',
  'notes.mcp.unexpected': 'social mcp: unexpected error in {tool}: {message}',
  'notes.mcp.serving': 'social mcp: Streamable HTTP on {url}',
  'notes.mcp.token': 'social mcp: bearer token (shown once): {token}',
  'notes.mcp.plan': {
    one: 'dry run: nothing sent; {n} request, at most {most}',
    other: 'dry run: nothing sent; {n} requests, at most {most}',
  },
  // A plan the session's budget would refuse: {plan} is notes.mcp.plan, {why} errors.mcp.overBudget.
  'notes.mcp.plan.refused': '{plan}; the call itself would not be sent: {why}',
  // A batch's plan counts inputs, not requests: the local store may answer some, a budget hold some back.
  'notes.mcp.batchPlan': 'dry run: nothing sent; {inputs}: {valid}{stored}; at most {most}',
  // {most} when the session's budget caps it ({n} its credits): the batch would stop there.
  'notes.mcp.batchPlan.capped': {
    '=0': "{most}: the session's --max-credits budget has nothing left, so no input would be sent ({without} without it)",
    one: "{most}, what the session's --max-credits budget has left ({without} without it): the inputs past it would be held back, not sent",
    other:
      "{most}, what the session's --max-credits budget has left ({without} without it): the inputs past it would be held back, not sent",
  },
  'notes.mcp.batchPlan.valid': { one: '{n} valid', other: '{n} valid' },
  'notes.mcp.batchPlan.stored': {
    '=0': ' (the local store would answer none)',
    one: ' (the local store would answer {n})',
    other: ' (the local store would answer {n})',
  },
  'notes.mcp.priceUnknown': 'a price not known',
  'notes.mcp.nothingSent': 'nothing sent, nothing charged',
  'notes.mcp.maybeCharged': {
    one: '{n} credit may have been charged (counted as charged)',
    other: '{n} credits may have been charged (counted as charged)',
  },
  'notes.mcp.nothingCharged': 'nothing charged',
  'notes.mcp.charged': { one: '{n} credit charged', other: '{n} credits charged' },
  'notes.mcp.confirm.question':
    '{tool} may cost {cost}, more than the {threshold} this session sends without asking. Send it?',
  'notes.mcp.confirm.upTo': 'up to {credits}',
  'notes.mcp.confirm.field': 'Send it',
  // A tool result's summary line: what the call fetched. Counts as digits ({count}), as an agent reads them.
  'notes.mcp.summary.failed': ', {count} failed',
  'notes.mcp.summary.unknownAccount': 'an unknown account',
  'notes.mcp.summary.followers': { one: ', {count} follower', other: ', {count} followers' },
  'notes.mcp.summary.profileOf': 'the profile of',
  'notes.mcp.summary.profiles': { one: '{count} profile', other: '{count} profiles' },
  'notes.mcp.summary.noProfiles': 'no profiles',
  'notes.mcp.summary.postBy': 'a post by',
  'notes.mcp.summary.noPostBy': 'no post found by',
  'notes.mcp.summary.postsBy': { one: '{count} post by', other: '{count} posts by' },
  'notes.mcp.summary.noPostsBy': 'no posts by',
  'notes.mcp.summary.captions': {
    one: 'a caption track of {count} item for the video of',
    other: 'a caption track of {count} items for the video of',
  },
  'notes.mcp.summary.noCaptions': 'no caption track (charged all the same) for the video of',
  'notes.mcp.summary.niches': { one: '{count} niche', other: '{count} niches' },
  'notes.mcp.summary.noNiches': 'no niches',
  'notes.mcp.summary.items': { one: '{count} item', other: '{count} items' },
  'notes.mcp.summary.noItems': 'no items',
  'notes.mcp.summary.movers': { one: '{count} mover', other: '{count} movers' },
  'notes.mcp.summary.noMovers': 'no movers',
  'notes.mcp.summary.creditsLeft': { one: '{count} credit left', other: '{count} credits left' },
  'notes.mcp.summary.balanceUnknown': 'balance unknown',
  'notes.mcp.summary.snapshots': {
    one: '{count} snapshot in the local store',
    other: '{count} snapshots in the local store',
  },
  'notes.mcp.summary.noSnapshots': 'no snapshots in the local store',
  'notes.mcp.summary.accounts': { one: '{count} watched account', other: '{count} watched accounts' },
  'notes.mcp.summary.noAccounts': 'no watched accounts',
  'notes.mcp.summary.matches': { one: '{count} match', other: '{count} matches' },
  'notes.mcp.summary.noMatches': 'no matches',
  'notes.mcp.summary.rows': { one: '{count} row', other: '{count} rows' },
  'notes.mcp.summary.noRows': 'no rows',
  'notes.mcp.install.unchanged': '{client} already has this {name} entry in {path}: nothing changed',
  'notes.mcp.install.dryRun': 'dry run: the change the {name} entry would make to {path} (nothing written):',
  'notes.mcp.install.wrote': 'wrote the {name} entry to {path}; restart {client} to load it',
  // Prompts and what `social config` says of a setting (src/commands/config/).
  'notes.prompt.apiKey': 'API key: ',
  'notes.config.keyOnCommandLine':
    'warning: a key given on the command line stays in your shell history and shows in the process list; next time leave the value out and paste it, or pipe it in: printf %s "$KEY" | social config set api-key',
  'notes.config.set': 'set {key} to {value} in {path}',
  'notes.config.unset': 'unset {key}',
  'notes.config.notSet': '{key} is not set',
  'notes.config.fromFile': '{key}: from the file',
  'notes.config.default': '{key}: the default',
  'notes.config.fromFlag': '{key}: from the flag {from}',
  'notes.config.fromEnv': '{key}: from the environment {from}',
  'notes.config.fromFlagOverrides': '{key}: from the flag {from} (overrides {saved} in the file)',
  'notes.config.fromEnvOverrides': '{key}: from the environment {from} (overrides {saved} in the file)',
} satisfies Messages;
