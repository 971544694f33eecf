// A real PostgreSQL server for the tests that need one, started by the test itself from Debian's
// postgresql package (scripts/install-shells.sh installs it for CI): initdb into a folder below
// the test run's TMPDIR, pg_ctl on a free port on 127.0.0.1 only (its unix socket in that folder),
// stopped and removed after. Run as root (CI), initdb refuses to: the server then runs as the
// package's own unprivileged user `postgres`, the folder handed to it. Without the binaries a
// developer's run skips these tests (test/global-setup.ts says so once); under CI (CI=true) they
// run all the same, and each fails as its server cannot start, so CI never passes without them.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { HAS_POSTGRES, MISSING_UNDER_CI, postgresBin } from './postgres-bin.js';

export { HAS_POSTGRES };

/** The superuser's password: tests connect over TCP with scram-sha-256, as a team's server would. */
const PG_PASSWORD = 'social-test-pw';
const PG_USER = 'social';

/** The user the server runs as, when this process is root: Debian's `postgres`. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error('running as root, PostgreSQL needs an unprivileged user to run as: the user `postgres` is missing');
  }
}

/** A port nothing listens on, on 127.0.0.1: taken, then given back. */
export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface TestPostgres {
  /** postgres://social:PASSWORD@127.0.0.1:PORT/DB for a database made by `database()`. */
  url(database: string, options?: { password?: boolean }): string;
  host: string;
  port: number;
  /** Creates an empty database and gives its name. */
  database(): Promise<string>;
  /** psql's answer to one statement (as the superuser, on `database`), trimmed. */
  sql(database: string, statement: string): string;
  /** pg_ctl restart (fast): every connection is cut, the server back when it resolves. */
  restart(): Promise<void>;
  stop(): void;
  start(): void;
  /** Stops the server and removes its folder. */
  remove(): void;
}

let databases = 0;

/** Starts a server of its own in a new folder below TMPDIR. */
async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBin();
  if (bin === undefined) throw new Error(MISSING_UNDER_CI);
  const owner = serverUser();
  const root = mkdtempSync(join(tmpdir(), 'pg-'));
  const data = join(root, 'data');
  const socket = join(root, 'socket');
  mkdirSync(socket);
  const passwordFile = join(root, 'password');
  writeFileSync(passwordFile, `${PG_PASSWORD}\n`);
  if (owner !== undefined) {
    // The server's user must reach its folder: the run's TMPDIR gets the search bit for others
    // (reachable by its path, never listed) when it has none.
    const parent = statSync(tmpdir()).mode;
    if ((parent & 0o001) === 0) chmodSync(tmpdir(), (parent & 0o777) | 0o011);
    for (const path of [root, socket, passwordFile]) chownSync(path, owner.uid, owner.gid);
  }
  const run = (command: string, args: readonly string[]) => {
    const result = spawnSync(join(bin, command), args, {
      encoding: 'utf8',
      cwd: root,
      ...(owner ?? {}),
      env: { PATH: process.env.PATH ?? '', LC_ALL: 'C.UTF-8', PGPASSWORD: PG_PASSWORD },
    });
    if (result.status !== 0)
      throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}${result.stdout}`);
    return result.stdout;
  };
  run('initdb', [
    '-D',
    data,
    '-U',
    PG_USER,
    '--pwfile',
    passwordFile,
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  const port = await freePort();
  const options = [
    `-c port=${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${socket}'`,
    // A test server: nothing here needs to survive a crash of the machine.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  const log = join(root, 'server.log');
  const ctl = (action: string, extra: readonly string[] = []) =>
    run('pg_ctl', [action, '-D', data, '-w', '-t', '60', '-l', log, ...extra]);
  const start = () => ctl('start', ['-o', options]);
  start();
  const psql = (database: string, statement: string) =>
    run('psql', ['-h', socket, '-p', String(port), '-U', PG_USER, '-d', database, '-XAtq', '-c', statement]).trim();
  let removed = false;
  return {
    host: '127.0.0.1',
    port,
    url: (database, { password = true } = {}) =>
      `postgres://${PG_USER}${password ? `:${PG_PASSWORD}` : ''}@127.0.0.1:${port}/${database}`,
    async database() {
      databases += 1;
      const name = `social_${process.pid}_${databases}`;
      psql('postgres', `CREATE DATABASE ${name}`);
      return name;
    },
    sql: psql,
    // Not spawnSync: the test's own sandbox keeps answering while the server restarts.
    restart: () =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(
          join(bin, 'pg_ctl'),
          ['restart', '-D', data, '-w', '-t', '60', '-l', log, '-m', 'fast', '-o', options],
          {
            cwd: root,
            ...(owner ?? {}),
            stdio: 'ignore',
          },
        );
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl restart failed (${code})`))));
      }),
    stop: () => ctl('stop', ['-m', 'fast']),
    start,
    remove() {
      if (removed) return;
      removed = true;
      try {
        ctl('stop', ['-m', 'immediate']);
      } catch {
        // Already stopped.
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** One server for a whole test file: started before its first test, removed after its last. */
export function usePostgres(): { readonly current: TestPostgres } {
  const handle: { current?: TestPostgres } = {};
  beforeAll(async () => {
    if (HAS_POSTGRES) handle.current = await startPostgres();
  }, 60_000);
  afterAll(() => handle.current?.remove());
  return handle as { readonly current: TestPostgres };
}
