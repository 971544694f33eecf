// `social mcp install <client>`: each client's real file, in a home of the test's own; what else
// the file holds is kept, a second run changes nothing, --print and --dry-run write nothing.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliEnv, SOCIAL, spawnSocial } from '../../../test/helpers/spawn-cli.js';
import { clientConfig, tomlTable, withTomlTable } from './client-configs.js';

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

function home(): string {
  const dir = mkdtempSync(join(tmpdir(), 'social-home-'));
  homes.push(dir);
  return dir;
}

const install = (dir: string, args: string[]) =>
  spawnSocial(['mcp', 'install', ...args], cliEnv({ HOME: dir, XDG_CONFIG_HOME: join(dir, '.config') }));

/** The V8 heap options an entry gives its server (install.ts). */
const HEAP = '--max-semi-space-size=4 --max-old-space-size=1024';

/** The launch an entry holds: Node and the bin the tests run, then mcp and the flags, and the heap's options. */
const launch = (...flags: string[]) => ({
  command: SOCIAL[0],
  args: [...SOCIAL.slice(1), 'mcp', ...flags],
  env: { NODE_OPTIONS: HEAP },
});

describe('social mcp install', () => {
  it.each([
    ['claude', '.config/Claude/claude_desktop_config.json', 'mcpServers', {}],
    ['claude-code', '.claude.json', 'mcpServers', { type: 'stdio' }],
    ['cursor', '.cursor/mcp.json', 'mcpServers', {}],
    ['vscode', '.config/Code/User/mcp.json', 'servers', { type: 'stdio' }],
  ])('%s: writes its entry into %s, keeping the rest, once', async (client, file, key, extra) => {
    if (process.env.SOCIAL_TEST_BIN) return;
    const dir = home();
    const path = join(dir, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify({ theme: 'dark', [key]: { other: { command: 'other-server' } } }));
    const first = await install(dir, [client, '--max-credits', '50', '--confirm-above', '5', '--read-only']);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toContain(path);
    const written = JSON.parse(readFileSync(path, 'utf8'));
    expect(written.theme).toBe('dark');
    expect(written[key].other).toEqual({ command: 'other-server' });
    expect(written[key].social).toEqual({
      ...extra,
      ...launch('--max-credits', '50', '--confirm-above', '5', '--read-only'),
    });
    const again = await install(dir, [client, '--max-credits', '50', '--confirm-above', '5', '--read-only']);
    expect(again.status).toBe(0);
    expect(again.stderr).toContain('nothing changed');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(written);
  });

  it('codex: an [mcp_servers.social] table in config.toml, every other line kept; replaced, not added twice', async () => {
    if (process.env.SOCIAL_TEST_BIN) return;
    const dir = home();
    const path = join(dir, '.codex', 'config.toml');
    mkdirSync(dirname(path), { recursive: true });
    const before = 'model = "o3"\n\n[mcp_servers.other]\ncommand = "x"\n\n[profiles.fast]\nmodel = "mini"\n';
    writeFileSync(path, before);
    expect((await install(dir, ['codex', '--sandbox'])).status).toBe(0);
    const once = readFileSync(path, 'utf8');
    expect(once.startsWith(before)).toBe(true);
    expect(once).toContain(`[mcp_servers.social]\ncommand = ${JSON.stringify(SOCIAL[0])}\n`);
    expect(once).toContain('"mcp", "--sandbox"]');
    expect((await install(dir, ['codex', '--max-credits', '9'])).status).toBe(0);
    const twice = readFileSync(path, 'utf8');
    expect(twice.match(/\[mcp_servers\.social\]/g)).toHaveLength(1);
    expect(twice).toContain('"mcp", "--max-credits", "9"]');
    expect(twice).not.toContain('--sandbox');
    expect(twice.startsWith(before)).toBe(true);
  });

  it("keeps the entry's own environment: its other variables, and the heap options NODE_OPTIONS sets itself", async () => {
    if (process.env.SOCIAL_TEST_BIN) return;
    const dir = home();
    const path = join(dir, '.cursor', 'mcp.json');
    mkdirSync(dirname(path), { recursive: true });
    const env = { SOCIAL_API_KEY: 'sk_own', NODE_OPTIONS: '--max-old-space-size=4096 --trace-warnings' };
    writeFileSync(path, JSON.stringify({ mcpServers: { social: { command: 'old', env } } }));
    expect((await install(dir, ['cursor'])).status).toBe(0);
    const written = JSON.parse(readFileSync(path, 'utf8'));
    expect(written.mcpServers.social.env).toEqual({
      SOCIAL_API_KEY: 'sk_own',
      NODE_OPTIONS: '--max-old-space-size=4096 --trace-warnings --max-semi-space-size=4',
    });
    expect((await install(dir, ['cursor'])).stderr).toContain('nothing changed');

    const toml = join(dir, '.codex', 'config.toml');
    mkdirSync(dirname(toml), { recursive: true });
    for (const own of [
      '[mcp_servers.social.env]\nSOCIAL_API_KEY = "sk_own"\n',
      'env = { "SOCIAL_API_KEY" = "sk_own" }\n',
    ]) {
      writeFileSync(toml, `[mcp_servers.social]\ncommand = "old"\n${own.startsWith('[') ? `\n${own}` : own}`);
      expect((await install(dir, ['codex'])).status).toBe(0);
      const once = readFileSync(toml, 'utf8');
      expect(once).toContain(`env = { SOCIAL_API_KEY = "sk_own", NODE_OPTIONS = "${HEAP}" }\n`);
      expect(once.match(/SOCIAL_API_KEY/g)).toHaveLength(1);
      expect((await install(dir, ['codex'])).stderr).toContain('nothing changed');
      expect(readFileSync(toml, 'utf8')).toBe(once);
    }
  });

  it('--print and --dry-run show the entry and write nothing, refused together; a file it cannot read as JSON is left alone', async () => {
    const dir = home();
    const printed = await install(dir, ['cursor', '--print', '--max-credits', '7']);
    expect(printed.status).toBe(0);
    expect(JSON.parse(printed.stdout).mcpServers.social.args).toContain('7');
    const dry = await install(dir, ['cursor', '--dry-run']);
    expect(dry.status).toBe(0);
    expect(dry.stderr).toContain('nothing written');
    expect(existsSync(join(dir, '.cursor', 'mcp.json'))).toBe(false);
    // Both: refused as other options that do not go together are, neither one silently winning.
    const both = await install(dir, ['cursor', '--print', '--dry-run']);
    expect([both.status, both.stdout, both.stderr]).toEqual([
      2,
      '',
      'error: --print shows the entry and --dry-run the change to the file: use one or the other\n',
    ]);
    const path = join(dir, '.cursor', 'mcp.json');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '{ // a comment\n}');
    const refused = await install(dir, ['cursor']);
    expect(refused.status).toBe(2);
    expect(readFileSync(path, 'utf8')).toBe('{ // a comment\n}');
    expect((await install(dir, ['notepad'])).status).toBe(2);
  });
});

/** `text` with a unified diff of one hunk applied, as patch applies it (its context and removed lines checked). */
function applied(text: string, diff: string): string {
  const [, , header = '', ...body] = diff.replace(/\n$/, '').split('\n');
  const start = Number(/^@@ -(\d+)/.exec(header)?.[1]);
  const was = body.filter((line) => !line.startsWith('+')).map((line) => line.slice(1));
  const now = body.filter((line) => !line.startsWith('-')).map((line) => line.slice(1));
  const lines = text === '' ? [] : text.replace(/\n$/, '').split('\n');
  const at = was.length === 0 ? start : start - 1;
  expect(lines.slice(at, at + was.length)).toEqual(was);
  return `${[...lines.slice(0, at), ...now, ...lines.slice(at + was.length)].join('\n')}\n`;
}

describe('social mcp install --dry-run', () => {
  it('shows the change to the file as a unified diff, the entry there now included: what install then writes', async () => {
    const dir = home();
    const path = join(dir, '.cursor', 'mcp.json');
    const fresh = await install(dir, ['cursor', '--dry-run']);
    expect(fresh.status).toBe(0);
    expect(fresh.stdout).toMatch(/^--- \/dev\/null\n\+\+\+ \S+mcp\.json\n@@ -0,0 \+1,\d+ @@\n\+\{\n/);
    mkdirSync(dirname(path), { recursive: true });
    const theirs =
      '{\n  "theme": "dark",\n  "mcpServers": {\n    "other": {\n      "command": "other-server"\n    }\n  }\n}\n';
    writeFileSync(path, theirs);
    const dry = await install(dir, ['cursor', '--dry-run', '--max-credits', '5']);
    expect(dry.status).toBe(0);
    expect(dry.stderr).toBe(`dry run: the change the social entry would make to ${path} (nothing written):\n`);
    const portuguese = await spawnSocial(
      ['mcp', 'install', 'cursor', '--dry-run', '--max-credits', '5'],
      cliEnv({ HOME: dir, XDG_CONFIG_HOME: join(dir, '.config'), LANG: 'pt_BR.UTF-8' }),
    );
    expect(portuguese.stderr).toBe(`simulação: a mudança que a entrada social faria em ${path} (nada gravado):\n`);
    expect(dry.stdout.split('\n').slice(0, 2)).toEqual([`--- ${path}`, `+++ ${path}`]);
    expect(readFileSync(path, 'utf8')).toBe(theirs);
    const expected = applied(theirs, dry.stdout);
    expect((await install(dir, ['cursor', '--max-credits', '5'])).status).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(expected);
    // The entry there now, changed by one flag: that line out and its new one in, in context.
    const change = await install(dir, ['cursor', '--dry-run', '--max-credits', '7']);
    const changed = change.stdout.split('\n').filter((line) => /^[-+](?![-+]{2} )/.test(line));
    expect(changed).toEqual(['-        "5"', '+        "7"']);
    expect(applied(expected, change.stdout)).toBe(expected.replace('"5"', '"7"'));
  });

  it('keeps the layout of the file it edits: its indent, its line ends, or a file on one line', async () => {
    const dir = home();
    const path = join(dir, '.cursor', 'mcp.json');
    mkdirSync(dirname(path), { recursive: true });
    for (const theirs of [
      '{\r\n    "theme": "dark",\r\n    "mcpServers": {\r\n        "other": {\r\n            "command": "x"\r\n        }\r\n    }\r\n}\r\n',
      '{\n\t"mcpServers": {\n\t\t"other": {\n\t\t\t"command": "x"\n\t\t}\n\t}\n}\n',
      '{"theme":"dark","mcpServers":{"other":{"command":"x"}}}',
      '{"theme":"dark","mcpServers":{"other":{"command":"x"}}}\n',
    ]) {
      writeFileSync(path, theirs);
      const dry = await install(dir, ['cursor', '--dry-run']);
      // The lines of the file that are not the entry's stay as they were: only the entry comes in.
      const out = dry.stdout.split('\n').filter((line) => line.startsWith('-') && !line.startsWith('--- '));
      expect(out.length, dry.stdout).toBeLessThanOrEqual(1);
      expect((await install(dir, ['cursor'])).status).toBe(0);
      const written = readFileSync(path, 'utf8');
      expect(JSON.parse(written).mcpServers.other).toEqual({ command: 'x' });
      expect(written.includes('\r\n')).toBe(theirs.includes('\r\n'));
      expect(written.endsWith('\n'), JSON.stringify(theirs)).toBe(theirs.endsWith('\n'));
      expect(written.trimEnd().includes('\n')).toBe(theirs.trimEnd().includes('\n'));
      if (theirs.includes('\t')) expect(written).toContain('\n\t"mcpServers"');
      if (theirs.includes('    "theme"')) expect(written).toContain('\r\n    "theme": "dark",\r\n');
    }
  });

  it("codex: the table's lines, the rest of config.toml as context", async () => {
    const dir = home();
    const toml = join(dir, '.codex', 'config.toml');
    mkdirSync(dirname(toml), { recursive: true });
    const theirs = 'model = "o3"\n\n[mcp_servers.social]\ncommand = "old"\n\n[other]\nx = 1\n';
    writeFileSync(toml, theirs);
    const dry = await install(dir, ['codex', '--dry-run']);
    expect(dry.stdout).toContain('\n-command = "old"\n+command = ');
    expect(readFileSync(toml, 'utf8')).toBe(theirs);
    const expected = applied(theirs, dry.stdout);
    expect((await install(dir, ['codex'])).status).toBe(0);
    expect(readFileSync(toml, 'utf8')).toBe(expected);
  });
});

describe('client files', () => {
  it('each platform puts Claude Desktop and VS Code where they keep settings', () => {
    const env = { HOME: '/h', APPDATA: 'C:\\Users\\u\\AppData\\Roaming' };
    expect(clientConfig('claude', env, 'darwin').path).toBe(
      '/h/Library/Application Support/Claude/claude_desktop_config.json',
    );
    expect(clientConfig('claude', env, 'win32').path).toContain('Roaming');
    expect(clientConfig('vscode', env, 'linux').path).toBe('/h/.config/Code/User/mcp.json');
    expect(clientConfig('codex', { ...env, CODEX_HOME: '/c' }, 'linux').path).toBe('/c/config.toml');
  });

  it('a table is replaced with its sub-tables, the blank line before the next kept', () => {
    const text = '[mcp_servers.social]\ncommand = "old"\n\n[mcp_servers.social.env]\nA = "1"\n\n[other]\nx = 1\n';
    const table = tomlTable('social', { command: 'new', args: ['mcp'] });
    expect(withTomlTable(text, 'social', table)).toBe(
      '[mcp_servers.social]\ncommand = "new"\nargs = ["mcp"]\n\n[other]\nx = 1\n',
    );
    expect(withTomlTable('', 'social', table)).toBe(table);
  });

  it("a config.toml keeps its line ends: CRLF throughout a CRLF file, its last line's end or its absence", () => {
    const table = tomlTable('social', { command: 'new' });
    const crlf = (text: string) => text.replaceAll('\n', '\r\n');
    const replaced = 'model = "o3"\n\n[mcp_servers.social]\ncommand = "old"\n\n[other]\nx = 1\n';
    const replacedAfter = 'model = "o3"\n\n[mcp_servers.social]\ncommand = "new"\n\n[other]\nx = 1\n';
    const added = 'model = "o3"\n[tui]\nx = 1\n';
    const addedAfter = 'model = "o3"\n[tui]\nx = 1\n\n[mcp_servers.social]\ncommand = "new"\n';
    for (const [before, after] of [
      [replaced, replacedAfter],
      [added, addedAfter],
    ] as const) {
      expect(withTomlTable(before, 'social', table)).toBe(after);
      expect(withTomlTable(crlf(before), 'social', table)).toBe(crlf(after));
      // No end to the last line: none after, wherever that line now is.
      expect(withTomlTable(before.slice(0, -1), 'social', table)).toBe(after.slice(0, -1));
      expect(withTomlTable(crlf(before).slice(0, -2), 'social', table)).toBe(crlf(after).slice(0, -2));
    }
    // The table last, with no end to its last line.
    expect(withTomlTable(crlf('[mcp_servers.social]\ncommand = "old"'), 'social', table)).toBe(
      crlf('[mcp_servers.social]\ncommand = "new"'),
    );
    // A line the file ends otherwise is kept as it was; the table's lines take the file's end.
    expect(withTomlTable('a = 1\r\nb = 2\n[mcp_servers.social]\r\ncommand = "old"\r\n', 'social', table)).toBe(
      'a = 1\r\nb = 2\n[mcp_servers.social]\r\ncommand = "new"\r\n',
    );
  });
});
