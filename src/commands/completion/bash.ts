// The bash completion script, rendered from the completion model. It needs nothing but bash 4
// (bash-completion is used for nothing but loading it). The words it lists are checked against
// SAFE_WORD when the model is built, so they are written unquoted-safe inside single quotes; the
// niche ids read at completion time are matched as plain strings and never evaluated.
import type { CommandSpec, CompletionSpec, OptionSpec, ValueSource } from './spec.js';
import { allCommands, flagsOf, optionsAt } from './spec.js';

const q = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A source as the script's one-word code: none, files, niches, or w:<words>. */
function code(source: ValueSource): string {
  switch (source.kind) {
    case 'none':
      return 'none';
    case 'files':
      return 'files';
    case 'dynamic':
      return `dyn:${source.what}`;
    case 'words':
      return `${source.list ? 'l' : 'w'}:${source.words.join(' ')}`;
  }
}

function pathKey(command: CommandSpec): string {
  return command.path.join(' ');
}

function childCases(commands: CommandSpec[]): string[] {
  const lines: string[] = [];
  for (const command of commands) {
    for (const child of command.commands) {
      const patterns = [child.name, ...child.aliases].map((n) => q(`${pathKey(command)}|${n}`)).join('|');
      lines.push(`    ${patterns}) __social_r=${q(pathKey(child))} ;;`);
    }
  }
  return lines;
}

function optionValueCases(spec: CompletionSpec, commands: CommandSpec[]): string[] {
  const lines: string[] = [];
  const valued = (options: OptionSpec[]) => options.filter((o) => o.value !== undefined);
  for (const command of commands) {
    if (command.path.length === 0) continue;
    for (const option of valued(command.options)) {
      const patterns = flagsOf(option)
        .map((f) => q(`${pathKey(command)}|${f}`))
        .join('|');
      lines.push(`    ${patterns}) __social_r=${q(code(option.value!.source))} ;;`);
    }
  }
  // The root's options, accepted after any subcommand too.
  for (const option of valued(spec.root.options)) {
    const patterns = flagsOf(option)
      .map((f) => `*${q(`|${f}`)}`)
      .join('|');
    lines.push(`    ${patterns}) __social_r=${q(code(option.value!.source))} ;;`);
  }
  return lines;
}

export function renderBash(spec: CompletionSpec): string {
  const commands = allCommands(spec);
  const name = spec.program;
  const withChildren = commands.filter((c) => c.commands.length > 0);
  const withArgs = commands.filter((c) => c.arguments.length > 0);
  return `# bash completion for ${name}                                   -*- shell-script -*-
# Generated from the commander program by \`npm run completions\` (scripts/gen-completions.js):
# do not edit by hand. The same script is printed by \`${name} completion bash\`.
#
# Install (bash-completion loads it on first use; open a new shell after):
#   mkdir -p ~/.local/share/bash-completion/completions
#   ${name} completion bash > ~/.local/share/bash-completion/completions/${name}
# or, without bash-completion, in ~/.bashrc:
#   source <(${name} completion bash)

# The subcommand of command path $1 named $2, as a path, in __social_r; false when there is none.
__social_child() {
  case "$1|$2" in
${childCases(withChildren).join('\n')}
    *) __social_r=''; return 1 ;;
  esac
}

# Whether command path $1 has subcommands; their names (and aliases) in __social_r.
__social_children() {
  case "$1" in
${withChildren.map((c) => `    ${q(pathKey(c))}) __social_r=${q(c.commands.flatMap((k) => [k.name, ...k.aliases]).join(' '))} ;;`).join('\n')}
    *) __social_r=''; return 1 ;;
  esac
}

# The options accepted at command path $1, in __social_r.
__social_options() {
  case "$1" in
${commands.map((c) => `    ${q(pathKey(c))}) __social_r=${q(optionsAt(spec, c).flatMap(flagsOf).join(' '))} ;;`).join('\n')}
    *) __social_r='' ;;
  esac
}

# Where the value of option $2 at command path $1 comes from, in __social_r; false when the
# option takes no value.
__social_option_value() {
  case "$1|$2" in
${optionValueCases(spec, commands).join('\n')}
    *) __social_r=''; return 1 ;;
  esac
}

# Where positional argument $2 (from 0) of command path $1 comes from, in __social_r.
__social_argument() {
  case "$1|$2" in
${withArgs
  .flatMap((c) =>
    c.arguments.map((a, i) => {
      const last = i === c.arguments.length - 1;
      const pattern = a.variadic && last ? `${q(`${pathKey(c)}|`)}*` : q(`${pathKey(c)}|${i}`);
      return `    ${pattern}) __social_r=${q(code(a.source))} ;;`;
    }),
  )
  .join('\n')}
    *) __social_r='none' ;;
  esac
}

# Adds to COMPREPLY the words of $2 (split on blanks) that start with $1.
__social_add_words() {
  local word
  for word in $2; do
    [[ $word == "$1"* ]] && COMPREPLY+=("$3$word")
  done
}

# Completes $1 from source code $2, each reply prefixed with $3.
__social_complete_from() {
  local line
  case "$2" in
    w:*) __social_add_words "$1" "\${2#w:}" "$3" ;;
    l:*)
      # A comma-separated list: the name after the last comma, after the names already given
      # (which are not offered again).
      local given=''
      [[ $1 == *,* ]] && given=\${1%,*},
      for line in \${2#l:}; do
        [[ ,$given == *,"$line",* ]] && continue
        [[ $line == "\${1##*,}"* ]] && COMPREPLY+=("$3$given$line")
      done
      ;;
    files)
      compopt -o filenames 2>/dev/null
      while IFS= read -r line; do COMPREPLY+=("$3$line"); done < <(compgen -f -- "$1")
      ;;
    dyn:*)
      # Local state only (the cached coverage): no network, no key. Lines are compared, never evaluated.
      while IFS= read -r line; do
        [[ -n $line && $line == "$1"* ]] && COMPREPLY+=("$3$line")
      done < <(command ${name} __complete "\${2#dyn:}" \${__social_sandbox:+--sandbox} 2>/dev/null)
      ;;
  esac
}

_${name}() {
  local IFS=$' \\t\\n' cur=\${COMP_WORDS[COMP_CWORD]} path='' word option='' __social_r='' __social_sandbox=''
  local -i i npos=0 pending=0 rest=0
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=\${COMP_WORDS[i]}
    [[ $word == --sandbox ]] && __social_sandbox=1
    if [[ $word == '=' ]]; then
      # --option=value, split by COMP_WORDBREAKS: the value follows.
      pending=1
      continue
    fi
    if ((pending)); then
      pending=0
      continue
    fi
    if ((!rest)) && [[ $word == -?* ]]; then
      if [[ $word == -- ]]; then
        rest=1
      elif __social_option_value "$path" "$word"; then
        pending=1
        option=$word
      fi
      continue
    fi
    if ((npos == 0)) && __social_child "$path" "$word"; then
      path=$__social_r
      continue
    fi
    npos+=1
  done

  # The value of an option: \`-o <TAB>\`, \`--output=<TAB>\` (= split off or not).
  if [[ $cur == '=' ]] && ((pending)); then
    cur=''
  elif [[ $cur == --*=* ]] && __social_option_value "$path" "\${cur%%=*}"; then
    __social_complete_from "\${cur#*=}" "$__social_r" "\${cur%%=*}="
    return 0
  fi
  if ((pending)); then
    __social_option_value "$path" "$option"
    __social_complete_from "$cur" "$__social_r" ''
    return 0
  fi

  if ((!rest)) && [[ $cur == -* ]]; then
    __social_options "$path"
    __social_add_words "$cur" "$__social_r" ''
    return 0
  fi
  if ((npos == 0)) && __social_children "$path"; then
    __social_add_words "$cur" "$__social_r" ''
  fi
  __social_argument "$path" "$npos"
  __social_complete_from "$cur" "$__social_r" ''
  return 0
}

complete -F _${name} ${name}
`;
}
