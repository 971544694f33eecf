// Words every area uses, in English.
import type { Messages } from '../message-types.js';

export default {
  'common.unknown': 'unknown',
  // "Did you mean": the nearest names to a word not known (src/domain/suggest.ts).
  'common.didYouMean': 'Did you mean {names}? ',
  'common.or': '{first} or {second}',
} satisfies Messages;
