// Loads the CommonJS bundle through a V8 code cache, so that a run compiles almost nothing: the
// cache holds the bytecode V8 made on an earlier run. There is a cache per command, since each runs
// different code, written when a run is over (src/infra/tuning.ts asks for it), so it holds all the
// run compiled. The caches live in a per-user folder that only its owner can write
// (SOCIAL_CACHE_DIR, or the system temp dir); SOCIAL_CACHE_DIR=off turns them off. A cache V8 does
// not accept (another Node, another build) is simply made again. On Node 22+, Node's own compile
// cache, in the same folder, serves the bundles loaded later by require() (conf, ora, the sandbox).
'use strict';
const {
  chmodSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} = require('node:fs');
const Module = require('node:module');
const { tmpdir } = require('node:os');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');

function cacheDir() {
  const configured = process.env.SOCIAL_CACHE_DIR;
  if (configured === 'off') return undefined;
  const dir = configured || join(tmpdir(), `social-code-cache-${process.getuid ? process.getuid() : 'user'}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = statSync(dir);
    // Bytecode is code: never read it from a folder someone else can write to.
    if ((process.getuid && stat.uid !== process.getuid()) || (stat.mode & 0o022) !== 0) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

/** `kind` names the run (its command), which picks the cache. */
function loadBundle(file, kind) {
  const source = readFileSync(file, 'utf8');
  const dir = cacheDir();
  if (dir && Module.enableCompileCache) Module.enableCompileCache(join(dir, 'node'));
  const { size, mtimeMs } = statSync(file);
  const safeKind = /^[a-z-]{1,20}$/.test(kind) ? kind : 'other';
  const build = `social-${size}-${Math.trunc(mtimeMs)}-${process.version}-${process.arch}-`;
  const cacheFile = dir && join(dir, `${build}${safeKind}.bin`);
  let cachedData;
  try {
    if (cacheFile) cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new Script(Module.wrap(source), { filename: file, cachedData });

  const module = { exports: {} };
  script
    .runInThisContext()
    .call(module.exports, module.exports, Module.createRequire(file), module, file, dirname(file));
  let saved = cachedData !== undefined && !script.cachedDataRejected;
  return {
    exports: module.exports,
    /** Writes the cache when there was none or V8 refused it, once, at the end of the run. */
    saveCache() {
      if (saved || !cacheFile) return;
      saved = true;
      try {
        const temp = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(temp, script.createCachedData(), { mode: 0o600 });
        chmodSync(temp, 0o600);
        renameSync(temp, cacheFile);
        pruneOtherBuilds(dir, build);
      } catch {
        // A cache is an optimisation: failing to write one changes nothing else.
      }
    },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the caches of other builds (an upgrade, another Node) written over a day ago, so the
 * folder does not grow with every release. Runs only when a cache is written, which is rare. A
 * day, not at once: two installs of social sharing the folder would otherwise remove each other's.
 */
function pruneOtherBuilds(dir, build) {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    if (!name.startsWith('social-') || name.startsWith(build) || !/\.bin$|\.tmp$/.test(name)) continue;
    const path = join(dir, name);
    try {
      if (now - statSync(path).mtimeMs > DAY_MS) unlinkSync(path);
    } catch {
      // Gone already, or not ours to remove: either way nothing to do.
    }
  }
}

module.exports = { loadBundle };
