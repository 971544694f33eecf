// The run of `social search`: the store's matches, each snippet sanitised piece by piece (nothing
// from the network reaches the terminal as a control), the matched words marked for tables.
import { sanitiseLine } from '../../domain/text.js';
import { MATCH_END, MATCH_START, type SearchHit } from '../../infra/store/analyst.js';
import { t } from '../../messages/use-views.js';
import type { LocalRuntime } from '../../runtime/local.js';
import type { Outcome } from '../../runtime/runner.js';
import type { MatchRow } from './columns.js';
import { SEARCH_COLUMNS, SEARCH_RANK } from './columns.js';
import type { SearchOptions } from './options.js';

const MARKS = new RegExp(`[${MATCH_START}${MATCH_END}]`, 'g');

/** The snippet as plain text, and with the matched words between [ and ]: each piece sanitised. */
export function markedSnippet(snippet: string): { plain: string; marked: string } {
  let plain = '';
  let marked = '';
  let inside = false;
  for (const piece of snippet.split(/([\uE000\uE001])/)) {
    if (piece === MATCH_START || piece === MATCH_END) {
      inside = piece === MATCH_START;
      marked += inside ? '[' : ']';
      continue;
    }
    const text = sanitiseLine(piece.replace(MARKS, ''));
    plain += text;
    marked += text;
  }
  // A snippet cut inside a match still closes its mark.
  return { plain, marked: inside ? `${marked}]` : marked };
}

function matchRow(hit: SearchHit, rank: number): MatchRow {
  const { plain, marked } = markedSnippet(hit.snippet);
  return {
    rank,
    source: hit.kind,
    platform: hit.platform,
    handle: hit.handle,
    id: hit.id,
    url: hit.url,
    published_at: hit.published_at,
    fetched_at: hit.fetched_at,
    snippet: plain,
    marked,
  };
}

export async function runSearch(options: SearchOptions, rt: LocalRuntime): Promise<Outcome> {
  const hits = (await rt.store?.search({ words: options.words, limit: options.limit })) ?? [];
  const rows = hits.map((hit, i) => matchRow(hit, i + 1));
  const records = rows.map(({ rank: _rank, marked: _marked, ...record }) => record);
  const asked = sanitiseLine(options.words.join(' '));
  const heading = rows.length === 0 ? undefined : [t('views.search.heading', { n: rows.length, asked })];
  return {
    result: {
      json: records,
      table: [
        {
          columns: SEARCH_COLUMNS,
          rows,
          rank: SEARCH_RANK,
          heading,
          empty: t('views.search.empty', { location: rt.location, asked }),
        },
      ],
      csv: { columns: SEARCH_COLUMNS, rows },
      records: { items: records, within: (items) => items },
    },
  };
}
