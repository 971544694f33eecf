// The single executable's dist/code-cache.cjs (scripts/build-exe.js puts it in that one's place for
// bin/social.js): the bundles are the executable's assets, not files beside it, so the CLI bundle
// is handed to the real startBundle (src/infra/code-cache.ts, its code cache and all) as code, and what
// a bundle require()s is found among the assets too: the CLI's run layer (dist/social-run.cjs),
// read through startBundle's cache, a sibling bundle by its relative path, a
// package the bundles leave outside (jq-wasm) by its name, a built-in module as usual.
'use strict';
const Module = require('node:module');
const { posix } = require('node:path');
const { getAsset } = require('node:sea');
const { Script } = require('node:vm');
const codeCache = require('../dist/code-cache.cjs');

const modules = new Map();

/** The module of the asset `name` ('dist/sandbox.cjs', 'node_modules/jq-wasm'), run once. */
function load(name) {
  let module = modules.get(name);
  if (module !== undefined) return module;
  module = { exports: {} };
  modules.set(name, module);
  // The asset's name as its file name: it is what a stack trace shows.
  const script = new Script(Module.wrap(getAsset(name, 'utf8')), { filename: name });
  script.runInThisContext().call(module.exports, module.exports, requireFrom(name), module, name, posix.dirname(name));
  return module;
}

function requireFrom(name) {
  return (id) => {
    if (Module.isBuiltin(id)) return require(id);
    if (id.startsWith('./') || id.startsWith('../')) return load(posix.join(posix.dirname(name), id)).exports;
    return load(`node_modules/${id}`).exports;
  };
}

/** As dist/code-cache.cjs's: `file` names the bundle, whose last two parts are its asset's name. */
function startBundle(file, argv) {
  const name = file.split(/[\\/]/).slice(-2).join('/');
  // The build's own name (a hash of every asset, made by scripts/build-exe.js) keys the cache.
  const build = `sea-${getAsset('build', 'utf8')}`;
  const part = (file) => {
    const filename = posix.join(posix.dirname(name), file);
    return { filename, source: getAsset(filename, 'utf8') };
  };
  // A package the bundles leave outside (jq-wasm), or a sibling bundle the cache runs
  // (./vendor-pg.cjs), its asset run through the cache as well.
  const dependency = (id) => {
    const filename = id.startsWith('./') ? posix.join(posix.dirname(name), id) : `node_modules/${id}`;
    return { filename, source: Module.wrap(getAsset(filename, 'utf8')), build, require: requireFrom(filename) };
  };
  const started = codeCache.startBundle(
    { filename: name, source: getAsset(name, 'utf8'), build, require: requireFrom(name), part, dependency },
    argv,
  );
  // What a sibling bundle requires of this one is this run of it, not a second.
  modules.set(name, { exports: started.exports });
  return started;
}

module.exports = { startBundle };
