// A query on a store file through the sqlite3 shell, the way an analyst reads it. It waits for a
// writer as the CLI's store does; what the shell says on a failure (a table not created yet, while
// a test polls a store being made) goes into the thrown error, not onto the test run's stderr.
import { execFileSync } from 'node:child_process';

export function sqliteShell(path: string, query: string): string {
  return execFileSync('sqlite3', ['-cmd', '.timeout 5000', path, query], { stdio: ['ignore', 'pipe', 'pipe'] })
    .toString()
    .trim();
}
