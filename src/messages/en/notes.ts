// What a run says on stderr besides its errors, in English: credit notes, warnings, drift notes,
// batch summaries, prompts.
import type { Messages } from '../message-types.js';

export default {
  'notes.credits': { one: '{n} credit', other: '{n} credits' },
} satisfies Messages;
