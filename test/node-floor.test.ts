// The CLI refuses a Node older than the supported lines (22.13+, 24 and newer) in one line on
// stderr and exit 1, before it loads a bundle. Checked on the Node running the tests made to say it
// is 20 (bin/social.js reads process.version alone), so it runs on every machine; and on the
// machine's system Node (Debian's, 20 here) too where that is an old one.
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

function isOld(version: string): boolean {
  const [major = 0, minor = 0] = version.slice(1).split('.').map(Number);
  return !(major >= 24 || (major === 22 && minor >= 13));
}

/** An old Node: a command, the arguments before the CLI's, and the version it says. */
interface OldNode {
  command: string;
  preload: string[];
  version: string;
}

const SAID = 'v20.20.2';
const OLD_NODES: OldNode[] = [
  {
    command: process.execPath,
    preload: ['--import', `data:text/javascript,Object.defineProperty(process,'version',{value:'${SAID}'})`],
    version: SAID,
  },
];
const system = versionOf(OLD_NODE);
if (system !== undefined && isOld(system)) OLD_NODES.push({ command: OLD_NODE, preload: [], version: system });

function refusal(node: OldNode, args: string[], env: Record<string, string> = {}) {
  return spawnSync(node.command, [...node.preload, BIN, ...args], { encoding: 'utf8', env: cliEnv(env) });
}

describe('an older Node', () => {
  it.each(OLD_NODES)('is refused in one line and exit 1, before any bundle loads ($command, $version)', (node) => {
    for (const args of [['--version'], ['--sandbox', 'profile', 'github', 'octocat']]) {
      const run = refusal(node, args);
      expect(run.status, args.join(' ')).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        `error: social needs Node.js 22.13 or newer on the 22 line, or 24 or newer; this is Node ${node.version}\n`,
      );
    }
  });

  it.each(OLD_NODES)(
    "is refused in Portuguese where the run's language is, as the CLI chooses it ($command)",
    (node) => {
      const { version } = node;
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
        const run = refusal(node, args, env);
        expect(run.status, args.join(' ')).toBe(1);
        expect(run.stderr, `${JSON.stringify(env)} ${args.join(' ')}`).toBe(line);
      }
    },
  );

  it('is not this one: the Node running the tests is a supported one, and runs the CLI', () => {
    const run = spawnSync(process.execPath, [BIN, '--version'], { encoding: 'utf8', env: cliEnv() });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
