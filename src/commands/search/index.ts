// `social search <text...>`: full-text search (SQLite FTS5, ranked by bm25) over the posts and
// transcripts the local store holds. Free: nothing is sent, no key needed.

import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import type { Context } from '../../infra/context.js';
import type { SocialCommand } from '../../runtime/command.js';
import { examples } from '../../runtime/command.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { parseInteger } from '../../runtime/options.js';
import { SEARCH_FIELDS } from './columns.js';
import type { SearchOptions } from './options.js';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 1000;

export function parseSearchOptions(text: readonly string[], raw: { limit?: string }): SearchOptions {
  const words = text.flatMap((part) => part.split(/\s+/)).filter((word) => word.replace(/\*+$/, '') !== '');
  if (words.length === 0) throw usageError('search needs at least one word to find');
  return { words, limit: parseInteger('--limit', raw.limit ?? String(DEFAULT_LIMIT), 1, MAX_LIMIT) };
}

export function declareSearch(command: SocialCommand, ctx: Context): void {
  command
    .option('--limit <n>', `the most matches shown, best first, 1..${MAX_LIMIT} (default ${DEFAULT_LIMIT})`)
    .addHelpText(
      'after',
      `
Finds posts and transcripts in the local store holding every word given (whole words, case and
accents ignored; a word ending in * is a prefix: layoff* finds layoffs). Best matches first (bm25),
each named by its source (post or transcript), platform, author and id; at a terminal the words
found are marked [like this] in the text around them. Nothing is sent: posts, post and
transcript answers are stored as they are fetched. --sandbox searches the sandbox's own store.

json: an array of matches, {"source", "platform", "handle", "id", "url", "published_at",
"fetched_at", "snippet"}; ndjson: one a line; csv: the snippet without marks.
${examples([
  'social search layoffs',
  'social search "self-hosting" pds',
  'social search rust* --limit 5 -o csv',
  'social search tokyo --json | jq -r ".[].url"',
])}`,
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
