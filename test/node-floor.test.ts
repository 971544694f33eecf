// The CLI refuses a Node older than the supported lines (22.13+, 24 and newer) in one line on
// stderr and exit 1, before it loads a bundle: the machine's system Node (Debian's, 20 here) is such
// a Node. Skipped, saying so in its title, where /usr/bin/node is missing or is a supported one.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliEnv } from './helpers/spawn-cli.js';

const OLD_NODE = '/usr/bin/node';
const BIN = join(import.meta.dirname, '..', 'bin', 'social.js');

function versionOf(node: string): string | undefined {
  if (!existsSync(node)) return undefined;
  return spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
}

const version = versionOf(OLD_NODE);
const [major = 0, minor = 0] = (version ?? '').slice(1).split('.').map(Number);
const old = version !== undefined && !(major >= 24 || (major === 22 && minor >= 13));
const skipped =
  version === undefined
    ? ` (skipped: no ${OLD_NODE})`
    : old
      ? ''
      : ` (skipped: ${OLD_NODE} is ${version}, a supported one)`;

describe('an older Node', () => {
  it.skipIf(!old)(`is refused in one line and exit 1, before any bundle loads${skipped}`, () => {
    for (const args of [['--version'], ['--sandbox', 'profile', 'github', 'octocat']]) {
      const run = spawnSync(OLD_NODE, [BIN, ...args], { encoding: 'utf8', env: cliEnv() });
      expect(run.status, args.join(' ')).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        `error: social needs Node.js 22.13 or newer on the 22 line, or 24 or newer; this is Node ${version}\n`,
      );
    }
  });

  it.skipIf(!old)(`is refused in Portuguese where the run's language is, as the CLI chooses it${skipped}`, () => {
    const english = `error: social needs Node.js 22.13 or newer on the 22 line, or 24 or newer; this is Node ${version}\n`;
    const portuguese = `erro: o social precisa do Node.js 22.13 ou mais novo na linha 22, ou 24 ou mais novo; este é o Node ${version}\n`;
    const cases: [string[], Record<string, string>, string][] = [
      [['--version'], { LANG: 'pt_BR.UTF-8' }, portuguese],
      [['--version'], { LC_MESSAGES: 'pt_PT', LANG: 'en_US.UTF-8' }, portuguese],
      [['--version'], { LC_ALL: 'C', LANG: 'pt_BR.UTF-8' }, english],
      [['--version'], { SOCIAL_LANG: 'pt-BR', LC_ALL: 'C' }, portuguese],
      [['--version'], { SOCIAL_LANG: 'en', LANG: 'pt_BR.UTF-8' }, english],
      [['--lang', 'pt-BR', '--version'], {}, portuguese],
      [['credits', '--lang=pt-BR'], { LANG: 'C' }, portuguese],
      [['--lang', 'en', 'credits'], { LANG: 'pt_BR.UTF-8' }, english],
      [['--lang', 'xx', 'credits'], { LANG: 'pt_BR.UTF-8' }, portuguese],
      [['api', '--', '--lang', 'pt-BR'], {}, english],
    ];
    for (const [args, env, line] of cases) {
      const run = spawnSync(OLD_NODE, [BIN, ...args], { encoding: 'utf8', env: cliEnv(env) });
      expect(run.status, args.join(' ')).toBe(1);
      expect(run.stderr, `${JSON.stringify(env)} ${args.join(' ')}`).toBe(line);
    }
  });

  it('is not this one: the Node running the tests is a supported one, and runs the CLI', () => {
    const run = spawnSync(process.execPath, [BIN, '--version'], { encoding: 'utf8', env: cliEnv() });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
