#!/usr/bin/env node
// Thin on purpose: load the bundle, signals to an abort controller, run main with the process's
// tuning, set the exit code. CommonJS (see bin/package.json): starting through Node's ESM loader
// costs a few ms more.
'use strict';
const { join } = require('node:path');
const { loadBundle } = require('./load-bundle.js');

const controller = new AbortController();
let interrupts = 0;
function onSignal(signal) {
  interrupts += 1;
  // A second Ctrl-C means now: leave at once, with the contract's status.
  if (interrupts > 1) process.exit(130);
  controller.abort(signal);
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
// A reader that went away (| head) is not an error: stop writing, quietly. Any other failure to
// write the output (a full disk, an I/O error) is one line on stderr and exit 1. Spend records are
// already on disk (each is written as it comes), and --new-only state is saved only after the
// output, so leaving here loses nothing and saves nothing it should not.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    if (stream === process.stdout) {
      try {
        process.stderr.write(`error: could not write the output: ${error.message}\n`);
      } catch {}
    }
    process.exit(1);
  });
}

const argv = process.argv.slice(2);
const bundle = loadBundle(
  join(__dirname, '..', 'dist', 'social.cjs'),
  argv.find((arg) => !arg.startsWith('-')) ?? 'none',
);
const { main, systemContext, processTuning } = bundle.exports;
main(argv, systemContext(controller.signal, processTuning(bundle))).then((status) => {
  process.exitCode = status;
});
