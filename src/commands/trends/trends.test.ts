// trends in-process against the real sandbox over HTTP, through a small counting proxy so a test
// can say exactly which requests reached the service: its intervals and its output.
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandboxEnv } from '../../../test/helpers/cli.js';
import { useCountedSandbox } from '../../../test/helpers/counting-proxy.js';
import { spawnSocial } from '../../../test/helpers/spawn-cli.js';
import type { TrendsBody } from '../../domain/schemas.js';
import { CoverageSchema, TrendsBodySchema } from '../../domain/schemas.js';

const counted = useCountedSandbox();

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
      const before = counted.wallets();
      const run = await runCli(['trends', 'tech', ...args], { env: counted.env });
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(message);
      expect(counted.proxy.paths).toEqual([]);
      expect(counted.wallets()).toEqual(before);
    });
  }

  it('says a refused interval and its hint in Portuguese under LANG=pt_BR.UTF-8, nothing sent', async () => {
    const pt = { ...counted.env, LANG: 'pt_BR.UTF-8' };
    // A hint wraps at 80 columns in a pipe.
    const said = (run: { stderr: string }) => run.stderr.replace(/\s+/g, ' ');
    const [span, zone] = await Promise.all([
      spawnSocial(['trends', 'tech', '--from', '91d'], pt),
      spawnSocial(['trends', 'tech', '--from', '2026-11-20T08:00'], pt),
    ]);
    expect([span.status, zone.status]).toEqual([2, 2]);
    expect(said(span)).toContain(
      'erro: o intervalo abrange 91 dias; o arquivo atende no máximo 90 dias por chamada Divida-o em chamadas de 90 dias ou menos (cada chamada custa 1 crédito).',
    );
    expect(said(zone)).toContain('--from "2026-11-20T08:00" não tem fuso horário');
    expect(said(zone)).toContain('como 2026-11-20T08:00Z ou 2026-11-20T08:00+01:00.');
    expect(counted.proxy.paths).toEqual([]);
  });

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
      const run = await runCli(['trends', 'tech', ...args, '--dry-run'], { env: counted.env });
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
    const run = await runCli(['trends', 'tech', '--from', '2d'], { env: sandboxEnv(counted.sandbox.url) });
    body = TrendsBodySchema.parse(JSON.parse(run.stdout));
  });

  it('json is the body untouched, and stderr is quiet in a pipe', async () => {
    const run = await runCli(['trends', 'tech', '--from', '2d'], { env: counted.env });
    expect(run.status).toBe(0);
    // Same archive answer; only the credit counters moved on.
    const again = TrendsBodySchema.parse(JSON.parse(run.stdout));
    const counters = { credits_balance: 0, free_used: 0, paid_from: 'free' as const };
    expect({ ...again, ...counters }).toEqual({ ...body, ...counters });
    expect(again.free_used).toBe(body.free_used + 1);
    expect(run.stderr).toBe('');
  });

  it('csv is a header and a row per series point, as many as the body has points', async () => {
    const run = await runCli(['trends', 'tech', '--from', '2d', '-o', 'csv'], { env: counted.env });
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
      env: { ...counted.env, NO_COLOR: '1' },
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
    const run = await runCli(['trends', 'tech', '--from', '2d', '--series', '-o', 'table'], { env: counted.env });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[1]).toMatch(/title\s+window\s+position\s+points\s+comments/);
    expect(lines).toHaveLength(body.points + 2);
  });

  it('warns on stderr when the answer was truncated, even in a pipe', async () => {
    const run = await runCli(['trends', 'tech', '--limit', '100'], { env: counted.env });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).truncated).toBe(true);
    expect(run.stderr).toMatch(/warning: truncated: .*series is incomplete/);
  });

  // The guard before paying: coverage (free) shows the answer would be empty (spec, Niche:
  // "last_window ... null means no window was ever recorded for the niche"; trends: "1 credit per
  // call, charged even when nothing is found").
  const charges = () => counted.sandbox.core.ledger.chargesByRequest.size;
  it('a niche coverage lists with no window: exit 2, nothing sent, the message says what --force costs', async () => {
    const before = charges();
    const run = await runCli(['trends', 'startups'], { env: counted.env });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      'error: niche startups has no window in the archive (coverage: windows_24h 0, last_window null): trends would find nothing and charge 1 credit all the same; nothing sent',
    );
    expect(run.stderr).toContain('--force sends it anyway, for 1 credit.');
    expect(charges()).toBe(before);
    const forced = await runCli(['trends', 'startups', '--force'], { env: counted.env });
    expect(forced.status).toBe(0);
    expect(JSON.parse(forced.stdout)).toMatchObject({ niche: 'startups', items: [], credits_charged: 1 });
    expect(charges()).toBe(before + 1);
  });

  it('a span that begins after the last window: exit 2, nothing sent; from the last window on, sent', async () => {
    const coverage = CoverageSchema.parse((await counted.sandbox.get('/api/v1/nichos', null)).body);
    // science's last window is an hour before the sandbox's now (tech's is now itself).
    const last = coverage.niches.find((n) => n.id === 'science')!.last_window!;
    const after = new Date(Date.parse(last) + 60_000).toISOString();
    const before = charges();
    const run = await runCli(['trends', 'science', '--from', after], { env: counted.env });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /error: the span begins at .* UTC, after the last window of niche science \(.* UTC\): trends would find nothing and charge 1 credit all the same; nothing sent/,
    );
    expect(charges()).toBe(before);
    const from = await runCli(['trends', 'science', '--from', last], { env: counted.env });
    expect(from.status, from.stderr).toBe(0);
    expect(JSON.parse(from.stdout).items.length).toBeGreaterThan(0);
  });

  it('--dry-run gives the same reasoning, sends nothing, exit 0', async () => {
    await runCli(['niches'], { env: counted.env });
    const before = charges();
    const run = await runCli(['trends', 'startups', '--dry-run', '-o', 'table'], { env: counted.env });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(
      'warning: without --force it would not be sent: niche startups has no window in the archive (coverage: windows_24h 0, last_window null): trends would find nothing and charge 1 credit all the same; nothing sent',
    );
    expect(charges()).toBe(before);
  });
});

describe('trends --fields', () => {
  it('trends csv: points_spark and rank_spark are the series itself (numbers by ;, positions as ranked), not a drawing', async () => {
    const e = counted.env;
    const csv = await runCli(['trends', 'tech', '--fields', 'external_id,points_spark,rank_spark', '-o', 'csv'], {
      env: e,
    });
    expect(csv.status, csv.stderr).toBe(0);
    const json = JSON.parse((await runCli(['trends', 'tech', '--json'], { env: e })).stdout);
    const [, first = ''] = csv.stdout.split('\r\n');
    const [id, points, ranks] = first.split(',');
    const item = json.items.find((i: { external_id: string }) => i.external_id === id);
    const cells = (key: string) => item.series.map((p: Record<string, number | null>) => p[key] ?? '').join(';');
    expect(points).toBe(cells('points'));
    expect(ranks).toBe(cells('position'));
    expect(ranks).toMatch(/^\d+(;\d+)*$/);
  });
});
