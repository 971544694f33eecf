// The PostgreSQL test server's helper decides whether those tests run: with the binaries they
// run, without them a developer's run skips them, and CI fails them rather than skipping; CI's
// installer puts the binaries there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { postgresBin, postgresTests } from './helpers/postgres-bin.js';

const ROOT = join(import.meta.dirname, '..');

describe('the PostgreSQL tests', () => {
  it('find no binaries in a folder and PATH without them', () => {
    expect(postgresBin(join(ROOT, 'no-such-folder'), join(ROOT, 'src'))).toBeUndefined();
  });

  it('run with the binaries, skip without them, and fail without them under CI', () => {
    expect(postgresTests('/usr/lib/postgresql/17/bin', {})).toBe('run');
    expect(postgresTests('/usr/lib/postgresql/17/bin', { CI: 'true' })).toBe('run');
    expect(postgresTests(undefined, {})).toBe('skip');
    expect(postgresTests(undefined, { CI: 'true' })).toBe('fail');
  });

  it("are given their server by CI's installer", () => {
    expect(readFileSync(join(ROOT, '.ci', 'run'), 'utf8')).toMatch(/^sh scripts\/install-shells\.sh$/m);
    expect(readFileSync(join(ROOT, 'scripts', 'install-shells.sh'), 'utf8')).toContain('initdb:postgresql');
  });
});
