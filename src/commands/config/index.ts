// `social config set|get|unset|list|path`: settings in SOCIAL_CONFIG_DIR (owner-only file).
// The key is never printed whole, and `set api-key` with no value reads it from stdin, so it
// stays out of shell history.

import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import { formatBytes } from '../../domain/sizes.js';
import { closest } from '../../domain/suggest.js';
import type { ConfigKey } from '../../infra/config.js';
import {
  CONFIG_KEYS,
  configPath,
  describeConfigKeys,
  maskKey,
  openConfigStore,
  parseConfigValue,
  readConfig,
} from '../../infra/config.js';
import type { Context } from '../../infra/context.js';
import { printText } from '../../output/print.js';
import type { Column } from '../../output/types.js';
import type { SocialCommand } from '../../runtime/command.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import type { RawGlobals, Setting } from '../../runtime/globals.js';
import { effectiveSetting, resolveGlobals } from '../../runtime/globals.js';
import { printResult } from '../../runtime/runner.js';
import { EXIT_HELP, examples } from '../shared/social-shared.js';
import { readSecret } from './secret-input.js';

export function parseConfigKey(raw: string): ConfigKey {
  if ((CONFIG_KEYS as readonly string[]).includes(raw)) return raw as ConfigKey;
  const near = closest(raw, CONFIG_KEYS);
  throw usageError(
    `${JSON.stringify(raw)} is not a setting`,
    `${near.length ? `Did you mean ${near.join(' or ')}? ` : ''}Settings:\n${describeConfigKeys()}`,
  );
}

/** A setting as get, list and status show it: the key masked, a byte count as a size (64 MB). */
export function shown(key: ConfigKey, value: string | number): string {
  if (key === 'api-key') return maskKey(String(value));
  const bytes = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : undefined;
  if (key === 'max-body' && bytes !== undefined) return formatBytes(bytes);
  return String(value);
}

/** Where a setting's value comes from, in words; says when it hides the file's value. */
export function describeSource(key: ConfigKey, setting: Setting, saved: string | number | undefined): string {
  if (setting.source === null) return `${key} is not set`;
  if (setting.source === 'file') return `${key}: from the file`;
  if (setting.source === 'default') return `${key}: the default`;
  const hides = saved === undefined ? '' : ` (overrides ${shown(key, saved)} in the file)`;
  return `${key}: from ${setting.source === 'flag' ? 'the flag' : 'the environment'} ${setting.from}${hides}`;
}

export async function configSet(ctx: Context, key: ConfigKey, raw: string | undefined): Promise<void> {
  let value = raw;
  if (value === undefined) {
    if (key !== 'api-key') throw usageError(`config set ${key} needs a value`);
    value = await readSecret(ctx, 'API key: ');
  } else if (key === 'api-key') {
    ctx.io.stderr.write(
      'warning: a key given on the command line stays in your shell history and shows in the process list; next time leave the value out and paste it, or pipe it in: printf %s "$KEY" | social config set api-key\n',
    );
  }
  const parsed = parseConfigValue(key, value);
  const store = await openConfigStore(ctx.env);
  store.set(key, parsed);
  ctx.io.stderr.write(`set ${key} to ${shown(key, parsed)} in ${store.path}\n`);
}

const LIST_COLUMNS: Column<{ key: string; value: string }>[] = [
  { header: 'key', value: (r) => r.key },
  { header: 'value', value: (r) => r.value },
];

export function registerConfig(program: SocialCommand, ctx: Context): void {
  const config = program
    .command('config')
    .description('settings: api-key, base-url, and defaults for output, timeout, retries, max-body')
    .addHelpText(
      'after',
      `
Settings:
${describeConfigKeys()}

The file is readable by its owner only; get and list never print the whole key.
Precedence: flag, then environment (SOCIAL_API_KEY, SOCIAL_BASE_URL), then this file.

Examples:
  social config set api-key            (paste the key; it is not echoed)
  printf %s "$KEY" | social config set api-key
  social config set base-url https://api.example.com
  social config list --json

${EXIT_HELP}`,
    );

  config
    .command('set')
    .description('save a setting; api-key with no value is read from stdin')
    .argument('<key>', CONFIG_KEYS.join(', '))
    .argument('[value]', 'the value (leave out for api-key)')
    .addHelpText(
      'after',
      examples([
        'social config set api-key            (paste the key; it is not echoed)',
        'printf %s "$KEY" | social config set api-key',
        'social config set base-url https://api.example.com',
        'social config set output json',
        'social config set max-body 64MB',
      ]),
    )
    .noJsonOutput()
    .statusAction(async (rawKey: string, value: string | undefined) => {
      await configSet(ctx, parseConfigKey(rawKey), value);
      return 0;
    });

  config
    .command('get')
    .description('print the value in effect (the key masked), and on stderr where it came from')
    .argument('<key>', CONFIG_KEYS.join(', '))
    .addHelpText(
      'after',
      examples([
        'social config get base-url           the value alone on stdout, its source on stderr',
        'social config get timeout --json     {"key", "value", "source"}',
        'SOCIAL_BASE_URL=http://127.0.0.1:4010 social config get base-url',
      ]),
    )
    .statusAction(async (rawKey: string, _options: unknown, command: Command) => {
      const key = parseConfigKey(rawKey);
      const raw: RawGlobals = command.optsWithGlobals();
      const saved = readConfig(ctx.env);
      const setting = effectiveSetting(key, raw, ctx, saved);
      const value = setting.value === undefined ? null : shown(key, setting.value);
      // --json, -o json or --jq asks for the record; otherwise the bare value, for $(social config get …).
      if (raw.json === true || raw.output === 'json' || raw.jq !== undefined) {
        const record = { key, value, source: setting.source };
        const columns = [
          { header: 'key', value: (r: typeof record) => r.key },
          { header: 'value', value: (r: typeof record) => r.value },
          { header: 'source', value: (r: typeof record) => r.source },
        ];
        const globals = resolveGlobals(raw, ctx, saved);
        await printResult(ctx, globals, { json: record, table: [], csv: { columns, rows: [record] } });
        return 0;
      }
      if (value !== null) printText(ctx.io.stdout, value);
      if (!raw.quiet) ctx.io.stderr.write(`${describeSource(key, setting, saved[key])}\n`);
      return 0;
    });

  config
    .command('unset')
    .description('remove a setting')
    .argument('<key>', CONFIG_KEYS.join(', '))
    .addHelpText('after', examples(['social config unset api-key', 'social config unset timeout']))
    .noJsonOutput()
    .statusAction(async (rawKey: string) => {
      const key = parseConfigKey(rawKey);
      const store = await openConfigStore(ctx.env);
      store.delete(key);
      ctx.io.stderr.write(`unset ${key}\n`);
      return 0;
    });

  addFieldsOption(
    config
      .command('list')
      .description('every setting that is set (the key masked)')
      .addHelpText(
        'after',
        examples(['social config list', 'social config list --json', 'social config list -o csv --fields key']),
      ),
    LIST_COLUMNS.map((c) => c.header),
  ).statusAction(async (_options: unknown, command: Command) => {
    const values = readConfig(ctx.env);
    const globals = resolveGlobals(command.optsWithGlobals(), ctx, values);
    const rows = CONFIG_KEYS.filter((key) => values[key] !== undefined).map((key) => ({
      key,
      value: shown(key, values[key]!),
    }));
    await printResult(ctx, globals, {
      json: Object.fromEntries(rows.map((r) => [r.key, r.value])),
      table: [{ columns: LIST_COLUMNS, rows, empty: `Nothing set in ${configPath(ctx.env)}.` }],
      csv: { columns: LIST_COLUMNS, rows },
    });
    return 0;
  });

  config
    .command('path')
    .description('print where the settings file lives')
    .addHelpText('after', examples(['social config path', 'ls -l "$(social config path)"']))
    .noJsonOutput()
    .statusAction(() => {
      printText(ctx.io.stdout, configPath(ctx.env));
      return 0;
    });
}
