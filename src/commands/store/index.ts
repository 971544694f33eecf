// `social store info|sql|export|prune|check`: the local store of every paid answer (SQLite; see
// docs/store.md), read without the network. sql, export and check open it read-only; prune is the
// one that writes, and keeps the watchlist. --sandbox names the sandbox's own store.
import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import type { Context } from '../../infra/context.js';
import type { SocialCommand } from '../../runtime/command.js';
import { EXIT_HELP, examples } from '../../runtime/command.js';
import { parseDuration } from '../../runtime/options.js';

export function declareStore(command: SocialCommand, ctx: Context): void {
  const store = command.addHelpText(
    'after',
    `
The store is SOCIAL_STORE (a file, or off), else store.db in SOCIAL_CONFIG_DIR when set, else in
the user's data folder ($XDG_DATA_HOME/social). --sandbox runs have their own (store.sandbox.db).
Every table and column, with SQL to read them: docs/store.md.

Examples:
  social store info
  social store sql "SELECT handle, followers FROM profiles ORDER BY fetched_at DESC LIMIT 5"
  social store export profiles -o csv > profiles.csv
  social store prune --older-than 180d
  social store check

${EXIT_HELP}`,
  );

  store
    .command('info')
    .description('where the store is, its size, rows per table, oldest and newest fetch, schema version')
    .addHelpText('after', examples(['social store info', 'social store info --json', 'social --sandbox store info']))
    .statusAction(async (_options: unknown, cmd: Command) => {
      const { storeInfo } = await import('./run.js');
      return storeInfo(ctx, cmd.optsWithGlobals());
    });

  store
    .command('sql')
    .description('run a query that reads (the store is opened read-only); every output format')
    .argument('<query>', 'one SQL statement, like SELECT ...')
    .addHelpText(
      'after',
      examples([
        'social store sql "SELECT platform, handle, followers FROM profiles ORDER BY followers DESC LIMIT 10"',
        'social store sql "SELECT route, sum(credits) FROM fetches GROUP BY route" -o csv',
        'social store sql "SELECT * FROM movers_items" -o ndjson | jq .title',
      ]),
    )
    .statusAction(async (query: string, _options: unknown, cmd: Command) => {
      if (query.trim() === '') throw usageError('give a query, like "SELECT count(*) FROM fetches"');
      const { storeSql } = await import('./run.js');
      return storeSql(ctx, cmd.optsWithGlobals(), query);
    });

  store
    .command('export')
    .description('stream every row of a table as ndjson (the default) or csv')
    .argument('<table>', 'a table of docs/store.md: fetches, bodies, profiles, posts, post_metrics, ...')
    .addHelpText(
      'after',
      examples([
        'social store export profiles > profiles.ndjson',
        'social store export post_metrics -o csv > metrics.csv',
        'social store export fetches | jq -c "select(.ok == 0)"',
      ]),
    )
    .statusAction(async (table: string, _options: unknown, cmd: Command) => {
      const { storeExport } = await import('./run.js');
      return storeExport(ctx, cmd.optsWithGlobals(), table);
    });

  store
    .command('prune')
    .description('delete what was fetched before a time (the watchlist is kept)')
    .requiredOption('--older-than <duration>', 'what was fetched longer ago than this: 180d, 26w, 12h')
    .addHelpText(
      'after',
      examples(['social store prune --older-than 180d', 'social store prune --older-than 26w --json']),
    )
    .statusAction(async (options: { olderThan: string }, cmd: Command) => {
      const olderThan = parseDuration('--older-than', options.olderThan);
      const { storePrune } = await import('./run.js');
      return storePrune(ctx, cmd.optsWithGlobals(), olderThan);
    });

  store
    .command('check')
    .description("run SQLite's integrity check on the store: exit 0 when sound, 1 naming the problems")
    .addHelpText('after', examples(['social store check', 'social --sandbox store check']))
    .statusAction(async (_options: unknown, cmd: Command) => {
      const { storeCheck } = await import('./run.js');
      return storeCheck(ctx, cmd.optsWithGlobals());
    });
}
