// The committed completion scripts, run by real bash, zsh and fish (Debian packages; CI installs
// them with scripts/install-shells.sh). A fake `social` on PATH runs the built bin/social.js, so
// the niche ids come from a coverage cache written here, through `social __complete niches`.
//   bash: the script sourced, _social called with COMP_WORDS/COMP_CWORD set, COMPREPLY printed.
//   zsh:  an interactive `zsh -f` in a zpty, the script autoloaded from $fpath by compinit, TAB
//         typed after the line; a compadd wrapper records what the completion system offers.
//   fish: `complete -C <line>` after sourcing the script.
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_FORMATS } from '../src/domain/formats.js';
import { PLATFORM_NAMES } from '../src/domain/platforms.js';
import { CONFIG_KEYS } from '../src/infra/config.js';
import { cliEnv, SOCIAL_SHELL } from './helpers/spawn-cli.js';

const ROOT = join(import.meta.dirname, '..');
const COMPLETIONS = join(ROOT, 'completions');
const BUILT = existsSync(join(ROOT, 'dist', 'social.cjs'));

function installed(shell: string): boolean {
  return spawnSync(shell, ['-c', 'exit 0'], { stdio: 'ignore', timeout: 10_000, env: cliEnv() }).status === 0;
}

// --- the world the shells complete in -------------------------------------------------------

const TMP = mkdtempSync(join(tmpdir(), 'social-completion-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const dir = (...parts: string[]) => {
  const path = join(TMP, ...parts);
  mkdirSync(path, { recursive: true });
  return path;
};

const BIN = dir('bin');
writeFileSync(join(BIN, 'social'), `#!/bin/sh\nexec ${SOCIAL_SHELL} "$@"\n`);
chmodSync(join(BIN, 'social'), 0o755);

function coverageCache(entries: Record<string, string[]>): string {
  const config = dir(
    `config-${Object.keys(entries).join('-').replace(/\W+/g, '_') || 'empty'}-${Math.random().toString(36).slice(2)}`,
  );
  const body = (ids: string[]) => ({
    niches: ids.map((id) => ({ id, label: id, windows_24h: 24, last_window: null })),
  });
  const file = {
    version: 1,
    entries: Object.fromEntries(
      Object.entries(entries).map(([key, ids]) => [
        key,
        { base_url: key, fetched_at: '2026-11-21T12:00:00.000Z', body: body(ids) },
      ]),
    ),
  };
  writeFileSync(join(config, 'coverage-cache.json'), JSON.stringify(file));
  return config;
}

const CONFIG = coverageCache({
  sandbox: ['tech', 'science', 'startups'],
  'https://api.example.com': ['world', 'tech'],
});
const EMPTY_CONFIG = dir('config-none');
// Ids a hostile service could put in the cache: none may be offered, nothing may run.
const HOSTILE_CONFIG = coverageCache({
  sandbox: ['tech', '$(touch pwned-dollar)', '`touch pwned-tick`', 'a;touch pwned-semi', "x'y"],
});
// A social whose __complete prints hostile lines itself: the scripts must take them as text.
const HOSTILE_BIN = dir('hostile-bin');
writeFileSync(
  join(HOSTILE_BIN, 'social'),
  `#!/bin/sh\nprintf '%s\\n' tech '$(touch pwned-dollar)' '\`touch pwned-tick\`' 'a;touch pwned-semi' '*'\n`,
);
chmodSync(join(HOSTILE_BIN, 'social'), 0o755);
const WORK = dir('work');
writeFileSync(join(WORK, 'handles.txt'), 'octocat\n');
writeFileSync(join(WORK, 'handles-more.txt'), 'torvalds\n');
const HOME = dir('home');

interface World {
  /** SOCIAL_CONFIG_DIR (default: the cache of tech, science, startups and world). */
  config?: string;
  /** Where the fake social is. */
  bin?: string;
}

function env({ config = CONFIG, bin = BIN }: World = {}): NodeJS.ProcessEnv {
  return cliEnv({
    PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME,
    XDG_CONFIG_HOME: join(HOME, '.config'),
    XDG_DATA_HOME: join(HOME, '.local', 'share'),
    XDG_CACHE_HOME: join(HOME, '.cache'),
    SOCIAL_CONFIG_DIR: config,
    LANG: 'C.UTF-8',
    TERM: 'dumb',
  });
}

function run(file: string, args: string[], world?: World): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { cwd: WORK, env: env(world), timeout: 25_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${file} ${args.slice(0, 2).join(' ')} failed: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

// --- one driver per shell: the line typed so far in, the candidates out ----------------------

type Driver = (line: string, world?: World) => Promise<string[]>;
const lines = (text: string) => text.split('\n').filter((l) => l !== '');

/** COMP_WORDS as bash makes them: split at blanks, and `=` a word of its own (COMP_WORDBREAKS). */
function bashWords(line: string): string[] {
  return line.split(' ').flatMap((word) => {
    const at = word.indexOf('=');
    if (!word.startsWith('-') || at < 0) return [word];
    const value = word.slice(at + 1);
    return value === '' ? [word.slice(0, at), '='] : [word.slice(0, at), '=', value];
  });
}

const BASH_DRIVER = `source "$1" || exit 3
shift
COMP_WORDS=("$@")
COMP_CWORD=$(($# - 1))
COMP_LINE="$*"
COMP_POINT=\${#COMP_LINE}
_social social "\${COMP_WORDS[COMP_CWORD]}" "\${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\\n' "\${COMPREPLY[@]}"`;

const bash: Driver = async (line, world) =>
  lines(
    await run(
      'bash',
      ['--norc', '--noprofile', '-c', BASH_DRIVER, 'bash', join(COMPLETIONS, 'social.bash'), ...bashWords(line)],
      world,
    ),
  );

const ZSH_SETUP = `PS1='' PROMPT='' RPROMPT=''
unsetopt zle_bracketed_paste 2>/dev/null
fpath=($COMP_DIR $fpath)
# compinit -C reads the dump made once for the whole file instead of scanning every function dir.
autoload -Uz compinit && compinit -u -C -d $ZDUMP
zstyle ':completion:*' insert-tab false
bindkey '^I' complete-word
# Record what is offered: compadd with -A stores the matches (after matching the prefix typed).
compadd() {
  if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
    builtin compadd "$@"
    return $?
  fi
  local -a __hits
  builtin compadd -A __hits "$@"
  (( $#__hits )) && print -rl -- $__hits >> $CAPTURE
  return 0
}
__capture_done() { print -r -- '<done>' >> $CAPTURE }
comppostfuncs=(__capture_done)
print -r -- '<ready>' >> $CAPTURE
`;

const ZSH_DRIVER = `zmodload zsh/zpty || exit 3
: > $CAPTURE
zpty z 'zsh -f -i'
zpty -w z "source \${(q)SETUP}"
integer i
for (( i = 0; i < 400; i++ )); do grep -q '<ready>' $CAPTURE && break; sleep 0.05; done
(( i < 400 )) || { print -u2 'zsh did not start'; exit 4 }
zpty -w -n z "$1"$'\\t'
for (( i = 0; i < 400; i++ )); do grep -q '<done>' $CAPTURE && break; sleep 0.05; done
zpty -d z
(( i < 400 )) || { print -u2 'completion did not finish'; exit 5 }
grep -v -e '<ready>' -e '<done>' $CAPTURE | sort -u`;

const ZSH_DIR = dir('zsh');
writeFileSync(join(ZSH_DIR, 'setup.zsh'), ZSH_SETUP);
writeFileSync(join(ZSH_DIR, 'drive.zsh'), ZSH_DRIVER);
const ZDUMP = join(ZSH_DIR, 'zcompdump');
let captures = 0;

const zsh: Driver = async (line, world) => {
  captures += 1;
  const capture = join(ZSH_DIR, `capture-${captures}`);
  const text = await new Promise<string>((resolve, reject) => {
    execFile(
      'zsh',
      ['-f', join(ZSH_DIR, 'drive.zsh'), line],
      {
        cwd: WORK,
        timeout: 30_000,
        env: { ...env(world), COMP_DIR: COMPLETIONS, SETUP: join(ZSH_DIR, 'setup.zsh'), CAPTURE: capture, ZDUMP },
      },
      (error, stdout, stderr) =>
        error ? reject(new Error(`zsh harness failed: ${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
  return lines(text);
};

const FISH_DRIVER = 'source $argv[1]; or exit 3; complete -C $argv[2]';
const fish: Driver = async (line, world) =>
  lines(await run('fish', ['--no-config', '-c', FISH_DRIVER, join(COMPLETIONS, 'social.fish'), line], world)).map(
    (l) => l.split('\t')[0] ?? '',
  );

// --- what every shell must offer ----------------------------------------------------------------

const sorted = (list: readonly string[]) => [...new Set(list)].sort();
const TOP = [
  'profile',
  'posts',
  'post',
  'transcript',
  'niches',
  'trends',
  'movers',
  'credits',
  'config',
  'sandbox',
  'completion',
  'help',
];

interface Case {
  line: string;
  /** Exactly these (in any order). */
  is?: readonly string[];
  /** At least these. */
  has?: readonly string[];
  /** None of these. */
  not?: readonly string[];
  world?: World;
  note?: string;
  /** Only in these shells (default: every one). */
  shells?: readonly string[];
}

const CASES: Case[] = [
  { line: 'social pro', is: ['profile'] },
  { line: 'social ', has: TOP, not: ['__complete'] },
  { line: 'social profile ', is: PLATFORM_NAMES },
  { line: 'social posts ', is: ['bluesky', 'mastodon', 'threads'] },
  { line: 'social posts m', is: ['mastodon'] },
  { line: 'social -o ', is: OUTPUT_FORMATS },
  { line: 'social --output=', is: OUTPUT_FORMATS },
  { line: 'social --output=nd', is: ['ndjson'] },
  { line: 'social profile github --output j', is: ['json'] },
  { line: 'social -q --json profile ', is: PLATFORM_NAMES },
  { line: 'social config ', is: ['set', 'get', 'unset', 'list', 'path', 'help'] },
  { line: 'social config set ', is: CONFIG_KEYS },
  { line: 'social config get b', is: ['base-url'] },
  { line: 'social config unset ', is: CONFIG_KEYS },
  { line: 'social completion ', is: ['bash', 'zsh', 'fish'] },
  { line: 'social help con', is: ['config'] },
  { line: 'social help e', is: ['environment', 'exit-codes'] },
  { line: 'social help fo', is: ['formatting'] },
  { line: 'social trends ', is: ['tech', 'science', 'startups', 'world'] },
  { line: 'social --sandbox movers ', is: ['tech', 'science', 'startups'] },
  { line: 'social movers s', is: ['science', 'startups'] },
  { line: 'social trends --limit 5 t', is: ['tech'] },
  { line: 'social trends ', is: [], world: { config: EMPTY_CONFIG }, note: 'with no coverage cached' },
  { line: 'social trends ', is: ['tech'], world: { config: HOSTILE_CONFIG }, note: 'with hostile ids in the cache' },
  { line: 'social profile --fi', is: ['--fields', '--file'] },
  { line: 'social movers --fields ', has: ['points_gained', 'external_id', 'url'], not: ['handle'] },
  {
    line: 'social trends --',
    has: ['--from', '--to', '--limit', '--json', '--output', '--sandbox'],
    not: ['--file', '--version'],
  },
  { line: 'social profile --file hand', is: ['handles.txt', 'handles-more.txt'] },
  // --fields takes a comma-separated list: each name completes, not just the first.
  {
    line: 'social profile github x --fields handle,fo',
    is: ['handle,followers', 'handle,following'],
    shells: ['bash'],
  },
  { line: 'social movers --fields url,', has: ['url,points_gained', 'url,title'], not: ['url,url'], shells: ['bash'] },
  { line: 'social profile github x --fields handle,fo', is: ['followers', 'following'], shells: ['zsh'] },
  { line: 'social movers --fields url,', has: ['points_gained', 'title'], not: ['url'], shells: ['zsh'] },
];

const SHELL_DRIVERS: Array<[string, Driver]> = [
  ['bash', bash],
  ['zsh', zsh],
  ['fish', fish],
];

for (const [shell, complete] of SHELL_DRIVERS) {
  const present = installed(shell);
  const title = present
    ? `${shell} completion (real ${shell})`
    : `${shell} completion: SKIPPED, ${shell} is not installed (run scripts/install-shells.sh)`;
  describe.skipIf(!present)(title, () => {
    if (shell === 'zsh') {
      beforeAll(() =>
        run('zsh', ['-fc', 'fpath=($1 $fpath); autoload -Uz compinit && compinit -u -d $2', 'zsh', COMPLETIONS, ZDUMP]),
      );
    }
    const named = CASES.filter((c) => c.shells?.includes(shell) ?? true).map((c) => ({
      ...c,
      name: `[${c.line}]${c.note ? ` ${c.note}` : ''}`,
    }));
    // Each case is a shell (and, for niches, a node) process of its own, mostly waiting: run them
    // side by side.
    it.concurrent.for(named)('completes $name', async ({ line, is, has, not, world }, { expect }) => {
      if (!BUILT) throw new Error('run `npm run build` first (npm test does): the fake social on PATH runs dist/');
      // The value of --output=… may come back with its option in front (fish): compare the value.
      const offered = sorted((await complete(line, world)).map((c) => c.replace(/^--output=/, '')));
      if (is) expect(offered).toEqual(sorted(is));
      if (has) expect(offered).toEqual(expect.arrayContaining([...has]));
      for (const word of not ?? []) expect(offered).not.toContain(word);
    });

    it('takes the lines of __complete as text: nothing in them runs or globs', async () => {
      const offered = await complete('social movers ', { bin: HOSTILE_BIN });
      expect(offered).toContain('tech');
      expect(offered).not.toContain('handles.txt'); // the '*' line was not expanded
      expect(readdirSync(WORK).filter((f) => f.startsWith('pwned'))).toEqual([]);
    });
  });
}

describe.skipIf(!installed('bash'))('bash: loading the script', () => {
  it('registers _social for social and passes bash -n', async () => {
    const script = join(COMPLETIONS, 'social.bash');
    expect(await run('bash', ['--norc', '--noprofile', '-n', script])).toBe('');
    expect(
      await run('bash', ['--norc', '--noprofile', '-c', 'source "$1" && complete -p social', 'bash', script]),
    ).toBe('complete -F _social social\n');
  });
});

describe.skipIf(!installed('zsh'))('zsh: loading the script', () => {
  it('sources cleanly after compinit and registers _social', async () => {
    const out = await run('zsh', [
      '-fc',
      'autoload -U compinit && compinit -u -D && source "$1" && print -r -- $_comps[social]',
      'zsh',
      join(COMPLETIONS, '_social'),
    ]);
    expect(out).toBe('_social\n');
  });
});

describe.skipIf(!installed('fish'))('fish: loading the script', () => {
  it('passes fish -n', async () => {
    expect(await run('fish', ['--no-config', '-n', join(COMPLETIONS, 'social.fish')])).toBe('');
  });
});
