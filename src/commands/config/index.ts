// `social config set|get|unset|list|path`: settings in SOCIAL_CONFIG_DIR (owner-only file).
// The key is never printed whole, and `set api-key` with no value reads it from stdin, so it
// stays out of shell history.

import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import { closest, didYouMean } from '../../domain/suggest.js';
import { quoted } from '../../domain/text.js';
import type { ConfigKey } from '../../infra/config.js';
import { CONFIG_KEYS, configPath, describeConfigKeys } from '../../infra/config.js';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-commands.js';
import { said } from '../../messages/use-errors.js';
import { printText } from '../../output/print-text.js';
import type { SocialCommand } from '../../runtime/command.js';
import { helpAfter } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { LIST_COLUMNS } from './columns.js';

function parseConfigKey(raw: string): ConfigKey {
  if ((CONFIG_KEYS as readonly string[]).includes(raw)) return raw as ConfigKey;
  const near = closest(raw, CONFIG_KEYS);
  throw usageError(
    said('errors.config.unknownKey', { got: quoted(raw) }),
    t('errors.config.unknownKey.hint', { didYouMean: didYouMean(near), settings: describeConfigKeys() }),
  );
}

export function declareConfig(command: SocialCommand, ctx: Context): void {
  const config = command.addHelpText(
    'after',
    helpAfter(
      t('commands.config.after', { settings: describeConfigKeys() }),
      examplesText([
        { line: 'social config set api-key', note: t('commands.config.example.pasteKey'), column: 37 },
        'printf %s "$KEY" | social config set api-key',
        'social config set base-url https://api.example.com',
        'social config list --json',
      ]),
    ),
  );

  config
    .command('set')
    .description(t('commands.config.set.summary'))
    .argument('<key>', CONFIG_KEYS.join(', '))
    .argument('[value]', t('commands.config.set.arg.value'))
    .addHelpText(
      'after',
      helpAfter(
        undefined,
        examplesText([
          { line: 'social config set api-key', note: t('commands.config.example.pasteKey'), column: 37 },
          'printf %s "$KEY" | social config set api-key',
          'social config set base-url https://api.example.com',
          'social config set output json',
          'social config set max-body 64MB',
        ]),
      ),
    )
    .noJsonOutput()
    .statusAction(async (rawKey: string, value: string | undefined) => {
      const { configSet } = await import('./run.js');
      await configSet(ctx, parseConfigKey(rawKey), value);
      return 0;
    });

  config
    .command('get')
    .description(t('commands.config.get.summary'))
    .argument('<key>', CONFIG_KEYS.join(', '))
    .addHelpText(
      'after',
      helpAfter(
        undefined,
        examplesText([
          { line: 'social config get base-url', note: t('commands.config.get.example.valueAlone'), column: 37 },
          { line: 'social config get timeout --json', note: '{"key", "value", "source"}', column: 37 },
          'SOCIAL_BASE_URL=http://127.0.0.1:4010 social config get base-url',
        ]),
      ),
    )
    .statusAction(async (rawKey: string, _options: unknown, command: Command) => {
      const { configGet } = await import('./run.js');
      return configGet(ctx, parseConfigKey(rawKey), command.optsWithGlobals());
    });

  config
    .command('unset')
    .description(t('commands.config.unset.summary'))
    .argument('<key>', CONFIG_KEYS.join(', '))
    .addHelpText(
      'after',
      helpAfter(undefined, examplesText(['social config unset api-key', 'social config unset timeout'])),
    )
    .noJsonOutput()
    .statusAction(async (rawKey: string) => {
      const { configUnset } = await import('./run.js');
      configUnset(ctx, parseConfigKey(rawKey));
      return 0;
    });

  addFieldsOption(
    config
      .command('list')
      .description(t('commands.config.list.summary'))
      .addHelpText(
        'after',
        helpAfter(
          undefined,
          examplesText(['social config list', 'social config list --json', 'social config list -o csv --fields key']),
        ),
      ),
    LIST_COLUMNS.map((c) => c.header),
  ).statusAction(async (_options: unknown, command: Command) => {
    const { configList } = await import('./run.js');
    return configList(ctx, command.optsWithGlobals());
  });

  config
    .command('path')
    .description(t('commands.config.path.summary'))
    .addHelpText('after', helpAfter(undefined, examplesText(['social config path', 'ls -l "$(social config path)"'])))
    .noJsonOutput()
    .statusAction(() => {
      printText(ctx.io.stdout, configPath(ctx.env));
      return 0;
    });
}
