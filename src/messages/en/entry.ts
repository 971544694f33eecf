// What the entry says itself, in English: the report of a failure (src/main.ts). Kept apart from
// the errors area, which only a run loads: every start evaluates this one.
import type { Messages } from '../message-types.js';

export default {
  'entry.error': 'error: {message}',
  'entry.errorCode': 'error ({code}): {message}',
  'entry.requestId': 'request id: {id}',
  'entry.unexpected': 'unexpected error: {message}',
  'entry.bug': 'This is a bug in social; run again with --debug for details and report it.',
  'entry.output': 'could not write the output: {reason}',
  'entry.output.saved': 'could not write the output: {reason}; the answer is saved in {path}',
  'entry.output.notSaved': 'could not write the output: {reason}; the answer could not be saved either ({why})',
} satisfies Messages;
