// Where the PostgreSQL server's binaries are, and whether the tests that need one run (light:
// test/global-setup.ts reads it before any test).
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The folder of initdb and pg_ctl: Debian's newest `debian`/N/bin, else the first on `path`'s. */
export function postgresBin(debian = '/usr/lib/postgresql', path = process.env.PATH ?? ''): string | undefined {
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name) && existsSync(join(debian, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return join(debian, versions[0], 'bin');
  }
  for (const dir of path.split(delimiter)) {
    if (dir !== '' && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  return undefined;
}

/**
 * What becomes of the PostgreSQL tests: run with the binaries; without them skipped on a
 * developer's machine, and failed under CI (CI=true), which must never skip them.
 */
export function postgresTests(
  bin: string | undefined,
  env: Record<string, string | undefined>,
): 'run' | 'skip' | 'fail' {
  if (bin !== undefined) return 'run';
  return env.CI === 'true' ? 'fail' : 'skip';
}

/** The words of the failure under CI without the binaries. */
export const MISSING_UNDER_CI =
  'CI: the PostgreSQL tests need initdb and pg_ctl (scripts/install-shells.sh installs the postgresql package)';

/**
 * Whether this run's PostgreSQL tests run: test files skip theirs when false. True under CI even
 * without the binaries, so that the tests run and fail there (helpers/postgres.ts says why).
 */
export const HAS_POSTGRES = postgresTests(postgresBin(), process.env) !== 'skip';
