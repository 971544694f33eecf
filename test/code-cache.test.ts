// The code cache (src/infra/code-cache.ts): main tells the code cache once that the run is over, with the
// commands it knows; a spawned run keeps its cache in the user's cache folder and nowhere else
// (never the temp dir), writes one only for a known command, keeps the folder bounded, and never
// fails a run.
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CACHE_MAX_BYTES, type CodeCache } from '../src/infra/code-cache.js';
import { main } from '../src/main.js';
import { testContext } from './helpers/context.js';
import { freePort } from './helpers/postgres.js';
import { runShell, SOCIAL_SHELL, spawnSocial } from './helpers/spawn-cli.js';

describe('code cache', () => {
  it.each([
    [['--version'], 0],
    [['frobnicate'], 2],
    [['--help'], 0],
    [['profile', 'github', '--limit', '3'], 2],
  ])('main %j ends its run once (the code cache is written then), exit %i', async (argv, status) => {
    const { ctx } = testContext();
    const calls: [(word: string) => boolean, boolean][] = [];
    ctx.codeCache = {
      runFinished: (isCommand, usageError) => calls.push([isCommand, usageError]),
      longRun() {},
    } satisfies CodeCache;
    expect(await main(argv, ctx)).toBe(status);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[0]('profile')).toBe(true);
    expect(calls[0]?.[0]('frobnicate')).toBe(false);
    expect(calls[0]?.[1]).toBe(status === 2);
  });
});

/** The folders user() made, each removed after its test (a failing one too). */
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A user of their own: an empty home, temp dir and config folder, all under one folder. */
function user() {
  const root = mkdtempSync(join(tmpdir(), 'social-user-'));
  roots.push(root);
  for (const name of ['home', 'tmp']) mkdirSync(join(root, name));
  const env = { HOME: join(root, 'home'), TMPDIR: join(root, 'tmp'), SOCIAL_CONFIG_DIR: join(root, 'config') };
  return {
    root,
    env,
    cache: join(root, 'home', '.cache', 'social'),
    run: (args: string[], more: Record<string, string> = {}) => spawnSocial(args, { ...env, ...more }),
    /** Every file under the user's folder but the config folder, as paths relative to it. */
    files: () =>
      (readdirSync(root, { recursive: true }) as string[])
        .filter((path) => !path.startsWith('config') && statSync(join(root, path)).isFile())
        .sort(),
  };
}

/** The CLI bundle's code caches in a folder (Node's own compile cache, on 22.1+, is a folder beside). */
const bundleCaches = (files: string[], command: string) =>
  files.filter((path) => new RegExp(`/v8-[^/]+-${command}\\.bin$`).test(path));

describe('the code cache of a spawned run', () => {
  it('lives in ~/.cache/social, owner-only, and nothing is written to the temp dir; the next run accepts it', async () => {
    const u = user();
    const first = await u.run(['--sandbox', 'niches', '--json']);
    expect(first.status, first.stderr).toBe(0);
    const files = u.files();
    expect(
      files.every((path) => path.startsWith('home/.cache/social/')),
      files.join('\n'),
    ).toBe(true);
    const [cache] = bundleCaches(files, 'niches');
    expect(cache).toBeDefined();
    expect(statSync(join(u.root, cache!)).mode & 0o077).toBe(0);
    expect(statSync(u.cache).mode & 0o777).toBe(0o700);
    // One file a command: the run layer's cache, when the run loaded it, is in it too.
    expect(readFileSync(join(u.root, cache!)).includes('social-run.cjs')).toBe(true);
    // A cache V8 refused would be written again, through a new file renamed over the old one.
    const inode = statSync(join(u.root, cache!)).ino;
    expect((await u.run(['--sandbox', 'niches', '--json'])).status).toBe(0);
    expect(statSync(join(u.root, cache!)).ino).toBe(inode);
    expect(readdirSync(join(u.root, 'tmp'))).toEqual([]);
  });

  it('holds jq’s loader once a --jq run loaded it, which the next runs accept, with --jq or without', async () => {
    const u = user();
    expect((await u.run(['--sandbox', 'niches', '--json'])).status).toBe(0);
    const [cache] = bundleCaches(u.files(), 'niches');
    const path = join(u.root, cache!);
    expect(readFileSync(path).includes('jq-wasm@')).toBe(false);
    const filtered = await u.run(['--sandbox', 'niches', '--jq', '.niches[0].id']);
    expect(filtered.stdout, filtered.stderr).toBe('tech\n');
    // jq-wasm's loader, by its build: most of its code is compiled by the run, after it loads.
    expect(readFileSync(path).includes('jq-wasm@')).toBe(true);
    const inode = statSync(path).ino;
    for (const args of [['--jq', '.niches[0].id'], ['--json']])
      expect((await u.run(['--sandbox', 'niches', ...args])).status).toBe(0);
    expect(statSync(path).ino).toBe(inode);
  });

  it('holds node-postgres’s bundle once a run on a PostgreSQL store loaded it, which the next run accepts', async () => {
    const u = user();
    // Nothing listens there: the run loads the driver, cannot connect (exit 10) and ends.
    const store = { SOCIAL_STORE: `postgres://social@127.0.0.1:${await freePort()}/social` };
    const first = await u.run(['store', 'info'], store);
    expect(first.status, first.stderr).toBe(10);
    const [cache] = bundleCaches(u.files(), 'store');
    const path = join(u.root, cache!);
    // Its build named as jq-wasm's is: most of the driver is compiled by the run, after it loads.
    expect(readFileSync(path).includes('./vendor-pg.cjs@')).toBe(true);
    const inode = statSync(path).ino;
    expect((await u.run(['store', 'info'], store)).status).toBe(10);
    expect(statSync(path).ino).toBe(inode);
  });

  it('follows XDG_CACHE_HOME and SOCIAL_CACHE_DIR, and SOCIAL_CACHE_DIR=off writes none', async () => {
    const u = user();
    expect((await u.run(['--version'], { XDG_CACHE_HOME: join(u.root, 'xdg') })).status).toBe(0);
    expect(bundleCaches(u.files(), 'none')[0]).toMatch(/^xdg\/social\//);
    expect((await u.run(['--version'], { SOCIAL_CACHE_DIR: join(u.root, 'mine') })).status).toBe(0);
    expect(bundleCaches(u.files(), 'none').some((path) => path.startsWith('mine/'))).toBe(true);
    const before = u.files();
    expect((await u.run(['--sandbox', 'niches', '--json'], { SOCIAL_CACHE_DIR: 'off' })).status).toBe(0);
    expect(u.files()).toEqual(before);
    // As people type it, run from the user's folder: no folder named `Off` made there either.
    const off = await runShell(`cd '${u.root}' && ${SOCIAL_SHELL} --sandbox niches --json`, {
      ...u.env,
      SOCIAL_CACHE_DIR: 'Off',
    });
    expect(off.status).toBe(0);
    expect(u.files()).toEqual(before);
  });

  it('is written for a known command only: `social profle` writes no file', async () => {
    const u = user();
    expect((await u.run(['--version'])).status).toBe(0);
    expect((await u.run(['--sandbox', 'niches', '--json'])).status).toBe(0);
    const before = u.files();
    expect(before.length).toBeGreaterThan(0);
    for (const argv of [['profle'], ['frobnicate', 'x'], ['-o', 'json', 'niches', '--sandbox']])
      expect((await u.run(argv)).status, argv.join(' ')).not.toBeNull();
    expect(u.files()).toEqual(before);
  });

  it("a command's help, and a run refused for its usage, leave the command's own cache to its run", async () => {
    const u = user();
    // Help runs the command's declaration only: a cache of its own, beside the command's.
    expect((await u.run(['niches', '--help'])).status).toBe(0);
    expect(bundleCaches(u.files(), 'niches\\.help')).toHaveLength(1);
    expect(bundleCaches(u.files(), 'niches')).toEqual([]);
    // A usage error ran too little to cache: no file at all.
    const before = u.files();
    expect((await u.run(['niches', '--bogus'])).status).toBe(2);
    expect(u.files()).toEqual(before);
    // So the command's first real run writes its cache, with the code of its run.
    expect((await u.run(['--sandbox', 'niches', '--json'])).status).toBe(0);
    const [cache] = bundleCaches(u.files(), 'niches');
    expect(readFileSync(join(u.root, cache!)).includes('social-run.cjs')).toBe(true);
  });

  it('writes a cache again a day after it was written, for what other paths of the command ran', async () => {
    const u = user();
    expect((await u.run(['--version'])).status).toBe(0);
    const [cache] = bundleCaches(u.files(), 'none');
    const path = join(u.root, cache!);
    const dayOld = new Date(Date.now() - 25 * 3_600_000);
    utimesSync(path, dayOld, dayOld);
    expect((await u.run(['--version'])).status).toBe(0);
    expect(statSync(path).mtimeMs).toBeGreaterThan(dayOld.getTime() + 3_600_000);
    // A fresh one is left as it is.
    const written = statSync(path).mtimeMs;
    expect((await u.run(['--version'])).status).toBe(0);
    expect(statSync(path).mtimeMs).toBe(written);
  });

  it('keeps the folder bounded: other builds go after a day, then the oldest beyond the bound', async () => {
    const u = user();
    mkdirSync(u.cache, { recursive: true, mode: 0o700 });
    const put = (name: string, bytes: number, hoursAgo: number) => {
      const path = join(u.cache, name);
      writeFileSync(path, Buffer.alloc(bytes));
      const when = new Date(Date.now() - hoursAgo * 3_600_000);
      utimesSync(path, when, when);
    };
    put('v8-1-2-v0.0.0-x64-niches.bin', 1000, 48); // another build, two days old
    mkdirSync(join(u.cache, 'node-v0.0.0-x64'));
    utimesSync(join(u.cache, 'node-v0.0.0-x64'), new Date(0), new Date(0)); // another Node's
    put('v8-3-4-v0.0.0-x64-profile.bin', CACHE_MAX_BYTES, 2); // recent, but beyond the bound
    put('v8-3-4-v0.0.0-x64-posts.bin', 1000, 1); // recent and small
    put('notes.txt', 10, 48); // not the cache's: never touched
    expect((await u.run(['--version'])).status).toBe(0);
    const left = readdirSync(u.cache).sort();
    expect(left).toContain('v8-3-4-v0.0.0-x64-posts.bin');
    expect(left).toContain('notes.txt');
    expect(left).not.toContain('v8-1-2-v0.0.0-x64-niches.bin');
    expect(left).not.toContain('node-v0.0.0-x64');
    expect(left).not.toContain('v8-3-4-v0.0.0-x64-profile.bin');
    expect(left.filter((name) => name.endsWith('-none.bin'))).toHaveLength(1);
  });

  it('never fails a run: a cache folder that cannot be made or is not the user’s is no cache', async () => {
    const u = user();
    writeFileSync(join(u.root, 'file'), '');
    const shared = join(u.root, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    const envs: Record<string, string>[] = [
      { HOME: join(u.root, 'file') },
      { HOME: join(u.root, 'no-such-home') },
      { SOCIAL_CACHE_DIR: join(u.root, 'file', 'x') },
      { SOCIAL_CACHE_DIR: shared },
    ];
    for (const env of envs) {
      const run = await u.run(['--sandbox', 'niches', '--json'], env);
      expect(run.status, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).niches.length).toBeGreaterThan(0);
    }
    expect(readdirSync(shared)).toEqual([]);
    // A home that does not exist is not made: no cache then.
    expect(readdirSync(u.root)).not.toContain('no-such-home');
  });
});
