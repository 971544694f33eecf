// `social store info|sql|export|prune|check`: the local store of every paid answer (SQLite; see
// docs/store.md), read without the network. sql, export and check open it read-only; prune is the
// one that writes, and keeps the watchlist. --sandbox names the sandbox's own store.
import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-commands.js';
import { said } from '../../messages/use-errors.js';
import type { SocialCommand } from '../../runtime/command.js';
import { helpAfter } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
import { parseDuration } from '../../runtime/options.js';

export function declareStore(command: SocialCommand, ctx: Context): void {
  const store = command.addHelpText(
    'after',
    helpAfter(
      t('commands.store.after'),
      examplesText([
        'social store info',
        'social store sql "SELECT handle, followers FROM profiles ORDER BY fetched_at DESC LIMIT 5"',
        'social store export profiles -o csv > profiles.csv',
        'social store prune --older-than 180d',
        'social store check',
      ]),
    ),
  );

  store
    .command('info')
    .description(t('commands.store.info.summary'))
    .addHelpText(
      'after',
      helpAfter(
        undefined,
        examplesText(['social store info', 'social store info --json', 'social --sandbox store info']),
      ),
    )
    .statusAction(async (_options: unknown, cmd: Command) => {
      const { storeInfo } = await import('./run.js');
      return storeInfo(ctx, cmd.optsWithGlobals());
    });

  store
    .command('sql')
    .description(t('commands.store.sql.summary'))
    .argument('<query>', t('commands.store.sql.arg.query'))
    .addHelpText(
      'after',
      helpAfter(
        undefined,
        examplesText([
          'social store sql "SELECT platform, handle, followers FROM profiles ORDER BY followers DESC LIMIT 10"',
          'social store sql "SELECT route, sum(credits) FROM fetches GROUP BY route" -o csv',
          'social store sql "SELECT * FROM movers_items" -o ndjson | jq .title',
        ]),
      ),
    )
    .statusAction(async (query: string, _options: unknown, cmd: Command) => {
      if (query.trim() === '') throw usageError(said('errors.store.noQuery'));
      const { storeSql } = await import('./run.js');
      return storeSql(ctx, cmd.optsWithGlobals(), query);
    });

  store
    .command('export')
    .description(t('commands.store.export.summary'))
    .argument('<table>', t('commands.store.export.arg.table'))
    .addHelpText(
      'after',
      helpAfter(
        undefined,
        examplesText([
          'social store export profiles > profiles.ndjson',
          'social store export post_metrics -o csv > metrics.csv',
          'social store export fetches | jq -c "select(.ok == 0)"',
        ]),
      ),
    )
    .statusAction(async (table: string, _options: unknown, cmd: Command) => {
      const { storeExport } = await import('./run.js');
      return storeExport(ctx, cmd.optsWithGlobals(), table);
    });

  store
    .command('prune')
    .description(t('commands.store.prune.summary'))
    .requiredOption('--older-than <duration>', t('commands.store.prune.older-than'))
    .addHelpText(
      'after',
      helpAfter(
        undefined,
        examplesText(['social store prune --older-than 180d', 'social store prune --older-than 26w --json']),
      ),
    )
    .statusAction(async (options: { olderThan: string }, cmd: Command) => {
      const olderThan = parseDuration('--older-than', options.olderThan);
      const { storePrune } = await import('./run.js');
      return storePrune(ctx, cmd.optsWithGlobals(), olderThan);
    });

  store
    .command('check')
    .description(t('commands.store.check.summary'))
    .addHelpText('after', helpAfter(undefined, examplesText(['social store check', 'social --sandbox store check'])))
    .statusAction(async (_options: unknown, cmd: Command) => {
      const { storeCheck } = await import('./run.js');
      return storeCheck(ctx, cmd.optsWithGlobals());
    });
}
