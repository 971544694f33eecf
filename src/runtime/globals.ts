// Global options resolved once per run: flag over environment over config file.

import { parseTime } from '../domain/archive/interval.js';
import { demoKeyNames, isDemoKey } from '../domain/demo-keys.js';
import { SocialError, usageError } from '../domain/errors.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../domain/formats.js';
import { isOn } from '../domain/setting-words.js';
import { formatBytes } from '../domain/sizes.js';
import { describedChar, quoted } from '../domain/text.js';
import type { ConfigKey, ConfigValues } from '../infra/config.js';
import {
  checkBaseUrl,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_TIMEOUT_S,
  maskKey,
  parseMaxBody,
  parseTimeout,
  readConfig,
} from '../infra/config.js';
import type { Context } from '../infra/context.js';
import { colourEnabled } from '../infra/context.js';
import { checkBudgetName } from '../infra/postgres/budget-name.js';
import { isPostgresUrl, maskedUrl } from '../infra/postgres/store-url.js';
import { storeOff } from '../infra/store/access.js';
import { checkStoreSetting } from '../infra/store/store-setting.js';
import type { JqFilter } from '../infra/vendor/jq.js';
import type { Said } from '../messages/catalogue.js';
import { said, t } from '../messages/use-errors.js';
import { parseDuration, parseInteger } from './options.js';

export interface RawGlobals {
  output?: string;
  json?: boolean;
  quiet?: boolean;
  apiKey?: string;
  baseUrl?: string;
  timeout?: string;
  maxBody?: string;
  retries?: string;
  color?: boolean;
  debug?: boolean;
  strict?: boolean;
  sandbox?: boolean;
  sandboxNow?: string;
  dryRun?: boolean;
  maxCredits?: string;
  maxAge?: string;
  offline?: boolean;
  /** false with --no-store. */
  store?: boolean;
  budget?: string;
  exact?: boolean;
  pager?: boolean;
  /** A command's --fields, checked against its columns as it is parsed (fields-option.ts). */
  fields?: string[];
  jq?: string;
}

export interface Globals {
  format: OutputFormat;
  quiet: boolean;
  debug: boolean;
  /** Any drift of an answer from the documented shape is a failure (exit 11), not a note. */
  strict: boolean;
  /** Colour on stdout and on stderr, decided separately: one may be a terminal and not the other. */
  colorOut: boolean;
  colorErr: boolean;
  apiKey: string | undefined;
  /** The key came from --api-key: under --sandbox only such a key replaces the demo key. */
  apiKeyFromFlag: boolean;
  /** Where the key came from, for messages about it. */
  apiKeySource: string | Said;
  baseUrl: string | undefined;
  timeoutMs: number;
  maxBodyBytes: number;
  retries: number;
  sandbox: boolean;
  /** --sandbox-now or SOCIAL_SANDBOX_NOW: the instant the sandbox's clock, and the run's, are fixed at. */
  sandboxNow: Date | undefined;
  dryRun: boolean;
  /** --max-credits: the most this run may spend (budget.ts); undefined for no limit. */
  maxCredits: number | undefined;
  /** --max-age: an answer stored younger than this (ms) is printed instead of sending. */
  maxAgeMs: number | undefined;
  /** --offline: answers come from the local store only; nothing is sent. */
  offline: boolean;
  /** false with --no-store (or SOCIAL_STORE=off): this run neither reads nor writes the store. */
  store: boolean;
  /** --budget (or SOCIAL_BUDGET): the budget shared by every process on the PostgreSQL store. */
  budget: string | undefined;
  /** The store setting (SOCIAL_STORE, or the config file's store): a postgres:// URL names a server. */
  storeUrl: string | undefined;
  /** Where the store setting was given, as a message about it names it: SOCIAL_STORE, or the file's. */
  storeFrom: string | Said;
  /** Counts in tables always exact (21,345), never compact (21K). */
  exact: boolean;
  /** false with --no-pager. */
  pager: boolean;
  /** --fields: the table and csv columns, and the keys of json and ndjson records, in order. */
  fields: string[] | undefined;
  /** --jq's expression: the output is what it prints, from the JSON the command would print. */
  jq: string | undefined;
  /** The --jq filter, compiled (by withFilter, before anything is sent). */
  filter?: JqFilter;
}

const DEFAULT_RETRIES = 2;

/** Where a setting's value came from: flag over environment over file over default. */
export type SettingSource = 'flag' | 'environment' | 'file' | 'default';

export interface Setting {
  /** The value in effect, as given (the key unmasked: mask it before showing it); undefined if none. */
  value: string | undefined;
  /** null when the setting is not set anywhere and has no default. */
  source: SettingSource | null;
  /** The flag or environment variable it came from, for messages. */
  from?: string;
}

// One row a setting: the flag and variable that override the file. A setting added to CONFIG_KEYS
// must say here how it is given, or this does not compile.
const GIVEN_BY: Record<ConfigKey, { flag?: keyof RawGlobals; flagName?: string; env?: string }> = {
  'api-key': { flag: 'apiKey', flagName: '--api-key', env: 'SOCIAL_API_KEY' },
  'base-url': { flag: 'baseUrl', flagName: '--base-url', env: 'SOCIAL_BASE_URL' },
  output: { flag: 'output', flagName: '--output' },
  timeout: { flag: 'timeout', flagName: '--timeout' },
  retries: { flag: 'retries', flagName: '--retries' },
  'max-body': { flag: 'maxBody', flagName: '--max-body', env: 'SOCIAL_MAX_BODY' },
  store: { env: 'SOCIAL_STORE' },
};

/** The value of `key` in effect and where it came from: flag, environment, file or default. */
export function effectiveSetting(key: ConfigKey, raw: RawGlobals, ctx: Context, config: ConfigValues): Setting {
  const given = GIVEN_BY[key];
  if (key === 'output' && raw.json) return { value: 'json', source: 'flag', from: '--json' };
  const flag = given.flag === undefined ? undefined : raw[given.flag];
  if (typeof flag === 'string') return { value: flag, source: 'flag', from: given.flagName };
  const fromEnv = given.env === undefined ? undefined : fromEnvironment(key, ctx.env[given.env]);
  if (fromEnv !== undefined) return { value: fromEnv, source: 'environment', from: given.env };
  const saved = stringSetting(config[key]);
  if (saved !== undefined) return { value: saved, source: 'file' };
  const fallback = defaultOf(key, ctx);
  return fallback === undefined ? { value: undefined, source: null } : { value: fallback, source: 'default' };
}

function defaultOf(key: ConfigKey, ctx: Context): string | undefined {
  if (key === 'output') return ctx.io.stdoutIsTTY ? 'table' : 'json';
  if (key === 'timeout') return String(DEFAULT_TIMEOUT_S);
  if (key === 'retries') return String(DEFAULT_RETRIES);
  if (key === 'max-body') return String(DEFAULT_MAX_BODY_BYTES);
  return undefined;
}

/**
 * Options that cannot both hold, refused before anything is sent rather than one silently winning
 * (the list is in docs/guide.md, "Options that do not go together").
 */
function refuseConflicts(raw: RawGlobals): void {
  if (raw.json === true && raw.output !== undefined && raw.output !== 'json')
    throw usageError(said('errors.options.jsonWithOutput', { output: raw.output }));
  if (raw.sandbox === true && raw.baseUrl !== undefined) throw usageError(said('errors.options.sandboxBaseUrl'));
  // The value is never echoed: it may be a real key, and the sandbox must not receive it.
  // An empty or malformed key is the key's own error (exit 3), as without --sandbox.
  if (raw.sandbox === true && raw.apiKey !== undefined && !isDemoKey(checkApiKey(raw.apiKey, '--api-key')))
    throw usageError(said('errors.options.sandboxKey', { keys: demoKeyNames() }));
  if (raw.sandboxNow !== undefined && raw.sandbox !== true) throw usageError(said('errors.options.sandboxNow'));
  if (raw.quiet === true && raw.debug === true) throw usageError(said('errors.options.quietDebug'));
}

export function resolveGlobals(raw: RawGlobals, ctx: Context, config: ConfigValues = readConfig(ctx.env)): Globals {
  const { env, io } = ctx;
  refuseConflicts(raw);
  const setting = (key: ConfigKey) => effectiveSetting(key, raw, ctx, config).value;
  const format = raw.jq === undefined ? (setting('output') as string) : 'json';
  // --jq works on JSON: an explicit other format is a contradiction, said rather than ignored.
  if (raw.jq !== undefined && raw.output !== undefined && raw.output !== 'json' && raw.output !== 'ndjson')
    throw usageError(said('errors.options.jqFormat', { output: raw.output }));
  if (raw.jq !== undefined && raw.fields !== undefined) throw usageError(said('errors.options.fieldsJq'));
  if (raw.offline === true && raw.store === false) throw usageError(said('errors.options.offlineNoStore'));
  if (raw.maxAge !== undefined && raw.store === false) throw usageError(said('errors.options.maxAgeNoStore'));
  // A plan has its own columns (method, url, max credits), none of the command's: said, not ignored.
  if (raw.dryRun === true && raw.fields !== undefined)
    throw usageError(said('errors.options.fieldsDryRun'), t('errors.options.fieldsDryRun.hint'));
  if (!(OUTPUT_FORMATS as readonly string[]).includes(format)) {
    throw usageError(said('errors.options.output', { formats: OUTPUT_FORMATS.join(', '), got: quoted(format) }));
  }
  const timeout =
    raw.timeout !== undefined
      ? parseTimeout(raw.timeout, '--timeout')
      : parseTimeout(config.timeout ?? DEFAULT_TIMEOUT_S, said('errors.options.inConfigFile', { key: 'timeout' }));
  const maxBody =
    raw.maxBody !== undefined
      ? parseMaxBody(raw.maxBody, '--max-body')
      : nonEmpty(env.SOCIAL_MAX_BODY) !== undefined
        ? parseMaxBody(env.SOCIAL_MAX_BODY!, 'SOCIAL_MAX_BODY')
        : parseMaxBody(
            config['max-body'] ?? DEFAULT_MAX_BODY_BYTES,
            said('errors.options.inConfigFile', { key: 'max-body' }),
          );
  const retriesRaw = setting('retries') as string;
  const retries = /^\d+$/.test(String(retriesRaw)) ? Number(retriesRaw) : Number.NaN;
  if (!Number.isInteger(retries) || retries > 10) {
    throw usageError(said('errors.options.retries', { got: quoted(String(retriesRaw)) }));
  }
  const noColor = raw.color === false;
  const store = {
    storeUrl: setting('store'),
    storeFrom:
      effectiveSetting('store', raw, ctx, config).source === 'environment'
        ? 'SOCIAL_STORE'
        : said('errors.options.inConfigFile', { key: 'store' }),
  };
  // A store that is off holds nothing to answer from: --offline and --max-age are refused as
  // beside --no-store, not sent and paid for (--max-age) or said as nothing stored (--offline).
  for (const [flag, given] of [
    ['--offline', raw.offline === true],
    ['--max-age', raw.maxAge !== undefined],
  ] as const)
    if (given && storeOff(store.storeUrl)) throw usageError(said('errors.options.storeOff', { flag }));
  return {
    format: format as OutputFormat,
    quiet: raw.quiet === true,
    debug: raw.debug === true,
    strict: raw.strict === true || isOn(env.SOCIAL_STRICT),
    colorOut: colourEnabled(env, io.stdoutIsTTY, noColor),
    colorErr: colourEnabled(env, io.stderrIsTTY, noColor),
    apiKey: setting('api-key'),
    apiKeyFromFlag: raw.apiKey !== undefined,
    apiKeySource:
      raw.apiKey !== undefined
        ? '--api-key'
        : fromEnvironment('api-key', env.SOCIAL_API_KEY) !== undefined
          ? 'SOCIAL_API_KEY'
          : said('errors.key.fromConfigFile'),
    baseUrl: setting('base-url'),
    timeoutMs: Math.round(timeout * 1000),
    maxBodyBytes: maxBody,
    retries,
    sandbox: raw.sandbox === true,
    sandboxNow: raw.sandbox === true ? sandboxClock(raw, ctx) : undefined,
    dryRun: raw.dryRun === true,
    maxCredits:
      raw.maxCredits === undefined
        ? undefined
        : parseInteger('--max-credits', raw.maxCredits, 0, Number.MAX_SAFE_INTEGER),
    maxAgeMs: raw.maxAge === undefined ? undefined : parseDuration('--max-age', raw.maxAge),
    offline: raw.offline === true,
    store: raw.store !== false,
    budget: budgetName(raw.budget ?? nonEmpty(env.SOCIAL_BUDGET), store, raw.sandbox === true, ctx),
    ...store,
    exact: raw.exact === true,
    pager: raw.pager !== false,
    fields: raw.fields,
    jq: raw.jq,
  };
}

/**
 * The run's now, as its context will have it (withRunClock: --sandbox-now, SOCIAL_SANDBOX_NOW),
 * for what an action reads before the run starts: a relative age (`--from 36h`, `--since 7d`) is
 * before the sandbox's clock, as the answers are.
 */
export function runNow(raw: RawGlobals, ctx: Context): Date {
  return (raw.sandbox === true ? sandboxClock(raw, ctx) : undefined) ?? ctx.now();
}

/**
 * The instant a --sandbox run's clock is fixed at: --sandbox-now, then SOCIAL_SANDBOX_NOW (an
 * instant, a date, or an age before now); none lets the sandbox's clock run.
 */
function sandboxClock(raw: RawGlobals, ctx: Context): Date | undefined {
  if (raw.sandboxNow !== undefined) return parseTime('--sandbox-now', raw.sandboxNow, ctx.now());
  const fromEnv = nonEmpty(ctx.env.SOCIAL_SANDBOX_NOW);
  return fromEnv === undefined ? undefined : parseTime('SOCIAL_SANDBOX_NOW', fromEnv, ctx.now());
}

/**
 * --budget's name, checked: a budget is shared through a PostgreSQL store, so it needs one (and
 * the sandbox's play money never spends from it).
 */
function budgetName(
  name: string | undefined,
  store: { storeUrl: string | undefined; storeFrom: string | Said },
  sandbox: boolean,
  ctx: Context,
): string | undefined {
  if (name === undefined) return undefined;
  checkBudgetName(name);
  if (sandbox) throw usageError(said('errors.budgetOption.sandbox'));
  // A store URL of another kind is the setting's error, not a store missing.
  checkStoreSetting(ctx.store, store);
  if (!isPostgresUrl(store.storeUrl))
    throw usageError(said('errors.budgetOption.noStore', { name }), t('errors.budgetOption.noStore.hint'));
  return name;
}

/** An environment switch: set, and not 0, false or empty. */
function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/**
 * A setting's environment variable; empty is unset. The key is taken exactly as given, as from
 * --api-key and the config file, so whitespace around it is refused the same way from every source
 * (checkApiKey); other settings are trimmed.
 */
function fromEnvironment(key: ConfigKey, value: string | undefined): string | undefined {
  if (key === 'api-key') return value === undefined || value === '' ? undefined : value;
  return nonEmpty(value);
}

function stringSetting(value: string | number | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}

/** The base URL to talk to, checked; a clear way out when there is none. */
export function requireBaseUrl(globals: Globals): string {
  if (globals.baseUrl === undefined) {
    throw usageError(said('errors.baseUrl.missing'), t('errors.baseUrl.missing.hint'));
  }
  return checkBaseUrl(globals.baseUrl).toString().replace(/\/+$/, '');
}

export function requireApiKey(globals: Globals): string {
  if (globals.apiKey === undefined) {
    throw new SocialError('auth', said('errors.key.missing'), { suggestion: t('errors.key.missing.hint') });
  }
  return checkApiKey(globals.apiKey, globals.apiKeySource);
}

/**
 * A key is printable ASCII with no spaces. Anything else (a pasted CR or LF, a curly quote) cannot
 * be sent in a header, and is refused here, before anything is sent: exit 3, the key never shown.
 */
export function checkApiKey(key: string, source: string | Said): string {
  const again = t('errors.key.again.hint');
  if (key === '') throw new SocialError('auth', said('errors.key.empty', { source }), { suggestion: again });
  const around = /^\s|\s$/u.exec(key);
  if (around !== null) {
    const which =
      key.trim() === ''
        ? said('errors.key.blank', { source })
        : said(around.index === 0 ? 'errors.key.startsWith' : 'errors.key.endsWith', {
            source,
            char: describedChar(around[0]),
          });
    throw new SocialError('auth', which, { suggestion: t('errors.key.exact.hint', { again }) });
  }
  const bad = /[^\u0021-\u007e]/u.exec(key);
  if (bad !== null) {
    const char = describedChar(bad[0]);
    throw new SocialError('auth', said('errors.key.character', { source, char, position: String(bad.index + 1) }), {
      suggestion: t('errors.key.printable.hint', { again }),
    });
  }
  // No key is that long, and the search for it in every answer is one pattern a character.
  if (key.length > MAX_KEY_LENGTH) {
    throw new SocialError(
      'auth',
      said('errors.key.tooLong', { source, length: String(key.length), max: String(MAX_KEY_LENGTH) }),
      { suggestion: again },
    );
  }
  return key;
}

const MAX_KEY_LENGTH = 256;

/** A setting as get, list and status show it: the key masked, a byte count as a size (64 MB). */
export function shown(key: ConfigKey, value: string | number): string {
  if (key === 'api-key') return maskKey(String(value));
  // Any URL: one of another scheme, refused when a store is opened, may hold a password too.
  if (key === 'store' && (isPostgresUrl(String(value)) || String(value).includes('://')))
    return maskedUrl(String(value));
  const bytes = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : undefined;
  if (key === 'max-body' && bytes !== undefined) return formatBytes(bytes);
  return String(value);
}
