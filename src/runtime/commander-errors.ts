// Commander's own error lines (an unknown option, a missing argument, too many arguments) in the
// run's language. Commander has no catalogue: it builds each line in English and hands it, with
// a code that names the kind, to Command.error, which SocialCommand overrides to say it here. The
// values commander put in (the flags, a name, the counts) are read back from its English by the
// code's pattern, then said with the catalogue's message; an English run gets commander's line
// untouched, and a line no pattern reads (a commander of another version) stays as it came.
import { currentLanguage } from '../messages/language.js';
import { placeholderName } from '../messages/placeholders.js';
import { t } from '../messages/use-entry.js';

type Values = Record<string, string>;

/** Each code's line as commander 14 writes it (after "error: "), and what it says in the catalogue. */
const LINES: Readonly<Record<string, { read: RegExp; say: (values: Values) => string }>> = {
  'commander.unknownOption': {
    read: /^unknown option '(?<option>.*)'$/s,
    say: ({ option }) => t('entry.commander.unknownOption', { option: option! }),
  },
  'commander.unknownCommand': {
    read: /^unknown command '(?<command>.*)'$/s,
    say: ({ command }) => t('entry.commander.unknownCommand', { command: command! }),
  },
  'commander.missingArgument': {
    read: /^missing required argument '(?<argument>.*)'$/s,
    // The argument named as help's usage line and argument list name it.
    say: ({ argument }) => t('entry.commander.missingArgument', { argument: placeholderName(argument!) }),
  },
  'commander.optionMissingArgument': {
    read: /^option '(?<option>.*)' argument missing$/s,
    say: ({ option }) => t('entry.commander.optionMissingArgument', { option: option! }),
  },
  'commander.excessArguments': {
    read: /^too many arguments(?: for '(?<command>.*)')?\. Expected (?<expected>\d+) arguments? but got (?<got>\d+)\.$/s,
    say: ({ command, expected, got }) => {
      const counts = {
        expected: t('entry.commander.arguments', { n: Number(expected) }),
        got: Number(got),
      };
      return command === undefined
        ? t('entry.commander.excessArguments', counts)
        : t('entry.commander.excessArgumentsFor', { ...counts, command });
    },
  },
  'commander.invalidArgument': {
    read: /^option '(?<option>.*)' argument '(?<value>.*)' is invalid\. Allowed choices are (?<choices>.*)\.$/s,
    say: ({ option, value, choices }) =>
      t('entry.commander.invalidChoice', { option: option!, value: value!, choices: choices! }),
  },
};

/** Commander's "(Did you mean …?)" after an unknown option or command, on a line of its own. */
const SUGGESTION = /\n\(Did you mean (?<oneOf>one of )?(?<names>.*)\?\)$/s;

/** Commander's error line `message` of kind `code`, in the run's language. */
export function commanderLine(message: string, code: string | undefined): string {
  const line = code === undefined ? undefined : LINES[code];
  if (currentLanguage() === 'en' || line === undefined || !message.startsWith('error: ')) return message;
  const suggested = SUGGESTION.exec(message);
  const text = message.slice('error: '.length, suggested?.index);
  const values = line.read.exec(text)?.groups;
  if (values === undefined) return message;
  const said = t('entry.error', { message: line.say(values) });
  if (suggested?.groups === undefined) return said;
  const { oneOf, names } = suggested.groups;
  return `${said}\n${t(oneOf === undefined ? 'entry.commander.didYouMean' : 'entry.commander.didYouMeanOneOf', { names: names! })}`;
}
