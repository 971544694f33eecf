// Local state as cron jobs meet it, through spawned bin/social.js runs: overlapping --new-only runs,
// a config dir that cannot be written (a path under a regular file, and a read-only dir for a
// non-root user), a full disk on stdout, damaged state files, and the spend ledger after SIGKILL
// and a double Ctrl-C, compared with the sandbox's own ledger. Waits are on conditions only.
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFingerprint, readSpend } from '../src/infra/state/spend-ledger.js';
import { parseFaults } from '../src/sandbox/faults.js';
import { sandboxEnv, tempConfigDir } from './helpers/cli.js';
import { gateTo, until } from './helpers/gate.js';
import type { TestSandbox } from './helpers/sandbox.js';
import { testSandbox } from './helpers/sandbox.js';
import { runShell, SOCIAL_SHELL, startSocial } from './helpers/spawn-cli.js';

const dirs: string[] = [];
let sandbox: TestSandbox;

function tempDir(): string {
  const dir = tempConfigDir();
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  if (!existsSync(join(import.meta.dirname, '..', 'dist', 'social.cjs')))
    throw new Error('run `npm run build` first (npm test does)');
  sandbox = await testSandbox();
});
afterAll(async () => {
  await sandbox.close();
  for (const dir of dirs) {
    chmodSync(dir, 0o700);
    rmSync(dir, { recursive: true, force: true });
  }
});

const NOBODY = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'];

function start(args: string[], env: Record<string, string>, options: { stdin?: string; asNobody?: boolean } = {}) {
  return startSocial(
    args,
    { HOME: '/nonexistent', ...env },
    { stdin: options.stdin, prefix: options.asNobody ? NOBODY : undefined },
  );
}

function social(args: string[], env: Record<string, string>, options: { stdin?: string; asNobody?: boolean } = {}) {
  return start(args, env, options).done;
}

function spent(target: TestSandbox): number {
  return target.core.ledger.activeAccount('sbx_demo')!.spentThisMonth;
}

function ledgerLines(dir: string): Array<Record<string, unknown>> {
  const path = join(dir, 'spend.jsonl');
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function ledgerCredits(dir: string): number {
  return ledgerLines(dir).reduce((sum, r) => sum + (r.credits as number), 0);
}

describe('overlapping --new-only runs', () => {
  it('four at once report every mover exactly once between them', async () => {
    const env = sandboxEnv(sandbox.url, 'sbx_demo', tempDir());
    const args = ['movers', 'tech', '--hours', '3', '--limit', '100'];
    const all = JSON.parse((await social(args, env)).stdout) as { items: Array<{ external_id: string }> };
    const unique = new Set(all.items.map((m) => m.external_id));
    expect(unique.size).toBeGreaterThan(0);

    const runs = await Promise.all([1, 2, 3, 4].map(() => social([...args, '--new-only'], env)));
    const reported = runs.map((run) => {
      expect(run.status, run.stderr).toBe(0);
      return (JSON.parse(run.stdout) as { items: Array<{ external_id: string }> }).items.map((m) => m.external_id);
    });
    const totals = reported.map((ids) => ids.length);
    const flat = reported.flat();
    console.info(`overlap of 4 --new-only runs: totals ${totals.join(', ')} (unique movers ${unique.size})`);
    expect(new Set(flat).size).toBe(flat.length);
    expect(new Set(flat)).toEqual(unique);
    expect(totals.reduce((a, b) => a + b, 0)).toBe(unique.size);
  });

  it('a run that cannot get the lock in time is refused with exit 2, nothing sent', async () => {
    const dir = tempDir();
    // A lock held by a live holder: its directory, freshly touched.
    mkdirSync(join(dir, 'movers-seen.json.lock'));
    const before = spent(sandbox);
    const run = await social(['movers', 'tech', '--new-only'], {
      ...sandboxEnv(sandbox.url, 'sbx_demo', dir),
      SOCIAL_LOCK_WAIT_MS: '200',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${join(dir, 'movers-seen.json')} is in use by another social run`);
    expect(run.stdout).toBe('');
    expect(spent(sandbox)).toBe(before);
  });
});

describe('a config dir that cannot be written', () => {
  function underAFile(): string {
    const dir = tempDir();
    writeFileSync(join(dir, 'file'), '');
    return join(dir, 'file', 'social');
  }

  it('a paid call prints its result, exits 0 and says in one line what was not saved', async () => {
    const dir = underAFile();
    const before = spent(sandbox);
    const run = await social(['profile', 'github', 'lenafischer'], sandboxEnv(sandbox.url, 'sbx_demo', dir));
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).data.author.handle).toBe('lenafischer');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^warning: local state not saved, the result above stands: spend ledger \(.*ENOTDIR/);
    expect(run.stderr).not.toMatch(/unexpected error|This is a bug in social/);
    expect(spent(sandbox)).toBeGreaterThanOrEqual(before);
  });

  it('--sandbox works with an unwritable state file (no HTTP 500)', async () => {
    const run = await social(['--sandbox', 'profile', 'github', 'octocat'], { SOCIAL_CONFIG_DIR: underAFile() });
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/^warning: local state not saved.*sandbox state/);
    const portuguese = await social(['--sandbox', 'profile', 'github', 'octocat'], {
      SOCIAL_CONFIG_DIR: underAFile(),
      LANG: 'pt_BR.UTF-8',
    });
    expect(portuguese.status).toBe(0);
    expect(portuguese.stderr).toMatch(/^aviso: estado local não salvo.*estado da sandbox \S+ \(/);
  });

  it('--new-only refuses before spending, exit 2, naming the path', async () => {
    const dir = underAFile();
    const before = spent(sandbox);
    const run = await social(['movers', 'tech', '--new-only'], sandboxEnv(sandbox.url, 'sbx_demo', dir));
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`--new-only needs to keep its state in ${join(dir, 'movers-seen.json')}`);
    expect(run.stderr).toMatch(/nothing was sent/);
    expect(run.stdout).toBe('');
    expect(spent(sandbox)).toBe(before);
  });

  it('as a user without a writable home, or with a read-only config dir (chmod)', async () => {
    const readOnly = mkdtempSync(join(tmpdir(), 'social-read-only-'));
    dirs.push(readOnly);
    chmodSync(readOnly, 0o555);
    const cases = [
      { name: 'HOME=/nonexistent', env: { SOCIAL_BASE_URL: sandbox.url, SOCIAL_API_KEY: 'sbx_demo' } },
      { name: 'read-only dir', env: sandboxEnv(sandbox.url, 'sbx_demo', join(readOnly, 'social')) },
    ];
    for (const { name, env } of cases) {
      const paid = await social(['profile', 'github', 'mariam-okafor'], env, { asNobody: true });
      expect(paid.status, `${name}: ${paid.stderr}`).toBe(0);
      expect(JSON.parse(paid.stdout).data.author.handle).toBe('mariam-okafor');
      expect(paid.stderr, name).toMatch(
        /^warning: local state not saved, the result above stands: spend ledger \(EACCES/,
      );
      expect(paid.stderr.trim().split('\n')).toHaveLength(1);
      const before = spent(sandbox);
      const newOnly = await social(['movers', 'tech', '--new-only'], env, { asNobody: true });
      expect(newOnly.status, name).toBe(2);
      expect(newOnly.stderr).toMatch(/--new-only needs to keep its state in .*EACCES/);
      expect(spent(sandbox)).toBe(before);
    }
  });
});

describe('a spend ledger this user may append to but not read (mode 0200)', () => {
  it('takes the record, on a line of its own after a torn one, with no warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'social-append-only-'));
    dirs.push(dir);
    const ledger = join(dir, 'spend.jsonl');
    writeFileSync(ledger, '{"at":"torn');
    for (const path of [dir, ledger]) chownSync(path, 65534, 65534);
    chmodSync(ledger, 0o200);
    const paid = await social(['profile', 'github', 'octocat'], sandboxEnv(sandbox.url, 'sbx_demo', dir), {
      asNobody: true,
    });
    expect(paid.status, paid.stderr).toBe(0);
    expect(paid.stderr).toBe('');
    chmodSync(ledger, 0o600);
    const { records, skipped } = readSpend(dir);
    expect(skipped).toBe(1);
    expect(records).toEqual([expect.objectContaining({ command: 'profile', service: sandbox.url })]);
  });
});

describe('output that cannot be written', () => {
  it('a full disk on stdout is one line on stderr and exit 1, the answer saved where it says; --new-only saves nothing', async () => {
    const dir = tempDir();
    const env = sandboxEnv(sandbox.url, 'sbx_demo', dir);
    for (const [args, check] of [
      [['profile', 'github', 'octocat'], (body: any) => expect(body.data.author.handle).toBe('octocat')],
      [['movers', 'tech', '--hours', '3', '--new-only'], (body: any) => expect(body.items.length).toBeGreaterThan(0)],
    ] as const) {
      const full = await runShell(`${SOCIAL_SHELL} ${args.join(' ')} > /dev/full`, env);
      expect(full.status, args.join(' ')).toBe(1);
      expect(full.stderr).toMatch(/^error: could not write the output: ENOSPC/);
      expect(full.stderr.trim().split('\n')).toHaveLength(1);
      const saved = /; the answer is saved in (\S+\.json)$/.exec(full.stderr.trim())?.[1];
      expect(saved, full.stderr).toBeDefined();
      expect(saved!.startsWith(join(dir, 'unwritten-'))).toBe(true);
      check(JSON.parse(readFileSync(saved!, 'utf8')));
      rmSync(saved!);
    }
    expect(existsSync(join(dir, 'movers-seen.json'))).toBe(false);
    // A reader that leaves (| head) is no failure: nothing is saved.
    const head = await runShell(`${SOCIAL_SHELL} profile github octocat --json | head -c 1`, env);
    expect(head.stdout).toBe('{');
    expect(readdirSync(dir).filter((name) => name.startsWith('unwritten-'))).toEqual([]);
  });

  it('an answer cut short by a file that filled up is a failed output, not exit 0', async () => {
    const dir = tempDir();
    const env = sandboxEnv(sandbox.url, 'sbx_demo', dir);
    // A size limit of one block stops the answer's write part way, as a disk that fills up does:
    // the write takes what fits, and only the next one fails.
    const cut = await runShell(
      `ulimit -f 1; ${SOCIAL_SHELL} posts bluesky jay.bsky.team > ${join(dir, 'posts.json')}`,
      env,
    );
    expect(cut.status, cut.stderr).toBe(1);
    expect(cut.stderr).toMatch(/^error: could not write the output: EFBIG/);
    expect(cut.stderr.trim().split('\n')).toHaveLength(1);
    // The limit holds the answer's file too: it is not saved, cut short, and the error says so.
    expect(cut.stderr).toContain('; the answer could not be saved either (EFBIG');
    expect(cut.stderr).not.toContain('is saved in');
    expect(readdirSync(dir).filter((name) => name.startsWith('unwritten-'))).toEqual([]);
  });

  it('a spend record cut short by a file that filled up is said as not saved, the result standing', async () => {
    const dir = tempDir();
    const env = sandboxEnv(sandbox.url, 'sbx_demo', dir);
    // The ledger is 1,000 bytes from its limit of one block (bash's: 1,024 bytes): the next record,
    // about 340 bytes, is cut part way, as on a disk that fills up.
    writeFileSync(join(dir, 'spend.jsonl'), `${'#'.repeat(999)}\n`);
    const cut = await runShell(`ulimit -f 1; ${SOCIAL_SHELL} profile github octocat`, env, { shell: 'bash' });
    expect(cut.status, cut.stderr).toBe(0);
    expect(JSON.parse(cut.stdout).data.author.handle).toBe('octocat');
    // The limit was met part way through the record, not before it.
    expect(statSync(join(dir, 'spend.jsonl')).size).toBe(1024);
    expect(cut.stderr).toMatch(/^warning: local state not saved, the result above stands: spend ledger \(.*EFBIG/);

    // The torn record has no newline after it: the next run's record starts a line of its own,
    // kept whole, and only the torn line (with the filler before it) is skipped.
    expect(readFileSync(join(dir, 'spend.jsonl'), 'utf8').endsWith('\n')).toBe(false);
    expect((await social(['profile', 'github', 'lenafischer'], env)).status).toBe(0);
    const { records, skipped } = readSpend(dir);
    expect(skipped).toBe(2);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ command: 'profile', service: sandbox.url, key: keyFingerprint('sbx_demo') });
    const credits = await social(['credits'], env);
    expect(credits.status, credits.stderr).toBe(0);
    expect(credits.stderr).toMatch(/warning: 2 lines of spend\.jsonl are not a spend record and were skipped/);
    expect(JSON.parse(credits.stdout).spent).toMatchObject({ calls: 1, credits: records[0]!.credits });
  });

  it('stderr that cannot be written (a full disk, a reader gone) loses its lines, never the answers on stdout', async () => {
    const dir = tempDir();
    const env = sandboxEnv(sandbox.url, 'sbx_demo', dir);
    const handles = ['notfound', 'octocat', 'lenafischer'];
    const records = (stdout: string) =>
      stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line).input);
    const full = await runShell(`${SOCIAL_SHELL} profile github ${handles.join(' ')} -o ndjson 2>/dev/full`, env);
    expect(records(full.stdout)).toEqual(handles);
    expect(full.status).toBe(12);
    // stderr's reader is gone before the run writes there: the handles come through a FIFO the
    // reader fills only once it has closed its end.
    const gone = await runShell(
      `cd ${dir} && mkfifo in && { ${SOCIAL_SHELL} profile github --file - -o ndjson < in 2>&1 >&3 | ` +
        `{ exec 0<&-; printf '${handles.join('\\n')}\\n' > in; }; exit \${PIPESTATUS[0]}; } 3>&1`,
      env,
      { shell: 'bash' },
    );
    expect(records(gone.stdout)).toEqual(handles);
    expect(gone.status).toBe(12);
    rmSync(join(dir, 'in'));
  });

  it('a batch to a full disk saves every record it could not write, in one ndjson file, and says where', async () => {
    const dir = tempDir();
    const env = sandboxEnv(sandbox.url, 'sbx_demo', dir);
    const handles = ['octocat', 'lenafischer', 'mariam-okafor', 'torvalds'];
    const full = await runShell(`${SOCIAL_SHELL} profile github ${handles.join(' ')} --concurrency 1 > /dev/full`, env);
    expect(full.status, full.stderr).toBe(1);
    const lines = full.stderr.trim().split('\n');
    const saved = /^error: could not write the output: ENOSPC.*; the answer is saved in (\S+\.ndjson)$/.exec(
      lines.at(-1) ?? '',
    )?.[1];
    expect(saved, full.stderr).toBeDefined();
    expect(saved!.startsWith(join(dir, 'unwritten-'))).toBe(true);
    // Every call sent (each one charged) has its record, with its body, in input order.
    const records = readFileSync(saved!, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    // The spend ledger has a line a call sent.
    const sent = ledgerLines(dir).length;
    expect(sent).toBeGreaterThan(0);
    expect(records.map((record) => record.input)).toEqual(handles.slice(0, sent));
    for (const record of records) {
      expect(record.exit).toBe(0);
      expect(record.body.data.author.handle).toBe(record.input);
    }
    rmSync(saved!);
    // A reader that leaves (| head) is no failure: nothing is saved.
    const head = await runShell(`${SOCIAL_SHELL} profile github ${handles.join(' ')} | head -c 1`, env);
    expect(head.stdout).toBe('[');
    expect(readdirSync(dir).filter((name) => name.startsWith('unwritten-'))).toEqual([]);
  });
});

describe('damaged state files', () => {
  it('--new-only refuses a damaged state (exit 2, nothing sent) until --reset-state moves it aside', async () => {
    const dir = tempDir();
    const env = sandboxEnv(sandbox.url, 'sbx_demo', dir);
    writeFileSync(join(dir, 'movers-seen.json'), '{"version":1,"serv');
    const before = spent(sandbox);
    const refused = await social(['movers', 'tech', '--hours', '3', '--new-only'], env);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/movers-seen\.json is damaged \(not valid JSON\).*nothing was sent/);
    expect(refused.stderr).toMatch(/--reset-state/);
    expect(spent(sandbox)).toBe(before);

    const reset = await social(['movers', 'tech', '--hours', '3', '--new-only', '--reset-state'], env);
    expect(reset.status).toBe(0);
    const aside = readdirSync(dir).find((name) => name.startsWith('movers-seen.json.corrupt-'));
    expect(aside).toBeDefined();
    expect(reset.stderr).toContain(`moved aside to ${join(dir, aside!)}`);
    expect(readFileSync(join(dir, aside!), 'utf8')).toBe('{"version":1,"serv');
    expect(JSON.parse(reset.stdout).items.length).toBeGreaterThan(0);
    const again = await social(['movers', 'tech', '--hours', '3', '--new-only'], env);
    expect(JSON.parse(again.stdout).items).toEqual([]);
  });

  it('under LANG=pt_BR.UTF-8 the damaged state is refused, then moved aside, in Portuguese', async () => {
    const dir = tempDir();
    const env = { ...sandboxEnv(sandbox.url, 'sbx_demo', dir), LANG: 'pt_BR.UTF-8' };
    writeFileSync(join(dir, 'movers-seen.json'), '{"version":1,"serv');
    const before = spent(sandbox);
    const refused = await social(['movers', 'tech', '--hours', '3', '--new-only'], env);
    expect(refused.status).toBe(2);
    // A hint wraps at 80 columns in a pipe.
    const said = refused.stderr.replace(/\s+/g, ' ');
    expect(said).toMatch(/movers-seen\.json está danificado \(não é um JSON válido\); .*nada foi enviado/);
    expect(said).toContain('rode de novo com --reset-state para tirá-lo do lugar e começar do zero.');
    expect(spent(sandbox)).toBe(before);
    const reset = await social(['movers', 'tech', '--hours', '3', '--new-only', '--reset-state'], env);
    expect(reset.status).toBe(0);
    expect(reset.stderr.replace(/\s+/g, ' ')).toMatch(
      /aviso: \S+movers-seen\.json estava danificado \(não é um JSON válido\): movido para \S+movers-seen\.json\.corrupt-\S+; começando do zero/,
    );
  });

  it('a damaged coverage cache is moved aside, named, and the run goes on', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'coverage-cache.json'), 'garbage');
    const run = await social(['movers', 'tech', '--hours', '3'], sandboxEnv(sandbox.url, 'sbx_demo', dir));
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(
      /coverage-cache\.json was not valid JSON: moved aside to .*coverage-cache\.json\.corrupt-/,
    );
    expect(JSON.parse(readFileSync(join(dir, 'coverage-cache.json'), 'utf8')).version).toBe(1);
  });

  it('credits skips bad spend.jsonl lines with a count; records name the service and key fingerprint', async () => {
    const dir = tempDir();
    const env = sandboxEnv(sandbox.url, 'sbx_demo', dir);
    expect((await social(['profile', 'github', 'quiet-committer'], env)).status).toBe(0);
    const records = ledgerLines(dir);
    expect(records[0]).toMatchObject({ service: sandbox.url, key: keyFingerprint('sbx_demo'), command: 'profile' });
    expect(readFileSync(join(dir, 'spend.jsonl'), 'utf8')).not.toContain('sbx_demo');
    writeFileSync(join(dir, 'spend.jsonl'), `null\ngarbage\n${readFileSync(join(dir, 'spend.jsonl'), 'utf8')}`);
    const credits = await social(['credits'], env);
    expect(credits.status).toBe(0);
    expect(credits.stderr).toMatch(/warning: 2 lines of spend\.jsonl are not a spend record and were skipped/);
    expect(JSON.parse(credits.stdout).spent).toMatchObject({ service: sandbox.url, key: keyFingerprint('sbx_demo') });
  });
});

describe('the spend ledger against the sandbox ledger', () => {
  const HANDLES = 'octocat\nlenafischer\nmariam-okafor\nquiet-committer\nfirst-steps-2026\n';

  it('a call stopped by SIGINT or SIGTERM after it was sent is counted, as uncertain', async () => {
    // The gate holds the request after the service could have charged it (a cron job's `timeout`
    // sends SIGTERM just then): the run ends 130, and spend.jsonl keeps the call at its price.
    const gate = await gateTo(sandbox.url);
    try {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        const dir = tempDir();
        const arrivals = gate.arrived;
        const run = start(['profile', 'github', 'octocat'], sandboxEnv(gate.url, 'sbx_demo', dir));
        await gate.waitForArrivals(arrivals + 1);
        run.child.kill(signal);
        const { status, stderr } = await run.done;
        expect(status, signal).toBe(130);
        expect(stderr, signal).toMatch(/interrupted after the request was sent \(the call may have been charged\)/);
        expect(ledgerLines(dir), signal).toEqual([
          expect.objectContaining({ command: 'profile', credits: 1, uncertain: true, reason: expect.any(String) }),
        ]);
      }
    } finally {
      await gate.close();
    }
  });

  for (const ending of ['SIGKILL', 'double SIGINT'] as const) {
    it(`${ending} loses at most the call in flight`, async () => {
      // Each answer is held 300 ms after it was charged: the process is ended while a call is out.
      const slow = await testSandbox({ faults: parseFaults('latency=1@300') });
      try {
        const dir = tempDir();
        const run = start(
          ['profile', 'github', '--file', '-', '--concurrency', '1'],
          sandboxEnv(slow.url, 'sbx_demo', dir),
          { stdin: HANDLES },
        );
        await until(() => ledgerLines(dir).length >= 2, 'two spend records');
        if (ending === 'SIGKILL') run.child.kill('SIGKILL');
        else {
          run.child.kill('SIGINT');
          run.child.kill('SIGINT');
        }
        const result = await run.done;
        if (ending === 'SIGKILL') expect(result.signal).toBe('SIGKILL');
        else expect(result.status).toBe(130);
        const mine = ledgerCredits(dir);
        const theirs = spent(slow);
        console.info(`${ending}: spend.jsonl ${mine} credits, sandbox ledger ${theirs} credits`);
        expect(mine).toBeGreaterThanOrEqual(2);
        // One profile call costs 1 credit; only the one in flight may be missing.
        expect(theirs - mine).toBeGreaterThanOrEqual(0);
        expect(theirs - mine).toBeLessThanOrEqual(1);
      } finally {
        await slow.close();
      }
    });
  }
});
