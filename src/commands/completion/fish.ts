// The fish completion script, rendered from the completion model. Options are declared to fish
// (so it completes `-o <TAB>` and `--output=<TAB>` itself); subcommands and positional arguments
// hang on __social_scan, which walks the line the way commander parses it.
import type { CommandSpec, CompletionSpec, OptionSpec, ValueSource } from './spec.js';
import { allCommands, flagsOf } from './spec.js';

/** Single-quoted for fish. */
const q = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A condition for -n: double quotes around a call whose only argument text is a quoted safe path. */
const condition = (text: string) => `"${text}"`;

function pathKey(command: CommandSpec): string {
  return command.path.join(' ');
}

function valueFlags(source: ValueSource | undefined): string {
  if (source === undefined) return '';
  switch (source.kind) {
    case 'none':
      return ' -x';
    case 'files':
      return ' -r -F';
    case 'dynamic':
      return ` -x -a ${q(`(__social_dynamic ${source.what})`)}`;
    case 'words':
      return ` -x -a ${q(source.words.join(' '))}`;
  }
}

function completeOption(option: OptionSpec, when: string | undefined): string {
  const parts = ['complete -c social'];
  if (when) parts.push(`-n ${condition(when)}`);
  if (option.short) parts.push(`-s ${option.short.slice(1)}`);
  if (option.long) parts.push(`-l ${option.long.slice(2)}`);
  return `${parts.join(' ')}${valueFlags(option.value?.source)} -d ${q(option.description)}`;
}

function argumentValues(source: ValueSource): string | undefined {
  switch (source.kind) {
    case 'none':
      return undefined;
    case 'files':
      return '-F';
    case 'dynamic':
      return `-a ${q(`(__social_dynamic ${source.what})`)}`;
    case 'words':
      return `-a ${q(source.words.join(' '))}`;
  }
}

export function renderFish(spec: CompletionSpec): string {
  const name = spec.program;
  const commands = allCommands(spec);
  const lines: string[] = [];
  const globals = new Set(spec.globals);

  for (const command of commands) {
    const at = pathKey(command);
    lines.push('', `# ${at === '' ? name : `${name} ${at}`}`);
    for (const child of command.commands) {
      for (const word of [child.name, ...child.aliases]) {
        lines.push(
          `complete -c social -n ${condition(`__social_argument ${q(at)} 0`)} -a ${word} -d ${q(child.description)}`,
        );
      }
    }
    for (const option of command.options) {
      if (globals.has(option)) continue;
      lines.push(completeOption(option, `__social_command_is ${q(at)}`));
    }
    if (command.commands.length > 0) continue;
    command.arguments.forEach((argument, i) => {
      const values = argumentValues(argument.source);
      if (values === undefined) return;
      const index = argument.variadic && i === command.arguments.length - 1 ? `${i}+` : `${i}`;
      lines.push(
        `complete -c social -n ${condition(`__social_argument ${q(at)} ${index}`)} ${values} -d ${q(argument.name)}`,
      );
    });
  }

  const childCases = commands.flatMap((c) =>
    c.commands.map(
      (k) =>
        `        case ${[k.name, ...k.aliases].map((n) => q(`${pathKey(c)}|${n}`)).join(' ')}\n            echo ${q(pathKey(k))}`,
    ),
  );
  const valued = (options: OptionSpec[]) => options.filter((o) => o.value !== undefined).flatMap(flagsOf);
  const valueCases = [
    ...commands
      .filter((c) => c.path.length > 0 && valued(c.options).length > 0)
      .map(
        (c) =>
          `        case ${valued(c.options)
            .map((f) => q(`${pathKey(c)}|${f}`))
            .join(' ')}\n            return 0`,
      ),
    `        case ${valued(spec.root.options)
      .map((f) => `'*|${f}'`)
      .join(' ')}\n            return 0`,
  ];

  return `# fish completion for ${name}. Generated from the commander program by \`npm run completions\`
# (scripts/gen-completions.js): do not edit by hand. The same script is printed by
# \`${name} completion fish\`.
#
# Install (fish loads it on first use):
#   ${name} completion fish > ~/.config/fish/completions/${name}.fish

# The subcommand of command path $argv[1] named $argv[2], printed as a path.
function __social_child
    switch "$argv[1]|$argv[2]"
${childCases.join('\n')}
        case '*'
            return 1
    end
end

# Whether option $argv[2] takes a value at command path $argv[1].
function __social_takes_value
    switch "$argv[1]|$argv[2]"
${valueCases.join('\n')}
    end
    return 1
end

# Walks the words before the cursor as commander parses them: sets __social_path (the command
# path), __social_npos (positional arguments before the cursor) and __social_pending (1 when
# the word under the cursor is the value of an option).
function __social_scan
    set -l words (commandline -opc)
    set -e words[1]
    set -g __social_path ''
    set -g __social_npos 0
    set -g __social_pending 0
    set -l rest 0
    for word in $words
        if test $__social_pending = 1
            set __social_pending 0
            continue
        end
        if test $rest = 0; and string match -q -- '-?*' $word
            if test $word = --
                set rest 1
            else if __social_takes_value "$__social_path" $word
                set __social_pending 1
            end
            continue
        end
        if test $__social_npos = 0; and set -l child (__social_child "$__social_path" $word)
            set __social_path $child
            continue
        end
        set __social_npos (math $__social_npos + 1)
    end
end

# Whether the line is at command path $argv[1].
function __social_command_is
    __social_scan
    test "$__social_path" = "$argv[1]"
end

# Whether the word under the cursor is positional argument $argv[2] (from 0; N+ for N or later)
# of the command at path $argv[1].
function __social_argument
    __social_scan
    test "$__social_path" = "$argv[1]"; and test $__social_pending = 0; or return 1
    set -l index (string replace -- + '' $argv[2])
    if string match -q -- '*+' $argv[2]
        test $__social_npos -ge $index
    else
        test $__social_npos -eq $index
    end
end

# Values computed from local state by \`${name} __complete <kind>\` (niche ids from the cached
# coverage): no network, no key.
function __social_dynamic
    set -l extra
    contains -- --sandbox (commandline -opc); and set extra --sandbox
    command ${name} __complete $argv[1] $extra 2>/dev/null
end

# No file names unless an argument or option asks for them.
complete -c social -f

# Global options, accepted after any subcommand too
${spec.globals.map((o) => completeOption(o, undefined)).join('\n')}
${lines.join('\n')}
`;
}
