// What the entry says itself, in English: the report of a failure (src/main.ts). Kept apart from
// the errors area, which only a run loads: every start evaluates this one.
import type { Messages } from '../message-types.js';

export default {
  'entry.error': 'error: {message}',
  'entry.errorCode': 'error ({code}): {message}',
  'entry.requestId': 'request id: {id}',
  'entry.unexpected': 'unexpected error: {message}',
  'entry.bug': 'This is a bug in social; run again with --debug for details and report it.',
  // Commander's own error lines, said by src/runtime/commander-errors.ts after "error: ".
  'entry.commander.unknownOption': "unknown option '{option}'",
  'entry.commander.unknownCommand': "unknown command '{command}'",
  'entry.commander.missingArgument': "missing required argument '{argument}'",
  'entry.commander.optionMissingArgument': "option '{option}' argument missing",
  'entry.commander.arguments': { one: '{n} argument', other: '{n} arguments' },
  'entry.commander.excessArguments': 'too many arguments. Expected {expected} but got {got}.',
  'entry.commander.excessArgumentsFor': "too many arguments for '{command}'. Expected {expected} but got {got}.",
  'entry.commander.invalidChoice': "option '{option}' argument '{value}' is invalid. Allowed choices are {choices}.",
  'entry.commander.didYouMean': '(Did you mean {names}?)',
  'entry.commander.didYouMeanOneOf': '(Did you mean one of {names}?)',
  'entry.output': 'could not write the output: {reason}',
  'entry.output.saved': 'could not write the output: {reason}; the answer is saved in {path}',
  'entry.output.notSaved': 'could not write the output: {reason}; the answer could not be saved either ({why})',
} satisfies Messages;
