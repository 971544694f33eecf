// What a run says on stderr besides its errors, in English: credit notes, warnings, drift notes,
// batch summaries, prompts.
import type { Messages } from '../message-types.js';

export default {
  'notes.credits': { one: '{n} credit', other: '{n} credits' },
  'notes.batch.budgetUnenforceable':
    'stopped: the shared budget {budget} could not be enforced ({reason}): {held}, not sent; resume with --skip {skip} once the store is back',
} satisfies Messages;
