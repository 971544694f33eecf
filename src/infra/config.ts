// Settings and local state live in one folder: SOCIAL_CONFIG_DIR, or the platform's config dir
// (user-dirs.ts). This module reads and writes the settings file, with node:fs: a read is one JSON
// parse, a write the same atomic, owner-only write as every state file (domain/state-file.ts).
import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SocialError, usageError } from '../domain/errors.js';
import { OUTPUT_FORMATS } from '../domain/formats.js';
import { formatBytes, parseByteSize } from '../domain/sizes.js';
import { writeTextFile } from '../domain/state-file.js';
import { quoted } from '../domain/text.js';
import type { Said } from '../messages/catalogue.js';
import { said, t } from '../messages/use-errors.js';
import '../messages/use-commands.js';
import type { Context } from './context.js';
import { storeSettingError } from './store/store-setting.js';
import { userDir } from './user-dirs.js';

export const CONFIG_KEYS = ['api-key', 'base-url', 'output', 'timeout', 'retries', 'max-body', 'store'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];
export type ConfigValues = Partial<Record<ConfigKey, string | number>>;

/** What each setting is, in the run's language. */
function about(key: ConfigKey): string {
  return key === 'output'
    ? t('commands.config.setting.output', { formats: OUTPUT_FORMATS.join(', ') })
    : t(`commands.config.setting.${key}`);
}

export const DEFAULT_TIMEOUT_S = 30;
export const DEFAULT_MAX_BODY_BYTES = 32 * 2 ** 20;
const MIN_TIMEOUT_S = 0.001;
const MAX_TIMEOUT_S = 86_400;
const MIN_MAX_BODY_BYTES = 2 ** 10;
// A larger answer could not be read anyway: V8 strings stop at about 512 MB.
const MAX_MAX_BODY_BYTES = 512 * 2 ** 20;

/**
 * A timeout in seconds, from 1 ms to a day. Below 1 ms would round to 0 ms, which undici reads as
 * no timeout at all.
 */
export function parseTimeout(raw: string | number, name: string | Said): number {
  const seconds = typeof raw === 'number' ? raw : /^\s*[\d.]+\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(seconds) || seconds < MIN_TIMEOUT_S || seconds > MAX_TIMEOUT_S)
    throw usageError(
      said('errors.setting.timeout', { name, got: quoted(String(raw)) }),
      t('errors.setting.timeout.hint'),
    );
  return seconds;
}

/** The cap on the size of an answer, in bytes, from 1 KB to 512 MB. */
export function parseMaxBody(raw: string | number, name: string | Said): number {
  const bytes = typeof raw === 'number' ? raw : parseByteSize(raw);
  if (bytes === undefined || !Number.isInteger(bytes) || bytes < MIN_MAX_BODY_BYTES || bytes > MAX_MAX_BODY_BYTES)
    throw usageError(
      said('errors.setting.maxBody', { name, got: quoted(String(raw)) }),
      t('errors.setting.maxBody.hint', { default: formatBytes(DEFAULT_MAX_BODY_BYTES) }),
    );
  return bytes;
}

export function describeConfigKeys(): string {
  return CONFIG_KEYS.map((key) => `  ${key.padEnd(9)} ${about(key)}`).join('\n');
}

/**
 * SOCIAL_CONFIG_DIR, else the platform's config folder (user-dirs.ts: ~/.config/social or
 * $XDG_CONFIG_HOME/social, ~/Library/Preferences/social, %APPDATA%\\social\\Config), read from the
 * process environment.
 */
export function configDir(env: Context['env']): string {
  if (env.SOCIAL_CONFIG_DIR) return env.SOCIAL_CONFIG_DIR;
  return userDir('config', 'social');
}

export function configPath(env: Context['env']): string {
  return join(configDir(env), 'config.json');
}

/** The saved settings. A missing file is no settings. */
export function readConfig(env: Context['env']): ConfigValues {
  const path = configPath(env);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    // No file, or a path that cannot hold one (a parent is a file): no settings.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return {};
    throw new SocialError('unexpected', said('errors.setting.unreadable', { path, reason: (error as Error).message }));
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as ConfigValues;
  } catch {
    throw new SocialError('usage', said('errors.setting.notJson', { path }), {
      suggestion: t('errors.setting.notJson.hint', { path }),
    });
  }
}

/** Checks and converts a value for a key; the refusal names the rule and an example. */
export function parseConfigValue(key: ConfigKey, raw: string): string | number {
  const value = raw.trim();
  switch (key) {
    case 'api-key':
      if (value === '' || /[^\u0021-\u007e]/u.test(value))
        throw usageError(said('errors.setting.apiKey'), t('errors.setting.apiKey.hint'));
      return value;
    case 'base-url':
      return checkBaseUrl(value).toString().replace(/\/+$/, '');
    case 'output':
      if (!(OUTPUT_FORMATS as readonly string[]).includes(value))
        throw usageError(said('errors.setting.output', { formats: OUTPUT_FORMATS.join(', ') }));
      return value;
    case 'timeout':
      return parseTimeout(value, 'timeout');
    case 'max-body':
      return parseMaxBody(value, 'max-body');
    case 'retries': {
      const retries = Number(value);
      if (!Number.isInteger(retries) || retries < 0 || retries > 10) throw usageError(said('errors.setting.retries'));
      return retries;
    }
    case 'store':
      return parseStoreSetting(value);
  }
}

/** A store setting: a postgres:// URL (checked, never echoed: it may hold a password), or a file. */
function parseStoreSetting(value: string): string {
  if (value === '') throw usageError(said('errors.setting.store'), t('errors.setting.store.hint'));
  const error = storeSettingError(value, 'store');
  if (error !== undefined) throw error;
  return value;
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** A base URL the key may be sent to: https, or http to a loopback host only. */
export function checkBaseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw usageError(said('errors.baseUrl.notUrl', { url: quoted(raw) }), t('errors.baseUrl.notUrl.hint'));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw usageError(said('errors.baseUrl.protocol', { protocol: url.protocol }));
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw usageError(said('errors.baseUrl.plainHttp', { host: url.hostname }), t('errors.baseUrl.plainHttp.hint'));
  }
  if (url.username || url.password || url.search || url.hash) throw usageError(said('errors.baseUrl.extras'));
  return url;
}

/**
 * A key as get, list and --dry-run show it: nothing of a key shorter than 8 characters, the last 4
 * of one shorter than 16, the first and last 4 of a longer one (never its length).
 */
export function maskKey(key: string): string {
  if (key.length < 8) return '****';
  if (key.length < 16) return `…${key.slice(-4)}`;
  return `${key.slice(0, 4)}…${key.slice(-4)}`;
}

/**
 * Sets `key` to `value` in the settings file, or removes it (undefined), and returns the file's
 * path. The file is read first (one that is not valid JSON is refused with its name and what to
 * do), then rewritten whole (indented, one setting a line), atomically (a reader never sees half a file): owner-only (0600, the
 * key is in it) in an owner-only folder (0700, when it is made), whatever the umask.
 */
export function writeConfigValue(env: Context['env'], key: ConfigKey, value: string | number | undefined): string {
  const values = readConfig(env);
  if (value === undefined) delete values[key];
  else values[key] = value;
  const path = configPath(env);
  // A file people open and edit: one setting a line, as npm and conf write theirs.
  writeTextFile(path, `${JSON.stringify(values, null, 2)}\n`);
  chmodSync(path, 0o600);
  return path;
}
