// What a user sees in a real terminal: the CLI runs in a tmux pane of 80 and of 200 columns, and
// the screen is read back (capture-pane). Tables fit; nothing ends in "…" but free text in a table
// cell; messages wrap; the pager starts for a table taller than the screen, and not in a pipe or
// with -q. Every wait polls the pane for a condition, with a bound; never a fixed sleep.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, SOCIAL, spawnSocial } from './helpers/spawn-cli.js';

const HAS_TMUX = spawnSync('tmux', ['-V']).status === 0;
/** Headers of the free-text columns, in English and Portuguese: the only cells a table may end in "…". */
const FREE = new Set(['title', 'text', 'bio', 'name', 'label', 'error', 'título', 'texto', 'nome', 'erro']);

let dir = '';
let socket = '';
let panes = 0;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'social-tmux-'));
  socket = join(dir, 'tmux.sock');
  // One idle session keeps the server up between the tests' panes (it ends with its last session).
  // A pane's scrollback is set when it is made: expanded tables run to thousands of lines.
  if (HAS_TMUX) {
    tmux('new-session', '-d', '-s', 'keep', 'exec cat');
    tmux('set-option', '-g', 'history-limit', '50000');
  }
});
afterAll(() => {
  if (HAS_TMUX) spawnSync('tmux', ['-S', socket, 'kill-server']);
  rmSync(dir, { recursive: true, force: true });
});

function tmux(...args: string[]): string {
  return execFileSync('tmux', ['-S', socket, ...args], { encoding: 'utf8' });
}

const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** Polls `check` every 50 ms until it returns a value, at most `ms`. */
async function until<T>(check: () => T | undefined, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting for the terminal');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Pane {
  name: string;
  /** The screen and its scrollback, wrapped lines joined (-J), trailing blanks trimmed. */
  text(): string;
}

/**
 * Starts `command` (a shell line; `social` is the CLI) in a new pane of `width` x `height`. When
 * the command ends the pane prints `__END_<status>__` and stays (cat waits on the terminal).
 */
function start(command: string, width: number, height = 50, env: Record<string, string> = {}): Pane {
  panes += 1;
  const name = `p${panes}`;
  const vars = {
    ...cliEnv(),
    SOCIAL_CONFIG_DIR: join(dir, `config-${name}`),
    // Not the real home: the CLI keeps its code cache in ~/.cache/social.
    HOME: join(dir, 'home'),
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    NO_COLOR: '1',
    ...env,
  };
  const exports = Object.entries(vars)
    .map(([k, v]) => `export ${k}=${quote(v)};`)
    .join(' ');
  const line = `${exports} social() { ${SOCIAL.map(quote).join(' ')} "$@"; }; ${command}; printf '\\n__END_%s__\\n' $?; exec cat`;
  tmux(
    'new-session',
    '-d',
    '-s',
    name,
    '-x',
    String(width),
    '-y',
    String(height),
    `unset SOCIAL_PAGER PAGER COLUMNS LINES; exec sh -c ${quote(line)}`,
  );
  return {
    name,
    text: () =>
      tmux('capture-pane', '-p', '-J', '-S', '-', '-t', name)
        .split('\n')
        .map((l) => l.trimEnd())
        .join('\n')
        .trimEnd(),
  };
}

async function finished(pane: Pane, ms?: number): Promise<{ status: number; lines: string[] }> {
  const text = await until(() => (/__END_\d+__/.test(pane.text()) ? pane.text() : undefined), ms);
  const status = Number(/__END_(\d+)__/.exec(text)?.[1]);
  const lines = text.slice(0, text.lastIndexOf('__END_')).trimEnd().split('\n');
  tmux('kill-session', '-t', pane.name);
  return { status, lines };
}

/** Display column where `index` (a UTF-16 offset) of `line` starts. */
const columnOf = (line: string, index: number): number => stringWidth(line.slice(0, index));

/**
 * The lines that end in "…" outside a free-text column: for each, the nearest header line above
 * (the first line of a table) names the column the "…" falls in.
 */
function badEllipses(lines: readonly string[]): string[] {
  const bad: string[] = [];
  let header: Array<{ name: string; start: number }> | null = null;
  for (const line of lines) {
    // A new command's output: no table above it yet.
    if (line.startsWith('## ')) header = null;
    const tokens = [...line.matchAll(/(\S+(?: \S+)*)/g)].map((m) => ({
      name: m[1] as string,
      start: columnOf(line, m.index ?? 0),
    }));
    // Headers are lower-case words, with the marks of a unit ("eng. %").
    if (tokens.length >= 2 && tokens.every((t) => /^[\p{Ll}_~º .%]+$/u.test(t.name))) header = tokens;
    if (!line.endsWith('…') && !line.includes('… ')) continue;
    for (const match of line.matchAll(/…/g)) {
      const at = columnOf(line, match.index ?? 0);
      const column = header?.filter((h) => h.start <= at).pop();
      if (column === undefined || !FREE.has(column.name)) bad.push(line);
    }
  }
  return bad;
}

it('finds an ellipsis outside a free-text column', () => {
  expect(badEllipses(['No items in startups between then and now (the cal…'])).toHaveLength(1);
  expect(badEllipses(['rank  title  points', '   1  Rust i…     95'])).toEqual([]);
  expect(badEllipses(['handle      name  bio', 'ana.cera…   Ana   x'])).toHaveLength(1);
});

const COMMANDS = [
  'profile github octocat',
  'profile github octocat torvalds mojombo nobody-here',
  'profile instagram natgeo ana.ceramics',
  'posts bluesky jay.bsky.team',
  'movers tech',
  'trends tech',
  'trends startups --force',
  'credits',
  'niches',
  'profile github octocat --dry-run',
  'trends tech --dry-run',
  'trends tech --from 89d --dry-run',
  'post at://did:plc:oky5czdrnfjpqslsw2a5iclo/app.bsky.feed.post/3n2p5d7ji25zm',
];

/**
 * The sandbox's follower counts and post metrics move with its clock: the social commands run at
 * the tests' fixed hour, whose counts these tables show; the archive's at the running clock.
 */
function clockOf(command: string): string {
  return /^(profile|posts|post) /.test(command) ? '--sandbox-now 2026-11-21T12:00:00Z ' : '';
}

/**
 * Whether `line` is no wider than `width`, or is an identifier longer than it on a line of its own
 * (a table that cannot fit is shown expanded, never wider than the terminal).
 */
function fits(line: string, width: number): boolean {
  return stringWidth(line) <= width || /^(?:https?|at):\/\/\S+$/.test(line);
}

describe.skipIf(!HAS_TMUX)('in a real terminal (tmux)', () => {
  for (const width of [80, 120, 200]) {
    // Fifteen runs one after another: a bound for a loaded machine.
    it(`at ${width} columns: tables fit, messages wrap, only free text in a cell ends in "…"`, {
      timeout: 120_000,
    }, async () => {
      // All commands in one pane, one after another: a pane costs a shell and a tmux round trip.
      const marks = COMMANDS.map(
        (c, i) => `echo "## ${i}"; social --sandbox ${clockOf(c)}--no-pager -o table ${c}`,
      ).join('; ');
      const { lines } = await finished(start(marks, width, 60), 110_000);
      const text = lines.join('\n');
      for (let i = 0; i < COMMANDS.length; i++) expect(text, COMMANDS[i]).toContain(`## ${i}`);
      for (const line of lines) expect(fits(line, width), line).toBe(true);
      expect(badEllipses(lines)).toEqual([]);
      // What the issue named: the multi-profile handle whole, no error column on success (the
      // batch with two not found has one, their rows named by handle), posts' URLs, the whole
      // trends message and dry-run URL.
      expect(text).toMatch(/^ana\.ceramics /m);
      expect(text.match(/^handle .* error$/gm)).toHaveLength(1);
      expect(text).toMatch(/^nobody-here +no such profile/m);
      expect(text).toMatch(/https:\/\/bsky\.app\/profile\/jay\.bsky\.team\/post\/\S+/);
      expect(text.replace(/\n/g, ' ')).toContain('(the call is charged all the same).');
      expect(text).toMatch(/^GET {15}1 {2}http:\/\/127\.0\.0\.1:\d+\/api\/v1\/github\/profile\?handle=octocat$/m);
      // Each list command keeps its top-ranked columns, and a footer names what it left out.
      const id = 'at:\\/\\/did:plc:oky5czdrnfjpqslsw2a5iclo\\/app\\.bsky\\.feed\\.post\\/3n2p5d7ji25zm';
      expect(text).toMatch(/^rank +title +points +gained +per hour( |$)/m);
      expect(text).toMatch(/^title +(best +)?(move +)?points +points~( |$)/m);
      expect(text).toMatch(/^published +text +likes +replies( |$)/m);
      expect(text).toMatch(/^handle +name +followers +following +posts( |$)/m);
      expect(text).toMatch(/^id +label +windows 24h +last window$/m);
      const footers = text.match(/^hidden: /gm) ?? [];
      if (width === 80) {
        expect(text).toMatch(/^hidden: comments, position, url; widen the terminal or use --fields$/m);
        expect(footers.length).toBeGreaterThanOrEqual(4);
      } else if (width === 120) {
        expect(text).toMatch(/^hidden: url; widen the terminal or use --fields$/m);
        expect(footers.length).toBeGreaterThanOrEqual(2);
      } else {
        // Wide enough for movers whole, and the posts' ids beside their text.
        expect(text).toMatch(/^rank +title .* position {2}url\n +1 +.*https:\/\/\S+$/m);
        expect(text).toMatch(new RegExp(` {2}${id}$`, 'm'));
      }
      expect(text).toMatch(/^natgeo +National Geogra\S* +279,412,003 +187 +30,512 /m);
      expect(text).toMatch(/^likes {6}942\nreplies {4}102\nreposts {4}114\nquotes {5}27$/m);
      // The post's card: an id too wide for the values' column follows its own label, not on a
      // line of its own from the first column, where labels are.
      if (width === 80)
        expect(text).toMatch(new RegExp(`^quotes {5}27\\neng\\. % {5}0\\.11\\nid {2}${id}\\nurl {8}https://`, 'm'));
      if (width === 80) {
        expect(text).toMatch(
          /^method {7}GET\nmax credits {2}1\nurl\nhttp:\/\/127\.0\.0\.1:\d+\/api\/v1\/trends\/tech\?from=\S+Z$/m,
        );
      }
    });
  }

  for (const width of [80, 200]) {
    it(`at ${width} columns: help examples keep a gap or put the explanation below, prose is not split`, async () => {
      const { status, lines } = await finished(start('social help formatting; social profile --help', width, 200));
      expect(status).toBe(0);
      const text = lines.join('\n');
      for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(width);
      // Never a command glued to its explanation, nor a paragraph broken after "normalised".
      expect(text).not.toMatch(/octocat one handle|handles\.txt one record|github - one record/);
      expect(text).not.toMatch(/normalised\ninput:/);
      if (width === 80)
        expect(text).toContain('  social profile github --file handles.txt\n      one record per input');
      else expect(text).toMatch(/^ {2}social profile github --file handles\.txt {2,}one record per input/m);
    });
  }

  for (const width of [60, 200]) {
    it(`at ${width} columns, help in Portuguese (LANG=pt_BR.UTF-8) fits and keeps its layout`, async () => {
      const { status, lines } = await finished(
        start('social --help; social profile --help; social help formatting', width, 200, { LANG: 'pt_BR.UTF-8' }),
      );
      expect(status).toBe(0);
      const text = lines.join('\n');
      for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(width);
      expect(text).toMatch(/^Uso: social \[opções\] \[comando\]$/m);
      expect(text).toContain('Opções:');
      expect(text).toMatch(/^Exemplos:$/m);
      // An option's description beside its term when there is room, below it when there is not.
      if (width === 200) expect(text).toMatch(/^ {2}--json {2,}o mesmo que --output json$/m);
      else expect(text).toMatch(/^ {2}--json\n {6}o mesmo que --output json$/m);
      // An example's explanation: beside its command, or on the line below, never glued to it.
      if (width === 200)
        expect(text).toMatch(/^ {2}social profile github --file handles\.txt {2,}um registro por entrada/m);
      else expect(text).toContain('  social profile github --file handles.txt\n      um registro por entrada');
    });
  }

  it('wraps warnings and credit notes at the terminal width on stderr, never cutting them', async () => {
    const { lines } = await finished(
      start(
        'social --sandbox -o table trends tech --limit 100 >/dev/null; social --sandbox -o table trends startups --force >/dev/null',
        40,
      ),
    );
    expect(lines.join(' ')).toMatch(/warning: truncated: the answer hit --limit 100/);
    expect(lines.join(' ')).toMatch(/trends calls left/);
    for (const line of lines) {
      expect(stringWidth(line), line).toBeLessThanOrEqual(40);
      expect(line.endsWith('…'), line).toBe(false);
    }
  });

  it('starts the pager (SOCIAL_PAGER) for a table taller than the screen, not for a short one', async () => {
    const paged = join(dir, 'paged.txt');
    const pager = join(dir, 'pager.sh');
    writeFileSync(pager, `#!/bin/sh\nwc -l > ${quote(paged)}\necho PAGER-RAN\n`, { mode: 0o755 });
    const tall = await finished(start('social --sandbox -o table trends tech', 80, 24, { SOCIAL_PAGER: pager }));
    expect(tall.status).toBe(0);
    expect(tall.lines.join('\n')).toContain('PAGER-RAN');
    expect(Number(readFileSync(paged, 'utf8').trim())).toBeGreaterThan(24);
    rmSync(paged);
    const short = await finished(
      start(`social --sandbox ${clockOf('profile github octocat')}-o table profile github octocat`, 80, 24, {
        SOCIAL_PAGER: pager,
      }),
    );
    expect(short.lines.join('\n')).toContain('followers  21,873');
    expect(existsSync(paged)).toBe(false);
  });

  it('never pages in a pipe, with -q or with --no-pager; PAGER is used when SOCIAL_PAGER is unset', async () => {
    const paged = join(dir, 'paged-never.txt');
    const pager = join(dir, 'pager-never.sh');
    writeFileSync(pager, `#!/bin/sh\ncat > /dev/null\ntouch ${quote(paged)}\n`, { mode: 0o755 });
    const runs = [
      'social --sandbox -o table trends tech | tail -n 1',
      'social --sandbox -q -o table trends tech | tail -n 1',
      'social --sandbox --no-pager -o table trends tech | tail -n 1',
    ];
    for (const run of runs) {
      const { status } = await finished(start(run, 80, 24, { SOCIAL_PAGER: pager }));
      expect(status, run).toBe(0);
      expect(existsSync(paged), run).toBe(false);
    }
    await finished(start('social --sandbox -o table trends tech', 80, 24, { PAGER: pager }));
    expect(existsSync(paged)).toBe(true);
  });

  it('pages through less -FRX by default, and ends when the user quits it', async () => {
    const pane = start('social --sandbox -o table trends tech', 80, 24);
    // less shows the first screen and waits at its prompt.
    await until(() => (/^tech · /m.test(pane.text()) && /^:\s*$/m.test(pane.text()) ? true : undefined));
    expect(pane.text()).not.toContain('__END_');
    tmux('send-keys', '-t', pane.name, 'q');
    const { status } = await finished(pane);
    expect(status).toBe(0);
  });
});

/**
 * A table's columns, from its header line: each header's name and the display columns it spans.
 * Headers are one or more words a single space apart; columns are two or more spaces apart.
 */
function headerSpans(line: string): Array<{ name: string; start: number; end: number }> {
  return [...line.matchAll(/\S+(?: \S+)*/g)].map((m) => {
    const start = columnOf(line, m.index ?? 0);
    return { name: m[0], start, end: start + stringWidth(m[0]) };
  });
}

/** The display column where each of `line`'s runs of text ends (runs two or more spaces apart). */
function textEnds(line: string): number[] {
  return [...line.matchAll(/\S+(?: \S+)*/g)].map((m) => columnOf(line, m.index ?? 0) + stringWidth(m[0]));
}

/** Each row of the table under `header`, up to the first blank line. */
function rowsUnder(lines: readonly string[], header: number): string[] {
  const end = lines.findIndex((line, i) => i > header && line.trim() === '');
  return lines.slice(header + 1, end < 0 ? undefined : end);
}

/** A record view's lines ("label  value"): the column where the values start, one for all of them. */
function valueColumns(lines: readonly string[]): number[] {
  return [...new Set(lines.map((line) => columnOf(line, /^\S+(?: \S+)* {2,}/.exec(line)?.[0].length ?? 0)))];
}

describe.skipIf(!HAS_TMUX)('in Portuguese at a real terminal (tmux, LANG=pt_BR.UTF-8)', () => {
  const PT = { LANG: 'pt_BR.UTF-8' };
  const AT = '--sandbox-now 2026-11-21T12:00:00Z';

  it('a profile: Portuguese labels, every value in one column, counts written 21.873', async () => {
    const { status, lines } = await finished(start(`social --sandbox ${AT} profile github octocat`, 80, 30, PT));
    expect(status).toBe(0);
    const card = lines.slice(0, lines.findIndex((l) => l.startsWith('id ')) + 1);
    expect(card.map((l) => l.split(/ {2,}/)[0])).toEqual([
      'plataforma',
      'identificador',
      'nome',
      'bio',
      'seguidores',
      'seguindo',
      'posts',
      'verificado',
      'privado',
      'url',
      'link',
      'id',
    ]);
    // The longest label (identificador: 13 columns) sets where every value starts.
    expect(valueColumns(card)).toEqual([15]);
    expect(card).toContain('seguidores     21.873');
    expect(card).toContain('bio            desconhecido');
    // The credit note on stderr, at the terminal, in Portuguese too.
    expect(lines.slice(card.length).join('\n')).toMatch(/crédito/);
  });

  it('a batch with a 404: the error column in Portuguese, numbers under the ends of their headers', async () => {
    const { status, lines } = await finished(
      start(`social --sandbox ${AT} profile github octocat notfound`, 100, 30, PT),
    );
    expect(status).toBe(12);
    // 100 columns: at 80 the error, whole before any column ranked below it, leaves no room for counts.
    for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(100);
    const at = lines.findIndex((l) => /^identificador +nome +seguidores .*erro$/.test(l));
    expect(at, lines.join('\n')).toBeGreaterThanOrEqual(0);
    const spans = headerSpans(lines[at]!);
    const rows = rowsUnder(lines, at).slice(0, 2);
    expect(rows.map((r) => r.split(/ {2,}/)[0])).toEqual(['octocat', 'notfound']);
    // Counts are right-aligned: the followers end where "seguidores" ends.
    expect(rows[0]).toContain('21.873');
    expect(textEnds(rows[0]!)).toContain(spans.find((s) => s.name === 'seguidores')!.end);
    // The failed input's row says why in Portuguese, under "erro", the other cells blank.
    const error = spans.find((s) => s.name === 'erro')!;
    const why = rows[1]!.split(/ {2,}/)[1]!;
    expect(columnOf(rows[1]!, rows[1]!.indexOf(why))).toBe(error.start);
    expect(why).not.toMatch(/no such profile/);
    expect(lines.join('\n')).toMatch(/^ocultas: .*; alargue o terminal ou use/m);
    expect(badEllipses(lines)).toEqual([]);
  });

  it('movers: the longer Portuguese headers set the widths, numbers end under them, a footer names what is hidden', async () => {
    const { status, lines } = await finished(start('social --sandbox movers tech', 80, 30, PT));
    expect(status).toBe(0);
    for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(80);
    expect(lines[0]).toMatch(/^tech · 5 itens em alta · janelas a .+ uma da outra, pedido 1 dia$/);
    const at = lines.findIndex((l) => l.startsWith('nº '));
    const spans = headerSpans(lines[at]!);
    expect(spans.map((s) => s.name).slice(0, 5)).toEqual(['nº', 'título', 'pontos', 'ganhos', 'por hora']);
    const rows = rowsUnder(lines, at).filter((r) => /^ *\d+ {2}/.test(r));
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      const ends = textEnds(row);
      for (const name of ['nº', 'pontos', 'ganhos', 'por hora'])
        expect(ends, row).toContain(spans.find((s) => s.name === name)!.end);
      // A rate with the Portuguese decimal comma.
      expect(row).toMatch(/ \d+,\d( |$)/);
    }
    expect(lines.join('\n')).toMatch(/^ocultas: .*; alargue o terminal ou use --fields$/m);
    expect(badEllipses(lines)).toEqual([]);
  });

  it('credits: the view in Portuguese, labels in one column, the heading wrapped at the width', async () => {
    const { status, lines } = await finished(start('social --sandbox credits', 80, 30, PT));
    expect(status).toBe(0);
    for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(80);
    const first = lines.findIndex((l) => l.startsWith('saldo '));
    const card = lines.slice(
      first,
      lines.findIndex((l, i) => i > first && l.trim() === ''),
    );
    expect(card.map((l) => l.split(/ {2,}/)[0])).toEqual(['saldo', 'teto mensal', 'detalhamento']);
    expect(valueColumns(card)).toEqual([14]);
    expect(card[0]).toMatch(/^saldo {9}\d{1,3}(\.\d{3})* créditos$/);
    expect(lines.join(' ')).toMatch(/^Créditos \(saldo lido de graça/);
    expect(lines.join('\n')).toContain('Nada registrado.');
  });

  it("an error with its hint: the message and the hint in Portuguese, the service's code named", async () => {
    const { status, lines } = await finished(start(`social --sandbox ${AT} profile github notfound`, 80, 30, PT));
    expect(status).toBe(7);
    for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(80);
    const text = lines.join('\n');
    expect(text).toMatch(/^erro \(nao_encontrado\): /m);
    expect(text).not.toMatch(/no such profile|Check the handle/);
  });
});

describe('help off a terminal', () => {
  it('an unknown help name lists topics and commands on stderr wrapped to 80 columns in a pipe', async () => {
    const run = await spawnSocial(['help', 'nope'], { SOCIAL_CONFIG_DIR: join(dir, 'config-help'), COLUMNS: '200' });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(80);
    expect(run.stderr.replace(/\s+/g, ' ')).toContain('Commands: profile, posts,');
  });
});

describe('a table off a terminal', () => {
  const run = (env: Record<string, string>) =>
    spawnSocial(['--sandbox', '-o', 'table', 'trends', 'tech'], {
      SOCIAL_CONFIG_DIR: join(dir, 'config-pipe'),
      ...env,
    });

  it('is never cut to 80 columns: COLUMNS when set, else no limit', async () => {
    const free = await run({});
    expect(free.status).toBe(0);
    const widest = Math.max(...free.stdout.split('\n').map((l) => stringWidth(l)));
    expect(widest).toBeGreaterThan(120);
    // With no limit a table is never expanded: every column, the URL last.
    expect(free.stdout).toMatch(/^title +best +move +points .* url\n\S.* {2}https:\/\/\S+\n/m);
    expect(free.stdout).not.toContain('hidden: ');
    // With one the table fits it: its top-ranked columns, and a footer naming the others.
    const set = await run({ COLUMNS: '100' });
    for (const line of set.stdout.split('\n')) expect(stringWidth(line), line).toBeLessThanOrEqual(100);
    expect(set.stdout).toMatch(/^title +best +move +points +points~ +entered$/m);
    expect(set.stdout).toMatch(/^hidden: rank_spark, left, url; widen the terminal or use --fields$/m);
    const wide = await run({ COLUMNS: '240' });
    for (const line of wide.stdout.split('\n')) expect(stringWidth(line), line).toBeLessThanOrEqual(240);
    expect(wide.stdout).toMatch(/^title +best .* {2}url$/m);
  });
});
