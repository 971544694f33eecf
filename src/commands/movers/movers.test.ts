// movers in-process against the real sandbox over HTTP, through a counting proxy: the real
// interval, csv and json figures, the filters, and --new-only's state across runs.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandboxEnv } from '../../../test/helpers/cli.js';
import { testContext } from '../../../test/helpers/context.js';
import { useCountedSandbox } from '../../../test/helpers/counting-proxy.js';
import { spawnSocial } from '../../../test/helpers/spawn-cli.js';
import { formatDuration } from '../../domain/archive/interval.js';
import type { MoversBody } from '../../domain/schemas.js';
import { MoversBodySchema } from '../../domain/schemas.js';
import { main } from '../../main.js';
import { say } from '../../messages/catalogue.js';

const counted = useCountedSandbox();

describe('movers', () => {
  let body: MoversBody;
  beforeAll(async () => {
    const run = await runCli(['movers', 'tech', '--hours', '6'], { env: sandboxEnv(counted.sandbox.url) });
    body = MoversBodySchema.parse(JSON.parse(run.stdout));
  });

  it('says the real interval against the one asked, and divides by the real one', async () => {
    expect(body.interval_min).not.toBeNull();
    expect(body.interval_min).not.toBe(360);
    const run = await runCli(['movers', 'tech', '--hours', '6'], {
      env: { ...counted.env, NO_COLOR: '1' },
      tty: true,
      columns: 180,
    });
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      `tech · ${body.total} movers · windows ${say(formatDuration(body.interval_min!))} apart, asked 6h`,
    );
    expect(lines[0]).toMatch(/windows (\d+h)?( ?\d+m)? apart, asked 6h/);
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
    const run = await runCli(['movers', 'tech', '--hours', '6', '-o', 'csv'], { env: counted.env });
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
        { env: counted.env },
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

  it('--computed: json and ndjson give each mover the per hour column beside its keys; without it, the body as sent', async () => {
    const movers = async (args: string[]) => {
      const run = await spawnSocial(['movers', 'tech', '--hours', '6', '--no-store', ...args], counted.env);
      expect(run.status, run.stderr).toBe(0);
      return run.stdout;
    };
    // The same answer as beforeAll's, but for the balance after it.
    const asSent = (answer: object) => ({ ...answer, credits_balance: null });
    const plain = JSON.parse(await movers(['-o', 'json']));
    expect(asSent(plain)).toEqual(asSent(body));
    const computed = JSON.parse(await movers(['-o', 'json', '--computed']));
    // The per hour column of csv, from the same computation.
    const csv = (await movers(['-o', 'csv', '--fields', 'gained_per_hour'])).split('\r\n').slice(1, -1);
    expect(computed.items.map((m: { computed: unknown }) => m.computed)).toEqual(
      csv.map((rate) => ({ gained_per_hour: Number(rate) })),
    );
    expect(csv).toEqual(body.items.map((m) => (m.points_gained / (body.interval_min! / 60)).toFixed(1)));
    const { items, ...envelope } = computed;
    const { items: _, ...sent } = body;
    expect(asSent(envelope)).toEqual(asSent(sent));
    expect(items.map(({ computed: _, ...mover }: { computed: unknown }) => mover)).toEqual(body.items);
    const lines = (await movers(['-o', 'ndjson', '--computed', '--min-gained', '1'])).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual(
      items.filter((m: { points_gained: number }) => m.points_gained >= 1),
    );
    expect(await movers(['-o', 'ndjson'])).not.toContain('"computed"');
  });

  it('an empty result shows the note, says nothing was charged, exits 0', async () => {
    const before = counted.wallets();
    const run = await runCli(['movers', 'startups'], { env: { ...counted.env, NO_COLOR: '1' }, tty: true });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/startups · 0 movers · no two windows compared, asked 1d/);
    expect(run.stdout).toMatch(/No movement to report: .*Nothing charged\./);
    expect(run.stderr).toMatch(/nothing charged \(no movement to report\) · balance [\d,]+/);
    expect(counted.wallets()).toEqual(before);
    const json = await runCli(['movers', 'startups'], { env: counted.env });
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
      const run = await runCli(['movers', 'tech', ...args], { env: counted.env });
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/refused, not clamped/);
    }
    expect(counted.proxy.paths).toEqual([]);
  });

  it('--min-gained keeps the movers that gained enough; json has them and total adjusted', async () => {
    const threshold = body.items[Math.floor(body.items.length / 2)]!.points_gained;
    const expected = body.items.filter((m) => m.points_gained >= threshold);
    expect(expected.length).toBeLessThan(body.items.length);
    const run = await runCli(['movers', 'tech', '--hours', '6', '--min-gained', String(threshold)], {
      env: counted.env,
    });
    expect(run.status).toBe(0);
    const filtered = MoversBodySchema.parse(JSON.parse(run.stdout));
    expect(filtered.items).toEqual(expected);
    expect(filtered.total).toBe(expected.length);
    expect(filtered.interval_min).toBe(body.interval_min);
    const table = await runCli(['movers', 'tech', '--hours', '6', '--min-gained', String(threshold), '-o', 'table'], {
      env: counted.env,
      columns: 140,
    });
    expect(table.stdout).toContain(`tech · ${expected.length} of ${body.total} movers (gained ≥ ${threshold})`);
  });

  it('--new-only prints only movers not reported before, across runs', async () => {
    const first = await runCli(['movers', 'tech', '--hours', '6', '--limit', '5', '--new-only'], { env: counted.env });
    expect(first.status).toBe(0);
    const firstBody = MoversBodySchema.parse(JSON.parse(first.stdout));
    expect(firstBody.items).toEqual(body.items.slice(0, 5));
    expect(existsSync(join(counted.env.SOCIAL_CONFIG_DIR!, 'movers-seen.json'))).toBe(true);

    const second = await runCli(['movers', 'tech', '--hours', '6', '--limit', '5', '--new-only'], { env: counted.env });
    const secondBody = MoversBodySchema.parse(JSON.parse(second.stdout));
    expect(secondBody.items).toEqual([]);
    expect(secondBody.total).toBe(0);

    const third = await runCli(['movers', 'tech', '--hours', '6', '--limit', '8', '--new-only'], { env: counted.env });
    const thirdBody = MoversBodySchema.parse(JSON.parse(third.stdout));
    expect(thirdBody.items).toEqual(body.items.slice(5, 8));
    expect(thirdBody.total).toBe(3);

    const fourth = await runCli(['movers', 'tech', '--hours', '6', '--limit', '8', '--new-only', '-o', 'table'], {
      env: counted.env,
    });
    expect(fourth.stdout).toContain('tech · 0 of 8 movers (new only)');
    expect(fourth.stdout).toContain('No new movers since the last report.');

    // A run without --new-only is not affected.
    const plain = await runCli(['movers', 'tech', '--hours', '6', '--limit', '5'], { env: counted.env });
    expect(MoversBodySchema.parse(JSON.parse(plain.stdout)).items).toHaveLength(5);
  });

  it('--new-only saves nothing when the output could not be written', async () => {
    const { ctx, stderr } = testContext({ env: counted.env });
    ctx.io.stdout = {
      write: () => {
        throw new Error('no space left on device');
      },
    };
    const status = await main(['movers', 'tech', '--hours', '6', '--limit', '5', '--new-only'], ctx);
    expect(status).not.toBe(0);
    expect(stderr()).toMatch(/no space left on device/);
    expect(existsSync(join(counted.env.SOCIAL_CONFIG_DIR!, 'movers-seen.json'))).toBe(false);

    const again = await runCli(['movers', 'tech', '--hours', '6', '--limit', '5', '--new-only'], { env: counted.env });
    expect(MoversBodySchema.parse(JSON.parse(again.stdout)).items).toEqual(body.items.slice(0, 5));
  });

  it('keeps --new-only state per service: the same niche elsewhere starts fresh', async () => {
    await runCli(['movers', 'tech', '--hours', '6', '--limit', '3', '--new-only'], { env: counted.env });
    const direct = await runCli(['movers', 'tech', '--hours', '6', '--limit', '3', '--new-only'], {
      env: { ...counted.env, SOCIAL_BASE_URL: counted.sandbox.url },
    });
    expect(MoversBodySchema.parse(JSON.parse(direct.stdout)).items).toHaveLength(3);
  });
});
