// Process tuning, in one place, with one job: the code cache, so that a run of the CLI compiles
// almost nothing. bin/social.js loads the CLI bundle through startBundle() (built on its own as
// dist/tuning.cjs), which hands main a Tuning; commands run in tests get noTuning, so nothing
// process-wide changes inside a test worker. Nothing here changes V8's flags or reaches into a
// dependency: vm.Script's cachedData and createCachedData(), and module.enableCompileCache(), are
// Node's public means.
//
// The cache of the CLI bundle is written once a run is over, so it holds the bytecode of all the
// run compiled (a cache made when the bundle is compiled, like Node's own, holds only its top
// level). There is one a command, since each runs different code, named by the build and the
// command: a file is written only for a command the CLI knows (or for a run with no command, like
// --version), never for an arbitrary first word. Node's own compile cache (Node 22.1 and newer)
// serves what the bundle loads later with require(): the sandbox, the spinner, the charts, jq.
//
// Everything lives in the user's cache folder (SOCIAL_CACHE_DIR, else the platform's, through
// env-paths: $XDG_CACHE_HOME/social or ~/.cache/social, ~/Library/Caches/social,
// %LOCALAPPDATA%\social\Cache), kept to a few MB, and SOCIAL_CACHE_DIR=off turns it all off. A
// cache that cannot be read or written changes nothing else: the run goes on without it.
import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import envPaths from 'env-paths';

export interface Tuning {
  /** The run is over (its output written); `commands` are the names the CLI knows, aliases too. */
  runFinished(commands: readonly string[]): void;
}

/** Tuning that does nothing: commands run in tests, and any other embedding. */
export const noTuning: Tuning = { runFinished() {} };

// Node 22.1 and newer (its types are Node 20's).
const { enableCompileCache } = Module as { enableCompileCache?: (dir: string) => unknown };

/** The folder's bound: the newest files that fit stay, older ones go. */
export const CACHE_MAX_BYTES = 8 * 2 ** 20;
/** Another build's files (an upgrade, another Node, another install) are kept this long. */
const OTHER_BUILD_GRACE_MS = 24 * 60 * 60 * 1000;
/** What this module writes in the folder: nothing else there is ever removed. */
const OURS = /^(?:v8-.+\.bin|v8-.+\.tmp|node-v[\d.]+-[a-z\d]+)$/;

/** The cache folder, made owner-only; undefined when turned off or not safely ours. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.SOCIAL_CACHE_DIR;
  if (configured === 'off') return undefined;
  try {
    const dir = configured || envPaths('social', { suffix: '' }).cache;
    makeDir(dir);
    const stat = statSync(dir);
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
  source: string;
  /** Names this build of the bundle in the cache's file names. */
  build: string;
  /** The require() its code calls. */
  require: NodeJS.Require;
}

function fileCode(file: string): BundleCode {
  const { size, mtimeMs } = statSync(file);
  const source = readFileSync(file, 'utf8');
  return { filename: file, source, build: `${size}-${Math.trunc(mtimeMs)}`, require: Module.createRequire(file) };
}

/**
 * Runs the CommonJS bundle (its file, or its code) through its code cache for the command in
 * `argv` (its first word), and returns its exports with the Tuning that writes the cache when the
 * run is over.
 */
export function startBundle(
  bundle: string | BundleCode,
  argv: readonly string[],
): { exports: unknown; tuning: Tuning } {
  const { filename, source, build: bundleBuild, require } = typeof bundle === 'string' ? fileCode(bundle) : bundle;
  const dir = cacheDir();
  if (dir !== undefined) enableCompileCache?.(join(dir, `node-${process.version}-${process.arch}`));
  const word = argv.find((arg) => !arg.startsWith('-'));
  // Only a word that could name a command is looked for; whether it did is known at the end.
  const command = word === undefined ? 'none' : /^[a-z][a-z-]{0,30}$/.test(word) ? word : undefined;
  const build = `v8-${bundleBuild}-${process.version}-${process.arch}-`;
  const cacheFile = dir !== undefined && command !== undefined ? join(dir, `${build}${command}.bin`) : undefined;
  let cachedData: Buffer | undefined;
  try {
    if (cacheFile !== undefined) cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new Script(Module.wrap(source), { filename, cachedData });
  const module = { exports: {} };
  script.runInThisContext().call(module.exports, module.exports, require, module, filename, dirname(filename));
  let done = cachedData !== undefined && !script.cachedDataRejected;
  return {
    exports: module.exports,
    tuning: {
      runFinished(commands) {
        if (done || cacheFile === undefined || dir === undefined) return;
        done = true;
        if (command !== 'none' && !commands.includes(command as string)) return;
        try {
          const temp = `${cacheFile}.${process.pid}.tmp`;
          writeFileSync(temp, script.createCachedData(), { mode: 0o600 });
          chmodSync(temp, 0o600);
          renameSync(temp, cacheFile);
          prune(dir, build, cacheFile);
        } catch {
          // A cache is an optimisation: failing to write one changes nothing else.
        }
      },
    },
  };
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
