// The runs of `social config`: set, get, unset and list, which read and write the settings file.

import { usageError } from '../../domain/errors.js';
import type { ConfigKey } from '../../infra/config.js';
import { CONFIG_KEYS, parseConfigValue, readConfig, writeConfigValue } from '../../infra/config.js';
import type { Context } from '../../infra/context.js';
import { printText } from '../../output/print-text.js';
import type { RawGlobals, Setting } from '../../runtime/globals.js';
import { effectiveSetting, resolveGlobals, shown } from '../../runtime/globals.js';
import { printOutcome } from '../../runtime/runner.js';
import type { ListedSetting } from './columns.js';
import { LIST_COLUMNS } from './columns.js';
import { readSecret } from './secret-input.js';

/** Where a setting's value comes from, in words; says when it hides the file's value. */
function describeSource(key: ConfigKey, setting: Setting, saved: string | number | undefined): string {
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
  const path = writeConfigValue(ctx.env, key, parsed);
  ctx.io.stderr.write(`set ${key} to ${shown(key, parsed)} in ${path}\n`);
}

/** The value in effect, bare on stdout (for $(social config get …)), its source on stderr; or the record. */
export async function configGet(ctx: Context, key: ConfigKey, raw: RawGlobals): Promise<number> {
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
    return printOutcome(ctx, globals, { result: { json: record, table: [], csv: { columns, rows: [record] } } });
  }
  if (value !== null) printText(ctx.io.stdout, value);
  if (!raw.quiet) ctx.io.stderr.write(`${describeSource(key, setting, saved[key])}\n`);
  return 0;
}

export function configUnset(ctx: Context, key: ConfigKey): void {
  writeConfigValue(ctx.env, key, undefined);
  ctx.io.stderr.write(`unset ${key}\n`);
}

export async function configList(ctx: Context, raw: RawGlobals): Promise<number> {
  const values = readConfig(ctx.env);
  const globals = resolveGlobals(raw, ctx, values);
  const rows = CONFIG_KEYS.map((key): ListedSetting => {
    const setting = effectiveSetting(key, raw, ctx, values);
    const saved = values[key];
    const hides = (setting.source === 'flag' || setting.source === 'environment') && saved !== undefined;
    return {
      key,
      value: setting.value === undefined ? null : shown(key, setting.value),
      source: setting.source,
      from: setting.from ?? null,
      overrides: hides ? shown(key, saved) : null,
    };
  });
  return printOutcome(ctx, globals, {
    result: { json: rows, table: [{ columns: LIST_COLUMNS, rows }], csv: { columns: LIST_COLUMNS, rows } },
  });
}
