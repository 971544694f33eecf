// The run of `social status`: the settings in effect and their sources, the config folder, and the
// balance read free unless --offline (or nothing to read it with).

import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { EXIT, exitStatus, localMessage, SocialError } from '../../domain/errors.js';
import { CONFIG_KEYS, configDir, configPath, readConfig } from '../../infra/config.js';
import type { Context } from '../../infra/context.js';
import { inEnglish } from '../../messages/catalogue.js';
import { t } from '../../messages/use-views.js';
import type { Result } from '../../output/types.js';
import type { RawGlobals } from '../../runtime/globals.js';
import { effectiveSetting, resolveGlobals, shown } from '../../runtime/globals.js';
import type { Outcome, Runtime } from '../../runtime/runner.js';
import { printOutcome, runApiCommand } from '../../runtime/runner.js';
import { readBalance } from '../shared/balance.js';
import type { StatusSetting } from './columns.js';
import { SETTING_COLUMNS } from './columns.js';

/** @internal Exported for its test. */
export interface StatusReport {
  settings: StatusSetting[];
  config_dir: string;
  config_file: string;
  /** Whether social can save settings and state there (the folder, or the parent that will hold it). */
  config_writable: boolean;
  balance: number | null;
  balance_read_at: string | null;
  /** Why the balance is not shown: --offline, nothing configured, or the probe's failure. */
  balance_note: string | null;
}

/** The folder can be written, or, if it does not exist yet, the nearest folder that would hold it. */
function writable(dir: string): boolean {
  let at = dir;
  while (!existsSync(at)) {
    const parent = dirname(at);
    if (parent === at) return false;
    at = parent;
  }
  try {
    // A file where a folder should be (a parent of the config folder) can hold nothing.
    if (!statSync(at).isDirectory()) return false;
    accessSync(at, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function localReport(ctx: Context, raw: RawGlobals): StatusReport {
  const saved = readConfig(ctx.env);
  const settings = CONFIG_KEYS.map((key): StatusSetting => {
    const setting = effectiveSetting(key, raw, ctx, saved);
    const value = setting.value === undefined ? null : shown(key, setting.value);
    return { key, value, source: setting.source };
  });
  if (raw.sandbox === true) {
    // --sandbox talks to an in-process sandbox with its demo key, whatever is configured.
    for (const setting of settings) {
      if (setting.key === 'base-url') Object.assign(setting, { value: 'in-process sandbox', source: 'sandbox' });
      if (setting.key === 'api-key' && raw.apiKey === undefined)
        Object.assign(setting, { value: 'the demo key', source: 'sandbox' });
    }
  }
  const dir = configDir(ctx.env);
  return {
    settings,
    config_dir: dir,
    config_file: configPath(ctx.env),
    config_writable: writable(dir),
    balance: null,
    balance_read_at: null,
    balance_note: null,
  };
}

/**
 * The status view; `note` is why the balance is not shown, as the table says it (json's
 * balance_note keeps its English words).
 */
function statusResult(report: StatusReport, note = report.balance_note): Result {
  // Said as `social credits` says it: 5,007 credits.
  const balance =
    report.balance === null
      ? t('views.status.balanceUnknown', { why: note ?? t('views.status.notReadAtAll') })
      : t('views.count.credits', { n: report.balance });
  return {
    json: report,
    table: [
      { columns: SETTING_COLUMNS, rows: report.settings },
      {
        fields: [
          { id: 'config folder', label: t('views.status.configFolder'), value: report.config_dir },
          { id: 'writable', label: t('views.status.writable'), value: report.config_writable, kind: 'bool' },
          { id: 'balance', label: t('views.credits.balance'), value: balance },
        ],
      },
    ],
    csv: { columns: SETTING_COLUMNS, rows: report.settings },
  };
}

/** The balance, read free; a failure is said in the report and the exit status, never thrown. */
async function withBalance(report: StatusReport, rt: Runtime): Promise<Outcome> {
  try {
    const probe = await readBalance(rt);
    report.balance = probe.balance;
    report.balance_read_at = probe.balance === null ? null : rt.ctx.now().toISOString();
    const note = probe.warnings[0] ?? null;
    report.balance_note = note === null ? null : inEnglish(note);
    return { result: statusResult(report, note), status: probe.status };
  } catch (error) {
    if (!(error instanceof SocialError)) throw error;
    const code = error.details.code ? ` (${error.details.code})` : '';
    report.balance_note = `the balance could not be read: ${inEnglish(error.message)}${code}`;
    const note = t('views.status.notReadBecause', { why: `${localMessage(error)}${code}` });
    return { result: statusResult(report, note), status: exitStatus(error) };
  }
}

export async function runStatus(ctx: Context, raw: RawGlobals, offline: boolean): Promise<number> {
  const report = localReport(ctx, raw);
  const value = (key: string) => report.settings.find((s) => s.key === key)?.value ?? null;
  // What stops the balance from being read, and the exit status it sets: --offline asked for no
  // read; a missing base URL or key fails as every command that needs one does, so `social status
  // >/dev/null` never passes with nothing configured.
  const skip: [string, string, number] | undefined = offline
    ? ['--offline', '--offline', EXIT.ok]
    : raw.sandbox !== true && value('base-url') === null
      ? ['no base URL', t('views.status.noBaseUrl'), EXIT.usage]
      : raw.sandbox !== true && value('api-key') === null
        ? ['no API key', t('views.status.noApiKey'), EXIT.auth]
        : undefined;
  if (skip === undefined)
    return await runApiCommand(ctx, raw, { key: true, command: 'status' }, (rt) => withBalance(report, rt));
  report.balance_note = `not read: ${skip[0]}`;
  const note = t('views.status.notRead', { why: skip[1] });
  return await printOutcome(ctx, resolveGlobals(raw, ctx), { result: statusResult(report, note), status: skip[2] });
}
