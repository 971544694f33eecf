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
import '../../messages/use-errors.js';
import { t } from '../../messages/use-notes.js';

/** Where a setting's value comes from, in words; says when it hides the file's value. */
function describeSource(key: ConfigKey, setting: Setting, saved: string | number | undefined): string {
  if (setting.source === null) return t('notes.config.notSet', { key });
  if (setting.source === 'file') return t('notes.config.fromFile', { key });
  if (setting.source === 'default') return t('notes.config.default', { key });
  const from = String(setting.from);
  if (saved === undefined)
    return t(setting.source === 'flag' ? 'notes.config.fromFlag' : 'notes.config.fromEnv', { key, from });
  const overrides = setting.source === 'flag' ? 'notes.config.fromFlagOverrides' : 'notes.config.fromEnvOverrides';
  return t(overrides, { key, from, saved: shown(key, saved) });
}

export async function configSet(ctx: Context, key: ConfigKey, raw: string | undefined): Promise<void> {
  let value = raw;
  if (value === undefined) {
    if (key !== 'api-key') throw usageError(t('errors.config.needsValue', { key }));
    value = await readSecret(ctx, t('notes.prompt.apiKey'));
  } else if (key === 'api-key') {
    ctx.io.stderr.write(`${t('notes.config.keyOnCommandLine')}\n`);
  }
  const parsed = parseConfigValue(key, value);
  const path = writeConfigValue(ctx.env, key, parsed);
  ctx.io.stderr.write(`${t('notes.config.set', { key, value: shown(key, parsed), path })}\n`);
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
  ctx.io.stderr.write(`${t('notes.config.unset', { key })}\n`);
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
