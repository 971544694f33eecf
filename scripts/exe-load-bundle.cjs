// The single executable's dist/tuning.cjs (scripts/build-exe.js puts it in that one's place):
// the bundles are the executable's assets, not files beside it, so each is compiled from its asset,
// and what it require()s is found among the assets too: a sibling bundle by its relative path, a
// package left outside the bundles (jq-wasm) by its name, a built-in module as usual.
'use strict';
const Module = require('node:module');
const { posix } = require('node:path');
const { getAsset } = require('node:sea');
const { Script } = require('node:vm');

const modules = new Map();

/** The module of the asset `name` ('dist/social.cjs', 'node_modules/jq-wasm'), run once. */
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

/**
 * As src/infra/tuning.ts's: `file` names the bundle (its last two parts are its asset's name). No
 * code cache: the bundles are not files with a build to key one by.
 */
function startBundle(file) {
  const exports = load(file.split(/[\\/]/).slice(-2).join('/')).exports;
  return { exports, tuning: { runFinished() {} } };
}

module.exports = { startBundle };
