// Where the PostgreSQL server's binaries are (light: test/global-setup.ts reads it before any test).
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The folder of initdb and pg_ctl: Debian's newest /usr/lib/postgresql/N/bin, else PATH's. */
export function postgresBin(): string | undefined {
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name) && existsSync(join(debian, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return join(debian, versions[0], 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir !== '' && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  return undefined;
}

/** Whether this machine has the server's binaries: test files skip their PostgreSQL tests without. */
export const HAS_POSTGRES = postgresBin() !== undefined;
