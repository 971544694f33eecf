// `social search <text...>`: full-text search (SQLite FTS5, ranked by bm25) over the posts and
// transcripts the local store holds. Free: nothing is sent, no key needed.

import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-commands.js';
import { said } from '../../messages/use-errors.js';
import type { SocialCommand } from '../../runtime/command.js';
import { helpAfter } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { parseInteger } from '../../runtime/options.js';
import { SEARCH_FIELDS } from './columns.js';
import type { SearchOptions } from './options.js';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 1000;

/**
 * What full-text search indexes of a word: its letters and digits (FTS5's unicode61 tokenizer and
 * PostgreSQL's parser both read the rest as separators). A word without any, `(` or `*` or `--`,
 * could match nothing, so it is not a word to look for.
 */
const INDEXED = /[\p{L}\p{N}]/u;

export function parseSearchOptions(text: readonly string[], raw: { limit?: string }): SearchOptions {
  const words = text.flatMap((part) => part.split(/\s+/)).filter((word) => INDEXED.test(word));
  if (words.length === 0) throw usageError(said('errors.search.noWords'));
  return { words, limit: parseInteger('--limit', raw.limit ?? String(DEFAULT_LIMIT), 1, MAX_LIMIT) };
}

export function declareSearch(command: SocialCommand, ctx: Context): void {
  command
    .option('--limit <n>', t('commands.search.limit', { max: String(MAX_LIMIT), default: String(DEFAULT_LIMIT) }))
    .addHelpText(
      'after',
      helpAfter(
        t('commands.search.after'),
        examplesText([
          'social search layoffs',
          'social search "self-hosting" pds',
          'social search rust* --limit 5 -o csv',
          'social search tokyo --json | jq -r ".[].url"',
        ]),
      ),
    );
  addFieldsOption(command, ...SEARCH_FIELDS).statusAction(
    async (text: string[], raw: { limit?: string }, cmd: Command) => {
      const options = parseSearchOptions(text, raw);
      const [{ runLocalCommand }, { runSearch }] = await Promise.all([
        import('../../runtime/local.js'),
        import('./run.js'),
      ]);
      return runLocalCommand(ctx, cmd.optsWithGlobals(), { write: false }, (rt) => runSearch(options, rt));
    },
  );
}
