// The CLI's code cache, with one job: that a run of the CLI compiles almost nothing. bin/social.js
// loads the CLI bundle through startBundle() (built on its own as dist/code-cache.cjs), which
// hands main a CodeCache to tell when the run is over; commands run in tests get noCodeCache, so
// nothing process-wide changes inside a test worker. It stays beside Node's own compile cache
// (which it also turns on) because it pays on every supported line: see docs/performance.md. Nothing here changes V8's flags or reaches into a
// dependency: vm.Script's cachedData and createCachedData(), and module.enableCompileCache(), are
// Node's public means.
//
// The cache of the CLI bundle is written once a run is over, so it holds the bytecode of all the
// run compiled (a cache made when the bundle is compiled, like Node's own, holds only its top
// level). There is one a command, since each runs different code, named by the build and the
// command, and one for its help (`profile --help` runs the declaration, not the run): a file is
// written only for a command the CLI knows (or for a run with no command, like --version, and
// help), never for an arbitrary first word, and never by a run refused for its usage. The file holds the caches of the start
// layer (dist/social.cjs) and, when the command loaded it, of the run layer (dist/social-run.cjs,
// see scripts/build.js), which is run the same way. Node's own compile cache
// serves what the bundle loads later with require(): the sandbox, the spinner, the charts. A
// package the bundle leaves outside (jq-wasm's loader), and node-postgres's bundle
// (vendor-pg.cjs), run through the command's cache as a layer does, as most of their code is
// compiled by their run, not as they load: a batch on a PostgreSQL store would compile the
// driver's protocol and pool afresh every run.
//
// Everything lives in the user's cache folder (SOCIAL_CACHE_DIR, else the platform's, see
// user-dirs.ts: $XDG_CACHE_HOME/social or ~/.cache/social, ~/Library/Caches/social,
// %LOCALAPPDATA%\social\Cache), kept to a few MB, and SOCIAL_CACHE_DIR=off turns it all off. A
// cache that cannot be read or written changes nothing else: the run goes on without it.
import {
  chmodSync,
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  writeFileSync,
} from 'node:fs';
// Named imports only: a default import of a built-in module is bundled as a copy of all its
// properties, made at every start.
import { createRequire, enableCompileCache, isBuiltin } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { isOff } from '../domain/setting-words.js';
import { userDir } from './user-dirs.js';
import { hasRunFlags, setRunFlags } from './v8-tuning.js';

export interface CodeCache {
  /**
   * The run is over (its output written), or what its start compiles is (`social mcp`, before it
   * changes V8's flags): the first call decides, later ones do nothing. `isCommand` tells a name
   * the CLI knows (aliases too), asked only of a run's first word (a run with none, like
   * `--version`, asks nothing); `usageError`: it was refused before it did its work, so it ran too
   * little to cache.
   */
  runFinished(isCommand: (word: string) => boolean, usageError: boolean): void;
  /**
   * The run goes on to make many calls (a batch). On a line whose V8 is set otherwise for that
   * (v8-tuning.ts, runFlags), its flags are set now, before the calls' code is compiled, and the
   * cache is written first, of what the start compiled (unless the one read is whole): V8 refuses
   * a cache made under other flags, and the next start runs under V8's own.
   */
  longRun(): void;
}

/** A code cache that does nothing: commands run in tests, and any other embedding. */
export const noCodeCache: CodeCache = { runFinished() {}, longRun() {} };

/** The folder's bound: the newest files that fit stay, older ones go. */
export const CACHE_MAX_BYTES = 8 * 2 ** 20;
/** Another build's files (an upgrade, another Node, another install) are kept this long. */
const OTHER_BUILD_GRACE_MS = 24 * 60 * 60 * 1000;
/**
 * A cache is written again by a run this long after it was written, though it held every layer
 * the run loaded: a command takes other paths on other runs (a batch after one call, a run after
 * a --dry-run), and what they compiled gets in this way.
 */
const REFRESH_MS = 24 * 60 * 60 * 1000;
/** What this module writes in the folder: nothing else there is ever removed. */
const OURS = /^(?:v8-.+\.bin|v8-.+\.tmp|node-v[\d.]+-[a-z\d]+)$/;

/** The cache folder, made owner-only; undefined when turned off or not safely ours. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.SOCIAL_CACHE_DIR;
  if (isOff(configured)) return undefined;
  try {
    const dir = configured || userDir('cache', 'social');
    // Made only when missing: the usual run, whose folder exists, throws nothing.
    let stat = statSync(dir, { throwIfNoEntry: false });
    if (stat === undefined) {
      makeDir(dir);
      stat = statSync(dir);
    }
    // Bytecode is code: never read it from a folder someone else can write to.
    if ((process.getuid && stat.uid !== process.getuid()) || (stat.mode & 0o022) !== 0) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

/**
 * Makes the folder owner-only, and its parent (~/.cache) if need be, never further up: a home that
 * does not exist (HOME=/nonexistent) is no cache, not a new folder at the root.
 */
function makeDir(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code !== 'ENOENT') throw error;
    mkdirSync(dirname(dir), { mode: 0o700 });
    mkdirSync(dir, { mode: 0o700 });
  }
}

/**
 * A bundle's code: read from its file, or given whole by the single executable, whose bundles are
 * its assets (scripts/exe-bundles.cjs).
 */
export interface BundleCode {
  /** The file name its code runs under (stack traces, __filename). */
  filename: string;
  /** A function expression: the bundle inside the CommonJS wrapper, as scripts/build.js writes it. */
  source: string;
  /** Names this build of the bundle in the cache's file names. */
  build: string;
  /** The require() its code calls, for anything but its parts. */
  require: NodeJS.Require;
  /** The code of a layer beside it (`social-run.cjs`), by file name. */
  part(name: string): { filename: string; source: string };
  /**
   * A package the bundle leaves outside (jq-wasm, scripts/build.js), or a sibling bundle by its
   * relative path (./vendor-pg.cjs), as code to run through the cache like a layer: its source as
   * a function expression (inside the CommonJS wrapper), a name for its build, and the require()
   * its code calls.
   */
  dependency(id: string): { filename: string; source: string; build: string; require: NodeJS.Require };
}

/** The CommonJS wrapper (Node's own, module.wrap) around a package's file run as a layer is. */
const WRAPPER = ['(function (exports, require, module, __filename, __dirname) { ', '\n});'];

/**
 * A file's bytes and what it is, from one open and one stat: its stat names the bundle's build,
 * or dates a cache, and readFileSync, which stats the file itself, would make it two of each.
 */
function readWithStat(path: string): { bytes: Buffer; stat: Stats } {
  const fd = openSync(path, 'r');
  try {
    const stat = fstatSync(fd);
    const bytes = Buffer.allocUnsafe(stat.size);
    let at = 0;
    while (at < bytes.length) {
      const read = readSync(fd, bytes, at, bytes.length - at, at);
      // Cut short while read: what it held.
      if (read === 0) break;
      at += read;
    }
    return { bytes: bytes.subarray(0, at), stat };
  } finally {
    closeSync(fd);
  }
}

function fileCode(file: string): BundleCode {
  const { bytes, stat } = readWithStat(file);
  return {
    filename: file,
    source: bytes.toString('utf8'),
    build: `${stat.size}-${Math.trunc(stat.mtimeMs)}`,
    require: createRequire(file),
    part: (name) => {
      const filename = join(dirname(file), name);
      return { filename, source: readFileSync(filename, 'utf8') };
    },
    dependency: (id) => {
      const filename = createRequire(file).resolve(id);
      const { bytes, stat: its } = readWithStat(filename);
      return {
        filename,
        source: `${WRAPPER[0]}${bytes.toString('utf8')}${WRAPPER[1]}`,
        build: `${its.size}-${Math.trunc(its.mtimeMs)}`,
        require: createRequire(filename),
      };
    },
  };
}

/** What the bundle require()s as a layer of its own (scripts/build.js names them so). */
const PART = /^\.\/(social-[\w-]+\.cjs)$/;
/** Sibling bundles run through the cache as a package the bundle leaves outside is (see above). */
const CACHED_SIBLINGS = new Set(['./vendor-pg.cjs']);

/**
 * Runs the CommonJS bundle (its file, or its code) through its code cache for the command in
 * `argv` (its first word), and returns its exports with the CodeCache that writes the cache when the
 * run is over. The run layer (scripts/build.js splits it off), when the run loads it, runs the
 * same way, and its cache goes in the same file: one file a command, read once.
 */
export function startBundle(
  bundle: string | BundleCode,
  argv: readonly string[],
): { exports: unknown; codeCache: CodeCache } {
  const code = typeof bundle === 'string' ? fileCode(bundle) : bundle;
  const dir = cacheDir();
  if (dir !== undefined) enableCompileCache(join(dir, `node-${process.version}-${process.arch}`));
  const word = argv.find((arg) => !arg.startsWith('-'));
  // Only a word that could name a command is looked for; whether it did is known at the end.
  // Help runs other code than the command (or than --version): a cache of its own.
  const help = argv.includes('--help') || argv.includes('-h');
  const command = word === undefined ? 'none' : /^[a-z][a-z-]{0,30}$/.test(word) ? word : undefined;
  const name = command === 'none' && help ? 'help' : help ? `${command}.help` : command;
  const build = `v8-${code.build}-${process.version}-${process.arch}-`;
  const cacheFile = dir !== undefined && command !== undefined ? join(dir, `${build}${name}.bin`) : undefined;
  let cached = new Map<string, Buffer>();
  let writtenAt = 0;
  try {
    if (cacheFile !== undefined) {
      const { bytes, stat } = readWithStat(cacheFile);
      cached = readCaches(bytes);
      writtenAt = stat.mtimeMs;
    }
  } catch {
    cached = new Map();
  }
  const scripts = new Map<string, Script>();
  let complete = true;
  const modules = new Map<string, { exports: unknown }>();
  const main = basename(code.filename);
  const requireIn = (id: string): unknown => {
    if (id === `./${main}`) return modules.get(main)?.exports;
    const part = PART.exec(id)?.[1];
    if (part !== undefined) return (modules.get(part) ?? run(part, code.part(part))).exports;
    // A sibling bundle (./sandbox.cjs), or a built-in module: as Node loads it.
    if (isBuiltin(id) || (id.startsWith('.') && !CACHED_SIBLINGS.has(id))) return code.require(id);
    return (modules.get(id) ?? dependency(id)).exports;
  };
  /**
   * A package the bundle leaves outside, through the cache too: Node's own compile cache holds only
   * what is compiled as a file loads, not the functions its run compiles later (jq-wasm's loader,
   * most of its 130 KB). Its cache is named by its build; another build's is let go.
   */
  const dependency = (id: string) => {
    const { build: its, require, ...script } = code.dependency(id);
    const name = `${id}@${its}`;
    for (const other of cached.keys()) if (other.startsWith(`${id}@`) && other !== name) cached.delete(other);
    return run(name, script, require, id);
  };
  const run = (
    name: string,
    { filename, source }: { filename: string; source: string },
    require: (id: string) => unknown = requireIn,
    key = name,
  ) => {
    const cachedData = cached.get(name);
    const script = new Script(source, { filename, cachedData });
    if (cachedData === undefined || script.cachedDataRejected) complete = false;
    scripts.set(name, script);
    const module = { exports: {} };
    modules.set(key, module);
    script.runInThisContext().call(module.exports, module.exports, require, module, filename, dirname(filename));
    return module;
  };
  const { exports } = run(main, code);
  let done = false;
  let longRunning = false;
  const codeCache: CodeCache = {
    runFinished(isCommand, usageError) {
      if (done || usageError || cacheFile === undefined || dir === undefined) return;
      done = true;
      if (complete && Date.now() - writtenAt < REFRESH_MS) return;
      if (command !== 'none' && !isCommand(command as string)) return;
      try {
        // What this run did not load stays as it was: another run of the command may need it.
        for (const [name, script] of scripts) cached.set(name, script.createCachedData());
        const temp = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(temp, writeCaches(cached), { mode: 0o600 });
        chmodSync(temp, 0o600);
        renameSync(temp, cacheFile);
        prune(dir, build, cacheFile);
      } catch {
        // A cache is an optimisation: failing to write one changes nothing else.
      }
    },
    longRun() {
      // Once a run: social mcp's every batch call asks again.
      if (longRunning || !hasRunFlags()) return;
      longRunning = true;
      // Run by a command's code: the first word named a command.
      codeCache.runFinished(() => true, false);
      setRunFlags();
    },
  };
  return { exports, codeCache };
}

// A cache file: for each script, its name's length, its name, its cache's length, its cache.
function writeCaches(caches: Map<string, Buffer>): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, data] of caches) {
    const head = Buffer.from(`\0\0\0\0${name}\0\0\0\0`);
    head.writeUInt32LE(head.length - 8, 0);
    head.writeUInt32LE(data.length, head.length - 4);
    chunks.push(head, data);
  }
  return Buffer.concat(chunks);
}

/** The caches in a file; a torn or foreign file holds none (V8 checks each one it is given too). */
function readCaches(file: Buffer): Map<string, Buffer> {
  const caches = new Map<string, Buffer>();
  let at = 0;
  while (at + 8 <= file.length) {
    const nameLength = file.readUInt32LE(at);
    const name = file.toString('utf8', at + 4, at + 4 + nameLength);
    const dataAt = at + 8 + nameLength;
    if (dataAt > file.length) return new Map();
    const dataLength = file.readUInt32LE(dataAt - 4);
    if (dataAt + dataLength > file.length) return new Map();
    caches.set(name, file.subarray(dataAt, dataAt + dataLength));
    at = dataAt + dataLength;
  }
  return at === file.length ? caches : new Map();
}

/**
 * Keeps the folder bounded: another build's files go a day after they were written (a day, not at
 * once: two installs sharing the folder would otherwise remove each other's), and then the oldest
 * caches go until what stays fits in CACHE_MAX_BYTES (the one just written always stays). Node's
 * compile-cache folder holds a file for each bundle loaded by require(), a few hundred KB: only
 * another Node's goes, by the same day's rule. Runs only when a cache is written, which is rare.
 */
function prune(dir: string, build: string, written: string): void {
  const now = Date.now();
  const nodeCache = `node-${process.version}-${process.arch}`;
  const caches: { path: string; bytes: number; mtimeMs: number }[] = [];
  for (const name of readdirSync(dir)) {
    if (!OURS.test(name) || name === nodeCache) continue;
    const path = join(dir, name);
    try {
      const { size, mtimeMs } = statSync(path);
      if (!name.startsWith(build) && now - mtimeMs > OTHER_BUILD_GRACE_MS)
        rmSync(path, { recursive: true, force: true });
      else if (!name.startsWith('node-'))
        caches.push({ path, bytes: size, mtimeMs: path === written ? Number.POSITIVE_INFINITY : mtimeMs });
    } catch {
      // Gone already, or not ours to remove: either way nothing to do.
    }
  }
  let kept = 0;
  for (const cache of caches.sort((a, b) => b.mtimeMs - a.mtimeMs)) {
    kept += cache.bytes;
    if (kept > CACHE_MAX_BYTES && cache.path !== written) rmSync(cache.path, { force: true });
  }
}
