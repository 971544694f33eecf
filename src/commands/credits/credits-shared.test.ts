// `social credits` on a PostgreSQL store (a real server the test starts): the key's spend from
// every machine on the store, by machine and by day, with its burn rate, beside this machine's own
// ledger.
import { describe, expect, it } from 'vitest';
import { runCli, sandboxEnv, tempConfigDir } from '../../../test/helpers/cli.js';
import { HAS_POSTGRES, usePostgres } from '../../../test/helpers/postgres.js';
import { useSandbox } from '../../../test/helpers/sandbox.js';
import type { CreditsReport } from './run.js';

const pg = usePostgres();
const sandbox = useSandbox();

describe.skipIf(!HAS_POSTGRES)('credits on a PostgreSQL store', () => {
  it("shows the key's spend from every machine, by machine and by day, with the burn rate", async () => {
    const store = pg.current.url(await pg.current.database());
    const machine = (name: string) => ({
      ...sandboxEnv(sandbox.current.url, 'sbx_demo', tempConfigDir()),
      SOCIAL_STORE: store,
      SOCIAL_MACHINE: name,
    });
    const a = machine('box-a');
    const b = machine('box-b');
    // Two accounts on one machine, one on the other: three charged calls (fresh in this sandbox).
    expect((await runCli(['profile', 'github', 'octocat', 'lenafischer', '-o', 'ndjson'], { env: a })).status).toBe(0);
    expect((await runCli(['profile', 'github', 'quiet-committer'], { env: b })).status).toBe(0);
    const run = await runCli(['credits', '--json'], { env: a });
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as CreditsReport;
    // This machine's own ledger counts its own two; the store counts all three.
    expect(report.spent.credits).toBe(2);
    expect(report.shared?.by_machine).toEqual([
      { machine: 'box-a', credits: 2, calls: 2, uncertain: 0 },
      { machine: 'box-b', credits: 1, calls: 1, uncertain: 0 },
    ]);
    expect(report.shared?.credits).toBe(3);
    expect(report.shared?.by_day.map((row) => row.machine)).toEqual(['box-a', 'box-b']);
    // The burn rate of every machine beside this machine's own: three credits today, not two.
    expect(report.burn_rate?.windows[0]).toMatchObject({ days: 7, credits: 2, over_days: 1, per_day: 2 });
    const balance = report.balance as number;
    expect(report.shared?.burn_rate).toMatchObject({ balance, free_resets_at: report.burn_rate?.free_resets_at });
    expect(report.shared?.burn_rate.windows).toEqual([
      expect.objectContaining({
        days: 7,
        credits: 3,
        over_days: 1,
        per_day: 3,
        days_left: Math.round((balance / 3) * 10) / 10,
      }),
      expect.objectContaining({ days: 30, credits: 3, over_days: 1, per_day: 3 }),
    ]);
    const table = await runCli(['credits', '-o', 'table'], { env: b, columns: 120 });
    expect(table.stdout).toContain('Spent from every machine on the PostgreSQL store');
    expect(table.stdout).toContain('by machine: box-a 2, box-b 1');
    expect(table.stdout).toContain('7-day pace, every machine: 3 a day');
  }, 60_000);
});
