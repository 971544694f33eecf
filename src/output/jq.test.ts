// --jq: real jq on the JSON a command would print; a bad expression refused before anything is charged.
import { closeSync, openSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cliCode } from '../../test/helpers/built.js';
import { runCli, sandboxEnv, tempConfigDir } from '../../test/helpers/cli.js';
import { gateTo, until } from '../../test/helpers/gate.js';
import { useSandbox } from '../../test/helpers/sandbox.js';
import {
  type RunningCli,
  runShell,
  SOCIAL_SHELL,
  spawnSocial,
  startSocial,
  tracedRun,
} from '../../test/helpers/spawn-cli.js';

const sandbox = useSandbox();
const charges = () => sandbox.current.core.ledger.chargesByRequest.size;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A service that answers every request with `body` (status 200) and records what it was asked. */
async function fixedService(body: unknown): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('--jq', () => {
  it('prints strings raw and other values as compact JSON, one a line, on the body of one call', async () => {
    const run = await runCli(
      ['profile', 'github', 'octocat', '--jq', '.data.author.handle, .data.author.followers, {h: .data.author.handle}'],
      { env: sandboxEnv(sandbox.current.url) },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe('octocat\n21873\n{"h":"octocat"}\n');
  });

  it('runs on each record of a batch, also with -o json (no array around it)', async () => {
    const env = sandboxEnv(sandbox.current.url);
    const run = await runCli(['profile', 'github', '-', '--jq', '[.input, .exit] | @tsv'], {
      env,
      stdin: 'octocat\nnobody-here-xyz\n',
    });
    expect(run.stdout).toBe('octocat\t0\nnobody-here-xyz\t7\n');
    expect(run.status).toBe(12);
    const json = await runCli(['profile', 'github', 'octocat', 'nobody-here-xyz', '-o', 'json', '--jq', '.input'], {
      env,
    });
    expect(json.stdout).toBe('octocat\nnobody-here-xyz\n');
  });

  it('filters the error body a failed call prints, keeping the call’s exit status', async () => {
    const run = await runCli(['profile', 'github', 'nobody-here-xyz', '--jq', '.error.type'], {
      env: sandboxEnv(sandbox.current.url),
    });
    expect(run.status).toBe(7);
    expect(run.stdout).toBe('nao_encontrado\n');
  });

  it('refuses a bad expression with exit 2 before anything that could be charged is sent, with jq’s own words', async () => {
    const before = charges();
    const run = await runCli(['profile', 'github', 'octocat', '--jq', '.data.author['], {
      env: sandboxEnv(sandbox.current.url),
    });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error: --jq: syntax error, unexpected end of file/);
    // jq's caret lines, under the expression.
    expect(run.stderr).toContain('    .data.author[\n                ^');
    expect(charges()).toBe(before);

    const service = await fixedService({ success: true, data: {} });
    try {
      const env = sandboxEnv(service.url);
      for (const argv of [
        ['profile', 'github', 'octocat', 'torvalds', '--jq', 'nosuchfn'],
        ['api', 'github/profile', '-f', 'handle=octocat', '--jq', '.a | | .b'],
        ['trends', 'tech', '--jq', '{'],
        ['status', '--jq', '$undefined'],
      ]) {
        const refused = await runCli(argv, { env });
        expect(refused.status, argv.join(' ')).toBe(2);
        expect(refused.stderr).toMatch(/^error: --jq: /);
      }
      expect(service.seen).toEqual([]);
    } finally {
      await service.close();
    }
    // Without the key nothing can be charged: the request may go out first, the refusal is the same,
    // and stays the run's end when the call itself fails.
    for (const url of [sandbox.current.url, 'http://127.0.0.1:1']) {
      const free = await runCli(['niches', '--jq', '.niches['], { env: sandboxEnv(url) });
      expect(free.status, free.stderr).toBe(2);
      expect(free.stdout).toBe('');
      expect(free.stderr).toMatch(/^error: --jq: syntax error, unexpected end of file/);
    }
  });

  it('a runtime error on the answer is exit 2 after the output, said plainly', async () => {
    const run = await runCli(['niches', '--jq', '.niches[0].id, (.niches[0].id | tonumber)'], {
      env: sandboxEnv(sandbox.current.url),
    });
    expect(run.status).toBe(2);
    // What jq printed before the error stays, as with jq.
    expect(run.stdout).toBe('tech\n');
    expect(run.stderr).toMatch(/--jq failed on the answer: .*cannot be parsed as a number/);
  });

  it('a runtime error on a paid answer saves the answer and says where: seeing it costs no second call', async () => {
    const dir = tempConfigDir();
    dirs.push(dir);
    const before = charges();
    const run = await runCli(
      ['posts', 'bluesky', 'jay.bsky.team', '--limit', '2', '--jq', '.data.items[0].text | tonumber'],
      {
        env: sandboxEnv(sandbox.current.url, 'sbx_demo', dir),
      },
    );
    expect(run.status).toBe(2);
    expect(charges() - before).toBe(1);
    const saved = /the answer is saved\s+in\s+(\S+\.json)\.$/.exec(run.stderr.trim())?.[1];
    expect(saved, run.stderr).toBeDefined();
    expect(saved!.startsWith(join(dir, 'unwritten-'))).toBe(true);
    expect(JSON.parse(readFileSync(saved!, 'utf8')).data.items).toHaveLength(2);
    // A free call that sends nothing (config get) has no answer to save.
    const get = await runCli(['config', 'get', 'base-url', '--jq', '.source | tonumber'], {
      env: sandboxEnv(sandbox.current.url, 'sbx_demo', dir),
    });
    expect(get.status).toBe(2);
    expect(get.stderr).not.toContain('saved');
    expect(readdirSync(dir).filter((name) => name.startsWith('unwritten-'))).toEqual([basename(saved!)]);
  });

  it('a runtime error on one record of a batch does not stop the others; the run ends with exit 2', async () => {
    const run = await runCli(
      [
        'profile',
        'github',
        'octocat',
        'nobody-here-xyz',
        'lenafischer',
        '--jq',
        '.body.data.author.handle | ascii_upcase',
      ],
      {
        env: sandboxEnv(sandbox.current.url),
      },
    );
    expect(run.stdout).toBe('OCTOCAT\nLENAFISCHER\n');
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--jq failed on 1 of 3 records: explode input must be a string\nEvery request was made/);
    const two = await runCli(
      ['profile', 'github', 'nobody-a', 'octocat', 'nobody-b', '--jq', '.body.data.author.handle | ascii_upcase'],
      {
        env: sandboxEnv(sandbox.current.url),
      },
    );
    expect(two.stdout).toBe('OCTOCAT\n');
    expect(two.stderr).toMatch(/--jq failed on 2 of 3 records: explode input must be a string/);
  });

  it('gives jq a lone surrogate in an answer as U+FFFD, and every value after it', async () => {
    // Not a character: half of a UTF-16 pair, which JSON may escape and jq refuses.
    const service = await fixedService({ lone: 'a\ud800b', escaped: '\\ud800', pair: '\u{1f600}', after: 1 });
    try {
      const run = await runCli(['api', 'some/route', '--jq', '.lone, .escaped, .pair, .after'], {
        env: sandboxEnv(service.url),
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toBe('a\ufffdb\n\\ud800\n\u{1f600}\n1\n');
    } finally {
      await service.close();
    }
  });

  it('works on commands that print JSON without a request (status, config get), and on social api', async () => {
    const env = sandboxEnv(sandbox.current.url);
    const status = await runCli(['status', '--offline', '--jq', '.settings[] | select(.key == "base-url") | .source'], {
      env,
    });
    expect(status.stdout).toBe('environment\n');
    const get = await runCli(['config', 'get', 'base-url', '--jq', '.source'], { env });
    expect(get.stdout).toBe('environment\n');
    const api = await runCli(['api', 'github/profile', '-f', 'handle=octocat', '--jq', '.data.author.handle'], {
      env,
    });
    expect(api.status, api.stderr).toBe(0);
    expect(api.stdout).toBe('octocat\n');
  });

  it('is refused with exit 2 by commands that print no JSON, with -o table or csv, and with --chart', async () => {
    const env = sandboxEnv(sandbox.current.url);
    const path = await runCli(['config', 'path', '--jq', '.'], { env });
    expect(path.status).toBe(2);
    expect(path.stderr).toMatch(/social config path prints no JSON/);
    expect((await runCli(['completion', 'bash', '--jq', '.'], { env })).status).toBe(2);
    for (const format of ['table', 'csv']) {
      const run = await runCli(['niches', '-o', format, '--jq', '.'], { env });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`cannot be combined with -o ${format}`);
      expect(run.stdout).toBe('');
    }
    const fields = await runCli(['niches', '--fields', 'id', '--jq', '.'], { env });
    expect(fields.status).toBe(2);
    expect(fields.stderr).toContain('--fields picks the fields to print and --jq filters JSON');
    const chart = await runCli(['trends', 'tech', '--chart', '--jq', '.'], { env });
    expect(chart.status).toBe(2);
    expect(chart.stderr).toContain('--chart draws the chart on stdout');
  });

  it('is listed in the help of each command that prints JSON, and only there', async () => {
    for (const argv of [['niches'], ['profile'], ['api'], ['status'], ['config', 'get']]) {
      const help = await runCli([...argv, '--help']);
      expect(help.stdout, argv.join(' ')).toMatch(/^ {2}--jq <expression> +filter the JSON output with jq/m);
    }
    for (const argv of [['config', 'path'], ['completion'], ['sandbox']]) {
      const help = await runCli([...argv, '--help']);
      expect(help.stdout, argv.join(' ')).not.toContain('--jq');
    }
  });

  it('sanitises raw strings: no escape sequence from the service reaches the terminal', async () => {
    const service = await fixedService({
      success: true,
      data: { bio: 'a\u001b]0;owned\u0007b\u001b[31mred\u009b2J\u202eevil\nline two' },
    });
    try {
      const run = await runCli(['api', 'x/y', '--jq', '.data.bio, .data'], { env: sandboxEnv(service.url) });
      expect(run.status, run.stderr).toBe(0);
      const [raw, json] = run.stdout.split(/\n(?=\{)/);
      expect(raw).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
      expect(raw).toContain('red');
      expect(raw).toContain('\nline two');
      // Other values are JSON, with what could act on a terminal written as \u escapes.
      expect(json).toContain('\\u001b]0;owned\\u0007');
      expect(json).toContain('\\u202e');
    } finally {
      await service.close();
    }
  });
});

/**
 * A spawn prefix that runs the CLI with files of at most `blocks` blocks (ulimit counts 512- or
 * 1024-byte blocks, by shell): a write past it fails with EFBIG, as on a full disk.
 */
function fileSizeLimit(blocks: number): string[] {
  return ['sh', '-c', `ulimit -f ${blocks}; exec "$@"`, 'sh'];
}

describe('--jq on a batch, spawned: the records it fails on are saved, not lost', () => {
  // octocat and quiet-committer have no bio (ascii_downcase fails on null); lenafischer,
  // mariam-okafor and first-steps-2026 have one; nobody-* are not found (exit 7, skipped by select).
  const HANDLES = [
    'octocat',
    'nobody-1',
    'lenafischer',
    'quiet-committer',
    'mariam-okafor',
    'nobody-2',
    'first-steps-2026',
  ];
  const FILTER = 'select(.exit == 0) | .body.data.author.bio | ascii_downcase';
  const unwritten = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('unwritten-'));
  /** The one file of unwritten records a run left in `dir`, by its path. */
  const theUnwrittenFile = (dir: string) => {
    const [file, ...more] = unwritten(dir);
    expect(more).toEqual([]);
    return join(dir, file!);
  };
  const ndjsonFile = (path: string) =>
    readFileSync(path, 'utf8')
      .trimEnd()
      .split('\n')
      .map(
        (line) => JSON.parse(line) as { input: string; exit: number; body: { data: { author: { handle: string } } } },
      );

  it('prints the others in order, saves each record it failed on to one file named once, exit 2, no hint to pay again', async () => {
    const dir = tempConfigDir();
    dirs.push(dir);
    // Several rounds of the list, many calls at a time: records reach jq several together.
    const inputs = [...HANDLES, ...HANDLES, ...HANDLES, ...HANDLES];
    const run = await spawnSocial(
      ['profile', 'github', '-', '--concurrency', '8', '--jq', FILTER],
      sandboxEnv(sandbox.current.url, 'sbx_demo', dir),
      `${inputs.join('\n')}\n`,
    );
    expect(run.status, run.stderr).toBe(2);
    const bios = run.stdout.trimEnd().split('\n');
    expect(bios).toHaveLength(12);
    expect(bios.slice(0, 3)).toEqual([
      'rust, terminals, log files. maintainer of driftwood.',
      'developer advocate. writing about apis, docs and command-line tools.',
      expect.stringMatching(/^learning to code!/),
    ]);
    expect(bios.slice(3)).toEqual([...bios.slice(0, 3), ...bios.slice(0, 3), ...bios.slice(0, 3)]);
    const path = theUnwrittenFile(dir);
    expect(run.stderr).toMatch(/^error: --jq failed on 8 of 28 records: explode input must be a string$/m);
    // The path once, in the error; nothing that asks for the calls to be made again.
    expect(run.stderr.replace(/\s+/g, '').split(path)).toHaveLength(2);
    expect(run.stderr.replace(/\s+/g, ' ')).toContain(`the 8 records it failed on are saved in ${path}`);
    expect(run.stderr).not.toMatch(/without --jq|run again/);
    // Each record it failed on, whole, in input order: the answers that were paid for.
    const records = ndjsonFile(path);
    expect(records.map((record) => record.input)).toEqual(Array(4).fill(['octocat', 'quiet-committer']).flat());
    for (const record of records) {
      expect(record.exit).toBe(0);
      expect(record.body.data.author.handle).toBe(record.input);
    }
  });

  it('posts: the same, and a filter that fails on none saves nothing (exit 12 for the input not found)', async () => {
    const dir = tempConfigDir();
    dirs.push(dir);
    const env = sandboxEnv(sandbox.current.url, 'sbx_demo', dir);
    const stdin = 'jay.bsky.team\nnotfound.bsky.social\n';
    const failing = await spawnSocial(
      ['posts', 'bluesky', '-', '--limit', '2', '--jq', 'select(.exit == 0) | .body.data.items[0].text | tonumber'],
      env,
      stdin,
    );
    expect(failing.status, failing.stderr).toBe(2);
    expect(failing.stdout).toBe('');
    const [file] = unwritten(dir);
    expect(failing.stderr.replace(/\s+/g, ' ')).toContain(`the record it failed on is saved in ${join(dir, file!)}`);
    const [record, ...others] = ndjsonFile(join(dir, file!)) as unknown as Array<{
      input: string;
      body: { data: { items: unknown[] } };
    }>;
    expect(others).toEqual([]);
    expect(record!.input).toBe('jay.bsky.team');
    expect(record!.body.data.items).toHaveLength(2);
    rmSync(join(dir, file!));
    const fine = await spawnSocial(['posts', 'bluesky', '-', '--limit', '2', '--jq', '.input'], env, stdin);
    expect(fine.status).toBe(12);
    expect(fine.stdout).toBe('jay.bsky.team\nnotfound.bsky.social\n');
    expect(unwritten(dir)).toEqual([]);
  });

  it('stdout on a full disk too: one file holds every record, those jq failed on once', async () => {
    const dir = tempConfigDir();
    dirs.push(dir);
    const run = await runShell(
      `${SOCIAL_SHELL} profile github ${HANDLES.join(' ')} --concurrency 1 --jq '${FILTER}' > /dev/full`,
      sandboxEnv(sandbox.current.url, 'sbx_demo', dir),
    );
    expect(run.status, run.stderr).toBe(1);
    const path = theUnwrittenFile(dir);
    expect(run.stderr.replace(/\s+/g, ' ')).toMatch(
      /could not write the output: ENOSPC.*; --jq failed on \d+ of \d+ records: explode input must be a string: those records are in it too/,
    );
    expect(run.stderr.replace(/\s+/g, '').split(path)).toHaveLength(2);
    const inputs = ndjsonFile(path).map((record) => record.input);
    expect(new Set(inputs).size).toBe(inputs.length);
    // The ones jq failed on first (kept as they failed), and every call that was sent; but
    // nobody-1, which the filter prints nothing of, when that nothing was written before stdout
    // failed (it is in the file when it went to jq with the record whose write failed).
    expect(inputs.slice(0, 1)).toEqual(['octocat']);
    const others = inputs.filter((input) => input !== 'nobody-1');
    const sent = HANDLES.filter((input) => input !== 'nobody-1').slice(0, others.length);
    expect([...others].sort()).toEqual(sent.sort());
  });

  it('stdout that fails part way, jq on its thread: each record is printed whole or saved', async () => {
    const dir = tempConfigDir();
    dirs.push(dir);
    const inputs = Array.from({ length: 80 }, (_, at) => `nobody-${at + 1}`);
    const pad = 'x'.repeat(8000);
    // Slow on null alone: the check sends the filter to jq's thread, so each record's values
    // come a while after its answer, while later answers come in.
    const filter = `if . == null then last(range(1e9)) else "\\(.input) ${pad}" end`;
    const out = join(dir, 'out.txt');
    // stdout a file of at most 64 or 128 KiB (ulimit counts 512- or 1024-byte blocks, by shell),
    // as every file the run writes (the saved records take less): the first writes are taken, the
    // one past it fails (EFBIG).
    const run = await runShell(
      `ulimit -f 128; ${SOCIAL_SHELL} profile github - --concurrency 8 --jq '${filter}' > '${out}'`,
      sandboxEnv(sandbox.current.url, 'sbx_demo', dir),
      { stdin: `${inputs.join('\n')}\n` },
    );
    expect(run.status, run.stderr).toBe(1);
    const path = theUnwrittenFile(dir);
    expect(run.stderr.replace(/\s+/g, ' ')).toMatch(/could not write the output: EFBIG.*; the answer is saved in /);
    expect(run.stderr.replace(/\s+/g, '').split(path)).toHaveLength(2);
    const printed = readFileSync(out, 'utf8');
    expect(printed.length).toBeGreaterThan(0);
    const saved = new Set(
      readFileSync(path, 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => (JSON.parse(line) as { input: string }).input),
    );
    // The summary counts the inputs sent, the first ones: each is printed whole or saved, none
    // counted as written and lost.
    const sent = Number(/^(\d+) inputs?:/m.exec(run.stderr)?.[1]);
    expect(sent).toBeGreaterThan(0);
    const lost = inputs.slice(0, sent).filter((input) => !printed.includes(`${input} ${pad}\n`) && !saved.has(input));
    expect(lost).toEqual([]);
  });

  it('never writes into a file another run saved in the same millisecond: its own name gets a number', async () => {
    const dir = tempConfigDir();
    dirs.push(dir);
    const env = sandboxEnv(sandbox.current.url, 'sbx_demo', dir);
    // A run in-process reads a fixed clock: the names its files would take, taken by another run.
    const stamp = 'unwritten-2026-11-21T12-00-00-000Z';
    const taken = [`${stamp}.ndjson`, `${stamp}.json`];
    for (const name of taken) writeFileSync(join(dir, name), 'another run\n');
    const batch = await runCli(['profile', 'github', 'octocat', 'lenafischer', '--jq', FILTER], { env });
    expect(batch.status, batch.stderr).toBe(2);
    const own = join(dir, `${stamp}-2.ndjson`);
    expect(batch.stderr.replace(/\s+/g, ' ')).toContain(`the record it failed on is saved in ${own}`);
    expect(ndjsonFile(own).map((record) => record.input)).toEqual(['octocat']);
    const single = await runCli(
      ['posts', 'bluesky', 'jay.bsky.team', '--limit', '2', '--jq', '.data.items[0].text | tonumber'],
      { env },
    );
    expect(single.status, single.stderr).toBe(2);
    const answer = join(dir, `${stamp}-2.json`);
    expect(single.stderr.replace(/\s+/g, ' ')).toContain(`the answer is saved in ${answer}`);
    expect(JSON.parse(readFileSync(answer, 'utf8')).data.items).toHaveLength(2);
    for (const name of taken) expect(readFileSync(join(dir, name), 'utf8')).toBe('another run\n');
  });

  it.runIf(process.platform === 'linux')(
    'saves the records it fails on through one descriptor, held from the first of them to the end',
    async () => {
      const dir = tempConfigDir();
      dirs.push(dir);
      // The third input waits at the gate: the run goes on, the two records it failed on saved.
      const gate = await gateTo(sandbox.current.url, (path) => path.includes('lenafischer'));
      try {
        const run = startSocial(
          ['profile', 'github', '-', '--concurrency', '2', '--jq', FILTER],
          sandboxEnv(gate.url, 'sbx_demo', dir),
          { stdin: 'octocat\nquiet-committer\nlenafischer\n' },
        );
        const saved = () => unwritten(dir).map((name) => join(dir, name));
        const lines = (path: string) => readFileSync(path, 'utf8').split('\n').length - 1;
        await until(() => saved().length === 1 && lines(saved()[0]!) === 2, 'the records it failed on saved');
        const [path] = saved();
        const pid = run.child.pid;
        const open = readdirSync(`/proc/${pid}/fd`).filter((fd) => {
          try {
            return readlinkSync(`/proc/${pid}/fd/${fd}`) === path;
          } catch {
            return false;
          }
        });
        expect(open).toHaveLength(1);
        gate.open();
        const done = await run.done;
        expect(done.status, done.stderr).toBe(2);
        expect(done.stdout).toBe('rust, terminals, log files. maintainer of driftwood.\n');
        expect(ndjsonFile(path!).map((record) => record.input)).toEqual(['octocat', 'quiet-committer']);
      } finally {
        await gate.close();
      }
    },
  );

  it('a kept file that fills up keeps whole records, says so, and the batch still ends as jq’s (2)', async () => {
    const dir = tempConfigDir();
    dirs.push(dir);
    // Files of at most 1 or 2 KiB (ulimit counts 512- or 1024-byte blocks, by shell): one or two
    // of the three records it fails on (about 700 bytes each) fit; stdout and stderr are pipes.
    const run = await startSocial(
      ['profile', 'github', '-', '--concurrency', '1', '--jq', FILTER],
      sandboxEnv(sandbox.current.url, 'sbx_demo', dir),
      {
        stdin: 'octocat\nquiet-committer\nlenafischer\nOctocat\n',
        prefix: fileSizeLimit(2),
      },
    ).done;
    expect(run.status, run.stderr).toBe(2);
    expect(run.stdout).toBe('rust, terminals, log files. maintainer of driftwood.\n');
    const path = theUnwrittenFile(dir);
    expect(run.stderr.replace(/\s+/g, ' ')).toContain(
      `the 3 records it failed on could not all be saved (EFBIG: file too large, write, some in ${path})`,
    );
    // Whole records only, in input order: the one cut short is not left in the file.
    const text = readFileSync(path, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const inputs = ndjsonFile(path).map((record) => record.input);
    expect(['octocat', 'quiet-committer'].slice(0, inputs.length)).toEqual(inputs);
    expect(inputs.length).toBeGreaterThan(0);
  });

  it('stdout and the kept file both full: the file keeps whole records, and the error says what was not saved', async () => {
    const dir = tempConfigDir();
    dirs.push(dir);
    const out = join(dir, 'out.txt');
    const fd = openSync(out, 'w');
    // Files of at most 1 or 2 KiB (ulimit counts 512- or 1024-byte blocks, by shell): lenafischer's
    // value (3,000 characters) does not fit in stdout, and its record does not fit after the
    // records --jq failed on in the kept file.
    const filter = 'if .input == "lenafischer" then ([range(3000)] | map("x") | join("")) else error("no") end';
    const run = startSocial(
      ['profile', 'github', '-', '--concurrency', '1', '--jq', filter],
      sandboxEnv(sandbox.current.url, 'sbx_demo', dir),
      {
        stdin: 'octocat\nlenafischer\nquiet-committer\nOctocat\n',
        stdout: fd,
        prefix: fileSizeLimit(2),
      },
    );
    closeSync(fd);
    const { status, stderr } = await run.done;
    expect(status, stderr).toBe(1);
    const path = theUnwrittenFile(dir);
    expect(stderr.replace(/\s+/g, ' ')).toMatch(
      /could not write the output: EFBIG: file too large, write; the answer could not be saved either \(EFBIG/,
    );
    // Whole records only: the one cut short is not left in the file.
    expect(readFileSync(path, 'utf8').endsWith('\n')).toBe(true);
    const inputs = ndjsonFile(path).map((record) => record.input);
    expect(inputs).not.toContain('lenafischer');
    expect(inputs.length).toBeGreaterThan(0);
  });

  it('stdout failing, then Ctrl-C stopping jq: the error names the file that holds the records', async () => {
    const dir = tempConfigDir();
    dirs.push(dir);
    // The second input waits at the gate until the first one's values failed to be written.
    const gate = await gateTo(sandbox.current.url, (path) => path.includes('nobody-late'));
    try {
      const pad = 'x'.repeat(10_000);
      // On jq's thread from the start (slow on null), and endless on the second input alone.
      const filter = `if . == null then last(range(1e9)) elif .input == "nobody-late" then (def f: f; f) else "\\(.input) ${pad}" end`;
      const out = join(dir, 'out.txt');
      const fd = openSync(out, 'w');
      // stdout a file of at most 4 or 8 KiB (512- or 1024-byte blocks, by shell): the first write fails.
      const run = startSocial(
        ['profile', 'github', '-', '--concurrency', '2', '--debug', '--jq', filter],
        sandboxEnv(gate.url, 'sbx_demo', dir),
        { stdin: 'nobody-early\nnobody-late\n', stdout: fd, prefix: fileSizeLimit(8) },
      );
      closeSync(fd);
      try {
        await until(() => statSync(out).size > 0, 'the first write');
        gate.open();
        await until(() => (run.stderr().match(/ -> 404 in /g) ?? []).length === 2, 'the second answer read');
        run.child.kill('SIGINT');
        const { status, stderr } = await run.done;
        expect(status, stderr).toBe(1);
        const path = theUnwrittenFile(dir);
        expect(stderr.replace(/\s+/g, ' ')).toContain(
          `could not write the output: EFBIG: file too large, write; the answer is saved in ${path}; interrupted while --jq ran: resume with --skip 2`,
        );
        expect(ndjsonFile(path).map((record) => record.input)).toEqual(['nobody-early', 'nobody-late']);
      } finally {
        if (run.child.exitCode === null) run.child.kill('SIGKILL');
      }
    } finally {
      await gate.close();
    }
  });

  it('a filter that runs out of jq’s memory on its thread is said to, the record saved', async () => {
    const dir = tempConfigDir();
    dirs.push(dir);
    // On jq's thread from the start (slow on null); on octocat's record, a string doubled past
    // what jq's WebAssembly may hold.
    const filter =
      'if . == null then last(range(1e9)) elif .input == "octocat" then ("x" | until(length > 1e9; . + .)) else .input end';
    const run = await spawnSocial(
      ['profile', 'github', 'octocat', 'lenafischer', '--jq', filter],
      sandboxEnv(sandbox.current.url, 'sbx_demo', dir),
    );
    expect(run.status, run.stderr).toBe(2);
    expect(run.stdout).toBe('lenafischer\n');
    expect(run.stderr).toMatch(/--jq failed on 1 of 2 records: the filter ran out of memory/);
    expect(run.stderr).not.toContain('nested');
    const [file] = unwritten(dir);
    expect(ndjsonFile(join(dir, file!)).map((record) => record.input)).toEqual(['octocat']);
  });
});

describe('--jq stopped by Ctrl-C or SIGTERM', () => {
  // Filters that never end, as a user may write them: on anything (so already on the null the
  // expression is checked on, before anything is sent), and on the answer only.
  const ENDLESS = 'def f: f; f';
  const ENDLESS_ON_ANSWERS = 'def f: f; if . == null then . else f end';
  const running: RunningCli[] = [];
  // A run the signal did not end (the old code, where jq held the thread) must not outlive its test.
  afterEach(() => {
    for (const run of running.splice(0)) if (run.child.exitCode === null) run.child.kill('SIGKILL');
  });
  /** Starts `args` with --debug, and resolves once its answers (`count`) are read: jq runs on them next. */
  const started = async (args: string[], dir: string, count: number, stdin = ''): Promise<RunningCli> => {
    const run = startSocial([...args, '--debug'], sandboxEnv(sandbox.current.url, 'sbx_demo', dir), { stdin });
    running.push(run);
    await until(() => (run.stderr().match(/ -> 200 in /g) ?? []).length >= count, 'the answers read');
    return run;
  };

  // Each run asks for its own number of posts, which no other test asks for: an answer not
  // cached, so paid.
  for (const [signal, limit, batchLimit] of [
    ['SIGINT', 3, 1],
    ['SIGTERM', 4, 5],
  ] as const) {
    it(`${signal} ends an endless filter on a paid answer: exit 130, the answer saved and named`, async () => {
      const dir = tempConfigDir();
      dirs.push(dir);
      const before = charges();
      const run = await started(
        ['posts', 'bluesky', 'jay.bsky.team', '--limit', `${limit}`, '--jq', ENDLESS_ON_ANSWERS],
        dir,
        1,
      );
      run.child.kill(signal);
      const { status, stdout, stderr } = await run.done;
      expect(status, stderr).toBe(130);
      expect(stdout).toBe('');
      expect(stderr).toContain('error: interrupted while --jq ran');
      expect(charges() - before).toBe(1);
      const saved = /the answer is saved\s+in\s+(\S+\.json)\.$/.exec(stderr.trim())?.[1];
      expect(saved, stderr).toBeDefined();
      expect(JSON.parse(readFileSync(saved!, 'utf8')).data.items).toHaveLength(limit);
    });

    it(`${signal} ends an endless filter in a batch: exit 130, the records jq had not written saved`, async () => {
      const dir = tempConfigDir();
      dirs.push(dir);
      // The second the cache's answer to the first: one paid, both read.
      const handles = ['jay.bsky.team', 'Jay.bsky.team'];
      const before = charges();
      const run = await started(
        ['posts', 'bluesky', '-', '--limit', `${batchLimit}`, '--jq', ENDLESS],
        dir,
        2,
        `${handles.join('\n')}\n`,
      );
      run.child.kill(signal);
      const { status, stdout, stderr } = await run.done;
      expect(status, stderr).toBe(130);
      expect(stdout).toBe('');
      const saved =
        /interrupted while --jq ran: the (?:\d+ records|record) it had not written (?:is|are) saved in (\S+\.ndjson);/.exec(
          stderr,
        )?.[1];
      expect(saved, stderr).toBeDefined();
      const records = readFileSync(saved!, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { input: string; body: { data: { items: unknown[] } } });
      expect(charges() - before).toBe(1);
      expect(records.map((record) => record.input)).toEqual(handles);
      for (const record of records) expect(record.body.data.items).toHaveLength(batchLimit);
    });
  }

  it('-q: a batch stopped in an endless filter still says where its records are saved, as an error', async () => {
    const dir = tempConfigDir();
    dirs.push(dir);
    // -q leaves no --debug trace to wait on: the answer is paid (a count of posts no other test
    // asks for), so it was served once the sandbox charged it; read or not, it goes to jq.
    const before = charges();
    const run = startSocial(
      ['posts', 'bluesky', '-', '--limit', '6', '-q', '--jq', ENDLESS],
      sandboxEnv(sandbox.current.url, 'sbx_demo', dir),
      { stdin: 'jay.bsky.team\n' },
    );
    running.push(run);
    await until(() => charges() > before, 'the answer served');
    run.child.kill('SIGINT');
    const { status, stderr } = await run.done;
    expect(status, stderr).toBe(130);
    const saved = /^error: interrupted while --jq ran: the record it had not written is saved in (\S+\.ndjson);/.exec(
      stderr,
    )?.[1];
    expect(saved, stderr).toBeDefined();
    expect(readFileSync(saved!, 'utf8').trim().split('\n')).toHaveLength(1);
  });
});

describe('--jq in the built bin', () => {
  const ROOT = join(import.meta.dirname, '..', '..');

  it('the CLI bundle requires jq-wasm from node_modules and holds none of it', () => {
    const bundle = cliCode();
    expect(bundle).toContain('require("jq-wasm")');
    // Named, to be read from node_modules when a fresh instance is needed, never held; and the
    // name of jq-wasm's import that a fresh instance's memory is watched by.
    expect(bundle.replaceAll('"jq-wasm/jq.wasm"', '').replaceAll('"_emscripten_resize_heap"', '')).not.toMatch(
      /emscripten|jq\.wasm/i,
    );
  });

  // Every file the process required or ran as a script (the code cache runs jq-wasm's loader as
  // one) and the size of each WebAssembly module it compiled (the hook only counts; it changes
  // nothing).
  const HOOK = `const wasm = [];
const vm = require('node:vm');
const scripts = [];
vm.Script = class extends vm.Script {
  constructor(source, options) { super(source, options); scripts.push(options?.filename ?? ''); }
};
for (const name of ['compile', 'instantiate']) {
  const original = WebAssembly[name];
  WebAssembly[name] = function (source, ...rest) { wasm.push(source?.byteLength ?? -1); return original.call(this, source, ...rest); };
}
function report() { return { files: [...Object.keys(require.cache), ...scripts], wasm }; }`;
  const traced = async (args: string[]) => {
    const run = await tracedRun<{ files: string[]; wasm: number[] }>(args, sandbox.current.url, HOOK);
    return { stdout: run.stdout, ...run.report };
  };

  it('a run without --jq loads and compiles nothing of jq; one with --jq does', async () => {
    // undici compiles its own WebAssembly (llhttp): jq's is told apart by its size.
    const jqWasm = statSync(join(ROOT, 'node_modules', 'jq-wasm', 'dist', 'build', 'jq.wasm')).size;
    const plain = await traced(['api', 'nichos', '--json']);
    expect(plain.files.some((file) => file.endsWith('code-cache.cjs'))).toBe(true);
    expect(plain.files.some((file) => file.includes('jq-wasm'))).toBe(false);
    expect(plain.wasm).not.toContain(jqWasm);
    const filtered = await traced(['api', 'nichos', '--jq', '.niches | length > 0']);
    expect(filtered.stdout).toBe('true\n');
    expect(filtered.files.some((file) => file.includes('/node_modules/jq-wasm/'))).toBe(true);
    expect(filtered.wasm).toContain(jqWasm);
  });

  it('compiles jq’s WebAssembly once a process, for a fresh instance and for jq’s thread too', async () => {
    const jqWasm = statSync(join(ROOT, 'node_modules', 'jq-wasm', 'dist', 'build', 'jq.wasm')).size;
    // Past jq's stack on any input, the check's null too: the answer gets a fresh instance.
    const broken = await traced(['api', 'nichos', '--jq', 'reduce range(700) as $x (null; [.]) | tojson']);
    expect(broken.stdout).toBe('');
    // Past the main thread's time limit on the answer only: it runs again on jq's thread.
    const slow = await traced(['api', 'nichos', '--jq', 'if . == null then . else last(range(1e6)) end']);
    expect(slow.stdout).toBe('999999\n');
    for (const run of [broken, slow]) expect(run.wasm.filter((bytes) => bytes === jqWasm)).toHaveLength(1);
  });

  it('without the key (the free coverage route) the request goes out before jq runs: its one run is the check', async () => {
    // Each call of jq, and whether a request had been written to a socket by then.
    const hook = `let sent = false;
const calls = [];
const net = require('node:net');
const write = net.Socket.prototype.write;
net.Socket.prototype.write = function (...args) {
  if (this.remotePort !== undefined) sent = true;
  return write.apply(this, args);
};
// A call of jq on the main thread runs under a time limit (vendor/jq.ts), the only script that does.
const { Script } = require('node:vm');
const run = Script.prototype.runInThisContext;
Script.prototype.runInThisContext = function (options) {
  if (options?.timeout !== undefined) calls.push({ sent });
  return run.call(this, options);
};
function report() { return calls; }`;
    const free = await tracedRun<{ sent: boolean }[]>(
      ['api', 'nichos', '--jq', '.niches | length > 0'],
      sandbox.current.url,
      hook,
    );
    expect(free.stdout).toBe('true\n');
    expect(free.report).toEqual([{ sent: true }]);
    // With the key, a bad expression must be refused before anything is sent: checked on null first.
    const paid = await tracedRun<{ sent: boolean }[]>(
      ['profile', 'github', 'octocat', '--jq', '.data.author.handle'],
      sandbox.current.url,
      hook,
    );
    expect(paid.stdout).toBe('octocat\n');
    expect(paid.report).toEqual([{ sent: false }, { sent: true }]);
  });

  it('starts loading jq while the session opens, not before it: the HTTP stack is up before jq is', async () => {
    const jqWasm = statSync(join(ROOT, 'node_modules', 'jq-wasm', 'dist', 'build', 'jq.wasm')).size;
    // For each WebAssembly module compiled: its size, and whether the HTTP stack (node:http, which
    // the session's client loads) was loaded when its compile finished.
    const hook = `const compiled = [];
const original = WebAssembly.compile;
WebAssembly.compile = function (source, ...rest) {
  const entry = { bytes: source?.byteLength ?? -1, httpFirst: null };
  compiled.push(entry);
  const done = original.call(this, source, ...rest);
  done.then(() => { entry.httpFirst = process.moduleLoadList.includes('NativeModule http'); }, () => {});
  return done;
};
function report() { return compiled; }`;
    const run = await tracedRun<{ bytes: number; httpFirst: boolean | null }[]>(
      ['api', 'nichos', '--jq', '.niches | length > 0'],
      sandbox.current.url,
      hook,
    );
    expect(run.stdout).toBe('true\n');
    expect(run.report.filter((entry) => entry.bytes === jqWasm)).toEqual([{ bytes: jqWasm, httpFirst: true }]);
  });
});
