// One temporary folder for the whole run, removed at its end: every test's temp dirs, config
// dirs, code caches and spawned runs' files go below it (TMPDIR is what os.tmpdir() and child
// processes read), so nothing is left behind in the system's temp dir, whatever a test forgets.
// It says first which Node the run is on (the project's devDependency `node` under npm test, or
// the Node CI puts first on PATH), as spawned runs use that one too.
// The tests that need a PostgreSQL server start their own (helpers/postgres.ts); without its
// binaries they are skipped on a developer's machine, said once here, and fail under CI.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MISSING_UNDER_CI, postgresBin, postgresTests } from './helpers/postgres-bin.js';

export default function setup(): () => void {
  process.stdout.write(`tests on Node ${process.version} (${process.execPath})\n`);
  const postgres = postgresTests(postgresBin(), process.env);
  if (postgres === 'fail') throw new Error(MISSING_UNDER_CI);
  if (postgres === 'skip') {
    process.stderr.write(
      'PostgreSQL tests skipped: no initdb/pg_ctl here (Debian: apt-get install postgresql, or sh scripts/install-shells.sh)\n',
    );
  }
  const root = mkdtempSync(join(tmpdir(), 'social-tests-'));
  // Traversable by other users, not listable: the tests that run the CLI as nobody make their
  // folders in it too, so that nothing of theirs is outside what the end of the run removes.
  chmodSync(root, 0o711);
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
