// Words every area uses, in English.
import type { Messages } from '../message-types.js';

export default {
  'common.unknown': 'unknown',
  // Why a state file is damaged (src/domain/state-file.ts): said with the start layer's words.
  'common.notJson': 'not valid JSON',
  // "Did you mean": the nearest names to a word not known (src/domain/suggest.ts).
  'common.didYouMean': 'Did you mean {names}? ',
  'common.or': '{first} or {second}',
  // A credit figure the service sent that is no number, in a few words (src/domain/charges.ts).
  'common.figure.nothing': 'nothing',
  'common.figure.list': 'a list',
  'common.figure.object': 'an object',
  // A duration in narrow units, as CLDR writes them (formatDuration, src/domain/archive/interval.ts):
  // "91d 4h", "6h 12m"; every duration a message names is said so.
  'common.span.days': { one: '{days}d', other: '{days}d' },
  'common.span.hours': '{hours}h',
  'common.span.minutes': '{minutes}m',
  'common.span.then': '{first} {next}',
  // What stands for a PostgreSQL store named by a URL that does not parse (src/infra/postgres/store-url.ts).
  'common.pgStore.unnamed': 'the PostgreSQL store',
  // A character named in a message (src/domain/text.ts): "a tab (U+0009)".
  'common.char.named': '{name} ({point})',
  'common.char.tab': 'a tab',
  'common.char.lineFeed': 'a line feed',
  'common.char.carriageReturn': 'a carriage return',
  'common.char.space': 'a space',
} satisfies Messages;
