// The help areas (help, commands, topics) in both languages say the command line the same way: a translation changes the
// prose, never what a user types or a script reads. For every help id, the Portuguese names the
// same options, environment variables and `quoted` commands as the English, and its example and
// shell lines are the same commands (the explanations beside them translated).
import { describe, expect, it } from 'vitest';
import englishCommands from './en/commands.js';
import englishHelp from './en/help.js';
import englishTopics from './en/topics.js';
import portugueseCommands from './pt-BR/commands.js';
import portugueseHelp from './pt-BR/help.js';
import portugueseTopics from './pt-BR/topics.js';

// The help a start says (help), each command's own (commands) and the topics' pages (topics), as one.
const english: Readonly<Record<string, string>> = { ...englishHelp, ...englishCommands, ...englishTopics };
const portuguese: Readonly<Record<string, string>> = {
  ...portugueseHelp,
  ...portugueseCommands,
  ...portugueseTopics,
};
const ids = Object.keys(english);

/** The words of the command line in a message: options, environment variables, `code`. */
function words(text: string): Record<string, string[]> {
  return {
    options: (text.match(/(?<![\p{L}\w-])--?[a-zA-Z][\w-]*/gu) ?? []).sort(),
    environment: (
      text.match(/\b(?:SOCIAL_[A-Z_]+|NO_COLOR|FORCE_COLOR|COLUMNS|LINES|PAGER|LC_ALL|LC_MESSAGES|LANG)\b/g) ?? []
    ).sort(),
    code: (text.match(/`[^`]+`/g) ?? []).sort(),
  };
}

/** The commands of a message's example and shell lines, in order, without the explanation beside them. */
function commands(id: string, text: string): string[] {
  const lines =
    id.endsWith('.examples') && !id.startsWith('help.title.')
      ? text.split('\n')
      : text.split('\n').filter((line) => /^ +(?:social |[A-Z_]+=|\d|\*\/)/.test(line));
  return lines.map((line) => line.trim().split(/ {2,}| +# | +\((?=[^)]*$)/)[0] as string);
}

describe('the help areas say the command line the same way in both languages', () => {
  it('has the same ids in both languages', () => {
    expect(Object.keys(portuguese).sort()).toEqual([...ids].sort());
  });

  it.each(ids)('%s', (id) => {
    const [en, pt] = [english[id] as string, portuguese[id] as string];
    expect(words(pt)).toEqual(words(en));
    expect(commands(id, pt)).toEqual(commands(id, en));
  });
});
