// The zsh completion function (`_social`, for a directory on $fpath), rendered from the completion
// model: one _arguments function per command, subcommands dispatched with `*:: :->argument` the
// way zsh's own completions for git-like tools do.
import type { ArgumentSpec, CommandSpec, CompletionSpec, OptionSpec, ValueSource } from './spec.js';
import { allCommands, flagsOf, optionsAt } from './spec.js';

/** Single-quoted for zsh. */
const q = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Text inside an _arguments `[description]`. */
const bracket = (text: string) => text.replace(/\\/g, '\\\\').replace(/\[/g, '\\[').replace(/\]/g, '\\]');

/** A message or a `name:description` part, where a colon would end the field. */
const field = (text: string) => text.replace(/\\/g, '\\\\').replace(/:/g, '\\:');

function functionName(command: CommandSpec): string {
  return ['_social', ...command.path].join('__').replace(/[^A-Za-z0-9_]/g, '_');
}

function action(source: ValueSource): string {
  switch (source.kind) {
    case 'none':
      return ' ';
    case 'files':
      return '_files';
    case 'dynamic':
      return `_social_dynamic_${source.what}`;
    case 'words':
      // A comma-separated list: _values completes each name after a comma, not just the first.
      return source.list ? `_values -s , field ${source.words.join(' ')}` : `(${source.words.join(' ')})`;
  }
}

function optionSpec(option: OptionSpec): string {
  const flags = flagsOf(option);
  const exclusive = flags.length > 1 ? `(${flags.join(' ')})` : '';
  const value = option.value;
  const description = `[${bracket(option.description)}]`;
  const tail = value ? `:${field(value.name)}:${action(value.source)}` : '';
  // -o takes its value in the same word or the next; --output as --output=x or --output x.
  const forms = flags.map((f) => (value ? (f.startsWith('--') ? `${f}=` : `${f}+`) : f));
  if (forms.length === 1) return q(`${exclusive}${forms[0]}${description}${tail}`);
  return `${q(exclusive)}{${forms.join(',')}}${q(`${description}${tail}`)}`;
}

function argumentSpec(argument: ArgumentSpec, index: number, last: boolean): string {
  const message = field(argument.name);
  // `*:` takes any number (zsh has no "one or more"); `n::` is an optional argument.
  if (argument.variadic && last) return q(`*:${message}:${action(argument.source)}`);
  return q(`${index + 1}${argument.required ? '' : ':'}:${message}:${action(argument.source)}`);
}

function renderCommand(spec: CompletionSpec, command: CommandSpec): string {
  const name = functionName(command);
  const specs = [
    ...optionsAt(spec, command).map(optionSpec),
    ...(command.commands.length > 0
      ? [q('1: :->command'), q('*:: :->argument')]
      : command.arguments.map((a, i) => argumentSpec(a, i, i === command.arguments.length - 1))),
  ];
  const args = specs.map((s) => `    ${s}`).join(' \\\n');
  if (command.commands.length === 0) {
    return `${name}() {
  _arguments -s -S \\
${args}
}`;
  }
  const entries = command.commands.flatMap((c) =>
    [c.name, ...c.aliases].map((n) => `        ${q(`${field(n)}:${c.description}`)}`),
  );
  const dispatch = command.commands
    .map((c) => `        ${[c.name, ...c.aliases].join('|')}) ${functionName(c)} && ret=0 ;;`)
    .join('\n');
  const label =
    command.path.length === 0 ? `${spec.program} command` : `${spec.program} ${command.path.join(' ')} command`;
  return `${name}() {
  local curcontext="$curcontext" state state_descr line ret=1
  local -a commands
  typeset -A opt_args
  # -A '-*': options after the subcommand are the subcommand's (which accepts the global ones too).
  _arguments -C -s -S -A '-*' \\
${args} && ret=0
  case $state in
    command)
      commands=(
${entries.join('\n')}
      )
      _describe -t commands ${q(label)} commands && ret=0
      ;;
    argument)
      curcontext="\${curcontext%:*:*}:${['social', ...command.path].join('-')}-$words[1]:"
      case $words[1] in
${dispatch}
      esac
      ;;
  esac
  return ret
}`;
}

export function renderZsh(spec: CompletionSpec): string {
  const name = spec.program;
  const commands = allCommands(spec);
  return `#compdef ${name}
# zsh completion for ${name}. Generated from the commander program by \`npm run completions\`
# (scripts/gen-completions.js): do not edit by hand. The same file is printed by
# \`${name} completion zsh\`.
#
# Install: save it as _${name} in a directory on $fpath, before compinit runs, then open a new shell:
#   mkdir -p ~/.zfunc && ${name} completion zsh > ~/.zfunc/_${name}
#   and in ~/.zshrc:  fpath=(~/.zfunc $fpath); autoload -Uz compinit && compinit

# Niche ids from the locally cached coverage (\`${name} __complete niches\`): no network, no key.
_social_dynamic_niches() {
  local -a niches extra
  # $words holds only the subcommand's part of the line: look at the whole of it.
  (( \${\${(z)BUFFER}[(I)--sandbox]} )) && extra=(--sandbox)
  niches=(\${(f)"$(command ${name} __complete niches $extra 2>/dev/null)"})
  _wanted niches expl 'niche' compadd -a niches
}

${commands.map((c) => renderCommand(spec, c)).join('\n\n')}

if [[ $funcstack[1] == _${name} ]]; then
  # autoloaded from $fpath: this file is the body of _${name}
  _${name} "$@"
elif (( $+functions[compdef] )); then
  # sourced after compinit
  compdef _${name} ${name}
fi
`;
}
