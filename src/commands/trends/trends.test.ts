// The archive commands (niches, trends, movers) in-process against the real sandbox over HTTP,
// through a small counting proxy so a test can say exactly which requests reached the service.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, sandboxEnv, withConfigDir } from '../../../test/helpers/cli.js';
import { testContext } from '../../../test/helpers/context.js';
import type { TestSandbox } from '../../../test/helpers/sandbox.js';
import { testSandbox } from '../../../test/helpers/sandbox.js';
import { formatMinutes } from '../../domain/archive/interval.js';
import type { MoversBody, TrendsBody } from '../../domain/schemas.js';
import { CoverageSchema, MoversBodySchema, TrendsBodySchema } from '../../domain/schemas.js';
import { main } from '../../main.js';
import { parseFaults } from '../../sandbox/faults.js';

interface Proxy {
  url: string;
  /** Paths (with query) of every request that came through, in order. */
  paths: string[];
  close(): Promise<void>;
}

/** Forwards to `target` and records each request's path: "nothing sent" is then checkable. */
async function countingProxy(target: string): Promise<Proxy> {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    const headers: Record<string, string> = {};
    if (req.headers.authorization) headers.authorization = req.headers.authorization;
    fetch(`${target}${req.url ?? '/'}`, { headers })
      .then(async (answer) => {
        const out: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (name === 'content-type' || name.startsWith('x-')) out[name] = value;
        });
        res.writeHead(answer.status, out);
        res.end(Buffer.from(await answer.arrayBuffer()));
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let sandbox: TestSandbox;
let proxy: Proxy;
let env: Record<string, string>;

beforeAll(async () => {
  sandbox = await testSandbox();
  proxy = await countingProxy(sandbox.url);
});
afterAll(async () => {
  await proxy.close();
  await sandbox.close();
});
beforeEach(() => {
  env = sandboxEnv(proxy.url);
  proxy.paths.length = 0;
});

/** What the demo key has spent: both wallets. */
function wallets() {
  const account = sandbox.core.ledger.activeAccount('sbx_demo')!;
  return { freeUsed: account.freeUsed, purchased: account.purchased };
}

const paid = (paths: string[]) => paths.filter((p) => !p.startsWith('/api/v1/nichos'));

describe('niches', () => {
  it('needs no key, prints coverage untouched as json, and refreshes the local cache', async () => {
    const { SOCIAL_API_KEY: _key, ...keyless } = env;
    const run = await runCli(['niches'], { env: keyless });
    expect(run.status).toBe(0);
    const body = CoverageSchema.parse(JSON.parse(run.stdout));
    expect(body).toEqual((await sandbox.get('/api/v1/nichos', null)).body);
    expect(proxy.paths).toEqual(['/api/v1/nichos']);
    const cache = JSON.parse(readFileSync(join(env.SOCIAL_CONFIG_DIR!, 'coverage-cache.json'), 'utf8'));
    expect(cache.entries[proxy.url].base_url).toBe(proxy.url);
    expect(cache.entries[proxy.url].fetched_at).toBe('2026-11-21T12:00:00.000Z');
  });

  it('marks gaps and never-recorded niches in the table', async () => {
    const run = await runCli(['niches'], { env: { ...env, NO_COLOR: '1' }, tty: true });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/tech\s+Technology\s+24\/24\s+just now/);
    expect(run.stdout).toMatch(/business\s+Business\s+\d+\/24 gaps\s+1h ago/);
    expect(run.stdout).toMatch(/science\s+Science\s+\d+\/24 gaps/);
    expect(run.stdout).toMatch(/startups\s+Startups\s+0\/24\s+never recorded/);
  });

  it('writes csv with the raw fields', async () => {
    const run = await runCli(['niches', '-o', 'csv'], { env });
    const lines = run.stdout.trim().split('\r\n');
    expect(lines[0]).toBe('id,label,windows_24h,last_window');
    expect(lines).toContain('startups,Startups,0,');
  });
});

describe('niche resolution', () => {
  it('refuses a typo with the nearest niche: exit 2, only the free coverage sent, nothing charged', async () => {
    const before = wallets();
    for (const command of ['trends', 'movers']) {
      const run = await runCli([command, 'tehc'], { env });
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/unknown niche "tehc"/);
      expect(run.stderr).toMatch(/Did you mean tech\?/);
    }
    expect(wallets()).toEqual(before);
    expect(paid(proxy.paths)).toEqual([]);
  });

  it('asks coverage once and then uses the local cache', async () => {
    await runCli(['trends', 'tech', '--limit', '20'], { env });
    await runCli(['movers', 'tech', '--limit', '1'], { env });
    expect(proxy.paths.filter((p) => p === '/api/v1/nichos')).toHaveLength(1);
    expect(paid(proxy.paths)).toHaveLength(2);
  });

  it('asks again once the cache is older than 5 minutes', async () => {
    await runCli(['niches'], { env });
    const later = new Date('2026-11-21T12:06:00Z');
    await runCli(['movers', 'tehc'], { env, now: later });
    expect(proxy.paths.filter((p) => p === '/api/v1/nichos')).toHaveLength(2);
  });

  it('goes on with a warning when coverage cannot be read', async () => {
    const broken = await testSandbox({ faults: parseFaults('off=nichos') });
    try {
      const run = await runCli(['trends', 'tech'], { env: sandboxEnv(broken.url) });
      expect(run.status).toBe(0);
      expect(run.stderr).toMatch(/warning: coverage could not be read: .*niche "tech" not checked, going on/);
      expect(TrendsBodySchema.parse(JSON.parse(run.stdout)).niche).toBe('tech');
      expect(broken.core.ledger.activeAccount('sbx_demo')!.freeUsed).toBe(1);
    } finally {
      await broken.close();
    }
  });
});

describe('trends intervals', () => {
  const refused: Array<[string, string[], RegExp]> = [
    ['from after to', ['--from', '1d', '--to', '2d'], /must be before --to/],
    ['from equal to to', ['--from', '2026-11-20', '--to', '2026-11-20T00:00Z'], /must be before --to/],
    ['more than 90 days', ['--from', '91d'], /at most 90 days/],
    ['more than 90 days between dates', ['--from', '2026-01-01', '--to', '2026-06-01'], /at most 90 days/],
    ['a bad format', ['--from', 'yesterday'], /is not a time/],
    ['an unknown unit', ['--from', '3y'], /is not a time/],
    ['a date that does not exist', ['--from', '2026-02-30'], /not a real date/],
    ['a date-time without time zone', ['--from', '2026-11-20T08:00'], /no time zone/],
    ['a limit of 0', ['--limit', '0'], /--limit must be a whole number from 1 to 5000/],
    ['a limit that is not a number', ['--limit', '10x'], /--limit must be a whole number/],
  ];
  for (const [what, args, message] of refused) {
    it(`refuses ${what}: exit 2, nothing sent`, async () => {
      const before = wallets();
      const run = await runCli(['trends', 'tech', ...args], { env });
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(message);
      expect(proxy.paths).toEqual([]);
      expect(wallets()).toEqual(before);
    });
  }

  const accepted: Array<[string[], string | undefined, string | undefined]> = [
    [['--from', '36h'], '2026-11-20T00:00:00.000Z', '2026-11-21T12:00:00.000Z'],
    [['--from', '7d'], '2026-11-14T12:00:00.000Z', '2026-11-21T12:00:00.000Z'],
    [['--from', '2w', '--to', '1w'], '2026-11-07T12:00:00.000Z', '2026-11-14T12:00:00.000Z'],
    [['--from', '90m'], '2026-11-21T10:30:00.000Z', '2026-11-21T12:00:00.000Z'],
    [['--to', '2026-11-10'], '2026-11-03T00:00:00.000Z', '2026-11-10T00:00:00.000Z'],
    [['--from', '2026-11-20T08:00:00+01:00'], '2026-11-20T07:00:00.000Z', '2026-11-21T12:00:00.000Z'],
    [['--from', '90d'], '2026-08-23T12:00:00.000Z', '2026-11-21T12:00:00.000Z'],
    [[], undefined, undefined],
  ];
  for (const [args, from, to] of accepted) {
    it(`sends ${args.join(' ') || 'no interval'} as from=${from} to=${to}`, async () => {
      const run = await runCli(['trends', 'tech', ...args, '--dry-run'], { env });
      expect(run.status).toBe(0);
      const url = new URL(JSON.parse(run.stdout).requests[0].url);
      expect(url.pathname).toBe('/api/v1/trends/tech');
      expect(url.searchParams.get('from') ?? undefined).toBe(from);
      expect(url.searchParams.get('to') ?? undefined).toBe(to);
    });
  }
});

describe('trends output', () => {
  let body: TrendsBody;
  beforeAll(async () => {
    const run = await runCli(['trends', 'tech', '--from', '2d'], { env: sandboxEnv(sandbox.url) });
    body = TrendsBodySchema.parse(JSON.parse(run.stdout));
  });

  it('json is the body untouched, and stderr is quiet in a pipe', async () => {
    const run = await runCli(['trends', 'tech', '--from', '2d'], { env });
    expect(run.status).toBe(0);
    // Same archive answer; only the credit counters moved on.
    const again = TrendsBodySchema.parse(JSON.parse(run.stdout));
    const counters = { credits_balance: 0, free_used: 0, paid_from: 'free' as const };
    expect({ ...again, ...counters }).toEqual({ ...body, ...counters });
    expect(again.free_used).toBe(body.free_used + 1);
    expect(run.stderr).toBe('');
  });

  it('csv is a header and a row per series point, as many as the body has points', async () => {
    const run = await runCli(['trends', 'tech', '--from', '2d', '-o', 'csv'], { env });
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\r\n').filter((l) => l !== '');
    expect(lines[0]).toBe('external_id,title,url,window,position,points,comments');
    const series = body.items.reduce((n, i) => n + i.series.length, 0);
    expect(body.points).toBeGreaterThan(0);
    expect(lines).toHaveLength(body.points + 1);
    expect(series).toBe(body.points);
    const first = body.items[0]!;
    const point = first.series[0]!;
    expect(lines[1]).toContain(`${first.external_id},`);
    expect(lines[1]).toContain(`,${point.window},${point.position},${point.points ?? ''},${point.comments ?? ''}`);
  });

  it('draws sparklines, arrows and "still ranking" in the table, and the credit note on stderr', async () => {
    const run = await runCli(['trends', 'tech', '--from', '2d'], {
      env: { ...env, NO_COLOR: '1' },
      tty: true,
      columns: 240,
    });
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^tech · 2026-11-19 12:00 → 2026-11-21 12:00 UTC · \d+ items · [\d,]+ points$/);
    // The sparklines share the query's axis: the heading says what one cell spans (2 days / 24).
    expect(lines[1]).toBe('sparklines: 24 cells of 2h from start to end, blank where not ranked, › entered, ‹ left');
    expect(lines[2]).toMatch(/title\s+best\s+move\s+points\s+points~\s+rank~\s+entered\s+left\s+url$/);
    expect(lines).toHaveLength(body.items.length + 3);
    // Every row draws its series; items with several points draw a line of bars.
    expect(lines.slice(3).every((l) => /[▁▂▃▄▅▆▇█]/.test(l))).toBe(true);
    // Items ranked in 3 or more of the 24 cells draw 3 or more bars.
    const [from, to] = [Date.parse(body.from), Date.parse(body.to)];
    const cells = (i: (typeof body.items)[number]) =>
      new Set(i.series.map((p) => Math.floor(((Date.parse(p.window) - from) / (to - from)) * 24))).size;
    const long = body.items.filter((i) => cells(i) >= 3).length;
    expect(long).toBeGreaterThan(0);
    expect(lines.slice(3).filter((l) => /(?:[▁▂▃▄▅▆▇█][^▁▂▃▄▅▆▇█]*){3}/.test(l)).length).toBeGreaterThanOrEqual(long);
    // An item that entered after the start is marked where it entered.
    expect(run.stdout).toContain('›');
    expect(run.stdout).toMatch(/[▲▼]\d+/);
    expect(run.stdout).toContain('still ranking');
    expect(run.stderr).toMatch(/^1 credit used, free \d+\/100 · balance [\d,]+ · [\d,]+\/1,000 trends calls left$/m);
  });

  it('--series shows a row per point', async () => {
    const run = await runCli(['trends', 'tech', '--from', '2d', '--series', '-o', 'table'], { env });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[1]).toMatch(/title\s+window\s+position\s+points\s+comments/);
    expect(lines).toHaveLength(body.points + 2);
  });

  it('warns on stderr when the answer was truncated, even in a pipe', async () => {
    const run = await runCli(['trends', 'tech', '--limit', '100'], { env });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).truncated).toBe(true);
    expect(run.stderr).toMatch(/warning: truncated: .*series is incomplete/);
  });

  // The guard before paying: coverage (free) shows the answer would be empty (spec, Niche:
  // "last_window ... null means no window was ever recorded for the niche"; trends: "1 credit per
  // call, charged even when nothing is found").
  const charges = () => sandbox.core.ledger.chargesByRequest.size;
  it('a niche coverage lists with no window: exit 2, nothing sent, the message says what --force costs', async () => {
    const before = charges();
    const run = await runCli(['trends', 'startups'], { env });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      'error: niche startups has no window in the archive (coverage: windows_24h 0, last_window null): trends would find nothing and charge 1 credit all the same; nothing sent',
    );
    expect(run.stderr).toContain('--force sends it anyway, for 1 credit.');
    expect(charges()).toBe(before);
    const forced = await runCli(['trends', 'startups', '--force'], { env });
    expect(forced.status).toBe(0);
    expect(JSON.parse(forced.stdout)).toMatchObject({ niche: 'startups', items: [], credits_charged: 1 });
    expect(charges()).toBe(before + 1);
  });

  it('a span that begins after the last window: exit 2, nothing sent; from the last window on, sent', async () => {
    const coverage = CoverageSchema.parse((await sandbox.get('/api/v1/nichos', null)).body);
    // science's last window is an hour before the sandbox's now (tech's is now itself).
    const last = coverage.niches.find((n) => n.id === 'science')!.last_window!;
    const after = new Date(Date.parse(last) + 60_000).toISOString();
    const before = charges();
    const run = await runCli(['trends', 'science', '--from', after], { env });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /error: the span begins at .* UTC, after the last window of niche science \(.* UTC\): trends would find nothing and charge 1 credit all the same; nothing sent/,
    );
    expect(charges()).toBe(before);
    const from = await runCli(['trends', 'science', '--from', last], { env });
    expect(from.status, from.stderr).toBe(0);
    expect(JSON.parse(from.stdout).items.length).toBeGreaterThan(0);
  });

  it('--dry-run gives the same reasoning, sends nothing, exit 0', async () => {
    await runCli(['niches'], { env });
    const before = charges();
    const run = await runCli(['trends', 'startups', '--dry-run', '-o', 'table'], { env });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(
      'warning: without --force it would not be sent: niche startups has no window in the archive (coverage: windows_24h 0, last_window null): trends would find nothing and charge 1 credit all the same; nothing sent',
    );
    expect(charges()).toBe(before);
  });
});

describe('movers', () => {
  let body: MoversBody;
  beforeAll(async () => {
    const run = await runCli(['movers', 'tech', '--hours', '6'], { env: sandboxEnv(sandbox.url) });
    body = MoversBodySchema.parse(JSON.parse(run.stdout));
  });

  it('says the real interval against the one asked, and divides by the real one', async () => {
    expect(body.interval_min).not.toBeNull();
    expect(body.interval_min).not.toBe(360);
    const run = await runCli(['movers', 'tech', '--hours', '6'], {
      env: { ...env, NO_COLOR: '1' },
      tty: true,
      columns: 180,
    });
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`tech · ${body.total} movers · windows ${formatMinutes(body.interval_min!)} apart, asked 6h`);
    expect(lines[0]).toMatch(/windows \d+h\d*m? apart, asked 6h/);
    // At 180 the url (ranked last) goes before the titles are cut; the footer says so.
    expect(lines[1]).toMatch(/rank\s+title\s+points\s+gained\s+per hour\s+comments\s+position$/);
    expect(lines.at(-1)).toBe('hidden: url; widen the terminal or use --fields');
    body.items.forEach((mover, i) => {
      const expected = (mover.points_gained / (body.interval_min! / 60)).toFixed(1);
      const byHoursAsked = (mover.points_gained / 6).toFixed(1);
      const row = lines[i + 2]!;
      expect(row).toMatch(
        new RegExp(`^\\s*${i + 1}\\s.*▲${mover.points_gained}\\s+${expected.replace('.', '\\.')}\\s`),
      );
      if (expected !== byHoursAsked)
        expect(row).not.toMatch(new RegExp(`▲${mover.points_gained}\\s+${byHoursAsked.replace('.', '\\.')}\\s`));
    });
    expect(run.stderr).toMatch(/^10 credits charged · balance [\d,]+$/m);
  });

  it('csv carries a row per mover with the per-hour rate and the real interval', async () => {
    const run = await runCli(['movers', 'tech', '--hours', '6', '-o', 'csv'], { env });
    const lines = run.stdout.split('\r\n').filter((l) => l !== '');
    expect(lines[0]).toBe(
      'rank,external_id,title,url,points,points_gained,gained_per_hour,comments,position,interval_min',
    );
    expect(lines).toHaveLength(body.items.length + 1);
    const first = body.items[0]!;
    expect(lines[1]!.startsWith(`1,${first.external_id},`)).toBe(true);
    expect(
      lines[1]!.endsWith(
        `,${(first.points_gained / (body.interval_min! / 60)).toFixed(1)},${first.comments ?? ''},${first.position},${body.interval_min}`,
      ),
    ).toBe(true);
  });

  it('json and ndjson give rank and gained_per_hour as numbers, as a script compares them', async () => {
    // jq compares a string above any number: "5.0" > 10 is true. The rate is a JSON number.
    for (const format of ['ndjson', 'json']) {
      const run = await runCli(
        ['movers', 'tech', '--hours', '6', '-o', format, '--fields', 'rank,points_gained,gained_per_hour'],
        { env },
      );
      expect(run.status, run.stderr).toBe(0);
      const records =
        format === 'ndjson'
          ? run.stdout
              .trim()
              .split('\n')
              .map((line) => JSON.parse(line))
          : JSON.parse(run.stdout).items;
      expect(records).toHaveLength(body.items.length);
      records.forEach((record: Record<string, unknown>, i: number) => {
        const rate = body.items[i]!.points_gained / (body.interval_min! / 60);
        expect(record, format).toEqual({
          rank: i + 1,
          points_gained: body.items[i]!.points_gained,
          gained_per_hour: Number(rate.toFixed(1)),
        });
      });
    }
  });

  it('an empty result shows the note, says nothing was charged, exits 0', async () => {
    const before = wallets();
    const run = await runCli(['movers', 'startups'], { env: { ...env, NO_COLOR: '1' }, tty: true });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/startups · 0 movers · no two windows compared, asked 24h/);
    expect(run.stdout).toMatch(/No movement to report: .*Nothing charged\./);
    expect(run.stderr).toMatch(/nothing charged \(no movement to report\) · balance [\d,]+/);
    expect(wallets()).toEqual(before);
    const json = await runCli(['movers', 'startups'], { env });
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ total: 0, credits_charged: 0, interval_min: null });
  });

  it('refuses --hours and --limit out of range before sending', async () => {
    for (const args of [
      ['--hours', '0'],
      ['--hours', '721'],
      ['--limit', '101'],
      ['--limit', '0'],
      ['--min-gained', '0'],
    ]) {
      const run = await runCli(['movers', 'tech', ...args], { env });
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/refused, not clamped/);
    }
    expect(proxy.paths).toEqual([]);
  });

  it('--min-gained keeps the movers that gained enough; json has them and total adjusted', async () => {
    const threshold = body.items[Math.floor(body.items.length / 2)]!.points_gained;
    const expected = body.items.filter((m) => m.points_gained >= threshold);
    expect(expected.length).toBeLessThan(body.items.length);
    const run = await runCli(['movers', 'tech', '--hours', '6', '--min-gained', String(threshold)], { env });
    expect(run.status).toBe(0);
    const filtered = MoversBodySchema.parse(JSON.parse(run.stdout));
    expect(filtered.items).toEqual(expected);
    expect(filtered.total).toBe(expected.length);
    expect(filtered.interval_min).toBe(body.interval_min);
    const table = await runCli(['movers', 'tech', '--hours', '6', '--min-gained', String(threshold), '-o', 'table'], {
      env,
      columns: 140,
    });
    expect(table.stdout).toContain(`tech · ${expected.length} of ${body.total} movers (gained ≥ ${threshold})`);
  });

  it('--new-only prints only movers not reported before, across runs', async () => {
    const first = await runCli(['movers', 'tech', '--hours', '6', '--limit', '5', '--new-only'], { env });
    expect(first.status).toBe(0);
    const firstBody = MoversBodySchema.parse(JSON.parse(first.stdout));
    expect(firstBody.items).toEqual(body.items.slice(0, 5));
    expect(existsSync(join(env.SOCIAL_CONFIG_DIR!, 'movers-seen.json'))).toBe(true);

    const second = await runCli(['movers', 'tech', '--hours', '6', '--limit', '5', '--new-only'], { env });
    const secondBody = MoversBodySchema.parse(JSON.parse(second.stdout));
    expect(secondBody.items).toEqual([]);
    expect(secondBody.total).toBe(0);

    const third = await runCli(['movers', 'tech', '--hours', '6', '--limit', '8', '--new-only'], { env });
    const thirdBody = MoversBodySchema.parse(JSON.parse(third.stdout));
    expect(thirdBody.items).toEqual(body.items.slice(5, 8));
    expect(thirdBody.total).toBe(3);

    const fourth = await runCli(['movers', 'tech', '--hours', '6', '--limit', '8', '--new-only', '-o', 'table'], {
      env,
    });
    expect(fourth.stdout).toContain('tech · 0 of 8 movers (new only)');
    expect(fourth.stdout).toContain('No new movers since the last report.');

    // A run without --new-only is not affected.
    const plain = await runCli(['movers', 'tech', '--hours', '6', '--limit', '5'], { env });
    expect(MoversBodySchema.parse(JSON.parse(plain.stdout)).items).toHaveLength(5);
  });

  it('--new-only saves nothing when the output could not be written', async () => {
    const { ctx, stderr } = testContext({ env });
    ctx.io.stdout = {
      write: () => {
        throw new Error('no space left on device');
      },
    };
    const status = await main(['movers', 'tech', '--hours', '6', '--limit', '5', '--new-only'], ctx);
    expect(status).not.toBe(0);
    expect(stderr()).toMatch(/no space left on device/);
    expect(existsSync(join(env.SOCIAL_CONFIG_DIR!, 'movers-seen.json'))).toBe(false);

    const again = await runCli(['movers', 'tech', '--hours', '6', '--limit', '5', '--new-only'], { env });
    expect(MoversBodySchema.parse(JSON.parse(again.stdout)).items).toEqual(body.items.slice(0, 5));
  });

  it('keeps --new-only state per service: the same niche elsewhere starts fresh', async () => {
    await runCli(['movers', 'tech', '--hours', '6', '--limit', '3', '--new-only'], { env });
    const direct = await runCli(['movers', 'tech', '--hours', '6', '--limit', '3', '--new-only'], {
      env: { ...env, SOCIAL_BASE_URL: sandbox.url },
    });
    expect(MoversBodySchema.parse(JSON.parse(direct.stdout)).items).toHaveLength(3);
  });
});

describe('--dry-run', () => {
  it('sends nothing, not even coverage, and prints the URL and the most it could cost', async () => {
    const before = wallets();
    const trends = await runCli(['trends', 'tech', '--from', '36h', '--dry-run'], { env });
    expect(trends.status).toBe(0);
    const plan = JSON.parse(trends.stdout);
    expect(plan).toMatchObject({ dry_run: true, max_credits: 1 });
    expect(plan.requests[0].url).toBe(
      `${proxy.url}/api/v1/trends/tech?from=2026-11-20T00%3A00%3A00.000Z&to=2026-11-21T12%3A00%3A00.000Z`,
    );
    expect(plan.requests[0].max_credits).toBe(1);
    expect(trends.stderr).toMatch(/warning: .*--dry-run sends nothing.*niche "tech" not checked/);

    const movers = await runCli(['movers', 'tech', '--hours', '6', '--dry-run', '-o', 'table'], { env });
    expect(movers.status).toBe(0);
    expect(movers.stdout).toContain('at most 10 credits');
    expect(movers.stdout).toContain(`${proxy.url}/api/v1/movers/tech?hours=6&limit=20`);

    expect(proxy.paths).toEqual([]);
    expect(wallets()).toEqual(before);
  });

  it('--sandbox: checks the niche against the in-process sandbox, writing no cache and sending nothing paid', async () => {
    await withConfigDir(async (dir) => {
      const env = { SOCIAL_CONFIG_DIR: dir };
      const typo = await runCli(['--sandbox', 'trends', 'tehc', '--dry-run'], { env });
      expect(typo.status).toBe(2);
      expect(typo.stderr).toMatch(/unknown niche "tehc".*\n.*Did you mean tech\?/);
      const ok = await runCli(['--sandbox', 'movers', 'tech', '--dry-run'], { env });
      expect(ok.status, ok.stderr).toBe(0);
      expect(JSON.parse(ok.stdout)).toMatchObject({ dry_run: true, max_credits: 10 });
      expect(ok.stderr).toBe('');
      // Coverage shows startups was never recorded: the guard's reasoning, as a warning.
      const empty = await runCli(['--sandbox', 'trends', 'startups', '--dry-run'], { env });
      expect(empty.status).toBe(0);
      expect(empty.stderr).toMatch(/warning: without --force it would not be sent: niche startups has no window/);
      expect(existsSync(join(dir, 'coverage-cache.json'))).toBe(false);
    });
  });

  it('still refuses a typo when a fresh coverage cache knows the niches, sending nothing', async () => {
    await runCli(['niches'], { env });
    proxy.paths.length = 0;
    const run = await runCli(['trends', 'tehc', '--dry-run'], { env });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/Did you mean tech\?/);
    const ok = await runCli(['movers', 'tech', '--dry-run'], { env });
    expect(ok.status).toBe(0);
    expect(ok.stderr).toBe('');
    expect(proxy.paths).toEqual([]);
  });
});
