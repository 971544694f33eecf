#!/usr/bin/env node
// Thin on purpose: wire signals to an abort controller, run main, set the exit code.
import module from 'node:module';
import v8 from 'node:v8';

// Reuse compiled code across runs where this Node has a compile cache (22.1+; a no-op elsewhere).
module.enableCompileCache?.();

// undici parses HTTP with a WebAssembly build of llhttp. V8 compiles it quickly (Liftoff), then
// optimises it again on a background thread that Node waits for at exit: ~80 ms added to every
// run that made a request. Our answers are small; the quick code parses them just as well.
v8.setFlagsFromString('--liftoff-only');

const controller = new AbortController();
let interrupts = 0;
const onSignal = (signal) => {
  interrupts += 1;
  // A second Ctrl-C means now: leave at once, with the contract's status.
  if (interrupts > 1) process.exit(130);
  controller.abort(signal);
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
// A reader that went away (| head) is not an error: stop writing, quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

const { main, systemContext } = await import('../dist/main.js');
process.exitCode = await main(process.argv.slice(2), systemContext(controller.signal));
