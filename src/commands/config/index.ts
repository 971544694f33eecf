// `social config set|get|unset|list|path`: settings in SOCIAL_CONFIG_DIR (owner-only file).
// The key is never printed whole, and `set api-key` with no value reads it from stdin, so it
// stays out of shell history.

import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import { closest } from '../../domain/suggest.js';
import { quoted } from '../../domain/text.js';
import type { ConfigKey } from '../../infra/config.js';
import { CONFIG_KEYS, configPath, describeConfigKeys } from '../../infra/config.js';
import type { Context } from '../../infra/context.js';
import { printText } from '../../output/print-text.js';
import type { SocialCommand } from '../../runtime/command.js';
import { EXIT_HELP, examples } from '../../runtime/command.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { LIST_COLUMNS } from './columns.js';

function parseConfigKey(raw: string): ConfigKey {
  if ((CONFIG_KEYS as readonly string[]).includes(raw)) return raw as ConfigKey;
  const near = closest(raw, CONFIG_KEYS);
  throw usageError(
    `${quoted(raw)} is not a setting`,
    `${near.length ? `Did you mean ${near.join(' or ')}? ` : ''}Settings:\n${describeConfigKeys()}`,
  );
}

export function declareConfig(command: SocialCommand, ctx: Context): void {
  const config = command.addHelpText(
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
      const { configSet } = await import('./run.js');
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
      const { configGet } = await import('./run.js');
      return configGet(ctx, parseConfigKey(rawKey), command.optsWithGlobals());
    });

  config
    .command('unset')
    .description('remove a setting')
    .argument('<key>', CONFIG_KEYS.join(', '))
    .addHelpText('after', examples(['social config unset api-key', 'social config unset timeout']))
    .noJsonOutput()
    .statusAction(async (rawKey: string) => {
      const { configUnset } = await import('./run.js');
      configUnset(ctx, parseConfigKey(rawKey));
      return 0;
    });

  addFieldsOption(
    config
      .command('list')
      .description('every setting: the value in effect (the key masked) and where it came from')
      .addHelpText(
        'after',
        examples(['social config list', 'social config list --json', 'social config list -o csv --fields key']),
      ),
    LIST_COLUMNS.map((c) => c.header),
  ).statusAction(async (_options: unknown, command: Command) => {
    const { configList } = await import('./run.js');
    return configList(ctx, command.optsWithGlobals());
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
