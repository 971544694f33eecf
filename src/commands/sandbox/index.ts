// `social sandbox`: serves the local emulator of the whole service until stopped.

import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import { quoted } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-commands.js';
import { said } from '../../messages/use-errors.js';
import type { SocialCommand } from '../../runtime/command.js';
import { helpAfter } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
import { parseInteger } from '../../runtime/options.js';
import type { SandboxCommandOptions } from './options.js';

export function declareSandbox(command: SocialCommand, ctx: Context): void {
  command
    .option('--port <n>', t('commands.sandbox.port'), '4010')
    .option('--host <host>', t('commands.sandbox.host'), '127.0.0.1')
    .option('--now <instant>', t('commands.sandbox.now'))
    .option('--state <file>', t('commands.sandbox.state'))
    .option('--seed <n>', t('commands.sandbox.seed'))
    .option('--minimal', t('commands.sandbox.minimal'))
    .option('--faults <spec>', t('commands.sandbox.faults'))
    .addHelpText(
      'after',
      helpAfter(
        t('commands.sandbox.after'),
        examplesText([
          'social sandbox',
          'social sandbox --minimal --port 0',
          'social sandbox --port 0 --now 2026-11-21T12:00:00Z --state ./sandbox-state.json',
          'SOCIAL_BASE_URL=http://127.0.0.1:4010 SOCIAL_API_KEY=sbx_demo social profile github octocat',
        ]),
      ),
    )
    .noJsonOutput()
    .statusAction(async (raw: Record<string, string | undefined>, command: Command) => {
      const options = parseSandboxOptions({ ...raw, quiet: command.optsWithGlobals().quiet ? 'yes' : undefined });
      const { runSandbox } = await import('./run.js');
      await runSandbox(options, ctx);
      // Stopped by Ctrl-C or SIGTERM: that is how a sandbox is meant to end.
      return 0;
    });
}

function parseSandboxOptions(raw: Record<string, string | undefined>): SandboxCommandOptions {
  const options: SandboxCommandOptions = {
    port: parseInteger('--port', raw.port ?? '4010', 0, 65535),
    host: raw.host ?? '127.0.0.1',
    statePath: raw.state,
    faults: raw.faults,
    // A flag: commander gives true when it is present.
    minimal: raw.minimal !== undefined,
    quiet: raw.quiet !== undefined,
  };
  if (raw.seed !== undefined) options.seed = parseInteger('--seed', raw.seed, 0, 2 ** 32 - 1);
  if (raw.now !== undefined) {
    const now = new Date(raw.now);
    if (Number.isNaN(now.getTime()))
      throw usageError(said('errors.sandbox.now', { got: quoted(raw.now) }), t('errors.sandbox.now.hint'));
    options.now = now;
  }
  return options;
}
