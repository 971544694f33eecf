#!/usr/bin/env node
// Thin on purpose: load the bundle (through its code cache: dist/code-cache.cjs, built from
// src/infra/code-cache.ts), signals to an abort controller, run main with the process's code cache, set
// the exit code. CommonJS (see bin/package.json): starting through Node's ESM loader costs a few
// ms more.
'use strict';

// An older Node is refused before anything else is loaded: the bundles use what only the supported
// lines have (node:sqlite, the runtime's compile cache) and may not even parse there. One line,
// exit 1 (docs/guide.md, "Which Node"). This file is written in syntax Node has read for years
// (no optional chaining or nullish operators), so that an old one gets here rather than a syntax error.
const supported = /^v(\d+)\.(\d+)\./.exec(process.version);
const major = supported ? Number(supported[1]) : 0;
if (!(major >= 24 || (major === 22 && Number(supported[2]) >= 13))) {
  process.stderr.write(
    refusalInPortuguese(process.argv.slice(2), process.env)
      ? `erro: o social precisa do Node.js 22.13 ou mais novo na linha 22, ou 24 ou mais novo; este é o Node ${process.version}\n`
      : `error: social needs Node.js 22.13 or newer on the 22 line, or 24 or newer; this is Node ${process.version}\n`,
  );
  process.exit(1);
}

// The refusal's language, chosen as the CLI chooses (src/messages/language.ts, src/argv-order.ts:
// the last valid --lang up to `--`, else SOCIAL_LANG, LC_ALL, LC_MESSAGES, LANG), here on its own,
// as the catalogue is in the bundles an old Node is not to load.
function refusalInPortuguese(args, env) {
  let asked;
  for (let at = 0; at < args.length; at += 1) {
    if (args[at] === '--') break;
    const value = args[at] === '--lang' ? args[at + 1] : /^--lang=/.test(args[at]) ? args[at].slice(7) : undefined;
    if (value === 'en' || value === 'pt-BR') asked = value;
    if (args[at] === '--lang') at += 1;
  }
  if (asked !== undefined) return asked === 'pt-BR';
  const names = ['SOCIAL_LANG', 'LC_ALL', 'LC_MESSAGES', 'LANG'];
  for (let at = 0; at < names.length; at += 1) {
    const locale = env[names[at]];
    if (locale !== undefined && locale !== '') return /^pt(?:$|[_.@-])/i.test(locale);
  }
  return false;
}

const { join } = require('node:path');
const { startBundle } = require('../dist/code-cache.cjs');

// Ctrl-C, SIGTERM, a closed terminal (SIGHUP) and the quit key (SIGQUIT) all stop the run the
// same way: the abort's reason is the signal, which sets the exit status (see interruptedStatus).
// The controller is made, and the signals listened for, when the run first asks for its signal
// (the context's signal: a session, a batch, the sandbox), before it starts any work; a run that
// never does (--version, help) is left to the signals' default, ending at once.
let controller;
let bundle;
let interrupts = 0;
function onSignal(signal) {
  interrupts += 1;
  // A second one means now: leave at once, with the first one's status. Spend records not yet on
  // disk are written as the process exits (see spend-ledger.ts).
  if (interrupts > 1)
    process.exit(bundle === undefined ? 130 : bundle.exports.interruptedStatus(controller.signal.reason));
  controller.abort(signal);
}
function interruptSignal() {
  if (controller === undefined) {
    controller = new AbortController();
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT']) process.on(signal, onSignal);
  }
  return controller.signal;
}
// The context tells each failed write of stdout or stderr here. stderr carries only what the run
// says about itself: when it fails (its reader gone, a full disk), its lines are lost and the run
// goes on, so the answers it pays for still reach stdout and its status is its own. On stdout, a
// reader that went away (| head) is not an error: stop writing, quietly. Any other failure to
// write it (a full disk, an I/O error) is one line on stderr and exit 1, and the answer being
// printed is saved to a file that line names. Spend records are on disk or written as the
// process exits, and --new-only state is saved only after the output, so leaving here loses
// nothing and saves nothing it should not.
function outputFailed(error, output) {
  if (output === 'stderr') return;
  if (error.code === 'EPIPE') process.exit(process.exitCode === undefined ? 0 : process.exitCode);
  // A batch stops sending, finishes the calls under way, saves their records and says where.
  if (bundle.exports.outputFailureReported()) return;
  try {
    const saved = bundle.exports.saveUnwritten();
    context.io.stderr.write(bundle.exports.outputFailedLine(error.message, saved));
  } catch {}
  process.exit(1);
}

const argv = process.argv.slice(2);
bundle = startBundle(join(__dirname, '..', 'dist', 'social.cjs'), argv);
const { main, systemContext } = bundle.exports;
const context = systemContext(interruptSignal, bundle.codeCache, outputFailed);
main(argv, context).then((status) => {
  process.exitCode = status;
});
