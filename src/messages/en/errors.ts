// Errors and their hints, in English. An id names what happened, never how it is worded; a hint's
// id ends in `.hint`. The service's own codes (sem_creditos) are never translated: the report
// names them in every language, so a search finds them.
import type { Messages } from '../message-types.js';

export default {
  // What the service's answers mean (src/infra/client/service-errors.ts).
  'errors.charge.none': 'Nothing was charged.',
  'errors.charge.maybe': 'The call may have been charged: counted as {credits}.',
  // Why a call's charge is uncertain (src/infra/client/interpret.ts): --debug says it, the spend
  // ledgers keep its English.
  'errors.charge.reason.belowPrice': 'the answer said cached false but {figure} credits used',
  'errors.charge.reason.notCount': 'the answer stated {field} as {figure}, not a count of credits',
  'errors.charge.reason.notUnderstood': 'the answer was not understood',
  'errors.charge.reason.interrupted': 'interrupted after the request was sent',
  'errors.charge.reason.timeout': 'no complete answer in time after the request was sent',
  'errors.charge.reason.status': 'the service answered {status}',
  'errors.charge.reason.broken': 'the connection broke after the request was sent',
  'errors.charge.stated': 'The answer says {credits} used: counted as charged.',
  'errors.auth': 'the API key is missing, unknown or deactivated',
  'errors.auth.hint':
    'Set a valid key with `social config set api-key` (reads it from stdin) or SOCIAL_API_KEY, or try with --sandbox.',
  'errors.method.refused': 'the service refused the HTTP method',
  'errors.method.refusedGet':
    'the service refused GET on {path}, which its routes take (a bug in social, or a change in the service)',
  'errors.method.notAllowed': '{method} is not allowed on {path}: the service allows {allowed} there',
  'errors.method.notAllowed.hint': "The service's routes are GET: run it again without -X/--method.",
  'errors.quota': 'the monthly quota of this route is exhausted',
  'errors.quota.limit': 'the monthly quota of {limit} requests of this route is exhausted',
  'errors.quota.hint': 'It renews on {date}. Retrying before then will not help.',
  'errors.route.notFound': 'no such route or resource',
  'errors.parameter': 'the service refused a parameter',
  'errors.parameter.hint': 'Check the value against {help}.',
  'errors.interval': 'the service refused the interval',
  'errors.interval.hint': 'Give --from before --to, at most 90 days apart.',
  'errors.credits': 'out of credits: no purchased credits and no free allowance left this month',
  'errors.credits.hint':
    'The free allowance comes back on {date} (00:00 UTC); until then only bought credits help. Retrying will not.',
  'errors.credits.needed.hint':
    'The free allowance comes back on {date} (00:00 UTC); until then only bought credits help. Retrying will not. This call needs {needed}.',
  'errors.ceiling': 'the monthly spending ceiling of this key is reached',
  'errors.ceiling.cap': 'the monthly spending ceiling of this key ({cap}) is reached',
  'errors.ceiling.hint': 'Spending resumes on {date}, or when the ceiling is raised. Retrying will not help.',
  'errors.notFound': 'no such profile, account or post',
  'errors.notFound.hint': 'Check the handle or URL.',
  'errors.blocked': 'the platform refused the service for this resource (the key is fine)',
  'errors.unavailable': 'the service or one of its dependencies is unavailable',
  'errors.unavailable.hint': 'Try again later.',
  'errors.status.400': 'the service refused the request',
  'errors.status.402': 'payment required: out of credits',
  'errors.status.402.hint': 'Retrying will not help.',
  'errors.status.404': 'not found',
  'errors.status.451': 'the platform refused the service',
  'errors.status.5xx': 'the service failed',
  'errors.status.unknown': 'the service answered with a status social does not know',
  'errors.withStatus': '{meaning} (HTTP {status})',
  // What a run says when its output could not be given (src/runtime/runner.ts, unwritten.ts).
  'errors.jq.notSent.hint': 'Nothing was sent: run without --jq to see what it prints.',
  'errors.saved.hint': 'The request was made (and charged, where the route charges): the answer is saved in {path}.',
  'errors.notSaved.hint':
    'The request was made (and charged, where the route charges): the answer could not be saved either.',
  // Options that do not go together, and options' values refused (src/runtime/globals.ts,
  // options.ts, fields-option.ts).
  'errors.options.jsonWithOutput': '--json means -o json; it cannot go with -o {output}',
  'errors.options.sandboxBaseUrl':
    '--sandbox runs against an in-process sandbox, --base-url names a service: use one or the other',
  'errors.options.sandboxKey': '--sandbox takes only its demo keys with --api-key: {keys}',
  'errors.options.sandboxNow': '--sandbox-now sets the clock of the in-process sandbox: it goes with --sandbox',
  'errors.options.quietDebug':
    '--quiet keeps stderr for errors and --debug writes its trace there: use one or the other',
  'errors.options.jqFormat': '--jq prints what the filter gives, from JSON; it cannot be combined with -o {output}',
  'errors.options.fieldsJq': '--fields picks the fields to print and --jq filters JSON: use one or the other',
  'errors.options.offlineNoStore':
    '--offline answers from the local store and --no-store leaves it alone: use one or the other',
  'errors.options.maxAgeNoStore':
    '--max-age answers from the local store and --no-store leaves it alone: use one or the other',
  'errors.options.storeOff': '{flag} answers from the local store, which is off (SOCIAL_STORE=off): it holds nothing',
  'errors.options.fieldsDryRun':
    "--fields picks the command's columns, and --dry-run prints the plan (method, url, max credits), not them",
  'errors.options.fieldsDryRun.hint': 'Run --dry-run without --fields; add --fields when you send the request.',
  'errors.options.output': '--output must be one of {formats}; got {got}',
  'errors.options.retries': '--retries must be a whole number from 0 to 10; got {got}',
  'errors.options.integer':
    '{flag} must be a whole number from {min} to {max} (out of range is refused, not clamped); got {got}',
  'errors.options.duration': '{flag} must be a duration like 30m, 6h, 7d or 2w; got {got}',
  'errors.options.durationTooLong': '{flag} reaches back past the first date a clock holds: at most {max}; got {got}',
  'errors.options.inConfigFile': '{key} (in the config file)',
  'errors.niche.missing': 'give a niche, like tech',
  'errors.niche.notName': '{niche} is not a niche name',
  'errors.niche.hint': 'List them with `social niches` (free).',
  'errors.fields.none': '--fields needs at least one column name',
  'errors.fields.available.hint': 'Available fields: {names}.',
  'errors.fields.emptyName': '--fields has an empty name in {raw}',
  'errors.fields.unknown': { one: 'Unknown field: {names}', other: 'Unknown fields: {names}' },
  'errors.fields.twice': '--fields names {names} more than once',
  'errors.fields.ofRecords': {
    one: "--fields {names} names a field of a batch's records: one call prints the service's answer in {format}, which has none",
    other:
      "--fields {names} name fields of a batch's records: one call prints the service's answer in {format}, which has none",
  },
  'errors.fields.ofRecords.hint':
    'They are columns in csv and a table; in json and ndjson, a batch (profile with several handles, profile or posts with --file F or -) gives a record per input with them.',
  // --budget (src/runtime/globals.ts).
  'errors.budgetOption.sandbox':
    '--budget is shared through a PostgreSQL store, and --sandbox spends play money: use one or the other',
  'errors.budgetOption.noStore':
    '--budget {name} is shared by every process on a PostgreSQL store, and no store URL is set',
  'errors.budgetOption.noStore.hint':
    'Set one: SOCIAL_STORE=postgres://user@host:5432/db, or social config set store postgres://…',
  // The service's address and the API key (src/runtime/globals.ts).
  'errors.baseUrl.missing': 'no service address configured',
  'errors.baseUrl.missing.hint':
    'Set it with `social config set base-url https://…` or SOCIAL_BASE_URL, or try everything locally with --sandbox.',
  'errors.key.missing': 'no API key configured',
  'errors.key.missing.hint':
    'Set one with `social config set api-key` (it reads the key from stdin, so it stays out of shell history), or SOCIAL_API_KEY; or try with --sandbox.',
  'errors.key.fromConfigFile': 'the config file',
  'errors.key.empty': 'the API key given by {source} is empty',
  'errors.key.blank': 'the API key given by {source} is only whitespace; nothing was sent',
  'errors.key.startsWith': 'the API key given by {source} starts with {char}; nothing was sent',
  'errors.key.endsWith': 'the API key given by {source} ends with {char}; nothing was sent',
  'errors.key.exact.hint':
    'A key is taken exactly as given, from --api-key, SOCIAL_API_KEY and the config file alike. {again}',
  'errors.key.character':
    'the API key given by {source} has a character no key has ({char} at character {position}); nothing was sent',
  'errors.key.printable.hint': 'A key is printable ASCII with no spaces. {again}',
  'errors.key.tooLong':
    'the API key given by {source} is {length} characters long, more than any key ({max}); nothing was sent',
  'errors.key.again.hint':
    'Set the key again with `social config set api-key` (it reads it from stdin), or SOCIAL_API_KEY.',
  // A batch that could not give all its records (src/runtime/batch/envelope-batch.ts).
  'errors.batch.jqInterrupted.saved':
    'interrupted while --jq ran: {unwritten} saved in {path}; resume with --skip {skip}',
  'errors.batch.jqInterrupted.savedAfterKept':
    'interrupted while --jq ran: {unwritten} saved in {path}, after {kept}; resume with --skip {skip}',
  'errors.batch.unwritten': {
    '=0': 'no record it had not written is',
    one: 'the record it had not written is',
    other: 'the {n} records it had not written are',
  },
  'errors.batch.keptBefore': { one: 'the record it failed on', other: 'the {n} records it failed on' },
  'errors.batch.jqInterrupted.notSaved':
    'interrupted while --jq ran: the records it had not written could not be saved; resume with --skip {skip}',
  'errors.batch.jqStopped': '{message}; interrupted while --jq ran: resume with --skip {skip}',
  'errors.batch.alsoJq': '{message}; {jq}: {where}',
  'errors.batch.keptToo': { one: 'that record is in it too', other: 'those records are in it too' },
  'errors.batch.kept': {
    one: 'the record it failed on is saved in {path}',
    other: 'the {n} records it failed on are saved in {path}',
  },
  'errors.batch.notKept': {
    one: 'the record it failed on could not all be saved ({why})',
    other: 'the {n} records it failed on could not all be saved ({why})',
  },
  'errors.batch.notKeptSome': {
    one: 'the record it failed on could not all be saved ({why}, some in {path})',
    other: 'the {n} records it failed on could not all be saved ({why}, some in {path})',
  },
  'errors.batch.jq.hint': 'Every request was made (and charged, where the route charges): {where}.',
  // A batch's options and inputs refused (src/runtime/batch/flags.ts, batch.ts).
  'errors.batch.shard': '--shard takes K/N, whole numbers with 1 <= K <= N, like --shard 2/4; got {got}',
  'errors.batch.fileUnreadable': 'cannot read --file {path}: {reason}',
  'errors.batch.inputsTwice': 'give inputs as arguments or with --file, not both',
  'errors.batch.noInputs': 'give at least one input, or --file F (- for stdin)',
  'errors.batch.lineTooLong': 'input {index} is a line over {bytes} bytes: refused, nothing sent',
  'errors.batch.lineTooLong.hint': 'An input is a handle or a URL a line: check that this is the right file.',
  // Why a file cannot be read (src/domain/state-file.ts).
  'errors.file.missing': 'no such file',
  'errors.file.notFolder': 'a part of the path is not a folder',
  'errors.file.isFolder': 'is a folder',
  'errors.file.denied': 'permission denied',
  'errors.file.loop': 'too many symbolic links',
  'errors.file.longName': 'the name is too long',
  // The local store as a run uses it (src/runtime/local.ts, local-store.ts).
  'errors.store.off': 'the local store is off (SOCIAL_STORE=off): this command reads only the store',
  'errors.store.unusable': 'the local store cannot be used: {reason}',
  'errors.store.unusable.hint': 'social store check names what is wrong with it.',
  // Why the local store cannot be used (src/infra/store/): the reason in an error or warning.
  'errors.store.reason.none': 'no store at {path}: nothing has been stored yet',
  'errors.store.reason.noneThere': 'no store at {url}: nothing has been stored there yet',
  'errors.store.reason.newerSchema':
    '{path} has schema version {version}, made by a newer social (this one writes version {writes}): not written to',
  'errors.store.reason.movedOn': '{path} was moved to schema version {version} by a newer social',
  'errors.store.reason.folder': '{path} is a folder, not a store file (name a file in it, like store.db)',
  'errors.store.reason.cannotOpen': '{path}: {message}',
  'errors.store.reason.explained': '{path} {why} ({detail})',
  'errors.store.reason.locked': 'locked by another process past the busy timeout',
  'errors.store.reason.read_only': 'cannot be written (read-only)',
  'errors.store.reason.full': 'could not be written: the disk is full, or a size limit was reached',
  'errors.store.reason.corrupt': 'damaged: not a SQLite database, or corrupt (`social store check` names the problem)',
  'errors.store.reason.cannot_open': 'cannot be opened (its folder missing or not writable)',
  'errors.store.reason.newer_schema': 'made by a newer social',
  'errors.store.reason.not_found': 'not found',
  'errors.store.reason.noTable': 'no table {table}',
  'errors.store.reason.off': 'the local store is off (SOCIAL_STORE=off)',
  'errors.store.reason.oneStatement': 'one statement at a time: this text holds more than one',
  'errors.store.reason.queryReadOnly': 'the store is opened read-only here: only queries that read',
  'errors.lock.busy': 'another social run holds {path}.lock (waited {seconds} s)',
  'errors.offline.notStored': '--offline: nothing in the local store answers GET {path}',
  'errors.offline.notStored.hint': 'Run it once without --offline to fetch and store it.',
  'errors.offline.tooOld.hint':
    'Nothing stored is younger than --max-age: raise it, or run without --offline to fetch it.',
  'errors.offline.unreadable': '--offline: the local store cannot be read, so nothing answers GET {path}: {reason}',
  'errors.offline.unreadable.hint':
    '`social store check` names what is wrong with the store; without --offline the call is sent, and paid for.',
  // Failures of the network and of an answer's bytes (src/infra/client/transport-failure.ts).
  'errors.maybeCharged.hint': 'Not retried: the service may have charged the call.',
  'errors.tooLarge': 'the answer is larger than {size}: aborted',
  'errors.tooLarge.hint':
    'Not retried: the service may have charged the call. If an answer this large is expected, raise --max-body (or SOCIAL_MAX_BODY).',
  'errors.unreadable': 'the answer could not be read: {what} (the call may have been charged)',
  'errors.unreadable.parser.hint': 'Not retried: the service may have charged the call. The HTTP parser said: {said}',
  'errors.unreadable.body': "its body's HTTP framing was malformed",
  'errors.unreadable.head': 'its status line or headers were malformed',
  'errors.unreadable.headers': 'its headers were larger than the HTTP client reads',
  'errors.unreadable.status': 'its status (1xx) is not one that ends an answer',
  'errors.timeout': 'no complete answer within {seconds} s (the call may have been charged)',
  'errors.timeout.hint': 'Not retried: the service may have charged the call. Raise --timeout if the service is slow.',
  'errors.broken': 'the connection broke after the request was sent (the call may have been charged)',
  'errors.unreachable.timeout': 'cannot reach {origin}: no connection within {seconds} s',
  'errors.unreachable': 'cannot reach {origin}: {detail}',
  'errors.unreachable.hint': 'Check the base URL (`social config get base-url`) and the network.',
  'errors.interrupted': 'interrupted',
  'errors.interrupted.sent': 'interrupted after the request was sent (the call may have been charged)',
  'errors.interrupted.sent.hint': '`social credits` counts it as uncertain.',
  'errors.interrupted.notSent': 'interrupted before it was sent: nothing charged',
  // `social config` (src/commands/config/).
  'errors.config.needsValue': 'config set {key} needs a value',
  'errors.config.cancelled': 'cancelled',
  'errors.config.noValue': 'no value on stdin',
  'errors.config.noValue.hint': 'Pipe it in (printf %s "$KEY" | social config set api-key) or type it when asked.',
  'errors.config.unknownKey': '{got} is not a setting',
  'errors.config.unknownKey.hint': '{didYouMean}Settings:\n{settings}',
  // `social completion` (src/commands/completion/).
  'errors.completion.shell': '{got} is not a shell social completes',
  'errors.completion.shell.hint': '{didYouMean}Shells: {shells}.',
  'errors.completion.kind': '{got} is not a kind of value social completes',
  // `social api` (src/commands/api/).
  'errors.api.field': '{flag} takes key=value; got {got}',
  'errors.api.method': '-X takes {methods}; got {got}',
  'errors.api.unsendable': 'the path has {char} at character {at}: {path}',
  'errors.api.unsendable.hint':
    'A path has no spaces or control characters; give query values with -f key=value, which encodes them.',
  'errors.api.url': 'give a path under /api/v1, not a URL: {path}',
  'errors.api.url.hint': 'For example: social api /api/v1/github/profile -f handle=octocat',
  'errors.api.tooLong': 'the path is {length} characters; a path has at most {max}: {path}',
  'errors.api.noRoute': 'give the path of a route',
  'errors.api.noRouteOnly': 'give the path of a route, not only {path}',
  'errors.api.noRoute.hint':
    'For example: social api /api/v1/github/profile -f handle=octocat (social api /openapi.json lists them).',
  'errors.api.fragment': 'a path has no # fragment: {path}',
  'errors.api.percent': 'the path has a % that is not an escape like %2F: {path}',
  'errors.api.emptySegment': 'the path has an empty segment (//): {path}',
  'errors.api.dotSegment': 'the path may not contain . or .. segments',
  'errors.api.methodAlone': '{got} is a method, not a path: give the path too',
  'errors.api.methodAlone.hint': 'social api -X {method} <path>',
  'errors.api.methodFirst': 'the method goes in -X, not before the path: {got}',
  'errors.api.methodFirst.hint': 'For example: social api -X {method} {path}',
  'errors.api.onePath': {
    one: 'api takes one path; got {n} argument: {args}',
    other: 'api takes one path; got {n} arguments: {args}',
  },
  // `social mcp` (src/commands/mcp/).
  'errors.mcp.tokenWithoutHttp': '--token is the bearer token of --http: stdio needs none',
  'errors.mcp.tokenForm': 'the token must be 16 to 256 printable ASCII characters with no spaces',
  'errors.mcp.portInUse': 'port {port} is in use',
  'errors.mcp.portInUse.hint': 'Pick another with --http, or --http 0.',
  'errors.mcp.overBudget':
    "this call can cost {price}, and the session's --max-credits budget of {max} has {left} left ({spent} spent): nothing sent",
  'errors.mcp.overBudgetHeld':
    "this call can cost {price}, and the session's --max-credits budget of {max} has {left} left ({spent} spent, {held} held by calls under way): nothing sent",
  'errors.mcp.priceUnknown': 'a price social does not know',
  'errors.mcp.overBudget.hint': 'Ask the person to restart `social mcp` with a larger --max-credits.',
  'errors.mcp.notAgreed': 'not sent: the person did not agree ({action}) to a call that may cost {cost}',
  'errors.mcp.confirmRequired':
    'not sent: {tool} may cost {cost}, above --confirm-above {threshold}. Ask the person; if they agree, repeat the call with confirm: true.',
  'errors.mcp.quoteRefused': 'the arguments of {tool} are refused: {issues}',
  'errors.mcp.client': '{got} is not a client social installs into',
  'errors.mcp.client.hint': 'One of: {clients}.',
  'errors.mcp.name': '--name takes letters, digits, - and _ (up to 64)',
  'errors.mcp.install.printDryRun':
    '--print shows the entry and --dry-run the change to the file: use one or the other',
  'errors.mcp.noHome': "no home folder to find the client's file in: HOME is not set",
  'errors.mcp.install.read': 'could not read {path}: {reason}',
  'errors.mcp.install.write': 'could not write {path}: {reason}',
  'errors.mcp.install.notEditable':
    '{path} is not a JSON object social can edit (comments, or {key} not an object): nothing written',
  'errors.mcp.install.notEditable.hint': 'Add the entry by hand: `social mcp install <client> --print` shows it.',
  // The settings file and the values it takes (src/infra/config.ts).
  'errors.setting.timeout': '{name} must be seconds from 0.001 (1 ms) to 86400 (a day); got {got}',
  'errors.setting.timeout.hint': 'For example 30, or 2.5.',
  'errors.setting.maxBody': '{name} must be a size from 1KB to 512MB; got {got}',
  'errors.setting.maxBody.hint': 'For example 64MB (units KB, MB, GB of 1024; the default is {default}).',
  'errors.setting.unreadable': 'cannot read {path}: {reason}',
  'errors.setting.notJson': '{path} is not valid JSON',
  'errors.setting.notJson.hint':
    'Fix it by hand, or move it aside (mv {path} {path}.bad) and set values again with `social config set`.',
  'errors.setting.apiKey': 'api-key must be one word of printable ASCII, with no spaces',
  'errors.setting.apiKey.hint': 'For example: social config set api-key  (then paste the key)',
  'errors.setting.output': 'output must be one of {formats}',
  'errors.setting.retries': 'retries must be a whole number from 0 to 10, like 2',
  'errors.setting.store': 'store must be a postgres:// URL or a file',
  'errors.setting.store.hint': 'For example postgres://me@db:5432/social',
  // A store setting no store can be opened from (src/infra/store/store-setting.ts): never the URL itself.
  'errors.storeUrl': '{source}: not a store social can use: {why}',
  'errors.storeUrl.hint':
    'A store is a file or a postgres:// URL, such as postgres://me@db.internal:5432/social (the URL is not shown: it may hold a password).',
  'errors.storeUrl.why.space': 'its postgres:// URL has a space in it (one in a password is written %20)',
  'errors.storeUrl.why.host': 'its postgres:// URL names no host',
  'errors.storeUrl.why.port': "its postgres:// URL's port is not a number from 1 to 65535",
  'errors.storeUrl.why.parse': 'its postgres:// URL does not parse',
  'errors.storeUrl.why.file': "its postgres:// URL's {param} names a file that cannot be read: {path} ({code})",
  'errors.storeUrl.why.scheme': '{scheme}:// is not a kind of store social knows (postgres:// or postgresql://)',
  'errors.baseUrl.notUrl': 'base URL {url} is not a URL',
  'errors.baseUrl.notUrl.hint': 'For example https://api.example.com, or use --sandbox to try social locally.',
  'errors.baseUrl.protocol': 'base URL must be http(s); got {protocol}',
  'errors.baseUrl.plainHttp': 'refusing plain http to {host}: the API key would cross the network unencrypted',
  'errors.baseUrl.plainHttp.hint':
    'Use an https:// base URL; plain http is accepted only for a loopback host (127.0.0.1, localhost, ::1).',
  'errors.baseUrl.extras': 'base URL must not carry credentials, a query or a fragment',
  // The platform and niche arguments, and the chart options (src/commands/shared/).
  'errors.platform.unknown': '{got} is not a platform',
  'errors.platform.noRoute': '{got} has no {route} route',
  'errors.platform.hint': '{route} works on: {platforms}.',
  // A handle refused (src/domain/platforms.ts): what is wrong with it, then the platform's rule.
  'errors.handle.refused': '{refusal}. {rules}',
  'errors.handle.notUrl': '{platform} handle {input} is not a valid URL',
  'errors.handle.notProfileUrl': '{platform} handle {input} is not a {platform} profile URL (like {url})',
  'errors.handle.notProfileUrlAn': '{platform} handle {input} is not an {platform} profile URL (like {url})',
  'errors.handle.empty': '{platform} handle {input} is empty',
  'errors.handle.noInstance':
    '{platform} handle {input} has no instance; mastodon handles are user@instance and social never picks a server for you',
  'errors.handle.noMatch': '{platform} handle {input} does not match the handle rule',
  'errors.handle.rules': 'A {platform} handle is {rule}; for example {example} or {url}',
  'errors.handle.rulesAn': 'An {platform} handle is {rule}; for example {example} or {url}',
  'errors.handle.rule.bluesky': 'a domain name of at least two labels (letters, digits, hyphens), no slashes',
  'errors.handle.rule.github': 'letters, digits and single hyphens, up to 39 characters, no hyphen at either end',
  'errors.handle.rule.instagram': 'letters, digits, dots and underscores, 1 to 30 characters',
  'errors.handle.rule.linktree': 'letters, digits, dots, underscores and hyphens, 1 to 60 characters',
  'errors.handle.rule.mastodon':
    'user@instance: the instance is a public DNS name (no IP address, port or path); never completed with a default server',
  'errors.handle.rule.medium': 'the username without the @ sign: letters, digits, dots, underscores, hyphens, 1 to 64',
  'errors.handle.rule.pinterest': 'letters, digits, underscores and hyphens, 1 to 30 characters',
  'errors.handle.rule.soundcloud':
    'the permalink (last part of the profile URL, not the display name): letters, digits, underscores, hyphens, 1 to 80',
  'errors.handle.rule.threads': 'letters, digits, dots and underscores, 1 to 30 characters',
  'errors.handle.rule.tiktok': 'letters, digits, dots and underscores, 1 to 24 characters',
  'errors.niche.unknown': 'unknown niche {niche} (no paid request was sent, nothing charged)',
  'errors.niche.unknown.hint': 'Niches: {niches} (see `social niches`).',
  'errors.niche.none.hint': 'The archive lists no niches (see `social niches`).',
  'errors.chart.topWithoutChart': '--top and --metric go with --chart or --chart-file',
  'errors.chart.dryRun': '{option} draws an answer, and --dry-run sends nothing: use one or the other',
  'errors.chart.withFormat': '--chart draws the chart on stdout: leave out -o/--json/--jq, or use --chart-file',
  'errors.chart.notSvg': '--chart-file writes SVG: name a .svg file, not {got}',
  'errors.chart.metric': '--metric is rank or points, not {got}',
  // `social post`, `posts`, `transcript`, `search` (src/commands/).
  'errors.post.notPost': '{got} is not a bluesky post',
  'errors.post.notPost.hint': 'Give an AT Protocol post URI or its bsky.app URL, like {example}',
  'errors.posts.noLimit': '{platform} posts take no --limit: the service returns the posts that come on the page',
  'errors.transcript.shortLink': '{got} is a short link, which the transcript route does not take',
  'errors.transcript.shortLink.hint': 'Open it in a browser and paste the full video URL it leads to, like {example}',
  'errors.transcript.notVideo': '{got} is not a tiktok video URL',
  'errors.transcript.notVideo.hint':
    "Give the video's own URL, https://www.tiktok.com/@<user>/video/<id>, like {example}",
  'errors.search.noWords': 'search needs at least one word to find',
  // `social trends` (src/commands/trends/): a call coverage shows to be empty.
  'errors.trends.noWindow':
    'niche {niche} has no window in the archive (coverage: windows_24h {windows}, last_window null)',
  'errors.trends.afterLastWindow': 'the span begins at {from} UTC, after the last window of niche {niche} ({last} UTC)',
  'errors.trends.empty': '{reason}: trends would find nothing and charge {credits} all the same; nothing sent',
  'errors.trends.empty.hint': '--force sends it anyway, for {credits}.',
  // `social movers` (src/commands/movers/).
  'errors.movers.resetState': '--reset-state goes with --new-only',
  'errors.movers.resetState.hint': 'For example: social movers tech --new-only --reset-state',
  'errors.movers.sharedState':
    '--new-only keeps its state on the PostgreSQL store {store}, which could not be opened: nothing sent',
  'errors.movers.sharedState.hint': 'The warning below says why; run again once the store can be reached.',
  // `social store` (src/commands/store/).
  'errors.store.noQuery': 'give a query, like "SELECT count(*) FROM fetches"',
  'errors.store.notFound.hint': 'Run a paid command (or `social --sandbox profile github octocat`) to store an answer.',
  'errors.store.nothingYet': 'nothing is stored yet ({location})',
  'errors.track.storeOff': 'the local store is off (SOCIAL_STORE=off): the watchlist is kept in it',
  'errors.store.offNothingStored': 'the local store is off (SOCIAL_STORE=off): nothing is stored',
  'errors.store.tooManyRows': 'the query gives more than {max} rows',
  'errors.store.tooManyRows.hint':
    'Add a LIMIT, or an aggregate (count, sum, GROUP BY); `social store export` streams a whole table.',
  'errors.store.queryFailed': 'the query failed: {reason}',
  'errors.store.queryFailed.hint': 'Tables and columns: docs/store.md.',
  'errors.store.exportFormat': 'export writes ndjson or csv, a row at a time; not {format}',
  'errors.store.exportFormat.hint': 'Give -o ndjson or -o csv.',
  'errors.store.noTable': '{table} is not a table of the store',
  'errors.store.noTable.hint': 'Tables: {tables}.',
  'errors.store.damaged': '{location} is damaged: {problem}',
  // What `store check` finds wrong with a PostgreSQL store (src/infra/store/postgres.ts): a row of its table.
  'errors.store.check.newerSchema': "schema version {version} is newer than this social's {supported}",
  'errors.store.check.noTable': 'table {table} is missing',
  'errors.store.check.invalidIndex': 'index {index} is invalid: rebuild it (REINDEX)',
  'errors.store.check.index': 'index {index}: {problem}',
  'errors.store.damaged.postgres.hint':
    'Mend what it names as the database owner (REINDEX an invalid index), or point the store at a new database: social makes its tables at the next paid answer.',
  'errors.store.damaged.sqlite.hint':
    'Move it aside (a new store is made at the next paid answer); `sqlite3 FILE .recover` may save its rows.',
  // The PostgreSQL store and the budgets shared on it (src/infra/postgres/).
  'errors.pgStore.authRefused': 'the PostgreSQL store {store} refused to let this user in ({reason})',
  'errors.pgStore.authRefused.hint':
    'Check the user and password: in the store URL, PGPASSWORD, or ~/.pgpass (PGPASSFILE); the password is never printed.',
  'errors.pgStore.noDatabase': 'the PostgreSQL store {store} has no such database ({reason})',
  'errors.pgStore.noDatabase.hint':
    'Create it (createdb NAME, or CREATE DATABASE) or correct the store URL; social creates its tables, not the database.',
  'errors.pgStore.unreachable': 'the PostgreSQL store {store} cannot be reached ({reason})',
  'errors.pgStore.unreachable.hint': 'Check that the server is running and the store URL (host, port) is right.',
  'errors.pgStore.failed': 'the PostgreSQL store {store} failed: {reason}',
  'errors.pgStore.noPassword': 'it asks for a password, and none was found',
  // A driver's reason with the URL it named taken out (src/infra/postgres/pg-failures.ts).
  'errors.pgStore.reason.urlHidden': '{before}{url}{after}',
  'errors.pgStore.url': 'the store URL',
  'errors.pgStore.newer':
    'the PostgreSQL store {store} has schema version {version}, from a newer social (this one knows {known}): nothing written to it',
  'errors.pgStore.newer.hint': 'Upgrade social on this machine to the version the other machines run.',
  'errors.sharedBudget.name':
    "a budget's name is 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit; got {got}",
  'errors.sharedBudget.name.hint': 'For example --budget team or --budget crawl-2026-12.',
  'errors.sharedBudget.none': 'there is no budget {name} on the store {store}: nothing sent',
  'errors.sharedBudget.none.hint':
    'Give its limit (--max-credits N --budget {name}), or set it: social budget set {name} N.',
  'errors.sharedBudget.differs': 'the budget {name} is {limit}, not {credits} (--max-credits): nothing sent',
  'errors.sharedBudget.differs.hint':
    'Drop --max-credits to spend from it as it is, or change it for everyone: social budget set {name} {credits}.',
  'errors.sharedBudget.per.month': '{credits} a month',
  'errors.sharedBudget.per.day': '{credits} a day',
  // The --new-only state of movers, in a file or on the PostgreSQL store (src/infra/state/seen.ts,
  // src/infra/postgres/pg-seen.ts).
  'errors.seen.inUse': '--new-only state {path} is in use by another social run; waited {seconds} s and sent nothing',
  'errors.seen.inUseShared':
    '--new-only state of {niche} on the PostgreSQL store {store} is in use by another social run; waited {seconds} s and sent nothing',
  'errors.seen.inUse.hint': 'Runs overlap: space them out, or raise SOCIAL_LOCK_WAIT_MS (milliseconds).',
  'errors.seen.unwritable':
    '--new-only needs to keep its state in {path}, which cannot be written ({reason}); nothing was sent',
  'errors.seen.unwritable.hint': 'Point SOCIAL_CONFIG_DIR at a folder this user can write, or drop --new-only.',
  'errors.seen.damaged':
    '--new-only state {path} is damaged ({reason}); going on would report every mover again, so nothing was sent',
  'errors.seen.damaged.hint': 'Look at the file, or run again with --reset-state to move it aside and start afresh.',
  'errors.seen.notState': 'not a --new-only state file',
  // Times and intervals on the command line (src/domain/archive/interval.ts).
  'errors.time.notDate': '{flag} {got} is not a real date',
  'errors.time.notDateTime': '{flag} {got} is not a real date-time',
  'errors.time.notTime': '{flag} {got} is not a time',
  'errors.time.hint':
    'Give an ISO 8601 instant (2026-11-20T08:00Z), a date (2026-11-20, midnight UTC), or an age (90m, 36h, 7d, 2w).',
  'errors.time.noZone': '{flag} {got} has no time zone, so it names a different instant on every machine',
  'errors.time.noZone.hint': 'Add Z for UTC or an offset, like {text}Z or {text}+01:00.',
  'errors.time.order': '--from ({from}) must be before --to ({to})',
  'errors.time.order.hint': 'Ages count back from now: --from 7d --to 1d is the week up to yesterday.',
  'errors.time.span': {
    one: 'the interval spans {span}; the archive serves at most {n} day per call',
    other: 'the interval spans {span}; the archive serves at most {n} days per call',
  },
  'errors.time.span.hint': {
    one: 'Split it into calls of {n} day or less (each call costs 1 credit).',
    other: 'Split it into calls of {n} days or less (each call costs 1 credit).',
  },
  'errors.time.future': '--since {got} is in the future',
  // An answer the client could not understand (src/infra/client/interpret.ts).
  'errors.response.notUnderstood': 'response not understood: {what}',
  'errors.response.notUnderstood.hint':
    'Nothing was retried. If the service changed, update social; otherwise report it with the request id.',
  'errors.response.unreadable': 'it could not be read ({reason})',
  'errors.response.notJson': 'the body is not JSON',
  'errors.response.strict': '--strict: the service sent {drift}',
  'errors.response.noErrorType': 'the envelope says it failed but carries no error type',
  // Why a success body cannot be read (src/infra/client/reader.ts), and the rules between an envelope's fields.
  'errors.response.tooDeep': 'the body nests deeper than {levels} levels',
  'errors.response.notObject': 'the body is not a JSON object',
  'errors.response.noSuccess': 'the body has no success field',
  'errors.response.dataNotObject': 'data is not an object',
  'errors.response.fieldIs': '{field} is {sent}',
  'errors.response.fieldMissing': '{field} is missing',
  'errors.response.rule': '{rule}',
  'errors.response.rule.oneOfDataAndError': 'exactly one of data and error must be null',
  'errors.response.rule.successWithoutError': 'success must be true exactly when error is null',
  // --jq (src/infra/vendor/jq.ts): jq's own words are said as jq says them.
  'errors.jq.refused': '--jq: {jq}',
  'errors.jq.refused.hint': 'The expression was: {expression}',
  'errors.jq.notLoaded': '--jq: jq could not be loaded: {reason}',
  'errors.jq.interrupted': 'interrupted while --jq ran',
  'errors.jq.failedOnAnswer': '--jq failed on the answer: {reason}',
  'errors.jq.failedOnRecords': {
    one: '--jq failed on {failed} of {n} record: {reason}',
    other: '--jq failed on {failed} of {n} records: {reason}',
  },
  'errors.jq.outOfMemory': "the filter ran out of memory: the built-in jq's WebAssembly has a fixed limit",
  'errors.jq.broken': "jq's WebAssembly failed ({broken}), as it does on values nested hundreds of levels deep",
  'errors.jq.tooNested': 'the value has more than {max} objects inside one another, more than the built-in jq reads',
  // A chart file that could not be written (src/output/charts/destination.ts).
  'errors.chartFile.unwritable': 'could not write the chart to {path} ({reason})',
  'errors.chartFile.unwritable.hint':
    'The answer was received, charged and printed on stdout; charting it again is another call. Name a .svg file in a folder you can write to.',
  'errors.write.noFolder': 'no such folder',
  'errors.write.readOnly': 'read-only file system',
  'errors.write.isFolder': 'it is a folder',
  'errors.write.noSpace': 'no space left on the device',
  // `social sandbox` (src/commands/sandbox/).
  'errors.sandbox.now': '--now {got} is not an ISO 8601 instant',
  'errors.sandbox.now.hint': 'For example --now 2026-11-21T12:00:00Z',
  'errors.sandbox.host': '--host {got} is not an address to listen on',
  'errors.sandbox.host.hint':
    'Give an IP address (127.0.0.1, ::1, 0.0.0.0 for every interface) or a host name of this machine (localhost).',
  'errors.sandbox.portInUse': 'port {port} is in use',
  'errors.sandbox.portInUse.hint': 'Pick another with --port, or --port 0 for a free one.',
  'errors.sandbox.listen': 'cannot listen on {host} port {port}: {why}',
  'errors.sandbox.listen.noHost': 'no such host',
  'errors.sandbox.listen.lookUp': 'the host name could not be looked up',
  'errors.sandbox.listen.notHere': 'not an address of this machine',
  'errors.sandbox.listen.denied': 'permission denied (ports below 1024 need privileges)',
  'errors.sandbox.listen.family': 'this machine does not support that address family',
  // `social skill` (src/commands/skill/).
  'errors.skill.inExecutable': 'the single executable carries no skill file',
  'errors.skill.missing': 'the skill file is not where it should be: {path}',
  'errors.skill.missing.hint': 'It is {file} in the npm package of social.',
  // --max-credits (src/runtime/budget.ts).
  'errors.budget.unknownPrice':
    'the price of this route is not known to social, so it cannot be held to the --max-credits budget of {budget}: nothing sent',
  'errors.budget.unknownPrice.hint': 'Run it without --max-credits to send it.',
  'errors.budget.over': 'this call can cost {credits} > budget {budget} (--max-credits): nothing sent',
  'errors.budget.over.hint': 'Give --max-credits {cost} or more to send it.',
  'errors.budget.heldBack': 'not sent: held back by the --max-credits budget of {budget}',
  'errors.budget.heldBackShared': 'not sent: held back by the shared budget {name}',
  // `social budget` (src/commands/budget/): budgets shared on a PostgreSQL store.
  'errors.budget.per': '--per takes month or day; got {got}',
  'errors.budget.per.hint': 'Leave it out for a budget that never renews.',
  'errors.budget.noStore': 'budgets are shared through a PostgreSQL store, and no store URL is set',
  'errors.budget.noStore.hint':
    'Set one: SOCIAL_STORE=postgres://user@host:5432/db, or social config set store postgres://…',
  'errors.budget.unknown': 'there is no budget {name} on the store',
  'errors.budget.unknown.hint': 'Set one: social budget set {name} N',
  // --budget, the shared budget (src/runtime/shared-budget.ts).
  'errors.sharedBudget.unknownPrice':
    'the price of this route is not known to social, so it cannot be held to the shared budget {name}: nothing sent',
  'errors.sharedBudget.unknownPrice.hint': 'Run it without --budget to send it.',
  'errors.sharedBudget.heldBack': {
    one: 'not sent: held back by the shared budget {name} of {credits} credit',
    other: 'not sent: held back by the shared budget {name} of {credits} credits',
  },
  'errors.sharedBudget.heldBack.hint': 'See what is spent with social budget show {name}.',
  'errors.sharedBudget.unenforceable': 'not sent: the shared budget {name} cannot be enforced: {why}',
  'errors.sharedBudget.unenforceable.hint':
    'Nothing more is sent by this run; run it again (with --skip for a batch) once the store is back.',
} satisfies Messages;
