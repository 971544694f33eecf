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
    helpAfter(t('commands.config.after', { settings: describeConfigKeys() }), t('commands.config.examples')),
  );

  config
    .command('set')
    .description(t('commands.config.set.summary'))
    .argument('<key>', CONFIG_KEYS.join(', '))
    .argument('[value]', t('commands.config.set.arg.value'))
    .addHelpText('after', helpAfter(undefined, t('commands.config.set.examples')))
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
    .addHelpText('after', helpAfter(undefined, t('commands.config.get.examples')))
    .statusAction(async (rawKey: string, _options: unknown, command: Command) => {
      const { configGet } = await import('./run.js');
      return configGet(ctx, parseConfigKey(rawKey), command.optsWithGlobals());
    });

  config
    .command('unset')
    .description(t('commands.config.unset.summary'))
    .argument('<key>', CONFIG_KEYS.join(', '))
    .addHelpText('after', helpAfter(undefined, t('commands.config.unset.examples')))
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
      .addHelpText('after', helpAfter(undefined, t('commands.config.list.examples'))),
    LIST_COLUMNS.map((c) => c.header),
  ).statusAction(async (_options: unknown, command: Command) => {
    const { configList } = await import('./run.js');
    return configList(ctx, command.optsWithGlobals());
  });

  config
    .command('path')
    .description(t('commands.config.path.summary'))
    .addHelpText('after', helpAfter(undefined, t('commands.config.path.examples')))
    .noJsonOutput()
    .statusAction(() => {
      printText(ctx.io.stdout, configPath(ctx.env));
      return 0;
    });
}
